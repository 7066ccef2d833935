package dev.soapscope.demo.mtom.axis2;

import java.net.URI;

import dev.soapscope.demo.client.axis2.Axis2QueryFetcher;
import dev.soapscope.demo.mtom.api.TupleBatches;

/**
 * Axis2 1.8's own client (the runner's client kit: {@link Axis2QueryFetcher}, a {@code ServiceClient} that reads the
 * answer's {@code return} element's DataHandler after {@code sendReceive} returned, then cleans up the transport) on
 * the MTOM query service, run by {@link Axis2ClientLateAttachmentUnderAgentIT} in a JVM of its own under the agent:
 * one {@code query} of {@code TUPLES}, then {@code getNTuples} of {@code FETCH} a time until the empty batch, every
 * tuple checked ({@link TupleBatches}). A wrong answer ends the JVM with status 1. At the end it prints the calls and
 * the batch bytes it read, then {@link #DONE}, and waits for its standard input to close (the test reads its agent's
 * endpoint meanwhile).
 *
 * <pre>java ... Axis2MtomClientDriver http://127.0.0.1:PORT/services/query-mtom TUPLES FETCH</pre>
 */
public final class Axis2MtomClientDriver {
    /**
     * The SOAPActions Axis2 gives a POJO service's operations ({@code urn:} and the operation): the ServiceClient's
     * calls are anonymous operations, which the agent names by their action.
     */
    static final String QUERY_ACTION = "urn:query";
    static final String GET_ACTION = "urn:getNTuples";
    static final String DONE = "Axis2 MTOM client done";
    static final String CALLS = "getNTuples calls: ";
    static final String PAYLOAD_BYTES = "batch bytes read: ";

    private Axis2MtomClientDriver() {
    }

    public static void main(String[] args) throws Exception {
        URI address = URI.create(args[0]);
        int tuples = Integer.parseInt(args[1]);
        int fetch = Integer.parseInt(args[2]);
        long[] calls = {0};
        long[] bytes = {0};
        try (Axis2QueryFetcher client = new Axis2QueryFetcher(address)) {
            client.soapAction(QUERY_ACTION);
            String id = client.query("select * from tuples limit " + tuples);
            client.soapAction(GET_ACTION);
            TupleBatches.fetchAndCheck(tuples, fetch, batch -> {
                byte[] answer = client.getNTuples(fetch, id);
                calls[0]++;
                bytes[0] += answer.length;
                return answer;
            });
        } catch (Throwable e) {
            System.out.println("Axis2 MTOM client FAILED: " + e);
            e.printStackTrace(System.out);
            System.out.flush();
            System.exit(1);
        }
        System.out.println(CALLS + calls[0]);
        System.out.println(PAYLOAD_BYTES + bytes[0]);
        System.out.println(DONE);
        System.out.flush();
        while (System.in.read() >= 0) {
            // until the test closes our stdin
        }
        System.exit(0);
    }
}
