package dev.soapscope.demo.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

class ScenariosTest {

    private static List<String> names(List<Scenario> scenarios) {
        return scenarios.stream().map(Scenario::name).toList();
    }

    @Test
    void pairsForDifferentialFlameGraphsAreKnownScenariosOfOneGroup() {
        assertEquals(List.of(new Scenarios.Pair("payload-caching/axiom-caching", "payload-caching/axiom-streaming"),
                new Scenarios.Pair("mtom/base64", "mtom/mtom"), new Scenarios.Pair("mtom-echo/base64", "mtom-echo/mtom"),
                new Scenarios.Pair("ws-security/crypto-per-request", "ws-security/crypto-cached"),
                new Scenarios.Pair("axis1/logging-handler", "axis1/plain"),
                new Scenarios.Pair("logging/debug", "logging/info", "logging", "message.logged"),
                new Scenarios.Pair("validation/on", "validation/off", "validation", null),
                new Scenarios.Pair("rampart/crypto-per-request", "rampart/crypto-cached", "security", "crypto.load",
                        "soap.conversion", Scenarios.RAMPART_CLASSIC)), Scenarios.pairs());
        assertEquals(Scenarios.pairs().get(5), Scenarios.Pair.of("logging/info", "logging/debug"));
        assertEquals(null, Scenarios.Pair.of("logging/info", "validation/on"));
        for (Scenarios.Pair pair : Scenarios.pairs()) {
            Scenario current = Scenarios.select(List.of(pair.current())).get(0);
            Scenario baseline = Scenarios.select(List.of(pair.baseline())).get(0);
            assertEquals(current.group(), baseline.group(), pair.toString());
        }
    }

    @Test
    void registryHoldsThePayloadCachingScenariosWithTheirClassicFigures() {
        List<Scenario> all = Scenarios.all().subList(0, 3);
        assertEquals(List.of("payload-caching/saaj", "payload-caching/axiom-caching", "payload-caching/axiom-streaming"),
                names(all));
        assertEquals(List.of("/saaj/orders", "/axiom-caching/orders", "/axiom-streaming/orders"),
                all.stream().map(Scenario::path).toList());
        assertEquals(List.of(34.35, 31.02, 182.22), all.stream().map(Scenario::classicRps).toList());
        assertTrue(all.stream().allMatch(s -> s.webapp() == Webapp.PAYLOAD_CACHING && !s.isWorkload()));
        assertEquals("urn:soapscope:demo:payload-caching/saaj", all.get(0).soapAction());
        assertEquals("payload-caching", all.get(0).group());
        assertEquals("saaj", all.get(0).shortName());
        assertEquals("urn:soapscope:demo:warmup", Scenario.WARMUP_ACTION);
    }

    @Test
    void registryHoldsTheMtomScenariosBase64FirstWithTheClassicFetchFigures() {
        List<Scenario> mtom = Scenarios.all().subList(3, 14);
        assertEquals(List.of("mtom/base64", "mtom/mtom", "mtom/jaxrs", "mtom/metro", "mtom/metro-mtom", "mtom/spring-ws",
                "mtom/axis2", "mtom/axis2-mtom", "mtom/axis1", "mtom-echo/mtom", "mtom-echo/base64"), names(mtom));
        assertEquals(List.of(Webapp.MTOM, Webapp.MTOM, Webapp.MTOM, Webapp.MTOM_METRO, Webapp.MTOM_METRO,
                Webapp.MTOM_SPRING_WS, Webapp.MTOM_AXIS2, Webapp.MTOM_AXIS2, Webapp.MTOM_AXIS1, Webapp.MTOM, Webapp.MTOM),
                mtom.stream().map(Scenario::webapp).toList());
        assertTrue(mtom.stream().allMatch(Scenario::isWorkload));
        assertEquals(List.of("/mtom/services/query", "/mtom/services/query-mtom", "/mtom",
                "/mtom-metro/services/query", "/mtom-metro/services/query-mtom", "/mtom-spring-ws/services/query",
                "/mtom-axis2/services/query", "/mtom-axis2/services/query-mtom", "/mtom-axis1/services/query",
                "/mtom/services/echo-mtom", "/mtom/services/echo"),
                mtom.stream().map(Scenario::path).toList());
        assertEquals(List.of("fetch", "fetch", "fetch", "fetch", "fetch", "fetch", "fetch", "fetch", "fetch", "echo", "echo"),
                mtom.stream().map(s -> s.workload().kind()).toList());
        assertEquals(java.util.Map.of(10, 11.8, 100, 3.5, 1000, 2.3, 100000, 2.6), mtom.get(0).classicSeconds());
        assertEquals(java.util.Map.of(10, 13.0, 100, 3.2, 1000, 2.0, 100000, 2.0), mtom.get(1).classicSeconds());
        assertEquals(java.util.Map.of(10, 12.4, 100, 3.0, 1000, 1.7, 100000, 1.4), mtom.get(2).classicSeconds());
        assertEquals("urn:soapscope:demo:mtom/jaxrs", mtom.get(2).soapAction());
        assertThrows(IllegalStateException.class, () -> mtom.get(0).prepare(1));
        // CXF's requests are named by their SOAPAction, Metro's by the WSDL operation it dispatched them to
        assertEquals(List.of(), mtom.get(0).dispatched());
        for (Scenario metro : mtom.subList(3, 5)) {
            assertEquals(List.of("{urn:soapscope:demo:query}query", "{urn:soapscope:demo:query}getNTuples"),
                    metro.dispatched());
            assertEquals(metro.dispatched(), metro.operations());
            assertTrue(metro.sharesOperationWithWarmup());
            assertEquals(Scenario.WARMUP_ACTION, metro.warmupAction(), "Metro takes any SOAPAction: the runner's labels");
            assertEquals("urn:soapscope:demo:" + metro.name(), metro.soapAction());
            assertEquals(Map.of(), metro.classicSeconds(), "the classic benchmark had no Metro column");
        }
        // Axis2's by the service and operation it dispatched them to; the classic Axis2 1.5 column was base64
        assertEquals(List.of("query.query", "query.getNTuples"), mtom.get(6).dispatched());
        assertEquals(List.of("query-mtom.query", "query-mtom.getNTuples"), mtom.get(7).dispatched());
        assertEquals(java.util.Map.of(10, 27.0, 100, 5.8, 1000, 3.2, 100000, 3.3), mtom.get(6).classicSeconds());
        assertEquals(Map.of(), mtom.get(7).classicSeconds());
        assertEquals(Container.TOMCAT_9, Webapp.MTOM_AXIS2.container());
        // Axis 1.4: named by SOAPAction, on Tomcat 9, the classic table's first column
        assertEquals(List.of(), mtom.get(8).dispatched());
        assertEquals(Container.TOMCAT_9, mtom.get(8).webapp().container());
        assertEquals(java.util.Map.of(10, 19.7, 100, 4.9, 1000, 3.4, 100000, 3.8), mtom.get(8).classicSeconds());
        // Spring-WS: answers the JAX-WS client, named by SOAPAction; no classic column
        assertEquals(List.of(), mtom.get(5).dispatched());
        assertEquals(Map.of(), mtom.get(5).classicSeconds());
    }

    @Test
    void rampartScenariosSendTheActionAxis2DispatchesOnAndAreCountedUnderItsOperation() {
        List<Scenario> rampart = Scenarios.select(List.of("rampart"));
        assertEquals(List.of("rampart/crypto-cached", "rampart/crypto-per-request"), names(rampart));
        assertEquals(List.of("/rampart/services/crypto-cached", "/rampart/services/crypto-per-request"),
                rampart.stream().map(Scenario::path).toList());
        for (Scenario s : rampart) {
            assertEquals(Webapp.RAMPART, s.webapp());
            assertEquals(Container.TOMCAT_9, s.webapp().container());
            // Rampart runs only when Axis2 found the operation from the SOAPAction, so the warm-up sends it too
            assertEquals("urn:getQuote", s.soapAction());
            assertEquals("urn:getQuote", s.warmupAction());
            assertTrue(s.sharesOperationWithWarmup());
        }
        assertEquals(List.of(List.of("crypto-cached.getQuote"), List.of("crypto-per-request.getQuote")),
                rampart.stream().map(Scenario::operations).toList());
        Scenario saaj = Scenarios.all().get(0);
        assertEquals(Scenario.WARMUP_ACTION, saaj.warmupAction());
        assertEquals(List.of(saaj.soapAction()), saaj.operations());
        assertEquals(List.of(), saaj.dispatched());
        assertTrue(!saaj.sharesOperationWithWarmup());
    }

    @Test
    void registryHoldsTheLoggingAndValidationPairsOnThePayloadCachingWarTheLeanWayFirst() {
        List<Scenario> pairs = Scenarios.select(List.of("logging", "validation"));
        assertEquals(List.of("logging/info", "logging/debug", "validation/off", "validation/on"), names(pairs));
        assertEquals(List.of("/logging-info/orders", "/logging-debug/orders", "/validation-off/orders",
                "/validation-on/orders"), pairs.stream().map(Scenario::path).toList());
        assertTrue(pairs.stream().allMatch(s -> s.webapp() == Webapp.PAYLOAD_CACHING && !s.isWorkload()
                && Double.isNaN(s.classicRps())));
    }

    @Test
    void registryHoldsTheWsSecurityAndAxis1ScenariosTheLeanWayFirst() {
        List<Scenario> rest = Scenarios.all().subList(14, 18);
        assertEquals(List.of("ws-security/crypto-cached", "ws-security/crypto-per-request", "axis1/plain",
                "axis1/logging-handler"), names(rest));
        assertEquals(List.of("/ws-security/services/crypto-cached", "/ws-security/services/crypto-per-request",
                "/axis1/services/plain", "/axis1/services/logging"), rest.stream().map(Scenario::path).toList());
        assertEquals(List.of(Webapp.WS_SECURITY, Webapp.WS_SECURITY, Webapp.AXIS1, Webapp.AXIS1),
                rest.stream().map(Scenario::webapp).toList());
        assertTrue(rest.stream().noneMatch(Scenario::isWorkload));
        assertEquals(Container.TOMCAT_9, Webapp.AXIS1.container());
        // the load driver's concurrency, unless the stack cannot take it
        assertEquals(16, rest.get(0).concurrency(16));
        assertEquals(1, rest.get(2).concurrency(16));
        assertEquals(1, rest.get(3).concurrency(1));
        assertTrue(rest.get(3).description().contains(Scenarios.AXIS1_CONCURRENCY_NOTE));
    }

    @Test
    void theSignedAndTheAxisRequestsAreCheckedByTheirOwnValidators() {
        for (Scenario s : Scenarios.select(List.of("ws-security", "axis1"))) {
            PreparedRequest request = s.prepare(1).get(0);
            assertTrue(request.body().length > 1000, s.name());
            assertTrue(request.check().problem(200, "<x/>".getBytes()) != null, s.name() + " accepts a non-SOAP body");
        }
    }

    @Test
    void selectsGroupsAndNamesInRegistryOrderOnce() {
        assertEquals(names(Scenarios.all()), names(Scenarios.select(List.of())));
        assertEquals(names(Scenarios.all().subList(0, 3)), names(Scenarios.select(List.of("payload-caching"))));
        assertEquals(List.of("mtom/base64", "mtom/mtom", "mtom/jaxrs", "mtom/metro", "mtom/metro-mtom", "mtom/spring-ws",
                "mtom/axis2", "mtom/axis2-mtom", "mtom/axis1", "mtom-echo/mtom", "mtom-echo/base64"), names(Scenarios.select(List.of("mtom"))));
        assertEquals(List.of("mtom-echo/mtom", "mtom-echo/base64"), names(Scenarios.select(List.of("mtom-echo"))));
        assertEquals(List.of("payload-caching/axiom-streaming", "mtom/jaxrs"),
                names(Scenarios.select(List.of("mtom/jaxrs", "payload-caching/axiom-streaming"))));
        assertEquals(List.of("payload-caching/saaj", "payload-caching/axiom-streaming"),
                names(Scenarios.select(List.of("payload-caching/axiom-streaming", "payload-caching/saaj",
                        "payload-caching/saaj"))));
    }

    @Test
    void unknownNamesAreRefusedWithTheKnownOnes() {
        assertThrows(IllegalArgumentException.class, () -> Scenarios.select(List.of("mtom-")));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Scenarios.select(List.of("payload-caching", "cxf/mtom")));
        assertTrue(e.getMessage().startsWith("unknown scenario cxf/mtom (known: payload-caching/saaj, "), e.getMessage());
    }

    @Test
    void preparedRequestsCarryTheirOwnCheck() {
        List<PreparedRequest> pool = Scenarios.all().get(0).prepare(3);
        assertEquals(3, pool.size());
        assertTrue(pool.get(0).check().problem(500, new byte[0]).startsWith("HTTP 500"));
    }
}
