package dev.soapscope.bench;

import java.util.ArrayList;
import java.util.List;

/**
 * Issue 25's targets beside what this run measured, gathered from the parts as they run. Main writes it as one table at
 * the head of the results only when every part ran in the same invocation, so that its figures were taken side by
 * side on the same machine within the same hour.
 */
public final class Scorecard {
    public static final String HEADING = "### Issue 25's targets, one run";
    /** Start-up: the wall time and CPU the agent adds, as a share of the application's own. */
    public static final double WALL_SHARE = 0.10;
    public static final double CPU_SHARE = 0.15;
    /**
     * Issue 45's for the minimal servlet app, wall and CPU alike: its own start is under a second, so the agent's fixed
     * start (its classes, its probes, its transformer's first use) weighs several times more there.
     */
    public static final double SMALL_APP_SHARE = 0.25;
    /** Per request: JMH's full request, and the agent's frames in the cheap request's CPU samples. */
    public static final double REQUEST_NS = 500;
    public static final double SAMPLE_SHARE = 0.01;

    record Row(String figure, String measured, String target, String verdict) {
    }

    private final List<Row> rows = new ArrayList<>();

    public void add(String figure, String measured, String target, String verdict) {
        rows.add(new Row(figure, measured, target, verdict));
    }

    /** Two rows, wall and CPU added to {@code app}'s start-up (medians, ms) against the shares allowed. */
    public void startUp(String app, double wallMs, double wallWithAgentMs, double cpuMs, double cpuWithAgentMs) {
        startUp(app, wallMs, wallWithAgentMs, WALL_SHARE, cpuMs, cpuWithAgentMs, CPU_SHARE);
    }

    /** As {@link #startUp(String, double, double, double, double)}, against the shares {@code wallShare} and {@code cpuShare}. */
    public void startUp(String app, double wallMs, double wallWithAgentMs, double wallShare, double cpuMs,
                        double cpuWithAgentMs, double cpuShare) {
        share("start-up wall added: " + app, wallMs, wallWithAgentMs, wallShare);
        share("start-up CPU added: " + app, cpuMs, cpuWithAgentMs, cpuShare);
    }

    private void share(String figure, double own, double with, double allowed) {
        double share = (with - own) / own;
        add(figure, String.format("%+.0f ms, %+.0f%% of its own %.0f ms", with - own, 100 * share, own),
                String.format("<= +%.0f%%", 100 * allowed), verdict(share, allowed));
    }

    /** "met", or by how many times {@code share} (of an app's own) is over the share {@code allowed}. */
    public static String verdict(double share, double allowed) {
        return share <= allowed ? "met" : String.format("missed: %.1fx the share allowed", share / allowed);
    }

    boolean isEmpty() {
        return rows.isEmpty();
    }

    /** The table, with the run's machine and how it was made. */
    String section(String machine, String command) {
        StringBuilder b = new StringBuilder(HEADING).append("\n\n");
        b.append("Every figure below comes from the sections that follow, all measured by one `").append(command)
                .append("`; the sections say how.  \nMachine: ").append(machine).append(".\n\n");
        Md t = new Md("figure", "measured", "target", "verdict");
        for (Row r : rows) {
            t.row(r.figure(), r.measured(), r.target(), r.verdict());
        }
        return b.append(t).toString();
    }
}
