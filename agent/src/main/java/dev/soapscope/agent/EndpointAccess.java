package dev.soapscope.agent;

import java.net.InetAddress;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Who may read what the endpoint serves. Scrapers and probes need {@code /metrics} and {@code /health}; the JSON,
 * the page, the history and the profiler (which names the application's classes and lines, and starts recordings)
 * are for people. Bound to loopback, everything answers, as on a developer's machine; bound elsewhere without
 * credentials, only {@code /metrics} and {@code /health}; with credentials, everything but {@code /health} asks for
 * them. Whatever the binding, a browser page of another site gets nothing: a cross-site request (its
 * {@code Origin} or {@code Sec-Fetch-Site}) is refused, and without credentials so is a {@code Host} that is not a
 * name of this endpoint (a DNS-rebinding page reaching loopback through its own name). {@code curl}, Prometheus and
 * the agent's own page send neither or match.
 */
final class EndpointAccess {
    static final String HEALTH = "/health";
    static final String METRICS = "/metrics";

    private final boolean loopback;
    private final Credentials credentials;
    private final Set<String> hosts = new HashSet<String>();
    private final boolean anyHost;
    private volatile Set<String> machineNames;

    EndpointAccess(InetAddress bound, Credentials credentials, List<String> hostsAllowed) {
        this.loopback = bound.isLoopbackAddress();
        this.credentials = credentials;
        boolean any = false;
        for (String h : hostsAllowed) {
            any |= "*".equals(h.trim());
            hosts.add(h.trim().toLowerCase(Locale.ROOT));
        }
        hosts.add("localhost");
        this.anyHost = any;
    }

    /** A refusal: status, the line saying why, and a header to send with it (or null). */
    static final class Refusal {
        final int status;
        final String message;
        final String challenge;

        Refusal(int status, String message, String challenge) {
            this.status = status;
            this.message = message;
            this.challenge = challenge;
        }
    }

    /** Null when {@code head} may have {@code path}; else why not. */
    Refusal check(String path, RequestHead head) {
        String site = head.header("sec-fetch-site");
        if (site != null && !site.equals("same-origin") && !site.equals("none")) {
            return new Refusal(403, "soapscope: a request from another site's page is refused (Sec-Fetch-Site);"
                    + " open the endpoint's own page, or use curl\n", null);
        }
        String origin = head.header("origin");
        String host = head.header("host");
        if (origin != null && (host == null || !sameAuthority(origin, host))) {
            return new Refusal(403, "soapscope: a request from another site's page is refused (Origin)\n", null);
        }
        if (credentials == null && host != null && !allowedHost(host)) {
            return new Refusal(403, "soapscope: this endpoint is not served under that host name; reach it by its"
                    + " address, localhost or this machine's name, or add the name to hosts.allowed\n", null);
        }
        if (HEALTH.equals(path)) {
            return null;
        }
        if (credentials != null) {
            return credentials.accept(head.header("authorization")) ? null : new Refusal(401,
                    "soapscope: credentials required (" + (credentials.basic() ? "HTTP basic" : "")
                            + (credentials.basic() && credentials.bearer() ? " or " : "")
                            + (credentials.bearer() ? "a bearer token" : "") + ")\n", credentials.challenge());
        }
        if (!loopback && !METRICS.equals(path)) {
            return new Refusal(403, "soapscope: bound to a non-loopback address without credentials, this endpoint"
                    + " serves only /metrics and /health; set auth.password.file, auth.password.hash or"
                    + " auth.token.file to open the rest, or use it from this machine bound to 127.0.0.1\n", null);
        }
        return null;
    }

    /** What start says of the endpoint's openness: null when it serves loopback only. */
    String warning(String address) {
        if (loopback) {
            return null;
        }
        if (credentials == null) {
            return "the endpoint on " + address + " is reachable from the network without credentials: /metrics and"
                    + " /health answer anyone who reaches it, the other routes (JSON, page, history, profiler) answer"
                    + " 403; set auth.password.file, auth.password.hash or auth.token.file to open them to those who"
                    + " have it";
        }
        return null;
    }

    /** An {@code Origin} ({@code scheme://host[:port]}) naming the same host and port as the {@code Host} header. */
    static boolean sameAuthority(String origin, String host) {
        int scheme = origin.indexOf("://");
        return scheme > 0 && origin.substring(scheme + 3).equalsIgnoreCase(host);
    }

    private boolean allowedHost(String hostHeader) {
        if (anyHost) {
            return true;
        }
        String name = hostName(hostHeader);
        if (name.isEmpty() || name.startsWith("[") || isIpv4(name) || hosts.contains(name)) {
            return true; // an address literal cannot be rebound: only a name can
        }
        return machineNames().contains(name);
    }

    /** The host of a {@code Host} header, lower case, without its port or a trailing dot. */
    static String hostName(String hostHeader) {
        String h = hostHeader.trim().toLowerCase(Locale.ROOT);
        if (!h.startsWith("[")) {
            int colon = h.lastIndexOf(':');
            if (colon >= 0) {
                h = h.substring(0, colon);
            }
        } else if (h.indexOf(']') > 0) {
            h = h.substring(0, h.indexOf(']') + 1);
        }
        return h.endsWith(".") ? h.substring(0, h.length() - 1) : h;
    }

    private static boolean isIpv4(String s) {
        int dots = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '.') {
                dots++;
            } else if (c < '0' || c > '9') {
                return false;
            }
        }
        return dots == 3;
    }

    /** This machine's names, looked up once when a request first needs them (never at start: DNS may be slow). */
    private Set<String> machineNames() {
        Set<String> names = machineNames;
        if (names == null) {
            names = new HashSet<String>();
            try {
                InetAddress local = InetAddress.getLocalHost();
                names.add(local.getHostName().toLowerCase(Locale.ROOT));
                names.add(local.getCanonicalHostName().toLowerCase(Locale.ROOT));
            } catch (Exception unknown) {
                // no name: addresses and localhost still reach it
            }
            machineNames = names;
        }
        return names;
    }
}
