package dev.soapscope.agent;

import dev.soapscope.agent.profiler.ProfilerControl;
import dev.soapscope.flamegraphs.FlameGraphs;
import dev.soapscope.recorder.Phase;
import dev.soapscope.metrics.Endpoint;

import java.io.File;
import java.io.UnsupportedEncodingException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.HashMap;
import java.util.Map;

/**
 * {@code /profile?seconds=N&event=cpu|wall|alloc|lock}: a JFR recording of the next N seconds, as a download;
 * {@code /flamegraph?seconds=N[&phase=P][&event=E][&none=show|hide]}: the same, as a flame graph page rooted at the
 * phases (the samples outside any phase, {@code [phase:none]}, only with {@code none=show}), or of one phase.
 */
final class ProfileRoutes {
    static final int MAX_SECONDS = 300;

    private final ProfilerControl profiler;

    ProfileRoutes(ProfilerControl profiler) {
        this.profiler = profiler;
    }

    boolean handles(String path) {
        return "/profile".equals(path) || "/flamegraph".equals(path);
    }

    Reply get(String path, String rawQuery) throws Exception {
        Map<String, String> query = parse(rawQuery);
        boolean flame = "/flamegraph".equals(path);
        String bad = flame ? unknownParameter(query, "seconds", "event", "phase", "none")
                : unknownParameter(query, "seconds", "event");
        if (bad != null) {
            return Reply.text(400, "soapscope: unknown parameter; " + path + " takes seconds=1.."
                    + MAX_SECONDS + ", event=cpu|wall|alloc|lock" + (flame ? ", phase=<a phase, such as soap.parse>"
                    + " and none=show|hide" : "") + "\n");
        }
        String none = query.containsKey("none") ? query.get("none") : "hide";
        if (!none.matches("show|hide")) {
            return Reply.text(400, "soapscope: none must be show (draw the samples outside any request phase) or hide\n");
        }
        Phase phase = null;
        if (flame && query.containsKey("phase")) {
            phase = Phase.byTag(query.get("phase"));
            if (phase == null) {
                return Reply.text(400, "soapscope: no such phase; phases: "
                        + phaseTags() + "\n");
            }
        }
        Integer seconds = seconds(query.get("seconds"));
        if (seconds == null) {
            return Reply.text(400, "soapscope: seconds must be a whole number from 1 to " + MAX_SECONDS + "\n");
        }
        String event = query.containsKey("event") ? query.get("event") : "cpu";
        if (!event.matches("cpu|wall|alloc|lock")) {
            return Reply.text(400, "soapscope: event must be cpu, wall, alloc or lock\n");
        }
        File jfr;
        try {
            jfr = profiler.profile(seconds, event);
        } catch (IllegalStateException refused) {
            return Reply.text(refused.getMessage().startsWith("no profiler") ? 503 : 409,
                    "soapscope: " + refused.getMessage() + "\n");
        }
        try {
            if (flame) {
                try {
                    return new Reply(200, "text/html; charset=utf-8", FlameGraphs.html(jfr.toPath(), phase,
                            "show".equals(none)));
                } catch (IllegalArgumentException nothingToDraw) {
                    return Reply.text(404, "soapscope: " + nothingToDraw.getMessage() + "\n");
                }
            }
            Reply r = new Reply(200, "application/octet-stream", Files.readAllBytes(jfr.toPath()));
            r.fileName = "soapscope-" + event + ".jfr";
            return r;
        } finally {
            if (!jfr.delete()) {
                jfr.deleteOnExit();
            }
        }
    }

    private static String phaseTags() {
        StringBuilder tags = new StringBuilder();
        for (Phase p : Phase.values()) {
            tags.append(tags.length() == 0 ? "" : ", ").append(p.tag());
        }
        return tags.toString();
    }

    static Integer seconds(String value) {
        if (value == null) {
            return 30;
        }
        try {
            int n = Integer.parseInt(value);
            return n >= 1 && n <= MAX_SECONDS ? n : null;
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private static String unknownParameter(Map<String, String> query, String... known) {
        for (String name : query.keySet()) {
            boolean ok = false;
            for (String k : known) {
                ok |= k.equals(name);
            }
            if (!ok) {
                return name.length() > 40 ? name.substring(0, 40) : name;
            }
        }
        return null;
    }

    static Map<String, String> parse(String rawQuery) throws UnsupportedEncodingException {
        Map<String, String> out = new HashMap<String, String>();
        if (rawQuery == null || rawQuery.isEmpty()) {
            return out;
        }
        for (String pair : rawQuery.split("&")) {
            int eq = pair.indexOf('=');
            String name = URLDecoder.decode(eq < 0 ? pair : pair.substring(0, eq), "UTF-8");
            String value = eq < 0 ? "" : URLDecoder.decode(pair.substring(eq + 1), "UTF-8");
            out.put(name, value);
        }
        return out;
    }

    /** A status, a content type, bytes, and a file name when it is a download. */
    static final class Reply {
        final int status;
        final String contentType;
        final byte[] body;
        String fileName;

        Reply(int status, String contentType, byte[] body) {
            this.status = status;
            this.contentType = contentType;
            this.body = body;
        }

        Reply(int status, String contentType, String body) {
            this(status, contentType, body.getBytes(StandardCharsets.UTF_8));
        }

        static Reply text(int status, String message) {
            return new Reply(status, Endpoint.TEXT, message);
        }
    }
}
