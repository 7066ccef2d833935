package dev.soapscope.filter;

import dev.soapscope.config.Config;
import dev.soapscope.config.ConfigKey;
import dev.soapscope.metrics.Endpoint;
import dev.soapscope.recorder.Log;
import dev.soapscope.recorder.Recorder;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;

/**
 * What a filter instance does, free of any servlet API so that the jakarta and javax adapters share it: opens and
 * closes requests on the {@link RecorderPort}, and answers the endpoint's pages under {@code <filter.path>}.
 * Every method here returns normally: soapscope's failures never reach the application.
 */
public final class FilterCore {
    /** The local recorder takes its settings once per class loader, from the first filter that starts. */
    private static final AtomicBoolean LOCAL_CONFIGURED = new AtomicBoolean();
    private static final String GET = "GET";
    private static final String HEAD = "HEAD";

    private final RecorderPort port;
    /** Where the endpoint is mounted inside the webapp, or null when {@code endpoint=false}. */
    private final String endpointPath;
    /** Whether clients other than loopback ones may read the endpoint ({@code filter.remote}). */
    private final boolean remoteAllowed;
    private LocalMetrics local;
    private boolean stopped;

    private FilterCore(RecorderPort port, String endpointPath, boolean remoteAllowed) {
        this.port = port;
        this.endpointPath = endpointPath;
        this.remoteAllowed = remoteAllowed;
    }

    /**
     * Starts a filter. {@code initParameters} maps a setting's system-property name to the value of the
     * filter's or the context's init-parameter of that name (or null); {@code contextPath} is only for the log.
     */
    public static FilterCore start(Function<String, String> initParameters, String contextPath) {
        return start(RecorderPort.get(), FilterSettings.resolve(initParameters), contextPath);
    }

    static FilterCore start(RecorderPort port, FilterSettings settings, String contextPath) {
        Config config = settings.config;
        if (port.kind() == RecorderPort.Kind.LOCAL && LOCAL_CONFIGURED.compareAndSet(false, true)) {
            // with the agent, these are the agent's to apply (and it reports the same problems)
            Log.setLevel(config.logLevel());
            config.reportProblems();
            Recorder.configure(config.recorderSettings());
        }
        for (String problem : settings.problems) {
            Log.warn(problem);
        }
        String path = config.getBoolean(ConfigKey.ENDPOINT) ? config.get(ConfigKey.FILTER_PATH) : null;
        boolean remote = config.getBoolean(ConfigKey.FILTER_REMOTE);
        FilterCore core = new FilterCore(port, path, remote);
        if (path != null && servesLocally(port)) {
            core.localMetrics(); // bound now, so that the first request is counted
        }
        Log.info("soapscope filter: " + describe(port.kind()) + "; endpoint "
                + (path == null ? "off" : "at " + (contextPath == null ? "" : contextPath) + path + "/metrics, /phases, /hotspots"
                + (remote ? ", open to every client (filter.remote=true)" : ", for loopback clients only")));
        return core;
    }

    /** Whether an initializer should add the filter by itself ({@code soapscope.filter.autoregister}). */
    public static boolean autoregister(Function<String, String> contextParameters) {
        try {
            return FilterSettings.autoregister(contextParameters);
        } catch (Throwable e) {
            RecorderPort.failed("reading soapscope.filter.autoregister", e);
            return false;
        }
    }

    /**
     * Whether the filter serves its own registry: always without an agent; beside an agent that serves no endpoint
     * (it installs one at start, before any webapp) only when the filter's recorder classes are the agent's, since
     * a registry bound to a webapp copy of the recorder would see nothing.
     */
    private static boolean servesLocally(RecorderPort port) {
        switch (port.kind()) {
            case LOCAL:
                return true;
            case AGENT_DIRECT:
                return port.serveEndpoint("/") == null;
            default:
                return false;
        }
    }

    private static String describe(RecorderPort.Kind kind) {
        switch (kind) {
            case AGENT_DIRECT:
                return "recording into the agent's recorder";
            case AGENT_HANDLES:
                return "recording into the agent's recorder (through the bootstrap class loader)";
            default:
                return "no agent attached, recording locally";
        }
    }

    public RecorderPort port() {
        return port;
    }

    /** Where the endpoint is mounted inside the webapp ({@code /soapscope}), or null when it is off. */
    public String endpointPath() {
        return endpointPath;
    }

    /**
     * Opens (or nests in) the request and names it; returns the token for {@link #close}. {@code method} and
     * {@code query} tell a GET of a WSDL or a page apart from SOAP calls.
     */
    public int open(String method, String query, String soapAction, String contentType, String servletPath) {
        int token = port.requestStart();
        port.nameFromHttp(method, query, soapAction, contentType, servletPath);
        return token;
    }

    public void close(int token, int status, boolean threw) {
        port.requestEnd(token, status, threw);
    }

    /** A timer for a body stream the adapter wraps. */
    public StreamTimer timer(Object delegate) {
        return new StreamTimer(port, delegate);
    }

    /**
     * The answer for a request to {@code pathInApp} (servlet path plus path info) from {@code remoteAddr}, or null
     * when the request belongs to the application: a path not the endpoint's, or, unless {@code filter.remote}, a
     * client that is not on loopback or came through a proxy ({@code forwarded}): the endpoint then does not exist
     * for it. Endpoint requests are not recorded.
     */
    public Endpoint.Response answer(String method, String pathInApp, String remoteAddr, boolean forwarded) {
        return answer(method, pathInApp, null, null, remoteAddr, forwarded);
    }

    /**
     * The same, for a request with a query string ({@code /history?minutes=15}) and an Accept header (browsers get
     * the page at the mount point, other clients the text index); either may be null.
     */
    public Endpoint.Response answer(String method, String pathInApp, String query, String accept, String remoteAddr,
                                    boolean forwarded) {
        String page = subpath(pathInApp);
        if (page == null || (!remoteAllowed && (forwarded || !Loopback.is(remoteAddr)))) {
            return null;
        }
        String sub = Endpoint.route(page, accept) + (query == null ? "" : "?" + query);
        try {
            if (!GET.equals(method) && !HEAD.equals(method)) {
                return Endpoint.methodNotAllowed(method == null ? "" : method);
            }
            Endpoint.Response agent = fromAgent(port.serveEndpoint(sub));
            if (agent != null) {
                return agent;
            }
            if (port.kind() == RecorderPort.Kind.AGENT_HANDLES) {
                return new Endpoint.Response(404, Endpoint.TEXT, "soapscope: the agent in this JVM serves no endpoint"
                        + " (its endpoint setting is off), and this webapp's copy of the recorder records nothing\n");
            }
            return localMetrics().endpoint().get(sub);
        } catch (Throwable e) {
            RecorderPort.failed("endpoint", e);
            return new Endpoint.Response(500, Endpoint.TEXT, "soapscope: the endpoint failed; see the server log\n");
        }
    }

    /** The page under the endpoint ("" for the mount point itself), or null for a path of the application. */
    String subpath(String pathInApp) {
        String base = endpointPath;
        if (base == null || pathInApp == null || !pathInApp.startsWith(base)) {
            return null;
        }
        if (pathInApp.length() == base.length()) {
            return "";
        }
        return pathInApp.charAt(base.length()) == '/' ? pathInApp.substring(base.length()) : null;
    }

    /** The agent's {status, content type, body}; null when it did not answer. */
    private static Endpoint.Response fromAgent(String[] answer) {
        if (answer == null || answer.length < 3 || answer[2] == null) {
            return null;
        }
        int status;
        try {
            status = Integer.parseInt(answer[0].trim());
        } catch (RuntimeException e) {
            status = 500;
        }
        return new Endpoint.Response(status, answer[1] == null ? Endpoint.TEXT : answer[1], answer[2]);
    }

    private synchronized LocalMetrics localMetrics() {
        if (local == null && !stopped) {
            local = LocalMetrics.acquire();
        }
        if (local == null) {
            throw new IllegalStateException("the filter was stopped");
        }
        return local;
    }

    /** Releases what this filter holds (the local registry, once no filter of this class loader needs it). */
    public synchronized void stop() {
        stopped = true;
        try {
            LocalMetrics.release(local);
        } catch (Throwable e) {
            RecorderPort.failed("stop", e);
        }
        local = null;
    }
}
