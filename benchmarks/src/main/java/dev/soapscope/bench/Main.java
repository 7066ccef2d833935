package dev.soapscope.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import dev.soapscope.bench.e2e.BootStartup;
import dev.soapscope.bench.e2e.DemoServer;
import dev.soapscope.bench.e2e.EndToEnd;
import dev.soapscope.bench.e2e.SideBySide;
import dev.soapscope.bench.e2e.Startup;
import dev.soapscope.bench.jmh.JmhSuite;

/**
 * {@code java -jar benchmarks/target/soapscope-benchmarks.jar [all|jmh|e2e|startup|report] [options]}: runs the overhead
 * measurements and writes each one's section ({@code results-PART.md}) and {@code results.md}, all the sections there
 * are, into {@code --out}. With {@code --update-doc BENCHMARKS.md} it also replaces that file's results between the
 * markers. Paths default to where {@code mvn package} leaves things, from the project's root.
 */
public final class Main {
    static final String[] PARTS = {"targets", "jmh", "e2e", "heap", "startup", "compare"};
    /** How each part's section starts (its writer's heading): a part not measured here keeps the doc's section. */
    static final String[] HEADINGS = {Scorecard.HEADING, "### JMH:", "### End to end:", "### Retained heap after",
            "### Tomcat start-up", "### Side by side:"};
    static final String BEGIN = "<!-- results:begin (scripts/benchmarks.sh --update-doc writes between these markers) -->";
    static final String END = "<!-- results:end -->";

    private Main() {
    }

    public static void main(String[] args) throws Exception {
        Options o;
        try {
            o = Options.parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println("soapscope-benchmarks: " + e.getMessage());
            System.err.println(Options.USAGE);
            System.exit(2);
            return;
        }
        Files.createDirectories(o.out);
        DemoServer.Artifacts files = new DemoServer.Artifacts(o.agentJar, o.war, o.serverJar, o.otelJar, o.elasticJar, null);
        boolean all = o.command.equals("all");
        String startedOn = Machine.describe();
        Scorecard card = new Scorecard();
        if (all || o.command.equals("jmh")) {
            write(o, "jmh", JmhSuite.run(new JmhSuite.Settings(o.quick ? 2 : 3, o.quick ? 3 : 5, 1), o.agentJar, o.otelJar, card));
        }
        boolean compare = all || o.command.equals("compare");
        if (all || o.command.equals("e2e") || o.command.equals("startup") || compare) {
            List<Path> needed = new ArrayList<>(List.of(o.agentJar, o.war, o.serverJar));
            if (compare) {
                needed.addAll(List.of(o.otelJar, o.elasticJar));
            }
            for (Path p : needed) {
                if (!Files.isRegularFile(p)) {
                    throw new IllegalStateException(p + " is missing: build first (mvn -B -q -DskipTests package)");
                }
            }
        }
        if (all || o.command.equals("e2e")) {
            EndToEnd.Sections s = EndToEnd.run(new EndToEnd.Settings(o.forks, o.rounds, o.seconds, o.warmupSeconds,
                    o.concurrency, o.heapRequests), files, o.out.resolve("e2e-work"));
            write(o, "e2e", s.endToEnd());
            write(o, "heap", s.heap());
        }
        if (all || o.command.equals("startup")) {
            String tomcat = Startup.run(new Startup.Settings(o.startups), files, o.out.resolve("e2e-work"), card);
            String boot = Files.isRegularFile(o.bootJar)
                    ? BootStartup.run(o.startups, o.bootJar, o.agentJar, o.out.resolve("e2e-work").resolve("boot"), card)
                    : "Spring Boot start-up: not run (no " + o.bootJar + "; build first)\n";
            write(o, "startup", tomcat + "\n" + boot);
        }
        if (compare) {
            write(o, "compare", SideBySide.run(new SideBySide.Settings(o.startups, o.forks, o.rounds, o.seconds,
                    o.warmupSeconds, o.concurrency), files, o.out.resolve("e2e-work"), card));
        }
        if (all) { // only then were its figures taken side by side
            write(o, "targets", card.section(startedOn + "; load average " + Machine.loadAverage() + " at the end",
                    "scripts/benchmarks.sh" + (o.quick ? " --quick" : "")));
        }
        String results = compose(o);
        Files.writeString(o.out.resolve("results.md"), results, StandardCharsets.UTF_8);
        System.out.println();
        System.out.println(results);
        System.out.println("[bench] written " + o.out.resolve("results.md"));
        if (o.updateDoc != null) {
            updateDoc(o.updateDoc, results);
            System.out.println("[bench] refreshed the results in " + o.updateDoc);
        }
    }

    private static void write(Options o, String part, String section) throws IOException {
        Files.writeString(o.out.resolve("results-" + part + ".md"), section, StandardCharsets.UTF_8);
        System.out.println();
        System.out.println(section);
    }

    /**
     * Every section there is, in a fixed order, under one heading. A part with no section in {@code --out} keeps the
     * one {@code --update-doc}'s file has, so refreshing one part never drops the others from the doc.
     */
    static String compose(Options o) throws IOException {
        String doc = o.updateDoc != null && Files.isRegularFile(o.updateDoc)
                ? Files.readString(o.updateDoc, StandardCharsets.UTF_8) : "";
        StringBuilder b = new StringBuilder();
        b.append("Produced by `scripts/benchmarks.sh").append(o.quick ? " --quick" : "").append("`")
                .append(" (sections from earlier runs are kept until a part is run again).\n");
        for (int i = 0; i < PARTS.length; i++) {
            Path p = o.out.resolve("results-" + PARTS[i] + ".md");
            String section = Files.isRegularFile(p) ? Files.readString(p, StandardCharsets.UTF_8) : docSection(doc, HEADINGS[i]);
            if (!section.isBlank()) {
                b.append('\n').append(section.strip()).append('\n');
            }
        }
        return b.toString();
    }

    /**
     * The part of the doc's results that starts with {@code heading}, up to the next part's heading (a part may hold
     * several sections: start-up's Tomcat apps and Spring Boot jar) or the end marker.
     */
    static String docSection(String doc, String heading) {
        int begin = doc.indexOf(BEGIN);
        int end = doc.indexOf(END);
        if (begin < 0 || end < begin) {
            return "";
        }
        String results = doc.substring(begin + BEGIN.length(), end);
        int at = results.startsWith(heading) ? 0 : results.indexOf("\n" + heading);
        if (at < 0) {
            return "";
        }
        int next = results.length();
        for (String other : HEADINGS) {
            int found = other.equals(heading) ? -1 : results.indexOf("\n" + other, at + 1);
            next = found < 0 ? next : Math.min(next, found);
        }
        return results.substring(at, next);
    }

    static void updateDoc(Path doc, String results) throws IOException {
        String text = Files.readString(doc, StandardCharsets.UTF_8);
        int begin = text.indexOf(BEGIN);
        int end = text.indexOf(END);
        if (begin < 0 || end < begin) {
            throw new IOException(doc + " has no results markers (" + BEGIN + " ... " + END + ")");
        }
        String updated = text.substring(0, begin + BEGIN.length()) + "\n\n" + results.strip() + "\n\n" + text.substring(end);
        Files.writeString(doc, updated, StandardCharsets.UTF_8);
    }

    static final class Options {
        static final String USAGE = """
                usage: java -jar soapscope-benchmarks.jar [all|jmh|e2e|startup|compare|report] [--quick] [--out DIR]
                         [--agent JAR] [--war WAR] [--server-jar JAR] [--otel-agent JAR] [--elastic-agent JAR]
                         [--boot-jar JAR]
                         [--forks N] [--rounds N] [--seconds S] [--warmup-seconds S]
                         [--concurrency C] [--heap-requests N] [--startups N] [--update-doc BENCHMARKS.md]
                  all      everything (the default); e2e includes the retained heap
                  compare  side by side: no agent, soapscope, soapscope + profiler, OpenTelemetry, Elastic APM
                  report   measures nothing: writes results.md from the sections in --out (and --update-doc)""";

        String command = "all";
        boolean quick;
        Path out = Path.of("benchmarks/target");
        Path agentJar = Path.of("agent/target/soapscope-agent.jar");
        Path war = Path.of("demo-webapps/payload-caching/target/payload-caching.war");
        Path serverJar = Path.of("demo-webapps/runner/target/soapscope-demo-server.jar");
        Path otelJar = Path.of("benchmarks/target/agents/opentelemetry-javaagent.jar");
        Path elasticJar = Path.of("benchmarks/target/agents/elastic-apm-agent.jar");
        /** The Spring Boot application whose start-up the startup part also measures: Spring-WS's echo sample. */
        Path bootJar = Path.of("demo-webapps/spring-ws-echo/target/echo-server.jar");
        Path updateDoc;
        int forks = 3;
        int rounds = 4;
        double seconds = 5;
        double warmupSeconds = 15;
        int concurrency = 4;
        long heapRequests = 100_000;
        int startups = 5;

        static Options parse(String[] args) {
            Options o = new Options();
            if (List.of(args).contains("--help") || List.of(args).contains("-h")) {
                System.out.println(USAGE);
                System.exit(0);
            }
            List<String> rest = new ArrayList<>(List.of(args));
            if (rest.contains("--quick")) { // first, so that explicit values win
                o.quick = true;
                o.forks = 2;
                o.rounds = 3;
                o.seconds = 3;
                o.warmupSeconds = 6;
                o.heapRequests = 20_000;
                o.startups = 3;
            }
            for (int i = 0; i < rest.size(); i++) {
                String a = rest.get(i);
                if (a.equals("--quick")) {
                    continue;
                }
                if (!a.startsWith("--")) {
                    if (!List.of("all", "jmh", "e2e", "startup", "compare", "report").contains(a)) {
                        throw new IllegalArgumentException("unknown command " + a);
                    }
                    o.command = a;
                    continue;
                }
                if (i + 1 >= rest.size()) {
                    throw new IllegalArgumentException("missing value after " + a);
                }
                String v = rest.get(++i);
                switch (a) {
                    case "--out" -> o.out = Path.of(v);
                    case "--agent" -> o.agentJar = Path.of(v);
                    case "--war" -> o.war = Path.of(v);
                    case "--server-jar" -> o.serverJar = Path.of(v);
                    case "--otel-agent" -> o.otelJar = Path.of(v);
                    case "--elastic-agent" -> o.elasticJar = Path.of(v);
                    case "--boot-jar" -> o.bootJar = Path.of(v);
                    case "--update-doc" -> o.updateDoc = Path.of(v);
                    case "--forks" -> o.forks = positive(a, v);
                    case "--rounds" -> o.rounds = positive(a, v);
                    case "--seconds" -> o.seconds = positiveSeconds(a, v);
                    case "--warmup-seconds" -> o.warmupSeconds = Double.parseDouble(v);
                    case "--concurrency" -> o.concurrency = positive(a, v);
                    case "--heap-requests" -> o.heapRequests = Long.parseLong(v);
                    case "--startups" -> o.startups = positive(a, v);
                    default -> throw new IllegalArgumentException("unknown option " + a);
                }
            }
            return o;
        }

        private static double positiveSeconds(String option, String value) {
            double s = Double.parseDouble(value);
            if (!(s > 0)) {
                throw new IllegalArgumentException(option + " wants a positive number of seconds, got " + value);
            }
            return s;
        }

        private static int positive(String option, String value) {
            int n = Integer.parseInt(value);
            if (n < 1) {
                throw new IllegalArgumentException(option + " wants a positive number, got " + value);
            }
            return n;
        }
    }
}
