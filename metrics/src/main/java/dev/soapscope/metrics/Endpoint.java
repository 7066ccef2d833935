package dev.soapscope.metrics;

import dev.soapscope.recorder.Recorder;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.prometheus.metrics.expositionformats.OpenMetricsTextFormatWriter;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.function.Supplier;

/**
 * The endpoint's documents, independent of who serves them (the agent's HTTP server, or the servlet filter
 * inside a webapp): {@code /metrics} in Prometheus text format, {@code /phases}, {@code /hotspots},
 * {@code /history} and {@code /kinds} as JSON, and a page for browsers ({@code /index.html}; {@code /} gives it to
 * clients that accept HTML, see {@link #route}, and the text index to others, such as curl).
 */
public final class Endpoint {
    public static final String PROMETHEUS_TEXT = "text/plain; version=0.0.4; charset=utf-8";
    public static final String OPENMETRICS_TEXT = "application/openmetrics-text; version=1.0.0; charset=utf-8";
    /**
     * Exemplars on histogram buckets only, as OpenMetrics 1.0 allows: Micrometer's own writer also puts one on each
     * {@code _count} line, which Prometheus refuses (the whole scrape fails: "does not support exemplars").
     */
    private static final OpenMetricsTextFormatWriter OPENMETRICS = OpenMetricsTextFormatWriter.builder()
            .setExemplarsOnAllMetricTypesEnabled(false).build();
    public static final String JSON = "application/json; charset=utf-8";
    public static final String TEXT = "text/plain; charset=utf-8";
    public static final String HTML = "text/html; charset=utf-8";

    /** The registry, or null until there is one (the agent makes it when the first request completes). */
    private final Supplier<PrometheusMeterRegistry> registry;
    /** Whether whoever serves this endpoint also serves /profile and /flamegraph (the agent does, the filter not). */
    private final boolean profiling;
    /** The recent past for the page's per-operation rates and percentiles, or null: then /history is empty. */
    private final History history;

    public Endpoint(PrometheusMeterRegistry registry) {
        this(registry, false);
    }

    public Endpoint(PrometheusMeterRegistry registry, boolean profiling) {
        this(() -> registry, profiling);
    }

    /** {@code registry} gives null while there is no registry yet: /metrics is then empty (no request, no series). */
    public Endpoint(Supplier<PrometheusMeterRegistry> registry, boolean profiling) {
        this(registry, profiling, null);
    }

    public Endpoint(Supplier<PrometheusMeterRegistry> registry, boolean profiling, History history) {
        this.registry = registry;
        this.profiling = profiling;
        this.history = history;
    }

    /** The same documents, with or without the profiling routes (the filter cannot serve them for the agent). */
    public Endpoint withProfiling(boolean on) {
        return new Endpoint(registry, on, history);
    }

    /**
     * The path to answer for a request of {@code path} whose Accept header is {@code accept} (null when absent): the
     * page for {@code /} when the client accepts HTML (a browser), else {@code path} itself.
     */
    public static String route(String path, String accept) {
        boolean root = path == null || path.isEmpty() || "/".equals(path) || path.startsWith("/?") || path.startsWith("?");
        return root && accept != null && accept.contains("text/html") ? "/index.html" : path;
    }

    /**
     * Answers a GET of {@code pathAndQuery} (relative to where the endpoint is mounted; the query, after
     * {@code ?}, matters only to {@code /history}).
     */
    public Response get(String pathAndQuery) {
        return get(pathAndQuery, null);
    }

    /**
     * As {@link #get(String)}, for a client whose Accept header is {@code accept} (null when absent): {@code /metrics}
     * is in the OpenMetrics format, with its exemplars (trace ids on the request duration buckets), when asked for it,
     * as Prometheus does when it stores exemplars.
     */
    public Response get(String pathAndQuery, String accept) {
        int q = pathAndQuery.indexOf('?');
        String path = q < 0 ? pathAndQuery : pathAndQuery.substring(0, q);
        String query = q < 0 ? "" : pathAndQuery.substring(q + 1);
        if ("/metrics".equals(path)) {
            PrometheusMeterRegistry now = registry.get();
            if (now == null) {
                return new Response(200, PROMETHEUS_TEXT, "");
            }
            // written straight to the client: a large registry is never a page-sized string in the heap
            if (accept != null && accept.contains("application/openmetrics-text")) {
                return new Response(200, OPENMETRICS_TEXT, out -> OPENMETRICS.write(out, now.getPrometheusRegistry().scrape()));
            }
            return new Response(200, PROMETHEUS_TEXT, now::scrape);
        }
        if ("/phases".equals(path)) {
            return new Response(200, JSON, PhasesJson.render(Recorder.aggregates()) + "\n");
        }
        if ("/hotspots".equals(path)) {
            return new Response(200, JSON, HotSpotsJson.render(Recorder.aggregates()) + "\n");
        }
        if ("/history".equals(path)) {
            int minutes = HistoryJson.minutes(parameter(query, "minutes"));
            return new Response(200, JSON, (history == null ? "{\"interval_s\":" + History.INTERVAL_SECONDS
                    + ",\"minutes\":" + minutes + ",\"window_s\":0,\"operations\":[]}" : HistoryJson.render(history, minutes)) + "\n");
        }
        if ("/kinds".equals(path)) {
            return new Response(200, JSON, KindsJson.render() + "\n");
        }
        if ("/index.html".equals(path)) {
            return new Response(200, HTML, Page.html(profiling));
        }
        if ("/".equals(path) || path.isEmpty() || "/index.txt".equals(path)) {
            return new Response(200, TEXT, index());
        }
        return new Response(404, TEXT, "soapscope: no such page\n" + index()); // nothing the client sent is echoed
    }

    /** The answer to any method other than GET (and HEAD, which servers derive from GET). */
    public static Response methodNotAllowed(String method) {
        return new Response(405, TEXT, "soapscope: only GET and HEAD are served here\n");
    }

    /** One parameter of a query string (names and values are plain ASCII here: no decoding), or null. */
    private static String parameter(String query, String name) {
        for (String pair : query.split("&")) {
            if (pair.startsWith(name + "=")) {
                return pair.substring(name.length() + 1);
            }
        }
        return null;
    }

    private String index() {
        return "soapscope endpoints:\n"
                + "  /index.html  a page for browsers: rates, latency, phases, hot spots" + (profiling ? ", profiles" : "")
                + " (/ in a browser)\n"
                + "  /index.txt   this list (/ for clients that do not ask for HTML)\n"
                + "  /metrics     Prometheus text format\n"
                + "  /phases      per operation: requests and time per phase (JSON)\n"
                + "  /hotspots    per hot-spot kind and call site: counts, rate per request, first stack (JSON)\n"
                + "  /history     ?minutes=N: per operation over the last N minutes: rate, errors, p50, p99 (JSON)\n"
                + "  /kinds       phases and hot-spot kinds: what each is, why it costs, what to do instead (JSON)\n"
                + (profiling ? "  /profile    ?seconds=N&event=cpu|wall|alloc|lock: a JFR recording of the next N seconds\n"
                + "  /flamegraph ?seconds=N[&phase=P][&event=E][&none=show]: the same as a flame graph page, by phase\n"
                + "  /profiles   the page's profiles, taken in the background: /profiles/start?seconds=N&event=E,\n"
                + "              /profiles/flame?id=N[&phase=P], /profiles/diff and /profiles/verdict?base=A&current=B\n" : "");
    }

    /** Client input as printable ASCII, bounded: for a log line, which it must not break or flood. */
    public static String printable(String s) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < s.length() && i < 200; i++) {
            char c = s.charAt(i);
            b.append(c >= 0x20 && c < 0x7f ? c : '?');
        }
        return b.toString();
    }

    /** Writes a body to a client. */
    public interface Body {
        void writeTo(OutputStream out) throws IOException;
    }

    /** A status, a content type and a body: text, or written straight to the client ({@link #writeTo}). */
    public static final class Response {
        public final int status;
        public final String contentType;
        private final String text;
        private final Body streamed;

        public Response(int status, String contentType, String body) {
            this.status = status;
            this.contentType = contentType;
            this.text = body;
            this.streamed = null;
        }

        public Response(int status, String contentType, Body body) {
            this.status = status;
            this.contentType = contentType;
            this.text = null;
            this.streamed = body;
        }

        /** The body's length in bytes when known before writing it, else -1. */
        public long knownLength() {
            return text == null ? -1 : text.getBytes(StandardCharsets.UTF_8).length;
        }

        public void writeTo(OutputStream out) throws IOException {
            if (text != null) {
                out.write(text.getBytes(StandardCharsets.UTF_8));
            } else {
                streamed.writeTo(out);
            }
        }

        /** The whole body as text, for callers that must hand it on as a string (files, the filter's bridge). */
        public String body() {
            if (text != null) {
                return text;
            }
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            try {
                streamed.writeTo(out);
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
            return new String(out.toByteArray(), StandardCharsets.UTF_8);
        }
    }
}
