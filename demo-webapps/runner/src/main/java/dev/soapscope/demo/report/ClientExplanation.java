package dev.soapscope.demo.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import dev.soapscope.demo.agent.ClientFigures;
import dev.soapscope.demo.agent.HotspotSite;
import dev.soapscope.demo.scenario.Scenario;
import dev.soapscope.demo.scenario.Scenarios;
import dev.soapscope.demo.scenario.client.CallsWorkload;

/**
 * The explanation line of a client scenario, from its client's figures: a {@code -reuse} scenario states its cost
 * per call; a {@code -per-call} scenario states what building a client for every call adds over its {@code -reuse}
 * twin (the {@code client.create} sites per call, at the code that built them; the client's wall time and the calling
 * thread's allocation per call, both with the building included), beside the advice the stack's documentation gives.
 */
final class ClientExplanation {

    static final String PER_CALL = "-per-call";
    static final String REUSE = "-reuse";

    private ClientExplanation() {
    }

    /** Whether {@code s} is a client scenario this class explains. */
    static boolean applies(ScenarioResult s) {
        return s.client() != null && s.transfer() == null
                && (s.name().endsWith(PER_CALL) || s.name().endsWith(REUSE));
    }

    static String line(List<ScenarioResult> scenarios, ScenarioResult s) {
        ClientFigures c = s.client();
        if (s.name().endsWith(REUSE)) {
            return s.shortName() + ": one client for every call: " + cost(c) + "; " + creations(c);
        }
        String twinName = s.name().substring(0, s.name().length() - PER_CALL.length()) + REUSE;
        ScenarioResult twin = scenarios.stream().filter(o -> o.name().equals(twinName) && o.client() != null)
                .findFirst().orElse(null);
        StringBuilder line = new StringBuilder(s.shortName());
        if (twin == null) {
            line.append(": a client built for every call: ").append(cost(c)).append("; ").append(creations(c));
        } else {
            ClientFigures r = twin.client();
            line.append(" vs ").append(twin.shortName()).append(": ").append(creations(c)).append(": ");
            List<String> adds = new ArrayList<>();
            if (!Double.isNaN(c.wallUsPerCall()) && !Double.isNaN(r.wallUsPerCall())) {
                adds.add(Format.signedMicros(c.wallUsPerCall() - r.wallUsPerCall()));
            }
            if (c.threadAllocBytesPerCall() >= 0 && r.threadAllocBytesPerCall() >= 0) {
                adds.add(Format.signedBytes(c.threadAllocBytesPerCall() - r.threadAllocBytesPerCall()));
            }
            line.append(adds.isEmpty() ? "no client-side figures to compare" : String.join(" and ", adds))
                    .append(" per call (").append(cost(c)).append(", against ").append(cost(r)).append(")");
        }
        String advice = advice(s.name());
        return advice == null ? line.toString() : line.append("; ").append(advice).toString();
    }

    /** {@code 6.03 ms and 48 KB per call, 4.79 ms of it waiting for the server}: building clients included. */
    private static String cost(ClientFigures c) {
        String wall = Double.isNaN(c.wallUsPerCall()) ? "" : Format.micros(c.wallUsPerCall());
        String alloc = c.threadAllocBytesPerCall() < 0 ? "" : Format.bytes(c.threadAllocBytesPerCall());
        String each = wall.isEmpty() ? alloc : alloc.isEmpty() ? wall : wall + " and " + alloc;
        var waitPhase = c.calls().phases().get("wait");
        String wait = waitPhase == null ? "" : ", " + Format.micros(waitPhase.meanUs()) + " of it waiting for the server";
        return (each.isEmpty() ? Format.micros(c.calls().durationMeanUs()) + " in the call" : each) + " per call"
                + wait;
    }

    /** {@code client.create 1.00 per call (JAX-WS Service built at JaxWsQueryCaller.<init>(...:29), ...)}. */
    private static String creations(ClientFigures c) {
        if (c.creations().isEmpty()) {
            return "client.create 0 per call";
        }
        List<String> sites = new ArrayList<>();
        for (HotspotSite site : c.creations()) {
            String at = site.caller();
            sites.add(String.format(Locale.ROOT, "%s %s", Format.fixed(site.perRequest(), 2), site.site())
                    + (at == null ? "" : " at " + at));
        }
        return String.format(Locale.ROOT, "client.create %s per call (%s)", Format.fixed(c.createdPerCall(), 2),
                String.join("; ", sites));
    }

    /** The stack's advice, when {@code name} is a registered client scenario. */
    private static String advice(String name) {
        try {
            Scenario scenario = Scenarios.select(List.of(name)).get(0);
            return scenario.workload() instanceof CallsWorkload calls ? calls.stack().advice() : null;
        } catch (IllegalArgumentException e) {
            return null;
        }
    }
}
