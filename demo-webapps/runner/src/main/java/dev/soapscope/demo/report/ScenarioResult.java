package dev.soapscope.demo.report;

import java.util.List;
import java.util.Map;

import dev.soapscope.demo.agent.AgentFigures;
import dev.soapscope.demo.agent.HotspotSite;
import dev.soapscope.demo.agent.PhaseFigures;
import dev.soapscope.demo.load.LoadResult;
import dev.soapscope.demo.scenario.Scenario;

/**
 * One measured scenario: what the client saw and what the agent measured (null when the agent never saw the
 * operation).
 *
 * @param classicRps   the classic measurement's requests per second, NaN when there is none
 * @param warmupErrors errors among the warm-up requests (not measured, shown as a warning)
 */
public record ScenarioResult(String name, String path, String description, int requests, int errors,
                             Map<String, Integer> errorReasons, double throughputRps, double wallSeconds,
                             double p50Ms, double p99Ms, double meanMs, double requestBytesPerRequest,
                             double responseBytesPerRequest, int connections, double classicRps, int warmupErrors,
                             AgentFigures agent) {

    public static ScenarioResult of(Scenario scenario, LoadResult load, int warmupErrors, AgentFigures agent) {
        return new ScenarioResult(scenario.name(), scenario.path(), scenario.description(), load.requests(),
                load.errors(), load.errorReasons(), load.throughputRps(), load.wallNanos() / 1e9, load.latencyMs(0.50),
                load.latencyMs(0.99), load.meanLatencyMs(), load.requestBytesPerRequest(),
                load.responseBytesPerRequest(), load.connections(), scenario.classicRps(), warmupErrors, agent);
    }

    public String group() {
        int slash = name.indexOf('/');
        return slash < 0 ? name : name.substring(0, slash);
    }

    public String shortName() {
        int slash = name.indexOf('/');
        return slash < 0 ? name : name.substring(slash + 1);
    }

    public boolean hasClassic() {
        return !Double.isNaN(classicRps) && classicRps > 0;
    }

    /** The agent's phases in its order; empty without agent figures. */
    public Map<String, PhaseFigures> phases() {
        return agent == null ? Map.of() : agent.phases();
    }

    public long allocBytesPerRequest() {
        return agent == null ? 0 : agent.allocBytesPerRequest();
    }

    public Map<String, Double> hotspotsPerRequest() {
        return agent == null ? Map.of() : agent.hotspotsPerRequest();
    }

    public List<HotspotSite> hotspotSites() {
        return agent == null ? List.of() : agent.sites();
    }

    /** The phases with the largest shares, largest first. */
    public List<Map.Entry<String, PhaseFigures>> topPhases(int n) {
        return phases().entrySet().stream()
                .sorted((a, b) -> Double.compare(b.getValue().share(), a.getValue().share()))
                .limit(n).toList();
    }
}
