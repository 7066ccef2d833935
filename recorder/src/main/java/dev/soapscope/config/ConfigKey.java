package dev.soapscope.config;

import java.util.Locale;

/**
 * Every setting soapscope reads, declared once with its default and meaning. Each key can be given as an
 * agent argument ({@code -javaagent:soapscope-agent.jar=port=9405,log=debug}), a system property
 * ({@code -Dsoapscope.port=9405}) or an environment variable ({@code SOAPSCOPE_PORT=9405}), in that order of
 * precedence. The settings page (docs/settings.md) is generated from this declaration (see {@link #markdownReference()}).
 */
public enum ConfigKey {
    PORT("port", "9404", ValueType.PORT, "TCP port of the endpoint (/metrics, /phases, /hotspots); 0 picks a free port"),
    HOST("host", "127.0.0.1", ValueType.HOST, "address the endpoint binds to: loopback unless you choose otherwise (0.0.0.0 for all; bound elsewhere without credentials, only /metrics and /health answer)"),
    ENDPOINT("endpoint", "true", ValueType.BOOLEAN, "serve the endpoint at all (false: record only, e.g. for an application's own MeterRegistry)"),
    HOSTS_ALLOWED("hosts.allowed", "", ValueType.LIST, "host names clients may reach the endpoint by, besides IP addresses, localhost and this machine's name (a browser page served from another name is refused: DNS rebinding); * allows any; not checked when credentials are set"),
    AUTH_USER("auth.user", "soapscope", ValueType.USER, "the user name of HTTP basic authentication, with auth.password.file or auth.password.hash"),
    AUTH_PASSWORD_FILE("auth.password.file", "", ValueType.OPTIONAL_FILE, "a file holding the basic-authentication password (a mounted secret; trailing line breaks ignored); with it or another credential, every route but /health asks for it"),
    AUTH_PASSWORD_HASH("auth.password.hash", "", ValueType.OPTIONAL_PASSWORD_HASH, "the basic-authentication password as a salted PBKDF2 hash, from java -jar soapscope-agent.jar hash-password"),
    AUTH_TOKEN_FILE("auth.token.file", "", ValueType.OPTIONAL_FILE, "a file holding a bearer token clients may send instead (Authorization: Bearer ..., Prometheus's authorization.credentials_file)"),
    TLS_KEYSTORE("tls.keystore", "", ValueType.OPTIONAL_FILE, "serve HTTPS with the key and certificate in this PKCS12 key store"),
    TLS_KEYSTORE_PASSWORD_FILE("tls.keystore.password.file", "", ValueType.OPTIONAL_FILE, "a file holding tls.keystore's password (empty: no password)"),
    TLS_CERT("tls.cert", "", ValueType.OPTIONAL_FILE, "serve HTTPS with this PEM certificate chain (with tls.key), instead of a key store"),
    TLS_KEY("tls.key", "", ValueType.OPTIONAL_FILE, "the PEM private key of tls.cert, unencrypted PKCS#8 (BEGIN PRIVATE KEY)"),
    TLS_CLIENT_CA("tls.client.ca", "", ValueType.OPTIONAL_FILE, "PEM certificates of the authorities whose client certificates the endpoint requires (empty: no client certificate asked)"),
    MAX_OPERATIONS("max.operations", "100", ValueType.count(1, SeriesBudget.MAX_OPERATIONS), "distinct operation names kept as metric tags (at most " + SeriesBudget.PER_OPERATION + " series each, within a budget of " + SeriesBudget.MAX_SERIES + " series); the rest are counted as 'other'"),
    MAX_CLIENT_CALLS("max.client.calls", "20", ValueType.count(1, SeriesBudget.MAX_CLIENT_CALLS), "distinct outgoing SOAP calls (an operation at a peer, host:port) kept as metric tags (at most " + SeriesBudget.PER_CLIENT_CALL + " series each, within a budget of " + SeriesBudget.CLIENT_SERIES + " series); the rest are counted as 'other'"),
    MAX_SITES("max.sites", "256", ValueType.count(1, 10_000), "distinct hot-spot call sites kept; the rest are counted as '(other sites)'"),
    STACK_DEPTH("stack.depth", "8", ValueType.count(1, 64), "frames kept of the first stack seen at each hot-spot call site"),
    ALLOCATION("allocation", "true", ValueType.BOOLEAN, "measure bytes allocated per phase (one thread counter read per phase change; a stream's reads and writes read none, their allocation is the phase's they were made in)"),
    PROBES_DISABLED("probes.disabled", "", ValueType.LIST, "probes not to install, by name (the agent logs the names at start); for example regex,uuid"),
    LOG("log", "info", ValueType.LOG_LEVEL, "how much soapscope writes to standard error: off, warn, info or debug"),
    WEAVE_CACHE("weave.cache", "true", ValueType.BOOLEAN, "keep the classes a start wove beside the recorder jar, in a directory of this user's alone (weave-<build>/, at most 8,192 classes and 64 MB), and hand them back to later starts of the same agent build that weave the same class file with the same probes and supertypes, instead of weaving it again; false: every start weaves every class"),
    BOOTSTRAP_DIR("bootstrap.dir", "", ValueType.OPTIONAL_DIRECTORY, "directory for the agent's recorder jar (soapscope-bootstrap-<hash>.jar, about 150 KB) and, when the directory is the user's alone, its weaver jar (soapscope-weaver-<hash>.jar, about 15 MB, uncompressed: the recorder's classes and the probes'), each written once per agent build and reused by later starts; when empty or not writable, the first writable of java.io.tmpdir, the agent jar's directory and the user's cache directory (XDG_CACHE_HOME or ~/.cache, ~/Library/Caches, %LOCALAPPDATA%); the start line names the jar"),
    PROFILER("profiler", "", ValueType.PROFILER_EVENT, "profile continuously from start with this event (cpu, wall, alloc, lock), writing JFR files into profiler.dir; empty: on demand only (/profile, /flamegraph)"),
    PROFILER_DIR("profiler.dir", "soapscope-profiles", ValueType.DIRECTORY, "where continuous profiling writes its JFR files and the run's phases.json and hotspots.json (at every rotation, at least every minute, and at stop)"),
    PROFILER_INTERVAL("profiler.interval.ms", "10", ValueType.count(1, 1000), "sampling interval of cpu and wall profiling, in milliseconds"),
    PROFILER_ROTATE("profiler.rotate.minutes", "10", ValueType.count(1, 1440), "continuous profiling starts a new JFR file this often"),
    PROFILER_MAX_MB("profiler.max.mb", "512", ValueType.count(1, 1_000_000), "disk the JFR files of continuous profiling may use; the oldest go first"),
    PROFILER_REQUESTS("profiler.requests", "false", ValueType.BOOLEAN, "also record soapscope.Request and soapscope.ClientCall in the profiler's JFR files (async-profiler's jfrsync: one file for the samples and the requests, for JMC or jfr print); false: the samples alone, since running Flight Recorder beside the profiler cost about 1.5% of the request threads' CPU on OpenCMIS over MTOM"),
    UNSERVED_WARN_SECONDS("unserved.warn.seconds", "60", ValueType.count(0, 86_400), "say once, naming the stack and its entry, when a SOAP stack's service code has run outside any request for this many seconds (or up to twice as many) while no request opened at all: a transport soapscope opens no request on; 0: never"),
    TRACES("traces", "auto", ValueType.AUTO_ON_OFF, "put each request's breakdown (soapscope.* attributes: operation, phase self times, hot spots, allocation) on the span a tracing agent in the same JVM made for it, through that agent's OpenTelemetry API bridge (OpenTelemetry, Elastic, Datadog with dd.trace.otel.enabled), and its trace id as an exemplar in /metrics; auto: when one of those agents is found"),
    TRACES_PHASE_SPANS_OVER_MS("traces.phase.spans.over.ms", "", ValueType.OPTIONAL_MILLIS, "also give sampled requests slower than this many milliseconds their phases as child spans, with their real start and end times; empty: never"),
    JFR("jfr", "auto", ValueType.AUTO_ON_OFF, "record each request served, SOAP call made and hot spot met as a JDK Flight Recorder event (soapscope.Request, soapscope.ClientCall; soapscope.HotSpot and soapscope.Phase when a recording turns them on) whenever a recording has them enabled; auto and on: on a JVM with Flight Recorder (Java 11+), on also says when it has none; off: never register them"),
    FILTER_PATH("filter.path", "/soapscope", ValueType.PATH, "where the servlet filter serves the endpoint inside the webapp when no agent is attached"),
    FILTER_AUTOREGISTER("filter.autoregister", "true", ValueType.BOOLEAN, "register the servlet filter by itself when its jar is in WEB-INF/lib"),
    FILTER_REMOTE("filter.remote", "false", ValueType.BOOLEAN, "let the servlet filter's endpoint answer clients that are not on this machine's loopback, or that come through a proxy (X-Forwarded-For, Forwarded); false: such requests pass to the application as if the filter were not there");

    private final String key;
    private final String defaultValue;
    private final ValueType type;
    private final String description;

    ConfigKey(String key, String defaultValue, ValueType type, String description) {
        this.key = key;
        this.defaultValue = defaultValue;
        this.type = type;
        this.description = description;
    }

    /** The name in agent arguments, such as {@code max.operations}. */
    public String key() {
        return key;
    }

    public String defaultValue() {
        return defaultValue;
    }

    public ValueType type() {
        return type;
    }

    public String description() {
        return description;
    }

    public String systemProperty() {
        return "soapscope." + key;
    }

    public String environmentVariable() {
        return "SOAPSCOPE_" + key.toUpperCase(Locale.ROOT).replace('.', '_');
    }

    public static ConfigKey byKey(String key) {
        for (ConfigKey k : values()) {
            if (k.key.equals(key)) {
                return k;
            }
        }
        return null;
    }

    /**
     * The settings as the docs show them (docs/settings.md): a list, one entry per key, since several meanings run
     * longer than a table cell should.
     */
    public static String markdownReference() {
        StringBuilder out = new StringBuilder();
        for (ConfigKey k : values()) {
            out.append("- `").append(k.key).append("` (default ")
                    .append(k.defaultValue.isEmpty() ? "none" : "`" + k.defaultValue + "`").append("; ")
                    .append(k.type.expectation()).append("; system property `").append(k.systemProperty())
                    .append("`, environment variable `").append(k.environmentVariable()).append("`): ")
                    .append(k.description).append("\n");
        }
        return out.toString();
    }
}
