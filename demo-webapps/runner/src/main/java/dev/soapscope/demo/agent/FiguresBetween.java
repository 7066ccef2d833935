package dev.soapscope.demo.agent;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * The figures of the requests a scenario sent, for stacks that name a request by the operation they dispatched it to
 * (Metro, Axis2) whatever SOAPAction it carried: its requests then share their operations with the warm-up and with
 * the other scenarios of the same service. So the agent's documents are read before and after the scenario, and each
 * figure of its operations is the difference of the totals (mean times requests) between the two, summed over the
 * operations (a query and its batches). Percentiles cannot be subtracted: p50 and p99 are those of the operation
 * with the most requests, warm-up included.
 */
public final class FiguresBetween {

    private FiguresBetween() {
    }

    /** The agent's documents at one moment. */
    public record Snapshot(JsonNode phases, JsonNode hotspots) {
    }

    /** Requests of {@code operations} in {@code phases}. */
    public static long requests(JsonNode phases, List<String> operations) {
        long n = 0;
        for (String op : operations) {
            n += number(AgentFigures.findOperation(phases, op), "requests");
        }
        return n;
    }

    /**
     * The figures of the requests of {@code operations} between the snapshots, named {@code name}; null when there
     * were none.
     */
    public static AgentFigures of(String name, List<String> operations, Snapshot before, Snapshot after) {
        long requests = requests(after.phases(), operations) - requests(before.phases(), operations);
        if (requests <= 0) {
            return null;
        }
        Map<String, Long> outcomes = new LinkedHashMap<>();
        Map<String, double[]> phases = new LinkedHashMap<>(); // total us, total alloc, requests
        Map<String, Double> hotspots = new LinkedHashMap<>();
        double durationUs = 0;
        double alloc = 0;
        double in = 0;
        double out = 0;
        JsonNode dominant = null;
        for (String operation : operations) {
            JsonNode a = AgentFigures.findOperation(after.phases(), operation);
            if (a == null) {
                continue;
            }
            JsonNode b = AgentFigures.findOperation(before.phases(), operation);
            if (dominant == null || number(a, "requests") > number(dominant, "requests")) {
                dominant = a;
            }
            durationUs += total(a, b, "duration_us", "mean");
            alloc += total(a, b, null, "alloc_bytes_per_request");
            in += total(a, b, null, "bytes_in_per_request");
            out += total(a, b, null, "bytes_out_per_request");
            a.path("outcomes").properties().forEach(e -> outcomes.merge(e.getKey(),
                    e.getValue().asLong() - (b == null ? 0 : b.path("outcomes").path(e.getKey()).asLong()), Long::sum));
            a.path("phases").properties().forEach(e -> {
                JsonNode pb = b == null ? null : b.path("phases").path(e.getKey());
                long ra = number(a, "requests");
                long rb = b == null ? 0 : number(b, "requests");
                double[] sum = phases.computeIfAbsent(e.getKey(), k -> new double[3]);
                sum[0] += e.getValue().path("mean_us").asDouble() * ra - (pb == null ? 0 : pb.path("mean_us").asDouble() * rb);
                sum[1] += e.getValue().path("alloc_bytes").asDouble() * ra - (pb == null ? 0 : pb.path("alloc_bytes").asDouble() * rb);
                sum[2] += e.getValue().path("requests").asLong() - (pb == null ? 0 : pb.path("requests").asLong());
            });
            // counts are whole: the per-request figures times requests, rounded, so rounding leaves no 0.001 behind
            a.path("hotspots_per_request").properties().forEach(e -> hotspots.merge(e.getKey(),
                    (double) Math.round(total(a, b, "hotspots_per_request", e.getKey())), Double::sum));
        }
        double phaseTotal = phases.values().stream().mapToDouble(p -> Math.max(0, p[0])).sum();
        Map<String, PhaseFigures> phaseFigures = new LinkedHashMap<>();
        JsonNode dominantPhases = dominant == null ? null : dominant.path("phases");
        for (Map.Entry<String, double[]> e : phases.entrySet()) {
            double[] p = e.getValue();
            if (p[2] <= 0 && p[0] <= 0) {
                continue; // a phase only the earlier requests had
            }
            JsonNode d = dominantPhases == null ? null : dominantPhases.path(e.getKey());
            phaseFigures.put(e.getKey(), new PhaseFigures(p[0] / requests, d == null ? 0 : d.path("p50_us").asDouble(),
                    d == null ? 0 : d.path("p99_us").asDouble(), phaseTotal > 0 ? Math.max(0, p[0]) / phaseTotal : 0,
                    Math.round(p[1] / requests), (long) p[2]));
        }
        Map<String, Double> perRequest = new LinkedHashMap<>();
        hotspots.forEach((k, v) -> {
            if (v > 0) {
                perRequest.put(k, v / requests);
            }
        });
        JsonNode duration = dominant == null ? null : dominant.path("duration_us");
        return new AgentFigures(name, requests, outcomes, durationUs / requests,
                duration == null ? 0 : duration.path("p50").asDouble(), duration == null ? 0 : duration.path("p99").asDouble(),
                Math.round(alloc / requests), Math.round(in / requests), Math.round(out / requests), phaseFigures,
                perRequest, sites(operations, before.hotspots(), after.hotspots(), requests));
    }

    /** The hot-spot sites the operations hit between the snapshots, counts summed over the operations. */
    private static List<HotspotSite> sites(List<String> operations, JsonNode before, JsonNode after, long requests) {
        List<HotspotSite> sites = new ArrayList<>();
        for (JsonNode site : after == null ? List.<JsonNode>of() : after.path("hotspots")) {
            if (!site.isObject()) {
                continue;
            }
            long count = 0;
            List<String> stack = new ArrayList<>();
            for (JsonNode op : site.path("operations")) {
                if (operations.contains(op.path("operation").asText())) {
                    count += op.path("count").asLong() - countBefore(before, site, op.path("operation").asText());
                    if (stack.isEmpty()) {
                        (op.has("first_stack") ? op : site).path("first_stack").forEach(f -> stack.add(f.asText()));
                    }
                }
            }
            if (count > 0) {
                sites.add(new HotspotSite(site.path("kind").asText(), site.path("site").asText(), count,
                        (double) count / requests, stack));
            }
        }
        sites.sort((x, y) -> Double.compare(y.perRequest(), x.perRequest()));
        return sites;
    }

    private static long countBefore(JsonNode before, JsonNode site, String operation) {
        for (JsonNode s : before == null ? List.<JsonNode>of() : before.path("hotspots")) {
            if (s.path("kind").asText().equals(site.path("kind").asText())
                    && s.path("site").asText().equals(site.path("site").asText())) {
                for (JsonNode op : s.path("operations")) {
                    if (operation.equals(op.path("operation").asText())) {
                        return op.path("count").asLong();
                    }
                }
            }
        }
        return 0;
    }

    /** {@code after}'s per-request figure times its requests, less {@code before}'s; {@code object} null: top level. */
    private static double total(JsonNode after, JsonNode before, String object, String field) {
        return figure(after, object, field) * number(after, "requests")
                - (before == null ? 0 : figure(before, object, field) * number(before, "requests"));
    }

    private static double figure(JsonNode op, String object, String field) {
        return (object == null ? op : op.path(object)).path(field).asDouble();
    }

    private static long number(JsonNode op, String field) {
        return op == null ? 0 : op.path(field).asLong();
    }
}
