package dev.soapscope.grafana;

import com.fasterxml.jackson.databind.JsonNode;
import dev.soapscope.testkit.AgentEndpoint;
import dev.soapscope.testkit.ForkedServer;
import dev.soapscope.testkit.Http;
import dev.soapscope.testkit.Soap;
import dev.soapscope.testkit.Wars;
import dev.soapscope.testkit.servlets.DownstreamCallingServlet;
import dev.soapscope.testkit.servlets.SaajFactoryPerRequestServlet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every query of the Grafana dashboard, run by a real Prometheus (Debian's package) that scrapes the agent in a forked
 * Tomcat serving the payload-caching WAR under load, and calling out (a service that makes a SOAP call for each
 * request, so the client panels have calls, phases and hot spots), returns data: first as the dashboard opens (every variable on
 * "All"), then with one job, one instance and two operations picked, interpolated as Grafana does. Each variable's
 * own query offers values too.
 */
class DashboardOnPrometheusIT {
    private static final Path AGENT = Path.of(System.getProperty("soapscope.test.agentJar", "../agent/target/soapscope-agent.jar"));
    private static final Path WEBAPPS = Path.of(System.getProperty("soapscope.test.webapps", "target/webapps"));
    private static final Path PROMETHEUS_DIR = Path.of(System.getProperty("soapscope.test.prometheusDir", "target/prometheus"));

    private static final Duration SCRAPE_INTERVAL = Duration.ofSeconds(1);
    /** Scrapes that have seen requests before the queries run: a 10 s rate window then holds several samples. */
    private static final int SCRAPES_UNDER_LOAD = 8;
    /**
     * Grafana's own variables as Grafana would fill them for the last 20 s at a 2 s step with this scrape interval
     * ({@code $__rate_interval} is at least four scrape intervals).
     */
    private static final Duration RANGE = Duration.ofSeconds(20);
    private static final Duration STEP = Duration.ofSeconds(2);
    private static final Map<String, String> BUILT_INS = Map.of("__rate_interval", "10s", "__range", "20s", "__interval", "2s");

    /** The WAR's Spring-WS dispatchers; each request is named by its SOAPAction (dots: escaped when picked). */
    private static final String[] SCENARIOS = {"saaj", "axiom-caching", "axiom-streaming", "logging-debug", "validation-on"};
    private static final String ACTION = "urn:soapscope:orders.";

    @TempDir
    static Path webapp;

    @Test
    void everyPanelQueryReturnsDataFromAnAgentUnderLoad() throws Exception {
        Prometheus.executable(); // before a server starts: a missing package fails at once, saying which
        Wars.explode(WEBAPPS.resolve("payload-caching.war"), webapp);
        try (ForkedServer server = ForkedServer.tomcat().webapp(webapp).javaagent(AGENT, "port=0")
                .servlet(SaajFactoryPerRequestServlet.class, "/echo")
                .servlet(DownstreamCallingServlet.class, "/front").start();
             Load load = new Load(server);
             Prometheus prometheus = Prometheus.start(PROMETHEUS_DIR, AgentEndpoint.of(server).uri(""), SCRAPE_INTERVAL)) {
            awaitScrapesUnderLoad(prometheus);
            Dashboard dashboard = Dashboard.load();
            List<String> failures = new ArrayList<>();

            Map<String, String> all = new LinkedHashMap<>(BUILT_INS);
            Map<String, String> picked = new LinkedHashMap<>(BUILT_INS);
            for (Dashboard.Variable v : dashboard.variables()) {
                List<String> offered = prometheus.labelValues(v.label(), Dashboard.interpolate(v.selector(), all));
                List<String> offeredWhenPicked = prometheus.labelValues(v.label(), Dashboard.interpolate(v.selector(), picked));
                assertTrue(!offered.isEmpty() && offered.equals(offeredWhenPicked), "variable " + v.name() + " offers "
                        + offered + " on All, " + offeredWhenPicked + " with " + picked);
                all.put(v.name(), v.allValue());
                picked.put(v.name(), Dashboard.multiValue(pick(v.name(), offered)));
            }

            for (Map<String, String> values : List.of(all, picked)) {
                Instant end = Instant.now();
                for (Dashboard.Query q : dashboard.queries()) {
                    String expr = Dashboard.interpolate(q.expr(), values);
                    JsonNode data = q.instant() ? prometheus.query(expr) : prometheus.queryRange(expr, end.minus(RANGE), end, STEP);
                    if (!Prometheus.hasFiniteValue(data)) {
                        failures.add(q + " returned no number: " + expr + "\n  " + data);
                    }
                }
            }
            assertTrue(failures.isEmpty(), String.join("\n", failures));
            load.assertAnswered();
        }
    }

    /** The one job and instance (the agent scraped) and two of the operations: several values, as Grafana joins them. */
    private static List<String> pick(String variable, List<String> offered) {
        if (!variable.equals("operation")) {
            assertEquals(1, offered.size(), variable + " offers " + offered);
            return offered;
        }
        for (String scenario : SCENARIOS) {
            assertTrue(offered.contains(ACTION + scenario), "operation does not offer " + ACTION + scenario + ": " + offered);
        }
        return List.of(ACTION + "saaj", ACTION + "logging-debug");
    }

    private static void awaitScrapesUnderLoad(Prometheus prometheus) throws InterruptedException {
        String samples = "min(count_over_time(soapscope_request_duration_seconds_count[1m]))";
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (System.nanoTime() < deadline) {
            JsonNode result = prometheus.query(samples).path("result");
            if (result.size() == 1 && result.get(0).path("value").get(1).asDouble() >= SCRAPES_UNDER_LOAD) {
                return;
            }
            Thread.sleep(500);
        }
        throw new AssertionError("Prometheus did not scrape the agent " + SCRAPES_UNDER_LOAD + " times in 60 s: "
                + prometheus.query("up") + "\n" + prometheus.log());
    }

    /**
     * Requests to every scenario in a loop on one thread until closed, with a schema-invalid order to
     * {@code validation-on} in each round: its SOAP fault (HTTP 500) gives the outcome and error panels a second outcome.
     */
    private static final class Load implements AutoCloseable {
        private final ForkedServer server;
        private final AtomicBoolean running = new AtomicBoolean(true);
        private final Queue<String> unexpected = new ConcurrentLinkedQueue<>();
        private final Thread thread;
        private volatile int rounds;

        Load(ForkedServer server) {
            this.server = server;
            this.thread = new Thread(this::run, "load");
            thread.setDaemon(true);
            thread.start();
        }

        private void run() {
            while (running.get()) {
                for (String scenario : SCENARIOS) {
                    post(scenario, "ORD-" + rounds, 200);
                }
                post("validation-on", "BAD-" + rounds, 500);
                callOut();
                rounds++;
                try {
                    Thread.sleep(20); // two shared cores: leave room for Prometheus and the queries
                } catch (InterruptedException e) {
                    return;
                }
            }
        }

        private void post(String scenario, String orderId, int expectedStatus) {
            try {
                Http.Response r = Http.post(server.uri("/" + scenario + "/orders"), order(orderId), Soap.CONTENT_TYPE,
                        Map.of("SOAPAction", "\"" + ACTION + scenario + "\""));
                if (r.status() != expectedStatus) {
                    unexpected.add(scenario + " " + orderId + ": " + r);
                }
            } catch (RuntimeException e) {
                if (running.get()) {
                    unexpected.add(scenario + " " + orderId + ": " + e);
                }
            }
        }

        /** One request to the service that calls the echo: one SOAP call this JVM makes. */
        private void callOut() {
            try {
                Http.Response r = Http.post(server.uri("/front"), "<front/>", Soap.CONTENT_TYPE, Map.of());
                if (r.status() != 200) {
                    unexpected.add("front: " + r);
                }
            } catch (RuntimeException e) {
                if (running.get()) {
                    unexpected.add("front: " + e);
                }
            }
        }

        void assertAnswered() {
            assertTrue(rounds >= SCRAPES_UNDER_LOAD, "rounds of load: " + rounds);
            assertTrue(unexpected.isEmpty(), unexpected.size() + " unexpected answers, the first: " + unexpected.peek());
        }

        @Override
        public void close() throws InterruptedException {
            running.set(false);
            thread.join(15_000);
        }
    }

    /** An order of 20 lines the WAR's schema accepts when its id is {@code ORD-<digits>}. */
    private static String order(String orderId) {
        StringBuilder xml = new StringBuilder("<soapenv:Envelope xmlns:soapenv=\"http://schemas.xmlsoap.org/soap/envelope/\">")
                .append("<soapenv:Body><ord:orderRequest xmlns:ord=\"urn:soapscope:demo:orders\">")
                .append("<ord:orderId>").append(orderId).append("</ord:orderId>")
                .append("<ord:customer><ord:name>Ada Lovelace</ord:name><ord:email>ada@example.org</ord:email>")
                .append("<ord:street>12 St James's Square</ord:street><ord:city>London</ord:city>")
                .append("<ord:country>GB</ord:country></ord:customer>");
        for (int i = 1; i <= 20; i++) {
            xml.append("<ord:line><ord:sku>SKU-").append(10000 + i).append("</ord:sku>")
                    .append("<ord:description>Item ").append(i).append("</ord:description>")
                    .append("<ord:quantity>").append(1 + i % 7).append("</ord:quantity>")
                    .append("<ord:unitPrice>1.25</ord:unitPrice></ord:line>");
        }
        return xml.append("</ord:orderRequest></soapenv:Body></soapenv:Envelope>").toString();
    }
}
