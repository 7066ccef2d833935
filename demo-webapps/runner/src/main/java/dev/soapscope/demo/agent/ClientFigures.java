package dev.soapscope.demo.agent;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * What the agent in a scenario's client JVM measured of the SOAP calls that JVM made: every call row of
 * {@code /phases} ({@code clients}) together, as {@link AgentFigures} per call, and the clients (proxies, stubs,
 * templates, connections) it built meanwhile, which happen outside calls ({@code client.create}). The client JVM runs
 * one scenario, so all its calls are the scenario's.
 *
 * @param calls     the calls' figures: {@code requests} are calls, the hot spots are per call
 * @param creations the {@code client.create} sites (in and outside calls), each with its count in all and the caller
 *                  that built the client; {@code perRequest} is per call
 * @param wallUsPerCall the client's own wall time per call, building clients included (the workload's, not the
 *                      agent's), NaN when unknown
 * @param threadAllocBytesPerCall bytes the calling thread allocated per call, building clients included, -1 when
 *                      unknown
 */
public record ClientFigures(AgentFigures calls, List<HotspotSite> creations, double wallUsPerCall,
                            long threadAllocBytesPerCall) {

    private static final ObjectMapper JSON = new ObjectMapper();
    public static final String CLIENT_CREATE = "client.create";

    /** The client JVM's calls, named {@code name}; null when it made none. */
    public static ClientFigures parse(JsonNode phasesDocument, JsonNode hotspotsDocument, String name) {
        ObjectNode phases = JSON.createObjectNode();
        ArrayNode rows = phases.putArray("operations");
        List<String> operations = new ArrayList<>();
        for (JsonNode call : phasesDocument.path("clients")) {
            // one peer per client JVM; the peer makes a row's name unique should it ever have two
            String operation = call.path("operation").asText() + " @ " + call.path("peer").asText();
            rows.add(((ObjectNode) call.deepCopy()).put("operation", operation));
            operations.add(operation);
        }
        if (operations.isEmpty()) {
            return null;
        }
        ObjectNode hotspots = JSON.createObjectNode();
        ArrayNode sites = hotspots.putArray("hotspots");
        List<HotspotSite> creations = new ArrayList<>();
        for (JsonNode site : hotspotsDocument.path("hotspots")) {
            if (CLIENT_CREATE.equals(site.path("kind").asText()) && !site.path("one_off").asBoolean()) {
                List<String> stack = new ArrayList<>();
                site.path("first_stack").forEach(f -> stack.add(f.asText()));
                creations.add(new HotspotSite(CLIENT_CREATE, site.path("site").asText(), site.path("total").asLong(),
                        site.path("per_call").asDouble(), stack,
                        site.hasNonNull("caller") ? site.get("caller").asText() : null, false));
            }
            ObjectNode copy = ((ObjectNode) site.deepCopy());
            ArrayNode ops = copy.putArray("operations");
            for (JsonNode c : site.path("clients")) {
                ops.addObject().put("operation", c.path("operation").asText() + " @ " + c.path("peer").asText())
                        .put("count", c.path("count").asLong()).put("requests", c.path("calls").asLong())
                        .set("per_request", c.path("per_call"));
            }
            sites.add(copy);
        }
        return new ClientFigures(AgentFigures.parse(phases, hotspots, name, operations), creations, Double.NaN, -1);
    }

    /** The calls made, and the clients built, after {@code before} was read; null when no call was made since. */
    public ClientFigures since(ClientFigures before) {
        if (before == null) {
            return this;
        }
        AgentFigures newCalls = calls.since(before.calls);
        if (newCalls == null) {
            return null;
        }
        List<HotspotSite> newCreations = new ArrayList<>();
        for (HotspotSite site : creations) {
            long count = site.count() - before.creations.stream()
                    .filter(b -> b.site().equals(site.site()) && Objects.equals(b.callerFrame(), site.callerFrame()))
                    .mapToLong(HotspotSite::count).sum();
            if (count > 0) {
                newCreations.add(new HotspotSite(CLIENT_CREATE, site.site(), count,
                        Math.round(1000.0 * count / newCalls.requests()) / 1000.0, site.firstStack(),
                        site.callerFrame(), false));
            }
        }
        return new ClientFigures(newCalls, newCreations, wallUsPerCall, threadAllocBytesPerCall);
    }

    /** These figures with what the client workload measured itself over the same calls. */
    public ClientFigures withWorkload(long wallNanos, long threadAllocatedBytes) {
        long n = calls.requests();
        return new ClientFigures(calls, creations, n == 0 ? Double.NaN : wallNanos / 1e3 / n,
                n == 0 || threadAllocatedBytes < 0 ? -1 : threadAllocatedBytes / n);
    }

    /** {@code client.create} events in all (in and outside calls). */
    public long created() {
        return creations.stream().mapToLong(HotspotSite::count).sum();
    }

    /** Calls that did not succeed (faults, transport errors, time-outs, exceptions). */
    public long errors() {
        return calls.requests() - calls.outcomes().getOrDefault("success", 0L);
    }

    /** Clients built per call: 1.00 when each call built its own, 0 when one was reused. */
    public double createdPerCall() {
        return calls.requests() == 0 ? 0 : (double) created() / calls.requests();
    }
}
