package dev.soapscope.metrics;

import dev.soapscope.recorder.Recorder;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;

/**
 * The endpoint's documents, independent of who serves them (the agent's HTTP server, or the servlet filter
 * inside a webapp): {@code /metrics} in Prometheus text format, {@code /phases} and {@code /hotspots} as JSON.
 */
public final class Endpoint {
    public static final String PROMETHEUS_TEXT = "text/plain; version=0.0.4; charset=utf-8";
    public static final String JSON = "application/json; charset=utf-8";
    public static final String TEXT = "text/plain; charset=utf-8";

    private final PrometheusMeterRegistry registry;

    public Endpoint(PrometheusMeterRegistry registry) {
        this.registry = registry;
    }

    public PrometheusMeterRegistry registry() {
        return registry;
    }

    /** Answers a GET of {@code path} (relative to where the endpoint is mounted). */
    public Response get(String path) {
        if ("/metrics".equals(path)) {
            return new Response(200, PROMETHEUS_TEXT, registry.scrape());
        }
        if ("/phases".equals(path)) {
            return new Response(200, JSON, PhasesJson.render(Recorder.aggregates()) + "\n");
        }
        if ("/hotspots".equals(path)) {
            return new Response(200, JSON, HotSpotsJson.render(Recorder.aggregates()) + "\n");
        }
        if ("/".equals(path) || path.isEmpty()) {
            return new Response(200, TEXT, index());
        }
        return new Response(404, TEXT, "soapscope: no such page: " + printable(path) + "\n" + index());
    }

    /** The answer to any method other than GET (and HEAD, which servers derive from GET). */
    public static Response methodNotAllowed(String method) {
        return new Response(405, TEXT, "soapscope: " + printable(method) + " is not supported here; use GET\n");
    }

    private static String index() {
        return "soapscope endpoints:\n"
                + "  /metrics   Prometheus text format\n"
                + "  /phases    per operation: requests and time per phase (JSON)\n"
                + "  /hotspots  per hot-spot kind and call site: counts, rate per request, first stack (JSON)\n";
    }

    /** Echoes client input only as printable ASCII and bounded, so an error page cannot carry a payload. */
    private static String printable(String s) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < s.length() && i < 200; i++) {
            char c = s.charAt(i);
            b.append(c >= 0x20 && c < 0x7f ? c : '?');
        }
        return b.toString();
    }

    /** A status, a content type and a body. */
    public static final class Response {
        public final int status;
        public final String contentType;
        public final String body;

        public Response(int status, String contentType, String body) {
            this.status = status;
            this.contentType = contentType;
            this.body = body;
        }
    }
}
