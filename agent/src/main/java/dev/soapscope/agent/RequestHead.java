package dev.soapscope.agent;

import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * An HTTP/1 request head as the {@link EndpointServer} reads it: the request line's three parts and the headers,
 * names in lower case, the first of each kept. Null from {@link #parse} when the request line is not HTTP/1.
 */
final class RequestHead {
    final String method;
    final String target;
    private final Map<String, String> headers;

    private RequestHead(String method, String target, Map<String, String> headers) {
        this.method = method;
        this.target = target;
        this.headers = headers;
    }

    static RequestHead parse(String head) {
        int eol = head.indexOf('\n');
        String[] line = (eol < 0 ? head : head.substring(0, eol)).trim().split(" ");
        if (line.length != 3 || !line[2].startsWith("HTTP/1.")) {
            return null;
        }
        Map<String, String> headers = new HashMap<String, String>();
        int start = eol + 1;
        while (eol >= 0 && start < head.length()) {
            eol = head.indexOf('\n', start);
            String h = head.substring(start, eol < 0 ? head.length() : eol);
            int colon = h.indexOf(':');
            if (colon > 0) {
                String name = h.substring(0, colon).trim().toLowerCase(Locale.ROOT);
                if (!headers.containsKey(name)) {
                    headers.put(name, h.substring(colon + 1).trim());
                }
            }
            start = eol + 1;
        }
        return new RequestHead(line[0], line[1], headers);
    }

    /** A header's value (the first, when sent more than once), or null; {@code name} in lower case. */
    String header(String name) {
        return headers.get(name);
    }
}
