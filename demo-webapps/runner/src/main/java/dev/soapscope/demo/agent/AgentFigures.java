package dev.soapscope.demo.agent;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * What the agent measured for one operation, read from {@code /phases} and {@code /hotspots}. Phases keep the
 * endpoint's order (the agent's phase vocabulary order).
 */
public record AgentFigures(String operation, long requests, Map<String, Long> outcomes, double durationMeanUs,
                           double durationP50Us, double durationP99Us, long allocBytesPerRequest,
                           long bytesInPerRequest, long bytesOutPerRequest, Map<String, PhaseFigures> phases,
                           Map<String, Double> hotspotsPerRequest, List<HotspotSite> sites) {

    /** The operation's entry in a {@code /phases} document, or null when the agent has not seen it. */
    public static JsonNode findOperation(JsonNode phasesDocument, String operation) {
        for (JsonNode op : phasesDocument.path("operations")) {
            if (operation.equals(op.path("operation").asText())) {
                return op;
            }
        }
        return null;
    }

    /** The operation's figures, or null when {@code /phases} does not list it. */
    public static AgentFigures parse(JsonNode phasesDocument, JsonNode hotspotsDocument, String operation) {
        JsonNode op = findOperation(phasesDocument, operation);
        if (op == null) {
            return null;
        }
        Map<String, Long> outcomes = new LinkedHashMap<>();
        op.path("outcomes").properties().forEach(e -> outcomes.put(e.getKey(), e.getValue().asLong()));
        Map<String, PhaseFigures> phases = new LinkedHashMap<>();
        op.path("phases").properties().forEach(e -> {
            JsonNode p = e.getValue();
            phases.put(e.getKey(), new PhaseFigures(p.path("mean_us").asDouble(), p.path("p50_us").asDouble(),
                    p.path("p99_us").asDouble(), p.path("share").asDouble(), p.path("alloc_bytes").asLong(),
                    p.path("requests").asLong()));
        });
        Map<String, Double> hotspots = new LinkedHashMap<>();
        op.path("hotspots_per_request").properties().forEach(e -> hotspots.put(e.getKey(), e.getValue().asDouble()));
        JsonNode duration = op.path("duration_us");
        return new AgentFigures(operation, op.path("requests").asLong(), outcomes, duration.path("mean").asDouble(),
                duration.path("p50").asDouble(), duration.path("p99").asDouble(),
                op.path("alloc_bytes_per_request").asLong(), op.path("bytes_in_per_request").asLong(),
                op.path("bytes_out_per_request").asLong(), phases, hotspots, sites(hotspotsDocument, operation));
    }

    /** The call sites the operation hit, most per request first. */
    private static List<HotspotSite> sites(JsonNode hotspotsDocument, String operation) {
        List<HotspotSite> sites = new ArrayList<>();
        if (hotspotsDocument == null) {
            return sites;
        }
        for (JsonNode site : hotspotsDocument.path("hotspots")) {
            for (JsonNode op : site.path("operations")) {
                if (!operation.equals(op.path("operation").asText())) {
                    continue;
                }
                List<String> stack = new ArrayList<>();
                // the operation's own first stack there when the agent kept one, else the site's
                (op.has("first_stack") ? op : site).path("first_stack").forEach(f -> stack.add(f.asText()));
                sites.add(new HotspotSite(site.path("kind").asText(), site.path("site").asText(),
                        op.path("count").asLong(), op.path("per_request").asDouble(), stack,
                        site.hasNonNull("caller") ? site.get("caller").asText() : null, site.path("one_off").asBoolean()));
            }
        }
        sites.sort((a, b) -> Double.compare(b.perRequest(), a.perRequest()));
        return sites;
    }
}
