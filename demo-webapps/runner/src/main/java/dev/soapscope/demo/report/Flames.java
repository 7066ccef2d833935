package dev.soapscope.demo.report;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The flame graphs of a run, as the reports link them: paths relative to the report's directory, always with '/'.
 *
 * @param profiler  how the server was profiled ({@code async-profiler 4.6, cpu samples every 10 ms}), null when it was
 *                  not (then its cost is in no figure)
 * @param missing   why the run has no flame graphs at all, null when it has them
 * @param scenarios per scenario name, its pages or why it has none
 * @param diffs     the differential graphs drawn
 * @param profileDirs each server's profile (JFR files and the agent's phases.json), relative; empty when not profiled
 * @param clients   per transfer scenario, the pages of its client JVM's profile (its own run directory,
 *                  {@code profile-client-<slug>}), or why it has none; empty when the clients were not profiled
 */
public record Flames(String profiler, String missing, Map<String, ScenarioFlames> scenarios, List<Diff> diffs,
                     List<String> profileDirs, Map<String, ScenarioFlames> clients) {

    /** The directory of the pages, under the report's. */
    public static final String DIR = "flamegraphs";

    public Flames {
        scenarios = Map.copyOf(scenarios);
        diffs = List.copyOf(diffs);
        profileDirs = List.copyOf(profileDirs);
        clients = Map.copyOf(clients);
    }

    public Flames(String profiler, String missing, Map<String, ScenarioFlames> scenarios, List<Diff> diffs,
                  List<String> profileDirs) {
        this(profiler, missing, scenarios, diffs, profileDirs, Map.of());
    }

    /** These flame graphs with the client JVMs' pages of some scenarios added. */
    public Flames withClients(Map<String, ScenarioFlames> more) {
        Map<String, ScenarioFlames> all = new LinkedHashMap<>(clients);
        all.putAll(more);
        return new Flames(profiler, missing, scenarios, diffs, profileDirs, all);
    }

    /** The pages of the scenario's client JVM, or null when it has no entry. */
    public ScenarioFlames client(String scenario) {
        return clients.get(scenario);
    }

    /** A run without flame graphs, and why; {@code profileDir} null when there is no profile either. */
    public static Flames none(String profiler, String why, String profileDir) {
        return new Flames(profiler, why, Map.of(), List.of(), profileDir == null ? List.of() : List.of(profileDir));
    }

    /**
     * The flame graphs of several servers as one run's: each part's scenarios and diffs; the parts that have none
     * give their scenarios ({@code scenariosOf}) the reason. The run has none only when no part has any.
     */
    public static Flames merge(List<Flames> parts, Map<Flames, List<String>> scenariosOf) {
        if (parts.size() == 1) {
            return parts.get(0);
        }
        Map<String, ScenarioFlames> clients = new LinkedHashMap<>();
        parts.forEach(part -> clients.putAll(part.clients()));
        String profiler = null;
        Set<String> reasons = new LinkedHashSet<>();
        Map<String, ScenarioFlames> scenarios = new LinkedHashMap<>();
        List<Diff> diffs = new ArrayList<>();
        List<String> dirs = new ArrayList<>();
        boolean any = false;
        for (Flames part : parts) {
            profiler = profiler != null ? profiler : part.profiler();
            dirs.addAll(part.profileDirs());
            diffs.addAll(part.diffs());
            if (part.missing() != null) {
                reasons.add(part.missing());
                scenariosOf.getOrDefault(part, List.of()).forEach(s -> scenarios.put(s, ScenarioFlames.missing(part.missing())));
            } else {
                any = true;
                scenarios.putAll(part.scenarios());
            }
        }
        return any ? new Flames(profiler, null, scenarios, diffs, dirs, clients)
                : new Flames(profiler, String.join("; ", reasons), Map.of(), List.of(), dirs, clients);
    }

    /** The scenario's pages, or null when it has no entry. */
    public ScenarioFlames of(String scenario) {
        return scenarios.get(scenario);
    }

    /**
     * One scenario's pages: the whole of its samples by phase and one page per phase with samples, in the agent's
     * phase order; or why there are none.
     *
     * @param flame   {@code flamegraphs/<slug>/flame.html}, null when missing
     * @param phases  phase tag to {@code flamegraphs/<slug>/flame-<tag>.html}
     * @param samples the samples taken while the scenario was measured
     * @param missing why there are no pages, null when there are
     */
    public record ScenarioFlames(String flame, Map<String, String> phases, long samples, String missing) {

        public ScenarioFlames {
            phases = phases == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(phases));
        }

        public static ScenarioFlames missing(String why) {
            return new ScenarioFlames(null, Map.of(), 0, why);
        }

        public boolean written() {
            return flame != null;
        }
    }

    /**
     * A differential graph: {@code current} drawn against {@code baseline}, per request.
     *
     * @param file {@code flamegraphs/diff-....html}
     * @param unit the page's counts are samples per this many requests
     */
    public record Diff(String current, String baseline, String file, long unit) {

        /** {@code axiom-caching against axiom-streaming}: the names after the group when both share one. */
        public String title() {
            int a = current.indexOf('/');
            int b = baseline.indexOf('/');
            if (a > 0 && b > 0 && current.substring(0, a).equals(baseline.substring(0, b))) {
                return current.substring(0, a) + ": " + current.substring(a + 1) + " against " + baseline.substring(b + 1);
            }
            return current + " against " + baseline;
        }
    }
}
