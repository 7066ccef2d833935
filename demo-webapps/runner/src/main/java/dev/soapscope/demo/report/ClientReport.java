package dev.soapscope.demo.report;

import java.util.List;
import java.util.Locale;

import dev.soapscope.demo.agent.AgentFigures;
import dev.soapscope.demo.agent.ClientFigures;
import dev.soapscope.demo.scenario.Scenarios;

/**
 * The client side of the scenarios whose client ran in a JVM of its own under the agent (the workload scenarios):
 * where each call's time went on the client (waiting for the server, reading, parsing, decoding), what it allocated,
 * its hot spots per call and the clients it built. Shared by the console, Markdown and HTML writers.
 */
final class ClientReport {

    /** What the section says the figures are. */
    static final String ABOUT = "Each of these scenarios ran its client in a JVM of its own with the agent attached, "
            + "which measured every SOAP call the client made: its phases (wait is the time the client waited for the "
            + "server's answer), bytes allocated and hot spots per call, and the clients (proxies, stubs, templates, "
            + "connections) it built, counted as client.create per call.";

    private ClientReport() {
    }

    static boolean any(Report report) {
        return report.scenarios().stream().anyMatch(s -> s.client() != null);
    }

    /**
     * One line per scenario with client figures, in report order, and one for each transfer scenario without, saying
     * why (its client is not a SOAP stack).
     */
    static List<String> lines(Report report) {
        return scenarios(report).stream().map(s -> {
            Flames.ScenarioFlames f = flames(report, s);
            return text(s) + (f == null ? "" : "; its flame graph: " + f.flame());
        }).toList();
    }

    /** The scenarios the section lists: those with client figures, and the transfer scenarios without. */
    static List<ScenarioResult> scenarios(Report report) {
        return report.scenarios().stream().filter(s -> s.client() != null || s.transfer() != null).toList();
    }

    /** The scenario's line, without its flame graph. */
    static String text(ScenarioResult s) {
        return s.client() == null ? s.name() + ": no client figures" + why(s.name()) : line(s);
    }

    /** The pages of the scenario's client JVM, null when none were drawn. */
    static Flames.ScenarioFlames flames(Report report, ScenarioResult s) {
        Flames.ScenarioFlames f = report.flames() == null ? null : report.flames().client(s.name());
        return f == null || !f.written() ? null : f;
    }

    private static String why(String scenario) {
        try {
            String why = Scenarios.select(List.of(scenario)).get(0).workload().unmeasuredClient();
            return why == null ? "" : " (" + why + ")";
        } catch (IllegalArgumentException e) {
            return "";
        }
    }

    /**
     * {@code mtom/mtom: 1,107 calls, 0 failed, 10.95 ms each; wait 88% (9.68 ms), ...; 192 KB allocated per call; hot
     * spots per call: ...}
     */
    static String line(ScenarioResult s) {
        ClientFigures c = s.client();
        AgentFigures calls = c.calls();
        return String.format(Locale.ROOT, "%s: %,d calls, %d failed, %s each; %s allocated per call; %s", s.name(),
                calls.requests(), c.errors(), Format.micros(calls.durationMeanUs()),
                Format.bytes(calls.allocBytesPerRequest()), TransferReport.breakdown(calls, c.creations(), "call"));
    }
}
