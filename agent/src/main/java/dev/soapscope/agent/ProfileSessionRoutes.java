package dev.soapscope.agent;

import dev.soapscope.flamegraphs.BadInputException;
import dev.soapscope.flamegraphs.FlameGraphs;
import dev.soapscope.flamegraphs.Verdicts;
import dev.soapscope.metrics.Endpoint;
import dev.soapscope.metrics.Json;
import dev.soapscope.recorder.Phase;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/**
 * The page's profiling routes, over {@link ProfileSessions}: {@code /profiles} (state and progress, JSON),
 * {@code /profiles/start?seconds=N&event=E}, {@code /profiles/flame?id=N[&phase=P][&none=show]} (a kept profile's flame graph),
 * {@code /profiles/diff?base=A&current=B} (the differential graph, per request) and
 * {@code /profiles/verdict?base=A&current=B} (per operation and phase, the verdict of {@code compare}'s rule over the
 * two profiles' windows, from the recorder's totals at their ends).
 */
final class ProfileSessionRoutes {
    private final ProfileSessions sessions;

    ProfileSessionRoutes(ProfileSessions sessions) {
        this.sessions = sessions;
    }

    boolean handles(String path) {
        return path.equals("/profiles") || path.startsWith("/profiles/");
    }

    ProfileRoutes.Reply get(String path, String rawQuery) throws Exception {
        Map<String, String> q = ProfileRoutes.parse(rawQuery);
        switch (path) {
            case "/profiles":
                return json(sessions.json());
            case "/profiles/start":
                return start(q);
            case "/profiles/flame":
                return flame(q);
            case "/profiles/diff":
            case "/profiles/verdict":
                ProfileSessions.Taken base = taken(q.get("base"));
                ProfileSessions.Taken current = taken(q.get("current"));
                if (base == null || current == null) {
                    return ProfileRoutes.Reply.text(404, "soapscope: base and current must be ids of kept profiles (see /profiles)\n");
                }
                return path.endsWith("diff") ? diff(base, current) : json(verdict(base, current));
            default:
                return ProfileRoutes.Reply.text(404, "soapscope: no such page: /profiles/...; see /index.txt\n");
        }
    }

    private ProfileRoutes.Reply start(Map<String, String> q) {
        Integer seconds = ProfileRoutes.seconds(q.get("seconds"));
        String event = q.containsKey("event") ? q.get("event") : "cpu";
        if (seconds == null || !event.matches("cpu|wall|alloc|lock")) {
            return ProfileRoutes.Reply.text(400, "soapscope: seconds must be 1 to " + ProfileRoutes.MAX_SECONDS
                    + " and event cpu, wall, alloc or lock\n");
        }
        String refused = sessions.start(seconds, event);
        return refused == null ? json(sessions.json()) : ProfileRoutes.Reply.text(409, "soapscope: " + refused + "\n");
    }

    private ProfileRoutes.Reply flame(Map<String, String> q) throws Exception {
        ProfileSessions.Taken t = taken(q.get("id"));
        if (t == null) {
            return ProfileRoutes.Reply.text(404, "soapscope: no kept profile with that id (see /profiles)\n");
        }
        Phase phase = q.containsKey("phase") ? Phase.byTag(q.get("phase")) : null;
        if (q.containsKey("phase") && phase == null) {
            return ProfileRoutes.Reply.text(400, "soapscope: no such phase\n");
        }
        String none = q.containsKey("none") ? q.get("none") : "hide";
        if (!none.matches("show|hide")) {
            return ProfileRoutes.Reply.text(400, "soapscope: none must be show (draw the samples outside any request phase) or hide\n");
        }
        try {
            return new ProfileRoutes.Reply(200, Endpoint.HTML, FlameGraphs.html(t.jfr.toPath(), phase, "show".equals(none)));
        } catch (IllegalArgumentException nothingToDraw) {
            return ProfileRoutes.Reply.text(404, "soapscope: " + nothingToDraw.getMessage() + "\n");
        }
    }

    private static ProfileRoutes.Reply diff(ProfileSessions.Taken base, ProfileSessions.Taken current) throws Exception {
        Path html = Files.createTempFile("soapscope-diff-", ".html");
        try {
            FlameGraphs.writeDiff(read(base.jfr), base.label(), Math.max(1, base.requests()), read(current.jfr),
                    current.label(), Math.max(1, current.requests()), html);
            return new ProfileRoutes.Reply(200, Endpoint.HTML, new String(Files.readAllBytes(html), StandardCharsets.UTF_8));
        } finally {
            Files.deleteIfExists(html);
        }
    }

    private static FlameGraphs.Profile read(File jfr) throws BadInputException {
        return FlameGraphs.read(Collections.singletonList(jfr.toPath()), null);
    }

    /** Per operation of the baseline window and phase either window entered: wall self time and allocation. */
    static String verdict(ProfileSessions.Taken base, ProfileSessions.Taken current) {
        Json j = new Json().beginObject().name("rule").value(Verdicts.rule()).name("rows").beginArray();
        List<String> notJudged = new ArrayList<String>();
        for (String op : base.after.names) {
            OperationStatsCopy b0 = base.before.of(op);
            OperationStatsCopy b1 = base.after.of(op);
            OperationStatsCopy c0 = current.before.of(op);
            OperationStatsCopy c1 = current.after.of(op);
            long nb = b1.requests - b0.requests;
            long nc = c1.requests - c0.requests;
            if (nb == 0 && nc == 0) {
                continue;
            }
            if (!Verdicts.enough(nb, nc)) {
                notJudged.add(op + " (" + nb + " and " + nc + " requests)");
                continue;
            }
            for (Phase p : Phase.values()) {
                int i = p.ordinal();
                if (b1.wallSum[i] == b0.wallSum[i] && c1.wallSum[i] == c0.wallSum[i]) {
                    continue;
                }
                row(j, op, p, false, b1.wallSum[i] - b0.wallSum[i], b1.wallSquares[i] - b0.wallSquares[i], nb,
                        c1.wallSum[i] - c0.wallSum[i], c1.wallSquares[i] - c0.wallSquares[i], nc);
                if (b1.allocSum[i] != b0.allocSum[i] || c1.allocSum[i] != c0.allocSum[i]) {
                    row(j, op, p, true, b1.allocSum[i] - b0.allocSum[i], b1.allocSquares[i] - b0.allocSquares[i], nb,
                            c1.allocSum[i] - c0.allocSum[i], c1.allocSquares[i] - c0.allocSquares[i], nc);
                }
            }
        }
        j.endArray().name("not_judged").beginArray();
        for (String s : notJudged) {
            j.value(s);
        }
        return j.endArray().endObject().toString();
    }

    private static void row(Json j, String op, Phase p, boolean alloc, double bSum, double bSquares, long nb,
                            double cSum, double cSquares, long nc) {
        double bMean = bSum / nb;
        double cMean = cSum / nc;
        double bSd = OperationStatsCopy.sd(bSum, bSquares, nb);
        double cSd = OperationStatsCopy.sd(cSum, cSquares, nc);
        j.beginObject().name("operation").value(op).name("phase").value(p.tag())
                .name("signal").value(alloc ? "alloc" : "wall").name("unit").value(alloc ? "B" : "us")
                .name("base").value(bMean, 1).name("current").value(cMean, 1).name("diff").value(cMean - bMean, 1)
                .name("half_interval").value(Verdicts.halfInterval(bSd, nb, cSd, nc), 1)
                .name("verdict").value(Verdicts.judge(op, p.tag(), alloc, bMean, bSd, nb, cMean, cSd, nc))
                .endObject();
    }

    private ProfileSessions.Taken taken(String id) {
        try {
            return id == null ? null : sessions.get(Integer.parseInt(id));
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private static ProfileRoutes.Reply json(String body) {
        return new ProfileRoutes.Reply(200, Endpoint.JSON, body + "\n");
    }
}
