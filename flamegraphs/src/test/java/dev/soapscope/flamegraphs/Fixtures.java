package dev.soapscope.flamegraphs;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.Paths;

/**
 * The checked-in runs under {@code src/test/resources/runs}: {@code base} (300 requests) and {@code current}
 * (150 requests, unmarshal of getOrder 2 ms slower), each a {@code profile.jfr} recorded by
 * {@link FixtureGenerator} and a hand-written {@code phases.json}; and {@code malformed/phases.json}.
 */
final class Fixtures {
    static final String WORKLOAD = "dev/soapscope/flamegraphs/FixtureWorkload";
    /** The frames of every fake request, under its phase frame. */
    static final String REQUEST = WORKLOAD + ".main_[0];" + WORKLOAD + ".request_[1]";
    /** The same frames as a drawn graph names them (types are colours there, not suffixes). */
    static final String REQUEST_FRAMES = WORKLOAD + ".main;" + WORKLOAD + ".request";

    private Fixtures() {
    }

    static Path run(String name) {
        try {
            return Paths.get(Fixtures.class.getResource("/runs/" + name).toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** What one {@link Cli#run} call printed and returned. */
    record Result(int exit, String out, String err) {
    }

    static Result cli(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit = Cli.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Result(exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }
}
