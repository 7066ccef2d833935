package dev.soapscope.testkit;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The JDKs a forked server can run on: the one running the tests, and Java 25 when this machine has it
 * ({@code SOAPSCOPE_TEST_JDK25}, or a {@code temurin-25*} / {@code *-25-*} folder under {@code /usr/lib/jvm}).
 */
public final class Jdks {
    private Jdks() {
    }

    /** Homes to run on, the test JDK first. */
    public static Stream<Path> available() {
        List<Path> homes = new ArrayList<>();
        homes.add(Path.of(System.getProperty("java.home")));
        java25().filter(h -> !homes.get(0).toAbsolutePath().normalize().equals(h.toAbsolutePath().normalize()))
                .ifPresent(homes::add);
        return homes.stream();
    }

    /** Java 25 on this machine, if any (virtual threads, the newest bytecode). */
    public static java.util.Optional<Path> java25() {
        String env = System.getenv("SOAPSCOPE_TEST_JDK25");
        if (env != null && Files.isExecutable(Path.of(env, "bin", "java"))) {
            return java.util.Optional.of(Path.of(env));
        }
        Path jvms = Path.of("/usr/lib/jvm");
        if (!Files.isDirectory(jvms)) {
            return java.util.Optional.empty();
        }
        try (Stream<Path> dirs = Files.list(jvms)) {
            return dirs.filter(d -> {
                String n = d.getFileName().toString();
                return n.startsWith("temurin-25") || n.contains("-25-") || n.equals("java-25");
            }).filter(d -> Files.isExecutable(d.resolve("bin/java"))).sorted().findFirst();
        } catch (IOException e) {
            return java.util.Optional.empty();
        }
    }
}
