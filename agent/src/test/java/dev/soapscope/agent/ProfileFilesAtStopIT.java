package dev.soapscope.agent;

import dev.soapscope.testkit.AgentEndpoint;
import dev.soapscope.testkit.ForkedClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The on-demand profiles' files (soapscope-profile-*.jfr) go when the JVM stops normally: those the page keeps, and
 * the one being taken for a client that went away. Before, four 125 KB files were left in the temp directory.
 */
class ProfileFilesAtStopIT {
    @TempDir
    Path dir;

    @Test
    void keptAndAbandonedProfilesAreRemovedAtANormalStop() throws Exception {
        Path tmp = Files.createDirectory(dir.resolve("tmp"));
        ForkedClient jvm = ForkedClient.main(BootstrapJarReuseIT.WaitingMain.class.getName())
                .classpath(Path.of("target", "test-classes").toAbsolutePath())
                .agentUnderTest(null).jvmArgs("-Djava.io.tmpdir=" + tmp).args("120").start();
        try {
            AgentEndpoint agent = jvm.agent();
            for (int i = 1; i <= 2; i++) { // two profiles the page keeps
                assertEquals(200, agent.raw("/profiles/start?seconds=1").status());
                awaitKept(agent, i);
            }
            // a download whose client hangs up after asking: the profile goes on, its file with it
            try (Socket client = new Socket("127.0.0.1", agent.port())) {
                OutputStream out = client.getOutputStream();
                out.write(("GET /profile?seconds=60 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
                out.flush();
                await(() -> profileFiles(tmp).size() == 3, "a third file, for the download");
            }
            Thread.sleep(300); // the client is gone; the profile runs on
            assertEquals(3, profileFiles(tmp).size(), profileFiles(tmp)::toString);
        } finally {
            jvm.end(); // SIGTERM: a normal stop, as a container's
        }
        assertFalse(jvm.isAlive());
        assertEquals(List.of(), profileFiles(tmp), jvm.output());
        // (not "Exception": a SIGTERM'd child's output may end with the testkit's "Stream closed" line)
        assertFalse(jvm.output().contains("[soapscope] WARN") || jvm.output().contains("Exception in thread"), jvm.output());
    }

    private static void awaitKept(AgentEndpoint agent, int kept) throws Exception {
        await(() -> {
            String state = agent.raw("/profiles").body();
            return state.contains("\"running\":null") && state.contains("\"id\":" + kept + ",");
        }, kept + " kept profiles");
    }

    private static void await(Check check, String what) throws Exception {
        long until = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (!check.ok()) {
            if (System.nanoTime() > until) {
                throw new AssertionError("waited 20 s for " + what);
            }
            Thread.sleep(50);
        }
    }

    /** Every soapscope-profile file under the JVM's temp directory, at any depth. */
    static List<Path> profileFiles(Path tmp) throws Exception {
        try (Stream<Path> all = Files.walk(tmp)) {
            return all.filter(p -> p.getFileName().toString().startsWith("soapscope-profile-")).collect(Collectors.toList());
        }
    }

    private interface Check {
        boolean ok() throws Exception;
    }
}
