package dev.soapscope.demo.report;

import java.util.List;

/**
 * A finished run: its settings, the scenarios in the order they ran, and the explanation lines.
 *
 * @param flames the flame graphs and why any are missing; null when the run did not consider them (the reports then
 *               say nothing about them)
 */
public record Report(RunInfo run, List<ScenarioResult> scenarios, Flames flames) {

    public Report(RunInfo run, List<ScenarioResult> scenarios) {
        this(run, scenarios, null);
    }

    public List<String> explanation() {
        return Explanation.lines(scenarios);
    }

    /** The first scenario of the same group in this report: what {@code s} is compared with. */
    public ScenarioResult baselineOf(ScenarioResult s) {
        return Explanation.baseline(scenarios, s);
    }

    public int totalErrors() {
        return scenarios.stream().mapToInt(ScenarioResult::errors).sum();
    }
}
