package dev.soapscope.recorder;

/**
 * The name of a request that is no SOAP call: a GET of a WSDL, an XSD or a service page, named
 * {@code GET /path?wsdl} so it never shares the name of the SOAP operations at the same path. Only the HTTP
 * methods and query markers listed here become part of a name: clients choose the rest, and names must stay few.
 */
final class HttpGetName {
    /** Methods that carry no SOAP call (SOAP is POSTed; the SOAP 1.2 GET binding is too rare to tell apart). */
    private static final String[] METHODS = {"GET", "HEAD", "PUT", "DELETE", "OPTIONS", "PATCH", "TRACE"};
    /** Query markers of the stacks' metadata pages: CXF, Metro and Axis2 {@code ?wsdl}, {@code ?xsd=...}, {@code ?wsdl2}. */
    private static final String[] MARKERS = {"wsdl", "wsdl2", "xsd"};

    private HttpGetName() {
    }

    /** {@code GET /path?wsdl}, or null for a POST or a method not listed (named as a SOAP call then). */
    static String of(String method, String query, String servletPath) {
        String verb = known(method);
        if (verb == null) {
            return null;
        }
        String path = servletPath == null || servletPath.isEmpty() ? "/" : servletPath;
        String marker = marker(query);
        return marker == null ? verb + " " + path : verb + " " + path + "?" + marker;
    }

    /** Whether the query asks for a WSDL or XSD document ({@code ?wsdl}, {@code ?xsd=1}...). */
    static boolean hasMarker(String query) {
        return marker(query) != null;
    }

    private static String known(String method) {
        if (method != null && !method.equals("POST")) { // a SOAP call, the common case: one comparison
            for (String m : METHODS) {
                if (m.equalsIgnoreCase(method)) {
                    return m;
                }
            }
        }
        return null;
    }

    /** The marker the query starts with ({@code wsdl}, {@code WSDL}, {@code xsd=1}...), lower case, or null. */
    private static String marker(String query) {
        if (query == null) {
            return null;
        }
        int end = query.length();
        for (int i = 0; i < query.length(); i++) {
            char c = query.charAt(i);
            if (c == '=' || c == '&') {
                end = i;
                break;
            }
        }
        String first = query.substring(0, end);
        for (String m : MARKERS) {
            if (m.equalsIgnoreCase(first)) {
                return m;
            }
        }
        return null;
    }
}
