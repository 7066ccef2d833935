package dev.soapscope.demo.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

class ScenariosTest {

    private static List<String> names(List<Scenario> scenarios) {
        return scenarios.stream().map(Scenario::name).toList();
    }

    @Test
    void registryHoldsThePayloadCachingScenariosWithTheirClassicFigures() {
        List<Scenario> all = Scenarios.all();
        assertEquals(List.of("payload-caching/saaj", "payload-caching/axiom-caching", "payload-caching/axiom-streaming"),
                names(all));
        assertEquals(List.of("/saaj/orders", "/axiom-caching/orders", "/axiom-streaming/orders"),
                all.stream().map(Scenario::path).toList());
        assertEquals(List.of(34.35, 31.02, 182.22), all.stream().map(Scenario::classicRps).toList());
        assertEquals("urn:soapscope:demo:payload-caching/saaj", all.get(0).soapAction());
        assertEquals("payload-caching", all.get(0).group());
        assertEquals("saaj", all.get(0).shortName());
        assertEquals("urn:soapscope:demo:warmup", Scenario.WARMUP_ACTION);
    }

    @Test
    void selectsGroupsAndNamesInRegistryOrderOnce() {
        assertEquals(names(Scenarios.all()), names(Scenarios.select(List.of())));
        assertEquals(names(Scenarios.all()), names(Scenarios.select(List.of("payload-caching"))));
        assertEquals(List.of("payload-caching/saaj", "payload-caching/axiom-streaming"),
                names(Scenarios.select(List.of("payload-caching/axiom-streaming", "payload-caching/saaj",
                        "payload-caching/saaj"))));
    }

    @Test
    void unknownNamesAreRefusedWithTheKnownOnes() {
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
