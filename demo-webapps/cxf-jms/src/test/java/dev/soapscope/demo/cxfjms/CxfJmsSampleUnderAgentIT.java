package dev.soapscope.demo.cxfjms;

import com.example.customerservice.Customer;
import com.example.customerservice.CustomerService;
import com.example.customerservice.CustomerType;
import com.example.customerservice.NoSuchCustomerException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.soapscope.testkit.AgentEndpoint;
import dev.soapscope.testkit.ForkedClient;
import org.apache.activemq.artemis.api.core.client.ActiveMQClient;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.context.support.ClassPathXmlApplicationContext;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.logging.Level;
import java.util.logging.Logger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * CXF's own "jms_spring_config" sample (CXF 4.2.0, unmodified): SOAP over JMS, no servlet anywhere. As its README
 * runs it: its EmbeddedBroker (ActiveMQ Artemis on tcp://localhost:61616) in a JVM of its own, its server main
 * (CustomerServiceSpringServer: server-applicationContext.xml, a jaxws:endpoint on jms:queue:test.queue) in a JVM under
 * the agent, and its Spring client config (client-applicationContext.xml: the generated CustomerService port over
 * JMS) in this JVM, without an agent. Each JMS message the server takes off the queue is a request: CXF's one
 * consumer, a PollingMessageListenerContainer$Poller thread, runs JMSDestination#onMessage, the whole in chain, the
 * service, and the out (or out-fault) chain that sends the reply, in one call.
 *
 * <p>The client runs here rather than in a forked driver: it needs no agent, and here every answer is asserted as
 * it arrives and the warm-up's figures are read between two calls, with no protocol between the test and a driver.
 */
class CxfJmsSampleUnderAgentIT {
    private static final String GET = JmsSample.GET;
    private static final String UPDATE = JmsSample.UPDATE;
    private static final int WARM_UP = 50;
    private static final int CALLS = 200;
    private static final int FAULT_EVERY = JmsSample.FAULT_EVERY;
    /** The tag /phases gives a served request whose reply is a SOAP fault: as over HTTP (a fault is a 500). */
    private static final String FAULT = "server_error";
    /** The sample's server main sleeps this long, then closes its context and exits. */
    private static final Duration SERVER_LIFETIME = Duration.ofMinutes(5);
    /** CXF's client LoggingFeature logs each message here; kept referenced so its level holds. */
    private static final Logger CLIENT_MESSAGE_LOG = Logger.getLogger("org.apache.cxf.services");

    private static JmsSample sample;
    private static ForkedClient server;
    private static AgentEndpoint agent;
    private static ClassPathXmlApplicationContext clientContext;
    private static CustomerService port;
    private static int faults;
    /** /phases after the warm-up, after the load, 5 s later (idle), and after the one-way call. */
    private static JsonNode warm;
    private static JsonNode done;
    private static JsonNode idle;
    private static JsonNode afterOneWay;

    @BeforeAll
    static void startAndSend() throws Exception {
        sample = JmsSample.start(true, "cxf-jms IT");
        server = sample.server;
        agent = server.agent();
        progress("agent at " + agent);

        CLIENT_MESSAGE_LOG.setLevel(Level.WARNING); // the client's message log: thousands of lines in the build log
        clientContext = new ClassPathXmlApplicationContext("classpath:client-applicationContext.xml");
        port = clientContext.getBean("customerService", CustomerService.class);

        call(0, WARM_UP);
        progress(WARM_UP + " warm-up calls answered");
        agent.awaitRequests(GET, WARM_UP);
        warm = agent.phases();
        long load = System.nanoTime();
        call(WARM_UP, WARM_UP + CALLS);
        progress(CALLS + " calls answered in " + (System.nanoTime() - load) / 1_000_000 + " ms (" + faults
                + " faults in all)");
        agent.awaitRequests(GET, WARM_UP + CALLS);
        done = agent.phases();
        keep("phases-after-load", done);
        progress("background spans: " + backgroundSpans(warm) + " after the warm-up, " + backgroundSpans(done)
                + " after the load");
        Thread.sleep(5000); // what the server adds by itself when idle: the background bound's margin
        idle = agent.phases();
        progress("background spans after 5 s idle: " + backgroundSpans(idle));

        // one message of the one-way operation, after the load: it holds the server's one consumer for 10 s
        port.updateCustomer(customer());
        server.await("Customer was updated", Duration.ofSeconds(40));
        agent.awaitRequests(UPDATE, 1);
        afterOneWay = agent.phases();
        progress("one-way call done");
        keep("phases-after-one-way", afterOneWay);
        assertTrue(System.nanoTime() - sample.serverStarted < SERVER_LIFETIME.toNanos() && server.isAlive(),
                "the sample's server exits by itself 5 minutes after it starts: the figures may be incomplete");
    }

    @AfterAll
    static void stop() {
        if (clientContext != null) {
            // CXF logs "Exception on temporary queue deletion ... Connection is closed" here: the sample's client
            // config has Spring close its connection factory before the bus closes the conduit's reply queue
            clientContext.close();
            ActiveMQClient.clearThreadPools(); // as the sample's client main does
        }
        if (sample != null) {
            sample.close();
        }
        progress("stopped");
    }

    private static void progress(String what) {
        JmsSample.progress("cxf-jms IT", what);
    }

    @Test
    void everyMessageIsCountedOnceAsARequestOfItsOperation() {
        Map<String, Long> requests = requests(done);
        assertEquals(Map.of(GET, (long) (WARM_UP + CALLS)), requests,
                "each of the " + (WARM_UP + CALLS) + " request messages once, under its WSDL operation: " + summary(done));
    }

    @Test
    void faultRepliesAreCountedAsFaults() {
        JsonNode get = operation(done, GET);
        JsonNode outcomes = get.get("outcomes");
        assertEquals(faults, outcomes.path(FAULT).asLong(), "replies that are the service's fault: " + outcomes);
        assertEquals(WARM_UP + CALLS - faults, outcomes.path("success").asLong(), "the others: " + outcomes);
    }

    /** Over the requests after the warm-up, as MetroUnderAgentIT computes it. */
    @Test
    void atLeastNinetyPercentOfRequestTimeIsInNamedPhases() {
        JsonNode before = operation(warm, GET);
        JsonNode after = operation(done, GET);
        Map<String, Double> spent = AgentEndpoint.selfMicrosBetween(before, after);
        double total = spent.values().stream().mapToDouble(Double::doubleValue).sum();
        double other = spent.getOrDefault("other", 0.0) / total;
        assertTrue(total > 0 && other <= 0.10, "other's share " + other + " of " + spent);
    }

    /**
     * Work on the poller thread outside any request is background. Before a request was opened at onMessage, the
     * whole server side of each message was (about 24 spans per message); with the probe none of it should be. The
     * server JVM does nothing else between the warm-up and the end (the broker runs in its own JVM, idle growth
     * measured 0): fewer than one span per twenty requests leaves room for a stray timer, not for per-message work.
     */
    @Test
    void noRequestWorkIsLeftInTheBackground() {
        long grown = backgroundSpans(done) - backgroundSpans(warm);
        long idleGrowth = backgroundSpans(idle) - backgroundSpans(done);
        assertTrue(grown <= CALLS / 20, grown + " background spans over " + CALLS + " requests (" + idleGrowth
                + " in 5 s idle after them): " + done.path("background"));
    }

    /** A one-way message runs its service on the poller thread too (USE_ORIGINAL_THREAD): one request. */
    @Test
    void aOneWayMessageIsOneRequest() {
        Map<String, Long> requests = requests(afterOneWay);
        assertEquals(1L, requests.getOrDefault(UPDATE, 0L), summary(afterOneWay));
        assertEquals(WARM_UP + CALLS, requests.getOrDefault(GET, 0L), summary(afterOneWay));
    }

    /** Calls {@code from} to {@code to - 1}; every tenth asks for "None". Each answer checked. */
    private static void call(int from, int to) {
        for (int i = from; i < to; i++) {
            if (i % FAULT_EVERY == FAULT_EVERY - 1) {
                try {
                    List<Customer> none = port.getCustomersByName("None");
                    fail("call " + i + ": 'None' answered " + none + " instead of the fault");
                } catch (NoSuchCustomerException e) {
                    assertEquals("None", e.getFaultInfo().getCustomerName(), "call " + i);
                    assertTrue(e.getMessage().contains("Did not find any matching customer for name=None"),
                            "call " + i + ": " + e.getMessage());
                    faults++;
                }
                continue;
            }
            String name = "Smith" + i;
            List<Customer> customers;
            try {
                customers = port.getCustomersByName(name);
            } catch (NoSuchCustomerException e) {
                throw new AssertionError("call " + i + ": fault for " + name, e);
            }
            assertEquals(2, customers.size(), "call " + i);
            for (Customer c : customers) {
                assertEquals(name, c.getName(), "call " + i + ": the answer to another call?");
                assertEquals(List.of("Pine Street 200"), c.getAddress(), "call " + i);
                assertEquals(1, c.getNumOrders(), "call " + i);
                assertEquals(CustomerType.BUSINESS, c.getType(), "call " + i);
            }
        }
    }

    /** The sample's tester's customer. */
    private static Customer customer() {
        Customer c = new Customer();
        c.setName("Smith");
        c.getAddress().add("Pine Street 200");
        c.setNumOrders(1);
        c.setRevenue(10000);
        c.setType(CustomerType.BUSINESS);
        return c;
    }

    private static Map<String, Long> requests(JsonNode phases) {
        Map<String, Long> requests = new TreeMap<>();
        for (JsonNode op : phases.get("operations")) {
            requests.put(op.get("operation").asText(), op.get("requests").asLong());
        }
        return requests;
    }

    private static JsonNode operation(JsonNode phases, String name) {
        for (JsonNode op : phases.get("operations")) {
            if (op.get("operation").asText().equals(name)) {
                return op;
            }
        }
        throw new AssertionError("no operation " + name + ": " + summary(phases));
    }

    private static long backgroundSpans(JsonNode phases) {
        return phases.path("background").path("spans").asLong();
    }

    private static String summary(JsonNode phases) {
        return "operations " + requests(phases) + ", background spans " + backgroundSpans(phases) + " in phases "
                + phases.path("background").path("phases").properties().stream().map(Map.Entry::getKey).toList();
    }

    /** The figures, in target/ for whoever reads them (the build's output, not checked). */
    private static void keep(String name, JsonNode phases) {
        try {
            Files.writeString(Path.of("target", name + ".json"), phases.toPrettyString());
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
