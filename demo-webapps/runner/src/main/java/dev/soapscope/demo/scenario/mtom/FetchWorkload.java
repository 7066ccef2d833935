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
        /** Plain SOAP to an Axis2 POJO service: the batch inline or as an attachment, as the service sends it. */
        AXIS2,
        /** Axis 1.4 RPC/encoded: the batch inline as xsd:base64Binary, read with StAX. */
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
            case BASE64, MTOM, AXIS2 -> null;
            case REST -> "a JAX-RS client: no SOAP calls";
            case AXIS1_RPC -> "a hand-written SOAP client over java.net.http: no SOAP stack for the agent to split its "
                    + "calls";
        };
    }

    /** Axis2's own client, from its kit. */
    @Override
    public String clientKit() {
        return transport == Transport.AXIS2 ? "axis2" : null;
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

    QueryClient client(URI server) {
        URI address = URI.create(server + path);
        return switch (transport) {
            case BASE64 -> new CxfQueryClient(address, false);
            case MTOM -> new CxfQueryClient(address, true);
            case REST -> new RestQueryClient(address);
            case AXIS2 -> new Axis2QueryClient(address);
            case AXIS1_RPC -> new Axis1QueryClient(address);
        };
    }
}
