package dev.soapscope.demo.cxfdispatch;

import com.fasterxml.jackson.databind.JsonNode;
import dev.soapscope.demo.cxfdispatch.DispatchDriver.Call;
import dev.soapscope.testkit.AgentEndpoint;
import dev.soapscope.testkit.ForkedClient;
import dev.soapscope.testkit.Http;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

import javax.xml.parsers.DocumentBuilderFactory;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * CXF's own jaxws_dispatch_provider sample, unmodified: its server ({@code demo.hwDispatch.server.Server}: three
 * Provider endpoints published with {@code Endpoint.publish} on port 9000, CXF 4.2.3 on Jetty 12) runs without the
 * agent; its client's Dispatch calls run in a client JVM under the agent, each of the sample's three kinds in a JVM of
 * its own (so that each is seen alone, as all three name the same operation), then all three in the sample's order,
 * then the sample's own {@code Client} main once. Every call must be counted once, under the operation its payload
 * invokes (the WSDL operation whose input is the SOAP body's first element, as the service names it), never under CXF's
 * own {@code {http://cxf.apache.org/jaxws/dispatch}Invoke}, with at least 90% of its time in named phases and none of
 * its work left as background work.
 */
class CxfDispatchSampleUnderAgentIT {
    /** The sample's addresses (its Server and its WSDL's soap:address): port 9000, hard-coded. */
    private static final URI SERVICE1 = URI.create("http://localhost:9000/SoapContext/SoapPort1");
    private static final int PORT = SERVICE1.getPort();
    private static final String PEER = "localhost:" + PORT;
    /** What CXF names a Dispatch call itself: the operations of its Dispatch's own service model. */
    private static final String DISPATCH_NS = "{http://cxf.apache.org/jaxws/dispatch}";
    private static final Set<String> DISPATCH_OWN = Set.of(DISPATCH_NS + "Invoke", DISPATCH_NS + "InvokeOneWay");
    /** The root of the body of each of the sample's GreetMeDocLiteralReq1..3.xml (checked against the files). */
    private static final String GREET_ME = "{http://apache.org/hello_world_soap_http/types}greetMe";
    /**
     * The WSDL operation whose input is that element (checked against the sample's WSDL): what the service names the
     * operation, and so what each Dispatch call is named.
     */
    private static final String GREET_ME_OPERATION = "{http://apache.org/hello_world_soap_http}greetMe";
    private static final int WARM_UP_ROUNDS = 20;
    private static final int ROUNDS = 50;
    private static final double MAX_OTHER_SHARE = 0.10;
    /**
     * Background spans per measured call, at most, beyond those of the application's own work around the calls: "far
     * below one". The sample builds each request with SAAJ before it calls (MessageFactory.createMessage, and for the
     * payload call getSOAPBody().extractContentAsDocument()): work outside any call, which the agent rightly counts
     * as background (soap.parse spans: one per SOAPMessage or DOMSource-message request, two per payload request).
     * The driver builds as many requests again without sending them (its control stage); what the calls leave in
     * the background is the measured stage's growth minus the control's. Measured here: 0 for every kind (a Dispatch
     * call's work, including CXF's parsing of the answer, runs on the caller's thread inside ClientImpl#doInvoke).
     * The bound leaves room for a stray span per 50 calls.
     */
    private static final double MAX_BACKGROUND_SPANS_PER_CALL = 0.02;

    /** What one client JVM calls each round. */
    enum Run {
        SOAP_MESSAGE(Call.SOAP_MESSAGE),
        DOM_SOURCE_MESSAGE(Call.DOM_SOURCE_MESSAGE),
        DOM_SOURCE_PAYLOAD(Call.DOM_SOURCE_PAYLOAD),
        /** The sample client's three calls, in its order, each round. */
        SAMPLE_SEQUENCE(Call.SOAP_MESSAGE, Call.DOM_SOURCE_MESSAGE, Call.DOM_SOURCE_PAYLOAD),
        /**
         * Asynchronous: {@code invokeAsync} taken with {@code Future.get}, then with an {@code AsyncHandler}. CXF 4's
         * default conduit (java.net.http) receives the answer on its own threads and CXF reads it on its work queue's:
         * each call is still one call, its answer's reading in it, ending when the answer is handed over.
         */
        ASYNCHRONOUS(Call.SOAP_MESSAGE_FUTURE, Call.DOM_SOURCE_PAYLOAD_HANDLER);

        final List<Call> calls;

        Run(Call... calls) {
            this.calls = List.of(calls);
        }
    }

    private static ForkedClient server;

    @ParameterizedTest(name = "{0}")
    @EnumSource(Run.class)
    void everyDispatchCallIsCountedOnceUnderTheOperationItsPayloadInvokes(Run run, @TempDir Path tmp) throws Exception {
        Map<String, Long> expected = new TreeMap<>();
        for (Call call : run.calls) {
            assertEquals(GREET_ME, payloadRoot(call), call.request);
            expected.merge(GREET_ME_OPERATION, (long) (WARM_UP_ROUNDS + ROUNDS), Long::sum);
        }
        long made = (long) (WARM_UP_ROUNDS + ROUNDS) * run.calls.size();
        long measured = (long) ROUNDS * run.calls.size();
        ensureServer();
        Path go = tmp.resolve("go");
        ForkedClient client = ForkedClient.main(DispatchDriver.class.getName())
                .classpath(classpath(true))
                .agentUnderTest(null)
                .args(String.join(",", run.calls.stream().map(Enum::name).toList()), wsdl(),
                        String.valueOf(WARM_UP_ROUNDS), String.valueOf(ROUNDS), go.toString())
                .start();
        try {
            AgentEndpoint agent = client.agent();
            client.await(DispatchDriver.WARM, Duration.ofSeconds(120));
            JsonNode warm = agent.phases();
            Files.createFile(tmp.resolve("go.control"));
            client.await(DispatchDriver.CONTROL, Duration.ofSeconds(120));
            JsonNode control = agent.phases();
            Files.createFile(go);
            client.await(DispatchDriver.DONE + ": " + made + " calls", Duration.ofSeconds(180));
            JsonNode done = agent.phases();
            keep(run, done, agent.hotspots());
            long applicationSpans = backgroundSpans(control) - backgroundSpans(warm);
            long callSpans = backgroundSpans(done) - backgroundSpans(control) - applicationSpans;
            report(run, made, warm, control, done);

            JsonNode clients = done.get("clients");
            assertNotNull(clients, () -> "no clients in " + done.toPrettyString());
            List<Executable> checks = new ArrayList<>();
            checks.add(() -> assertEquals(made, sum(clients), "calls counted (sum of requests) vs made: " + rows(clients)));
            checks.add(() -> {
                for (JsonNode entry : clients) {
                    assertFalse(DISPATCH_OWN.contains(entry.get("operation").asText()),
                            "named by CXF's Dispatch, not by its payload: " + rows(clients));
                }
            });
            for (Map.Entry<String, Long> e : expected.entrySet()) {
                checks.add(() -> {
                    JsonNode entry = entry(clients, e.getKey());
                    assertNotNull(entry, "no client call " + e.getKey() + ": " + rows(clients));
                    assertEquals(e.getValue(), entry.get("requests").asLong(), e.getKey() + ": " + rows(clients));
                });
            }
            // the rest holds whatever the calls are named
            for (JsonNode entry : clients) {
                String op = entry.get("operation").asText();
                checks.add(() -> assertEquals(PEER, entry.get("peer").asText(), op));
                checks.add(() -> assertEquals(entry.get("requests").asLong(),
                        entry.path("outcomes").path("success").asLong(), op + " outcomes: " + entry.get("outcomes")));
                // over the measured calls: a JVM's first calls (class loading, CXF's first service model) are cold
                checks.add(() -> assertTrue(otherShareAfter(warm, entry) <= MAX_OTHER_SHARE,
                        op + ": other's share after the warm-up " + otherShareAfter(warm, entry) + " > " + MAX_OTHER_SHARE
                                + ": " + entry.get("phases")));
            }
            checks.add(() -> assertTrue(callSpans <= MAX_BACKGROUND_SPANS_PER_CALL * measured, "background spans: "
                    + backgroundSpans(warm) + " after the warm-up, " + backgroundSpans(control) + " after building "
                    + measured + " requests without sending them, " + backgroundSpans(done) + " after " + measured
                    + " calls: the calls left " + callSpans + " in the background: " + done.get("background")));
            checks.add(() -> assertEquals(0, done.path("operations").size(),
                    "a client JVM serves no request: " + done.get("operations")));
            assertAll(run.name(), checks);
        } finally {
            client.close();
        }
    }

    /** The sample's own Client main, unmodified: its three calls, then System.exit; the run directory keeps /phases. */
    @Test
    void theSamplesOwnClientMainNamesItsThreeCallsByTheirPayload(@TempDir Path run) throws Exception {
        ensureServer();
        ForkedClient client = ForkedClient.main("demo.hwDispatch.client.Client")
                .classpath(classpath(false))
                .agentUnderTest("profiler=cpu,profiler.dir=" + run)
                .args(wsdl())
                .start();
        client.await("Hi Heron", Duration.ofSeconds(120));
        client.close();
        assertFalse(client.isAlive(), "the sample's client ends by itself");
        JsonNode phases = AgentEndpoint.phasesIn(run, client.output());
        JsonNode clients = phases.get("clients");
        System.out.println("[cxf-dispatch] the sample's Client main: " + rows(clients));
        assertAll("Client.main",
                () -> assertEquals(3, sum(clients), rows(clients).toString()),
                () -> {
                    JsonNode entry = entry(clients, GREET_ME_OPERATION);
                    assertNotNull(entry, "no client call " + GREET_ME_OPERATION + ": " + rows(clients));
                    assertEquals(3, entry.get("requests").asLong(), rows(clients).toString());
                },
                () -> clients.forEach(entry -> assertFalse(DISPATCH_OWN.contains(entry.get("operation").asText()),
                        "named by CXF's Dispatch: " + rows(clients))));
    }

    /** Each of the sample's request files has greetMe at the root of its body, the input of the WSDL's greetMe. */
    @Test
    void theSamplesRequestsInvokeGreetMe() throws Exception {
        for (Call call : Call.values()) {
            assertEquals(GREET_ME, payloadRoot(call), call.request);
        }
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setNamespaceAware(true);
        Document wsdl = f.newDocumentBuilder().parse(new File(wsdl()));
        String wsdlNs = "http://schemas.xmlsoap.org/wsdl/";
        String tns = wsdl.getDocumentElement().getAttribute("targetNamespace");
        org.w3c.dom.NodeList ops = wsdl.getElementsByTagNameNS(wsdlNs, "operation");
        String input = null;
        for (int i = 0; i < ops.getLength() && input == null; i++) {
            Element op = (Element) ops.item(i);
            if (op.getParentNode().getLocalName().equals("portType") && ("{" + tns + "}" + op.getAttribute("name")).equals(GREET_ME_OPERATION)) {
                input = ((Element) op.getElementsByTagNameNS(wsdlNs, "input").item(0)).getAttribute("message");
            }
        }
        assertNotNull(input, "no portType operation " + GREET_ME_OPERATION);
        org.w3c.dom.NodeList messages = wsdl.getElementsByTagNameNS(wsdlNs, "message");
        for (int i = 0; i < messages.getLength(); i++) {
            Element message = (Element) messages.item(i);
            if (input.endsWith(":" + message.getAttribute("name"))) {
                String element = ((Element) message.getElementsByTagNameNS(wsdlNs, "part").item(0)).getAttribute("element");
                String prefix = element.substring(0, element.indexOf(':'));
                assertEquals(GREET_ME, "{" + message.lookupNamespaceURI(prefix) + "}" + element.substring(prefix.length() + 1));
                return;
            }
        }
        throw new AssertionError("no message " + input);
    }

    @AfterAll
    static void stopServer() throws Exception {
        if (server == null) {
            return;
        }
        server.end();
        server = null;
    }

    // ---------------------------------------------------------------------------------------------------------------
    // the sample's server, without the agent

    /** Starts the sample's server unless it runs (it exits by itself 5 minutes after its start). */
    private static void ensureServer() throws Exception {
        if (server != null && server.isAlive()) {
            return;
        }
        if (server != null) {
            server.close();
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (listening()) {
            assertFalse(System.nanoTime() > deadline,
                    "something listens on port " + PORT + " already, which the sample hard-codes");
            Thread.sleep(200);
        }
        server = ForkedClient.main("demo.hwDispatch.server.Server").classpath(classpath(false)).start();
        server.await("Server ready...", Duration.ofSeconds(120));
        deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (true) {
            try {
                Http.Response r = Http.get(URI.create(SERVICE1 + "?wsdl"));
                assertEquals(200, r.status(), () -> "GET ?wsdl: " + r);
                return;
            } catch (UncheckedIOException e) {
                if (System.nanoTime() > deadline || !server.isAlive()) {
                    fail("port " + PORT + " does not answer: " + e + "\n" + server.output());
                }
                Thread.sleep(100);
            }
        }
    }

    private static boolean listening() {
        return Http.listening("localhost", PORT);
    }

    /** The sample's classes and resources, its run-time jars, and with {@code driver} our test classes. */
    private static Path[] classpath(boolean driver) throws Exception {
        List<Path> entries = new ArrayList<>();
        entries.add(Path.of(System.getProperty("cxf.sample.classes", "target/classes")));
        if (driver) {
            entries.add(Path.of(DispatchDriver.class.getProtectionDomain().getCodeSource().getLocation().toURI()));
        }
        Path file = Path.of(System.getProperty("cxf.sample.classpath", "target/classpath.txt"));
        assertTrue(Files.isRegularFile(file), file + " is missing: mvn verify writes it (dependency:build-classpath)");
        for (String jar : Files.readString(file).trim().split(File.pathSeparator)) {
            entries.add(Path.of(jar));
        }
        return entries.toArray(new Path[0]);
    }

    /** The WSDL file the sample's pom passes its client. */
    private static String wsdl() {
        Path wsdl = Path.of(System.getProperty("cxf.sample.wsdl",
                "target/sample/apache-cxf-4.1.5/samples/jaxws_dispatch_provider/src/main/resources/hello_world.wsdl"));
        assertTrue(Files.isRegularFile(wsdl), wsdl + " is missing");
        return wsdl.toAbsolutePath().toString();
    }

    // ---------------------------------------------------------------------------------------------------------------
    // expected names and /phases

    /** {@code {namespace}local} of the first element in the SOAP body of the sample's request file for a call. */
    static String payloadRoot(Call call) throws Exception {
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setNamespaceAware(true);
        Document doc;
        try (InputStream in = DispatchDriver.class.getResourceAsStream(call.request)) {
            assertNotNull(in, call.request + " is not on the test class path");
            doc = f.newDocumentBuilder().parse(in);
        }
        Element envelope = doc.getDocumentElement();
        assertEquals("Envelope", envelope.getLocalName());
        assertEquals("http://schemas.xmlsoap.org/soap/envelope/", envelope.getNamespaceURI(), "SOAP 1.1");
        Element body = firstElement(envelope);
        assertEquals("Body", body.getLocalName(), "no header: the body comes first");
        Element root = firstElement(body);
        return "{" + root.getNamespaceURI() + "}" + root.getLocalName();
    }

    private static Element firstElement(Element parent) {
        for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e) {
                return e;
            }
        }
        throw new AssertionError("no element in " + parent.getLocalName());
    }

    private static JsonNode entry(JsonNode clients, String operation) {
        for (JsonNode entry : clients) {
            if (entry.get("operation").asText().equals(operation)) {
                return entry;
            }
        }
        return null;
    }

    private static long sum(JsonNode clients) {
        long n = 0;
        for (JsonNode entry : clients) {
            n += entry.get("requests").asLong();
        }
        return n;
    }

    /** operation @ peer = requests, per client row. */
    private static Map<String, Long> rows(JsonNode clients) {
        Map<String, Long> rows = new LinkedHashMap<>();
        if (clients != null) {
            clients.forEach(e -> rows.put(e.get("operation").asText() + " @ " + e.path("peer").asText(),
                    e.get("requests").asLong()));
        }
        return rows;
    }

    /** Other's share of a client entry's time since {@code warm} (all of it when the entry is new since). */
    private static double otherShareAfter(JsonNode warm, JsonNode entry) {
        JsonNode before = entry(warm.get("clients"), entry.get("operation").asText());
        if (before == null) {
            return AgentEndpoint.otherShare(entry);
        }
        Map<String, Double> spent = AgentEndpoint.selfMicrosBetween(before, entry);
        double total = spent.values().stream().mapToDouble(Double::doubleValue).sum();
        return total <= 0 ? 1 : spent.getOrDefault("other", 0.0) / total;
    }

    private static long backgroundSpans(JsonNode phases) {
        return phases.path("background").path("spans").asLong(0);
    }

    private static void report(Run run, long made, JsonNode warm, JsonNode control, JsonNode done) {
        StringBuilder s = new StringBuilder("[cxf-dispatch] " + run + " " + run.calls + ": made " + made + "; counted "
                + rows(done.get("clients")));
        for (JsonNode entry : done.get("clients")) {
            String op = entry.get("operation").asText();
            s.append("; ").append(op).append(String.format(": other's share %.4f", AgentEndpoint.otherShare(entry)));
            JsonNode before = entry(warm.get("clients"), op);
            if (before != null) {
                Map<String, Double> spent = AgentEndpoint.selfMicrosBetween(before, entry);
                double total = spent.values().stream().mapToDouble(Double::doubleValue).sum();
                s.append(String.format(" (%.4f after the warm-up)", total <= 0 ? 1 : spent.getOrDefault("other", 0.0) / total));
            }
            s.append(", outcomes ").append(entry.get("outcomes")).append(", phases ");
            List<String> phases = new ArrayList<>();
            entry.get("phases").fields().forEachRemaining(p -> phases.add(
                    p.getKey() + "=" + String.format("%.3f", p.getValue().path("share").asDouble())));
            s.append(phases);
        }
        s.append("; background spans ").append(backgroundSpans(warm)).append(" after the warm-up, ")
                .append(backgroundSpans(control)).append(" after the control (requests built, not sent), ")
                .append(backgroundSpans(done)).append(" after the measured calls; operations served ")
                .append(done.path("operations").size());
        System.out.println(s);
    }

    /** What the client's agent said, in target/ for whoever reads the figures (the build's output, not checked). */
    private static void keep(Run run, JsonNode phases, JsonNode hotspots) {
        try {
            Files.writeString(Path.of("target", "client-" + run + "-phases.json"), phases.toPrettyString());
            Files.writeString(Path.of("target", "client-" + run + "-hotspots.json"), hotspots.toPrettyString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
