package dev.soapscope.demo.profile;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;

import dev.soapscope.demo.ServerProcess;
import dev.soapscope.demo.report.Flames;
import dev.soapscope.demo.report.ScenarioResult;
import dev.soapscope.demo.scenario.Scenarios;
import dev.soapscope.flamegraphs.BadInputException;
import dev.soapscope.flamegraphs.FlameGraphs;
import dev.soapscope.flamegraphs.TimeWindow;

/**
 * The flame graphs of a run, drawn once the server has stopped (its agent then finishes the JFR file and writes
 * {@code phases.json} into its profile directory): per scenario the samples taken while it was measured, as the
 * {@code flame} command draws them, into {@code DIR/flamegraphs/<slug>/}; per pair of scenarios both ran, the
 * differential graph normalised by the requests each sent, {@code DIR/flamegraphs/diff-<group>-<a>-vs-<b>.html}.
 * Never fails the run: what cannot be drawn is missing, with the reason.
 */
public final class FlameGraphWriter {

    /** How the agent samples ({@link ServerProcess#PROFILER_OPTIONS}), as the reports say it. */
    public static final String SAMPLING = "cpu samples every 10 ms";

    private FlameGraphWriter() {
    }

    /** When a scenario was measured: from just before its first request to just after its last, epoch ms. */
    public record Window(long fromEpochMs, long toEpochMs) {
    }

    /**
     * Readies {@code out/<profileDir>} for a server's profile and removes what an earlier run left in the same
     * directory: its JFR files, {@code phases.json} and {@code hotspots.json}, and the {@code .html} and
     * {@code .collapsed} files under {@code out/flamegraphs} (nothing else is touched).
     *
     * @param profileDir the server's ({@link dev.soapscope.demo.scenario.Container#profileDir()})
     * @return the profile directory
     */
    public static Path prepare(Path out, String profileDir) throws IOException {
        Path profile = prepareProfile(out, profileDir);
        Path pages = out.resolve(Flames.DIR);
        if (Files.isDirectory(pages)) {
            List<Path> all;
            try (Stream<Path> walk = Files.walk(pages)) {
                all = walk.sorted(Comparator.reverseOrder()).toList();
            }
            for (Path p : all) {
                String name = p.getFileName().toString();
                if (Files.isRegularFile(p) && (name.endsWith(".html") || name.endsWith(".collapsed"))) {
                    Files.delete(p);
                } else if (Files.isDirectory(p)) {
                    try {
                        Files.delete(p);
                    } catch (DirectoryNotEmptyException e) {
                        // something of the user's: left alone
                    }
                }
            }
        }
        return profile;
    }

    /**
     * Readies {@code out/<profileDir>} for a JVM's profile (a server's, a client's), removing what an earlier run left
     * there: its JFR files, {@code phases.json} and {@code hotspots.json}.
     */
    public static Path prepareProfile(Path out, String profileDir) throws IOException {
        Path profile = out.resolve(profileDir);
        if (Files.isDirectory(profile)) {
            try (Stream<Path> files = Files.list(profile)) {
                for (Path f : files.toList()) {
                    String name = f.getFileName().toString();
                    if (Files.isRegularFile(f) && (name.endsWith(".jfr") || name.equals("phases.json")
                            || name.equals("hotspots.json"))) {
                        Files.delete(f);
                    }
                }
            }
        }
        return Files.createDirectories(profile);
    }

    /**
     * Draws the flame graphs of one server's scenarios from {@code out/<profileDir>}.
     *
     * @param windows per scenario name, when it was measured
     * @param log     one line per page written
     */
    public static Flames write(Path out, String profileDirName, ServerProcess.Profiling profiling,
                               List<ScenarioResult> results, Map<String, Window> windows, List<Scenarios.Pair> pairs,
                               PrintStream log) {
        String profiler = profiling.backend() == null ? null : profiling.backend() + ", " + SAMPLING;
        String profileDir = profiling.backend() == null ? null : profileDirName;
        String problem = profiling.problem();
        if (problem != null) {
            return Flames.none(profiler, problem, profileDir);
        }
        Path dir = out.resolve(profileDirName);
        List<Path> jfr;
        try {
            jfr = FlameGraphs.jfrFiles(dir);
        } catch (BadInputException e) {
            return Flames.none(profiler, e.getMessage(), profileDir);
        }
        if (jfr.isEmpty()) {
            return Flames.none(profiler, "the agent left no JFR file in " + dir + " (it finishes the file when the "
                    + "server stops; see server.log)", profileDir);
        }

        Map<String, Flames.ScenarioFlames> flames = new LinkedHashMap<>();
        Map<String, FlameGraphs.Profile> profiles = new HashMap<>();
        Map<String, Integer> requests = new HashMap<>();
        for (ScenarioResult s : results) {
            Window w = windows.get(s.name());
            if (w == null) {
                flames.put(s.name(), Flames.ScenarioFlames.missing("it was not measured"));
                continue;
            }
            try {
                FlameGraphs.Profile p = FlameGraphs.read(jfr, TimeWindow.of(w.fromEpochMs(), w.toEpochMs()));
                if (p.samples() == 0) {
                    flames.put(s.name(), Flames.ScenarioFlames.missing("no samples were taken while it ran"));
                    continue;
                }
                FlameGraphs.Pages pages = p.writePages(out.resolve(Flames.DIR).resolve(slug(s.name())), s.name(),
                        s.requests());
                Map<String, String> phases = new LinkedHashMap<>();
                pages.phases().forEach((tag, file) -> phases.put(tag, relative(out, file)));
                flames.put(s.name(), new Flames.ScenarioFlames(relative(out, pages.all()), phases, pages.samples(),
                        null));
                profiles.put(s.name(), p);
                requests.put(s.name(), s.requests());
                log.printf(Locale.ROOT, "flame graphs of %s: %,d samples, %s%n", s.name(), pages.samples(),
                        pages.all());
            } catch (BadInputException | IOException | RuntimeException e) {
                flames.put(s.name(), Flames.ScenarioFlames.missing(message(e)));
            }
        }

        List<Flames.Diff> diffs = new ArrayList<>();
        for (Scenarios.Pair pair : pairs) {
            FlameGraphs.Profile current = profiles.get(pair.current());
            FlameGraphs.Profile baseline = profiles.get(pair.baseline());
            if (current == null || baseline == null || requests.get(pair.current()) == 0
                    || requests.get(pair.baseline()) == 0) {
                continue;
            }
            String file = Flames.DIR + "/" + diffFile(pair);
            try {
                long unit = FlameGraphs.writeDiff(baseline, pair.baseline(), requests.get(pair.baseline()), current,
                        pair.current(), requests.get(pair.current()), out.resolve(file));
                Flames.Diff diff = new Flames.Diff(pair.current(), pair.baseline(), file, unit);
                diffs.add(diff);
                log.printf(Locale.ROOT, "differential flame graph, %s: %s%n", diff.title(), out.resolve(file));
            } catch (IOException | RuntimeException e) {
                log.println("no differential flame graph of " + pair.current() + " against " + pair.baseline() + ": "
                        + message(e));
            }
        }
        return new Flames(profiler, null, flames, diffs, List.of(profileDir));
    }

    /** Where a transfer scenario's client JVM is profiled, under the output directory. */
    public static String clientProfileDir(String scenario) {
        return "profile-client-" + slug(scenario);
    }

    /**
     * Draws the flame graphs of a scenario's client JVM, once it has stopped, from {@code out/<clientProfileDir>}: the
     * samples of its measured window, split by the client's phases, into {@code DIR/flamegraphs/<slug>/client/}.
     *
     * @param calls the calls the client made in the window
     */
    public static Flames.ScenarioFlames writeClient(Path out, String scenario, Window window, long calls,
                                                    PrintStream log) {
        Path dir = out.resolve(clientProfileDir(scenario));
        try {
            List<Path> jfr = FlameGraphs.jfrFiles(dir);
            if (jfr.isEmpty()) {
                return Flames.ScenarioFlames.missing("the client's agent left no JFR file in " + dir);
            }
            FlameGraphs.Profile p = FlameGraphs.read(jfr, TimeWindow.of(window.fromEpochMs(), window.toEpochMs()));
            if (p.samples() == 0) {
                return Flames.ScenarioFlames.missing("no samples were taken in the client while it ran");
            }
            FlameGraphs.Pages pages = p.writePages(out.resolve(Flames.DIR).resolve(slug(scenario)).resolve("client"),
                    scenario + " (client)", calls);
            Map<String, String> phases = new LinkedHashMap<>();
            pages.phases().forEach((tag, file) -> phases.put(tag, relative(out, file)));
            log.printf(Locale.ROOT, "flame graphs of %s's client: %,d samples, %s%n", scenario, pages.samples(),
                    pages.all());
            return new Flames.ScenarioFlames(relative(out, pages.all()), phases, pages.samples(), null);
        } catch (BadInputException | IOException | RuntimeException e) {
            return Flames.ScenarioFlames.missing(message(e));
        }
    }

    /** {@code payload-caching/axiom-caching} to {@code payload-caching-axiom-caching}. */
    public static String slug(String scenario) {
        return scenario.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9._-]+", "-");
    }

    /**
     * {@code diff-payload-caching-axiom-caching-vs-axiom-streaming.html}: the group once when both share it, the
     * current scenario first.
     */
    public static String diffFile(Scenarios.Pair pair) {
        String c = pair.current();
        String b = pair.baseline();
        int cs = c.indexOf('/');
        int bs = b.indexOf('/');
        if (cs > 0 && bs > 0 && c.substring(0, cs).equals(b.substring(0, bs))) {
            return "diff-" + slug(c.substring(0, cs)) + "-" + slug(c.substring(cs + 1)) + "-vs-"
                    + slug(b.substring(bs + 1)) + ".html";
        }
        return "diff-" + slug(c) + "-vs-" + slug(b) + ".html";
    }

    private static String relative(Path out, Path file) {
        return out.toAbsolutePath().relativize(file.toAbsolutePath()).toString().replace('\\', '/');
    }

    private static String message(Exception e) {
        return e.getMessage() != null ? e.getMessage() : e.toString();
    }
}
