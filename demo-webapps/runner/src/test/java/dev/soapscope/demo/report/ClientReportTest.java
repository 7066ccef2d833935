package dev.soapscope.demo.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.soapscope.demo.agent.AgentFigures;
import dev.soapscope.demo.agent.ClientFigures;
import dev.soapscope.demo.agent.HotspotSite;
import dev.soapscope.demo.agent.PhaseFigures;

/** The client side of client scenarios in every report: report.json's client object, the lines, the explanation. */
class ClientReportTest {

    /** 200 calls, {@code created} clients built per call, the client's wall and thread allocation per call. */
    private static ClientFigures client(double created, double wallUs, long allocBytes) {
        AgentFigures calls = new AgentFigures("client/x", 200, Map.of("success", 199L, "fault", 1L), 2000, Double.NaN,
                Double.NaN, 48_000, 200, 210, Map.of("wait", new PhaseFigures(1500, Double.NaN, Double.NaN, 0.75, 1000,
                200), "soap.parse", new PhaseFigures(500, Double.NaN, Double.NaN, 0.25, 20_000, 200)),
                Map.of("regex.compile", 2.0), List.of(new HotspotSite("regex.compile", "java.util.regex.Pattern.compile",
                        400, 2.0, List.of(), "org.apache.cxf.A.b(A.java:3)", false),
                        // an HTTP client built inside each call: in the calls' sites and in the creations alike
                        new HotspotSite("client.create", "HTTP client built", 200, 1.0, List.of(),
                                "org.apache.axis2.H.get(H.java:121)", false)));
        List<HotspotSite> creations = created == 0 ? List.of() : List.of(new HotspotSite("client.create",
                "JAX-WS Service built", Math.round(200 * created), created, List.of(),
                "dev.app.Caller.<init>(Caller.java:29)", false), new HotspotSite("client.create", "HTTP client built",
                200, 1.0, List.of(), "org.apache.axis2.H.get(H.java:121)", false));
        return new ClientFigures(calls, creations, wallUs, allocBytes);
    }

    private static ScenarioResult scenario(String name, ClientFigures client) {
        return Fixtures.result(name, 100, Double.NaN, 0, Fixtures.agent("{q}query", 200, "soap.parse", 300, 1000))
                .withClient(client);
    }

    private static Report clients() {
        return Fixtures.report(scenario("client/cxf-reuse", client(0, 6000, 48_000)),
                scenario("client/cxf-per-call", client(1, 14_500, 330_000)));
    }

    @Test
    void reportJsonCarriesEachClientObject() throws Exception {
        JsonNode scenarios = new ObjectMapper().readTree(JsonReport.render(clients())).path("scenarios");
        JsonNode perCall = scenarios.get(1).path("client");
        assertEquals(200, perCall.path("calls").asInt());
        assertEquals(1, perCall.path("errors").asInt(), "a fault is an error");
        assertEquals(2000, perCall.path("duration_us").path("mean").asDouble(), 0.01);
        assertTrue(perCall.path("duration_us").path("p50").isNull(), "unknown for the measured calls alone");
        assertEquals(0.75, perCall.path("phases").path("wait").path("share").asDouble(), 0.0001);
        assertEquals(20_000, perCall.path("phases").path("soap.parse").path("alloc_bytes").asLong());
        assertEquals(2.0, perCall.path("hotspots").path("client.create").asDouble(), 0.0001, "in calls or not");
        assertEquals(2.0, perCall.path("hotspots").path("regex.compile").asDouble(), 0.0001);
        assertEquals("dev.app.Caller.<init>(Caller.java:29)",
                perCall.path("hotspot_sites").get(0).path("caller").asText());
        int httpClients = 0;
        for (JsonNode site : perCall.path("hotspot_sites")) {
            httpClients += site.path("site").asText().equals("HTTP client built") ? 1 : 0;
        }
        assertEquals(1, httpClients, "a client built inside calls is listed once: " + perCall.path("hotspot_sites"));
        assertEquals(14_500, perCall.path("wall_us_per_call").asDouble(), 0.01, "the client's own, building included");
        assertEquals(330_000, perCall.path("thread_alloc_bytes_per_call").asLong());
        assertEquals(0.0, scenarios.get(0).path("client").path("hotspots").path("client.create").asDouble(), 0.0);
        JsonNode noClient = new ObjectMapper().readTree(JsonReport.render(Fixtures.payloadCaching()));
        assertTrue(noClient.path("scenarios").get(0).path("client").isNull(), "a load-driven scenario has none");
    }

    @Test
    void thePerCallScenarioIsExplainedAgainstItsReuseTwin() {
        List<String> lines = clients().explanation();
        assertTrue(lines.get(0).startsWith("cxf-reuse: one client for every call: 6.00 ms and 47 KB per call, "
                + "1.50 ms of it waiting for the server; client.create 0 per call"), lines.get(0));
        String perCall = lines.get(1);
        assertTrue(perCall.startsWith("cxf-per-call vs cxf-reuse: client.create 2.00 per call (1.00 JAX-WS Service "
                + "built at Caller.<init>(Caller.java:29); 1.00 HTTP client built at H.get(H.java:121)): +8.50 ms and "
                + "+275 KB per call"), perCall);
        // the stack's own advice, from the scenario's declaration
        assertTrue(perCall.contains("CXF's FAQ"), perCall);
    }

    @Test
    void everyWriterHasTheClientSide() {
        Report report = clients();
        String console = ConsoleTable.render(report);
        assertTrue(console.contains("the client side, per call"), console);
        assertTrue(console.contains("client/cxf-per-call: 200 calls, 1 failed, 2.00 ms each; 47 KB allocated per "
                + "call; wait 75% (1.50 ms), soap.parse 25% (500 us); hot spots per call: regex.compile 2.00 "
                + "(java.util.regex.Pattern.compile), client.create 1.00 (JAX-WS Service built)"), console);
        assertTrue(MarkdownReport.render(report).contains("## The client side, per call"));
        assertTrue(HtmlReport.render(report).contains("The client side, per call"));
        assertFalse(ConsoleTable.render(Fixtures.payloadCaching()).contains("the client side"));
    }
}
