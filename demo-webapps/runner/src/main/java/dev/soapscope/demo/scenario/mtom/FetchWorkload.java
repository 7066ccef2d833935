package dev.soapscope.demo.scenario.mtom;

import java.io.PrintStream;
import java.net.URI;
import java.util.List;

import dev.soapscope.demo.scenario.TransferSettings;
import dev.soapscope.demo.scenario.Tally;
import dev.soapscope.demo.scenario.Workload;

/**
 * The classic binary-transfer benchmark for one transport: at each fetch size, a whole query result fetched batch by
 * batch ({@link FetchLoop}), {@code runs} times; the figure is the mean time of the good runs.
 */
public final class FetchWorkload implements Workload {

    /** The transports. */
    public enum Transport {
        /** CXF JAX-WS, the batch inline as base64. */
        BASE64,
        /** CXF JAX-WS with MTOM: the batch as an attachment. */
        MTOM,
        /** JAX-RS: the batch streamed as application/octet-stream. */
        REST,
        /**
         * Axis2's ServiceClient to an Axis2 POJO service (plain SOAP without the axis2 kit): the batch inline or as an
         * attachment, as the service sends it.
         */
        AXIS2,
        /** Axis 1.4's Call, RPC/encoded (StAX over java.net.http without the axis1 kit): the batch as base64Binary. */
        AXIS1_RPC
    }

    private final Transport transport;
    private final String path;

    /**
     * @param path the SOAP endpoint ({@code /mtom/services/query}) or, for {@link Transport#REST}, the webapp
     *             ({@code /mtom}) under which {@code /rest/...} lies
     */
    public FetchWorkload(Transport transport, String path) {
        this.transport = transport;
        this.path = path;
    }

    @Override
    public String kind() {
        return "fetch";
    }

    public Transport transport() {
        return transport;
    }

    @Override
    public String unmeasuredClient() {
        return switch (transport) {
            case BASE64, MTOM, AXIS2, AXIS1_RPC -> null;
            case REST -> "a JAX-RS client: no SOAP calls";
        };
    }

    /** Axis2's and Axis 1.4's own clients, from their kits. */
    @Override
    public String clientKit() {
        return switch (transport) {
            case AXIS2 -> "axis2";
            case AXIS1_RPC -> "axis1";
            default -> null;
        };
    }

    @Override
    public Outcome run(URI server, TransferSettings settings, String soapAction, boolean warmUp, String label,
                       PrintStream progress) {
        Tally tally = new Tally();
        QueryClient client;
        try {
            client = client(server);
        } catch (RuntimeException e) {
            tally.failedRequest("client: " + FetchLoop.describe(e));
            return tally.outcome();
        }
        try (client) {
            client.label(soapAction);
            for (int size : settings.fetchSizes()) {
                List<Double> runs = Tally.newRuns();
                int failed = 0;
                for (int run = 0; run < (warmUp ? 1 : settings.runs()); run++) {
                    try {
                        runs.add(FetchLoop.run(client, settings.queryText(), settings.tuples(), size, tally::latency)
                                .seconds());
                    } catch (FetchLoop.Failure e) {
                        tally.error("fetch size " + size + ", " + e.getMessage());
                        failed++;
                    }
                }
                tally.size(size, runs);
                Tally.print(progress, label, "fetch", size, runs, failed);
            }
        }
        return tally.outcome();
    }

    /** The stacks' own clients, in their client kits. */
    static final String AXIS2_FETCHER = "dev.soapscope.demo.client.axis2.Axis2QueryFetcher";
    static final String AXIS1_FETCHER = "dev.soapscope.demo.client.axis1.Axis1QueryFetcher";

    /**
     * The stack's own client when its kit is on the class path (the client JVM's), else {@code standIn}: a plain
     * SOAP client over {@code java.net.http} that speaks the same messages (the runner's own JVM, the module's ITs).
     */
    private static QueryClient kitOr(String fetcher, URI address, java.util.function.Supplier<QueryClient> standIn) {
        QueryClient own = FetcherQueryClient.of(fetcher, address);
        return own != null ? own : standIn.get();
    }

    QueryClient client(URI server) {
        URI address = URI.create(server + path);
        return switch (transport) {
            case BASE64 -> new CxfQueryClient(address, false);
            case MTOM -> new CxfQueryClient(address, true);
            case REST -> new RestQueryClient(address);
            case AXIS2 -> kitOr(AXIS2_FETCHER, address, () -> new Axis2QueryClient(address));
            case AXIS1_RPC -> kitOr(AXIS1_FETCHER, address, () -> new Axis1QueryClient(address));
        };
    }
}
