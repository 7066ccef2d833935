package dev.soapscope.recorder;

/** The SOAP 1.2 action: the {@code action} parameter of {@code application/soap+xml}. */
final class SoapAction {
    private SoapAction() {
    }

    /**
     * The {@code action} parameter of a content type, or null. Parameters are split on semicolons outside
     * quotes, so an {@code action} inside MTOM's quoted {@code start-info} is not taken for the message's own.
     */
    static String fromContentType(String contentType) {
        if (contentType == null) {
            return null;
        }
        int i = contentType.indexOf(';');
        while (i >= 0 && i < contentType.length()) {
            int start = i + 1;
            int end = endOfParameter(contentType, start);
            String param = contentType.substring(start, end).trim();
            int eq = param.indexOf('=');
            if (eq > 0 && param.substring(0, eq).trim().equalsIgnoreCase("action")) {
                return OperationTable.clean(param.substring(eq + 1).trim());
            }
            i = end;
        }
        return null;
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
