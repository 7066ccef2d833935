package dev.soapscope.demo;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import dev.soapscope.testkit.TestJvms;

/** What the runner's ITs get from the Maven build (failsafe's system properties), and reading what runs left. */
final class BuildOutputs {

    private BuildOutputs() {
    }

    /** A path the pom hands the ITs, e.g. {@code soapscope.demo.agentJar}; fails the test when run outside Maven. */
    static Path property(String name) {
        String value = System.getProperty(name);
        assertTrue(value != null && !value.isBlank() && !value.contains("${"), name + " is not set: run through Maven");
        return Path.of(value);
    }

    /** What a run of the packaged runner left: its exit status and everything it printed. */
    record JarRun(int exit, String printed) {
    }

    /**
     * Runs the packaged runner ({@code soapscope.demo.runnerJar}) as a user does, {@code java -jar} in its own JVM, with
     * {@code args} and {@code --out out}; its output goes to {@code out/runner.log}. Fails the test if it does not end
     * within {@code seconds}.
     */
    static JarRun runPackagedJar(Path out, int seconds, String... args) throws Exception {
        Path jar = property("soapscope.demo.runnerJar");
        assertTrue(Files.isRegularFile(jar), jar + ": the IT runs after package");
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-jar", jar.toString()));
        command.addAll(List.of(args));
        command.addAll(List.of("--out", out.toString()));
        Path log = Files.createDirectories(out).resolve("runner.log");
        Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        assertTrue(process.waitFor(seconds, TimeUnit.SECONDS), "the runner finished: " + read(log));
        return new JarRun(process.exitValue(), read(log));
    }

    /**
     * {@code args} and a {@code --jvm-option} for each option forked test JVMs get ({@link TestJvms}); not for runs of
     * the WS-Security scenarios, whose signatures C1 computes slower than the JIT's default does.
     */
    static String[] withTestJvms(String... args) {
        List<String> all = new ArrayList<>(List.of(args));
        TestJvms.options().forEach(option -> all.addAll(List.of("--jvm-option", option)));
        return all.toArray(new String[0]);
    }

    /** The file's text, or a line saying why there is none (for failure messages). */
    static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (Exception e) {
            return "(no " + file.getFileName() + ": " + e + ")";
        }
    }
}
