package dev.soapscope.recorder;

/** The SOAP 1.2 action: the {@code action} parameter of {@code application/soap+xml}. */
final class SoapAction {
    private SoapAction() {
    }

    /**
     * The {@code action} parameter of a content type, or null. Parameters are split on semicolons outside
     * quotes, so an {@code action} inside MTOM's quoted {@code start-info} is not taken for the message's own.
     * Parameters are compared in place: a content type without {@code action} (SOAP 1.1) makes no String.
     */
    static String fromContentType(String contentType) {
        if (contentType == null) {
            return null;
        }
        int i = contentType.indexOf(';');
        while (i >= 0 && i < contentType.length()) {
            int start = skipSpaces(contentType, i + 1);
            int end = endOfParameter(contentType, start);
            int name = start + ACTION.length();
            if (name <= end && contentType.regionMatches(true, start, ACTION, 0, ACTION.length())) {
                int eq = skipSpaces(contentType, name);
                if (eq < end && contentType.charAt(eq) == '=') {
                    return OperationTable.clean(contentType.substring(eq + 1, end).trim());
                }
            }
            i = end;
        }
        return null;
    }

    private static final String ACTION = "action";

    private static int skipSpaces(String s, int from) {
        int i = from;
        while (i < s.length() && s.charAt(i) <= ' ') {
            i++;
        }
        return i;
    }

    /** The index of the semicolon ending the parameter that starts at {@code from}, or the length. */
    private static int endOfParameter(String s, int from) {
        boolean quoted = false;
        for (int i = from; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\\' && quoted) {
                i++;
            } else if (c == '"') {
                quoted = !quoted;
            } else if (c == ';' && !quoted) {
                return i;
            }
        }
        return s.length();
    }
}
