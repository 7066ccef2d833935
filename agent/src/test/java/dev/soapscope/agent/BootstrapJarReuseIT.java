package dev.soapscope.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The nested recorder jar, and the weaver jar, are written once per agent build and reused: a JVM killed with SIGKILL
 * (as an out-of-memory kill in a container ends one) leaves the one jar the next start uses, never one more per start.
 */
class BootstrapJarReuseIT {

    @TempDir
    Path tmp;

    @Test
    void aKilledJvmLeavesTheJarTheNextStartReuses() throws Exception {
        Process first = start("60");
        try (BufferedReader out = new BufferedReader(new InputStreamReader(first.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line; (line = out.readLine()) != null && !line.equals(WaitingMain.READY); ) {
                // the agent's lines, then the main's
            }
        }
        first.destroyForcibly(); // SIGKILL: no shutdown hook, no delete-on-exit
        assertTrue(first.waitFor(30, TimeUnit.SECONDS));
        List<Path> afterKill = jars();
        assertEquals(1, afterKill.size(), afterKill.toString());
        long written = Files.getLastModifiedTime(afterKill.get(0)).toMillis();
        List<Path> weavers = jars("soapscope-weaver-");
        assertEquals(1, weavers.size(), weavers.toString());
        long weaverWritten = Files.getLastModifiedTime(weavers.get(0)).toMillis();

        for (int i = 0; i < 2; i++) {
            Process next = start("0");
            String out = new String(next.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(next.waitFor(60, TimeUnit.SECONDS) && next.exitValue() == 0, out);
            assertTrue(out.contains("[soapscope] INFO agent "), "the agent started from the reused jar: " + out);
        }
        assertEquals(afterKill, jars(), "the same one jar");
        assertEquals(written, Files.getLastModifiedTime(afterKill.get(0)).toMillis(), "not written again");
        assertEquals(weavers, jars("soapscope-weaver-"), "the same one weaver jar");
        assertEquals(weaverWritten, Files.getLastModifiedTime(weavers.get(0)).toMillis(), "not written again");
    }

    /**
     * The probes' classes and Byte Buddy's come from the weaver jar on the bootstrap path (read natively, not verified),
     * the recorder's too; the agent jar's copies of them are never loaded.
     */
    @Test
    void theProbesClassesLoadFromTheWeaverJarOnTheBootstrapPath() throws Exception {
        Path log = tmp.resolve("classes.log");
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Djava.io.tmpdir=" + tmp, "-Xlog:class+load=info:file=" + log,
                "-javaagent:" + AgentOnTomcatIT.AGENT + "=port=0,log=debug",
                "-cp", Path.of("target", "test-classes").toAbsolutePath().toString(), WaitingMain.class.getName(), "0")
                .redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS) && p.exitValue() == 0, out);
        Path weaver = jars("soapscope-weaver-").get(0);
        assertTrue(out.contains("the recorder and the probes' classes on the bootstrap path: " + weaver), out);
        List<String> lines = Files.readAllLines(log);
        for (String cls : List.of("dev.soapscope.agent.probe.ClassWeaver", "dev.soapscope.recorder.Recorder",
                "dev.soapscope.shaded.bytebuddy.matcher.ElementMatchers")) {
            String loaded = lines.stream().filter(l -> l.contains(" " + cls + " ")).findFirst().orElse("not loaded");
            assertTrue(loaded.endsWith("source: " + weaver), cls + ": " + loaded);
        }
        List<String> fromAgentJar = lines.stream().filter(l -> l.contains(" dev.soapscope.agent.probe.")
                || l.contains(" dev.soapscope.shaded.bytebuddy.")).filter(l -> !l.endsWith("source: " + weaver)).toList();
        assertEquals(List.of(), fromAgentJar);
    }

    /** Starts name the jar by the digest the build wrote beside it (no hashing per start): it must be the content's. */
    @Test
    void theBuildsDigestNamesTheJarAndIsTheContents() throws Exception {
        byte[] content;
        String built;
        try (java.util.jar.JarFile agent = new java.util.jar.JarFile(AgentOnTomcatIT.AGENT.toFile())) {
            content = agent.getInputStream(agent.getEntry("soapscope-bootstrap.jar")).readAllBytes();
            var digest = agent.getEntry("soapscope-bootstrap.jar.sha256");
            assertTrue(digest != null, "the build writes the nested jar's digest into the agent jar");
            built = BootstrapJarFile.hexDigest(new String(agent.getInputStream(digest).readAllBytes(), StandardCharsets.US_ASCII));
        }
        assertEquals(BootstrapJarFile.digest(content), built.substring(0, 16));
        Process p = start("0");
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS) && p.exitValue() == 0, out);
        assertEquals("soapscope-bootstrap-" + built.substring(0, 16) + ".jar", jars().get(0).getFileName().toString());
    }

    private Process start(String seconds) throws Exception {
        return new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Djava.io.tmpdir=" + tmp, "-javaagent:" + AgentOnTomcatIT.AGENT + "=port=0",
                "-cp", Path.of("target", "test-classes").toAbsolutePath().toString(), WaitingMain.class.getName(), seconds)
                .redirectErrorStream(true).start();
    }

    /** Every soapscope-bootstrap jar under the temporary directory, at any depth. */
    private List<Path> jars() throws Exception {
        return jars("soapscope-bootstrap-");
    }

    private List<Path> jars(String prefix) throws Exception {
        try (Stream<Path> all = Files.walk(tmp)) {
            return all.filter(p -> p.getFileName().toString().startsWith(prefix)).sorted().toList();
        }
    }

    /** Says it is ready, then waits the seconds it is given. */
    public static final class WaitingMain {
        static final String READY = "waiting main ready";

        public static void main(String[] args) throws Exception {
            System.out.println(READY);
            System.out.flush();
            Thread.sleep(Long.parseLong(args[0]) * 1000);
        }
    }
}
