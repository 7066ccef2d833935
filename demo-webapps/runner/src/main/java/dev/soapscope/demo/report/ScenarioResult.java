package dev.soapscope.demo.report;

import java.util.List;
import java.util.Map;

import dev.soapscope.demo.agent.AgentFigures;
import dev.soapscope.demo.agent.ClientFigures;
import dev.soapscope.demo.agent.HotspotSite;
import dev.soapscope.demo.agent.PhaseFigures;
import dev.soapscope.demo.load.LoadResult;
import dev.soapscope.demo.scenario.Scenario;
import dev.soapscope.demo.scenario.Workload;

/**
 * One measured scenario: what the client saw and what the agent measured (null when the agent never saw the
 * operation).
 *
 * @param classicRps   the classic measurement's requests per second, NaN when there is none
 * @param warmupErrors errors among the warm-up requests (not measured, shown as a warning)
 * @param transfer     a transfer scenario's own figures (the mtom groups), null for a load-driven one. Its wire bytes
 *                     are the agent's (HTTP bodies as the server read and wrote them), 0 without agent figures.
 * @param client       what the agent in the scenario's client JVM measured of its calls, null when its client did not
 *                     run under the agent (load-driven scenarios: the runner's load driver is the client)
 */
public record ScenarioResult(String name, String path, String description, int requests, int errors,
                             Map<String, Integer> errorReasons, double throughputRps, double wallSeconds,
                             double p50Ms, double p99Ms, double meanMs, double requestBytesPerRequest,
                             double responseBytesPerRequest, int connections, double classicRps, int warmupErrors,
                             AgentFigures agent, TransferFigures transfer, ClientFigures client) {

    public ScenarioResult(String name, String path, String description, int requests, int errors,
                          Map<String, Integer> errorReasons, double throughputRps, double wallSeconds, double p50Ms,
                          double p99Ms, double meanMs, double requestBytesPerRequest, double responseBytesPerRequest,
                          int connections, double classicRps, int warmupErrors, AgentFigures agent,
                          TransferFigures transfer) {
        this(name, path, description, requests, errors, errorReasons, throughputRps, wallSeconds, p50Ms, p99Ms, meanMs,
                requestBytesPerRequest, responseBytesPerRequest, connections, classicRps, warmupErrors, agent, transfer,
                null);
    }

    /** This result with other transfer figures (the heap ladder's, added after the server has stopped). */
    public ScenarioResult withTransfer(TransferFigures figures) {
        return new ScenarioResult(name, path, description, requests, errors, errorReasons, throughputRps, wallSeconds,
                p50Ms, p99Ms, meanMs, requestBytesPerRequest, responseBytesPerRequest, connections, classicRps,
                warmupErrors, agent, figures, client);
    }

    /** This result with its client's figures. */
    public ScenarioResult withClient(ClientFigures figures) {
        return new ScenarioResult(name, path, description, requests, errors, errorReasons, throughputRps, wallSeconds,
                p50Ms, p99Ms, meanMs, requestBytesPerRequest, responseBytesPerRequest, connections, classicRps,
                warmupErrors, agent, transfer, figures);
    }

    /** A load-driven scenario's result. */
    public ScenarioResult(String name, String path, String description, int requests, int errors,
                          Map<String, Integer> errorReasons, double throughputRps, double wallSeconds, double p50Ms,
                          double p99Ms, double meanMs, double requestBytesPerRequest, double responseBytesPerRequest,
                          int connections, double classicRps, int warmupErrors, AgentFigures agent) {
        this(name, path, description, requests, errors, errorReasons, throughputRps, wallSeconds, p50Ms, p99Ms, meanMs,
                requestBytesPerRequest, responseBytesPerRequest, connections, classicRps, warmupErrors, agent, null, null);
    }

    public static ScenarioResult of(Scenario scenario, LoadResult load, int warmupErrors, AgentFigures agent) {
        return new ScenarioResult(scenario.name(), scenario.path(), scenario.description(), load.requests(),
                load.errors(), load.errorReasons(), load.throughputRps(), load.wallNanos() / 1e9, load.latencyMs(0.50),
                load.latencyMs(0.99), load.meanLatencyMs(), load.requestBytesPerRequest(),
                load.responseBytesPerRequest(), load.connections(), scenario.classicRps(), warmupErrors, agent);
    }

    /** A transfer scenario's result: the wire bytes per request are the agent's. */
    public static ScenarioResult ofTransfer(Scenario scenario, Workload.Outcome outcome, int warmupErrors,
                                            AgentFigures agent, TransferFigures.HeapFigures heap) {
        LoadResult load = outcome.load();
        TransferFigures transfer = new TransferFigures(scenario.workload().kind(), outcome.seconds(),
                scenario.classicSeconds(), heap, scenario.endpoint());
        return new ScenarioResult(scenario.name(), scenario.path(), scenario.description(), load.requests(),
                load.errors(), load.errorReasons(), load.throughputRps(), load.wallNanos() / 1e9, load.latencyMs(0.50),
                load.latencyMs(0.99), load.meanLatencyMs(), agent == null ? 0 : agent.bytesInPerRequest(),
                agent == null ? 0 : agent.bytesOutPerRequest(), load.connections(), scenario.classicRps(),
                warmupErrors, agent, transfer);
    }

    /** What the report shows as its address, e.g. {@code POST /saaj/orders}. */
    public String endpoint() {
        return transfer != null ? transfer.endpoint() : "POST " + path;
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
