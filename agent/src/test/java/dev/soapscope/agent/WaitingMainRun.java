package dev.soapscope.agent;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A JVM that runs {@link BootstrapJarReuseIT.WaitingMain} for no time under the agent, to the end: its output. */
final class WaitingMainRun {
    private WaitingMainRun() {
    }

    /**
     * Runs it with {@code jvmArgs} (the agent among them) and {@code env}, as {@code user} when there is one (class
     * path copies under {@code readable}); fails unless it ends with exit code 0 within a minute.
     */
    static String output(List<String> jvmArgs, Map<String, String> env, Optional<OtherUser> user, Path readable)
            throws Exception {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(jvmArgs);
        command.addAll(List.of("-cp", Path.of("target", "test-classes").toAbsolutePath().toString(),
                BootstrapJarReuseIT.WaitingMain.class.getName(), "0"));
        List<String> run = user.isPresent() ? user.get().rewrite(command, readable) : command;
        ProcessBuilder pb = new ProcessBuilder(run).redirectErrorStream(true);
        pb.environment().putAll(env);
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "did not end: " + out);
        assertEquals(0, p.exitValue(), run + "\n" + out);
        assertTrue(out.contains(BootstrapJarReuseIT.WaitingMain.READY), "the application ran: " + out);
        return out;
    }
}
