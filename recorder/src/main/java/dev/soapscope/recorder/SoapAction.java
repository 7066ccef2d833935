package dev.soapscope.recorder;

/** The SOAP 1.2 action: the {@code action} parameter of {@code application/soap+xml}. */
final class SoapAction {
    private SoapAction() {
    }

    static String fromContentType(String contentType) {
        if (contentType == null) {
            return null;
        }
        int at = indexOfParameter(contentType, "action");
        if (at < 0) {
            return null;
        }
        int end = contentType.indexOf(';', at);
        if (contentType.charAt(at) == '"') {
            int close = contentType.indexOf('"', at + 1);
            end = close < 0 ? contentType.length() : close + 1;
        }
        return OperationTable.clean(contentType.substring(at, end < 0 ? contentType.length() : end));
    }

    /** Where the value of parameter {@code name} starts, or -1. */
    private static int indexOfParameter(String header, String name) {
        int from = 0;
        while (true) {
            int semi = header.indexOf(';', from);
            if (semi < 0) {
                return -1;
            }
            int i = semi + 1;
            while (i < header.length() && header.charAt(i) == ' ') {
                i++;
            }
            if (header.regionMatches(true, i, name, 0, name.length())) {
                int eq = i + name.length();
                while (eq < header.length() && header.charAt(eq) == ' ') {
                    eq++;
                }
                if (eq < header.length() && header.charAt(eq) == '=') {
                    int v = eq + 1;
                    while (v < header.length() && header.charAt(v) == ' ') {
                        v++;
                    }
                    return v < header.length() ? v : -1;
                }
            }
            from = semi + 1;
        }
    }
}
