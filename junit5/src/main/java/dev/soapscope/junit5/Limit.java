package dev.soapscope.junit5;

import dev.soapscope.recorder.HotSpotAdvice;
import dev.soapscope.recorder.HotSpotKind;
import dev.soapscope.recorder.Phase;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * One expectation on a test's figures: at most {@code max} of a measure per request served or per call made,
 * optionally for one operation only. Counts and bytes, never latency, which a shared CI machine moves.
 */
final class Limit {
    enum Measure { HOT_SPOTS, PHASE_ALLOCATION, PHASE_SHARE }

    /** Sites listed under a failed hot-spot limit. */
    private static final int SITES_SHOWN = 5;

    private final Measure measure;
    private final Side side;
    private final HotSpotKind kind;
    private final Phase phase;
    private final double max;
    private final String operation;

    private Limit(Measure measure, Side side, HotSpotKind kind, Phase phase, double max, String operation) {
        if (max < 0 || Double.isNaN(max)) {
            throw new IllegalArgumentException("a limit is 0 or more, not " + max);
        }
        this.measure = measure;
        this.side = side;
        this.kind = kind;
        this.phase = phase;
        this.max = max;
        this.operation = operation == null || operation.isEmpty() ? null : operation;
    }

    static Limit hotSpots(String kind, Side side, double max, String operation) {
        if (side == Side.CALLS && operation != null && !operation.isEmpty()) {
            throw new IllegalArgumentException("a per-call limit on " + kind + " counts the hot spots met outside the "
                    + "requests served, whichever call they come before: it cannot be narrowed to operation '"
                    + operation + "'; measure that operation's calls in a test of their own");
        }
        return new Limit(Measure.HOT_SPOTS, side, known("hot-spot kind", "kinds", kind, HotSpotKind.byTag(kind), HotSpotKind.values()),
                null, max, operation);
    }

    static Limit phaseAllocation(String phase, Side side, double maxBytes, String operation) {
        return new Limit(Measure.PHASE_ALLOCATION, side, null, phase(phase), maxBytes, operation);
    }

    static Limit phaseShare(String phase, Side side, double maxShare, String operation) {
        if (maxShare > 1) {
            throw new IllegalArgumentException("a phase's share is between 0 and 1, not " + maxShare);
        }
        return new Limit(Measure.PHASE_SHARE, side, null, phase(phase), maxShare, operation);
    }

    Side side() {
        return side;
    }

    /** Null when the recording keeps within the limit; otherwise what a developer needs to fix it. */
    String failure(Recording r) {
        Exchanges all = side == Side.REQUESTS ? r.served() : r.calls();
        Exchanges ex = operation == null ? all : all.operation(operation);
        if (ex.count() == 0) {
            return head() + ": nothing to measure: no " + side.one + (operation == null ? "" : " of " + operation)
                    + " during the test" + (operation == null ? "" : "; " + all.describe(side));
        }
        if (measure == Measure.HOT_SPOTS) {
            long n = side == Side.REQUESTS ? ex.hotSpots(kind) : r.hotSpotsOutsideRequests(kind);
            double per = (double) n / ex.count();
            if (per <= max) {
                return null;
            }
            StringBuilder b = new StringBuilder(head()).append(": expected at most ").append(number(max))
                    .append(", measured ").append(number(per)).append(" (").append(n).append(" in ")
                    .append(ex.describe(side)).append(')');
            List<SiteCount> sites = r.sites(kind);
            for (SiteCount s : sites.subList(0, Math.min(SITES_SHOWN, sites.size()))) {
                b.append("\n    ").append(s.detail()).append(s.caller().isEmpty() ? "" : ", called at " + s.caller())
                        .append(": ").append(s.count()).append(s.count() == 1 ? " time" : " times");
                if (s == sites.get(0)) { // a server and its client in one JVM meet some sites on both sides
                    b.append(" in the JVM during the test");
                }
            }
            if (sites.size() > SITES_SHOWN) {
                b.append("\n    and ").append(sites.size() - SITES_SHOWN).append(" more sites");
            }
            appendAdvice(b, "why", HotSpotAdvice.why(kind));
            appendAdvice(b, "instead", HotSpotAdvice.instead(kind));
            return b.toString();
        }
        if (measure == Measure.PHASE_ALLOCATION) {
            int measured = ex.allocationMeasured();
            if (measured == 0) {
                return head() + ": allocation was not measured (allocation=off, or requests on virtual threads, whose "
                        + "allocation the JVM does not count)";
            }
            double per = (double) ex.phaseAllocatedBytes(phase) / measured;
            return per <= max ? null : head() + ": expected at most " + bytes(max) + ", measured " + bytes(per) + " ("
                    + "over " + measured + " measured of " + ex.describe(side) + ")";
        }
        double share = ex.phaseShare(phase);
        return share <= max ? null : head() + ": expected at most " + percent(max) + " of their time, measured "
                + percent(share) + " (" + ex.describe(side) + ")";
    }

    private String head() {
        String what = measure == Measure.HOT_SPOTS ? kind.tag() + " per " + side.one
                : measure == Measure.PHASE_ALLOCATION ? phase.tag() + " allocation per " + side.one
                : phase.tag() + " share of the " + side.many;
        return "[soapscope] " + what + (operation == null ? "" : " (" + operation + ")");
    }

    private static void appendAdvice(StringBuilder b, String label, String text) {
        if (text != null) {
            b.append("\n    ").append(label).append(": ").append(text);
        }
    }

    private static Phase phase(String tag) {
        return known("phase", "phases", tag, Phase.byTag(tag), Phase.values());
    }

    /** {@code found}, or a clear refusal listing the vocabulary's tags. */
    private static <T> T known(String what, String plural, String tag, T found, Object[] vocabulary) {
        if (found == null) {
            List<String> tags = new ArrayList<String>();
            for (Object v : vocabulary) {
                tags.add(v instanceof Phase ? ((Phase) v).tag() : ((HotSpotKind) v).tag());
            }
            throw new IllegalArgumentException("no " + what + " '" + tag + "'; soapscope's " + plural + ": "
                    + String.join(", ", tags));
        }
        return found;
    }

    private static String number(double v) {
        return v == Math.rint(v) ? String.valueOf((long) v) : String.format(Locale.ROOT, "%.2f", v);
    }

    private static String bytes(double v) {
        return String.format(Locale.ROOT, "%,.0f B", v);
    }

    private static String percent(double v) {
        return String.format(Locale.ROOT, "%.1f%%", v * 100);
    }
}
