package dev.soapscope.demo.report;

import java.util.List;
import java.util.Locale;

/** What report.md and report.html say about the flame graphs, in the same words. */
final class FlameText {

    static final String HOW_TO_READ = "Each scenario's graphs hold the server's samples taken while it was measured "
            + "(not its warm-up). They hang from the top: the first frame under the root is the request phase, such as "
            + "[phase:unmarshal], in its colour; what ran outside any request ([phase:none]: the JIT, GC, the agent) is "
            + "left out, and each page says how much that was. Width is the share of the samples; click a frame to "
            + "zoom, Ctrl+F to search, I to turn the graph upright.";

    static final String HOW_TO_READ_DIFF = "Differential flame graphs, per request (each scenario's samples divided "
            + "by the requests it sent): the first scenario drawn against the second. Width is the larger of the two; "
            + "red is what the first spends more per request, blue less, yellow is code only the first ran; the "
            + "tooltip shows the change.";

    private FlameText() {
    }

    /** That the server was profiled, so its cost is in every figure; or that it was not. */
    static String profiled(Flames f) {
        if (f.profiler() == null) {
            return "The server was not profiled: no profiler cost in any figure.";
        }
        return "The server ran under " + f.profiler() + " the whole time, so every figure in this report includes "
                + "the profiler's cost (small at this rate); --no-flamegraphs runs without it.";
    }

    static String missing(Flames f) {
        return "No flame graphs: " + f.missing();
    }

    /** {@code red and yellow: what axiom-caching spends more per request, ...; samples per 10,000 requests}. */
    static String diffNote(Flames.Diff d) {
        return String.format(Locale.ROOT, "(red and yellow: what %s spends more per request than %s, blue: less; "
                + "samples per %,d requests)", shortName(d.current()), shortName(d.baseline()), d.unit());
    }

    static String wholeProfile(Flames f) {
        List<String> dirs = f.profileDirs();
        if (dirs.size() == 1) {
            return "The whole profile, warm-ups included (JFR files and the agent's phases.json), is in " + dirs.get(0)
                    + "/: java -jar soapscope-agent.jar flame " + dirs.get(0) + " --out DIR draws all of it.";
        }
        return "The whole profile of each server, warm-ups included (JFR files and the agent's phases.json), is in "
                + String.join("/ and ", dirs) + "/: java -jar soapscope-agent.jar flame " + dirs.get(0)
                + " --out DIR draws all of one.";
    }

    private static String shortName(String scenario) {
        int slash = scenario.indexOf('/');
        return slash < 0 ? scenario : scenario.substring(slash + 1);
    }
}
