package dev.soapscope.agent;

import dev.soapscope.agent.container.ContainerLikeMain;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Premain loads ThreadLocalRandom before the agent's transformer exists: the transformer's concurrent maps load it
 * the first time two class-loading threads contend on one, and loading it from inside the transformer while the JVM
 * loads it is a ClassCircularityError that the JVM keeps, so the application's own contended maps fail from then on
 * (CXF's HTTP client threads could not initialize {@code jdk.internal.net.http.ResponseTimerEvent}). A JVM without
 * the agent does not load it here: the order in the class-loading log is the agent's doing.
 */
class PremainLoadsBeforeTransformingIT {
    private static final String RANDOM = "java.util.concurrent.ThreadLocalRandom ";
    private static final String TRANSFORMER = "dev.soapscope.agent.probe.ClassWeaver ";

    @Test
    void threadLocalRandomIsLoadedBeforeTheTransformer(@TempDir Path dir) throws Exception {
        List<String> without = classesLoaded(dir.resolve("without.log"), null);
        assertTrue(without.stream().noneMatch(l -> l.contains(RANDOM)), "without the agent, this main loads no "
                + "ThreadLocalRandom before it exits: the test would prove nothing");
        List<String> with = classesLoaded(dir.resolve("with.log"), "-javaagent:" + AgentOnTomcatIT.AGENT + "=port=0");
        int random = indexOf(with, RANDOM);
        int transformer = indexOf(with, TRANSFORMER);
        assertTrue(transformer > 0, "the agent's transformer was loaded");
        assertTrue(random >= 0 && random < transformer, "ThreadLocalRandom at line " + random
                + " of the class-loading log, the transformer at line " + transformer);
    }

    /**
     * Nothing the transformer needs is loaded inside it while the JVM loads that very class: premain warms it up before
     * adding it. (Matching the loaded classes after adding it once loaded an error class that Byte Buddy's classes
     * verify against from inside the transformer: "could not instrument java.lang.reflect.GenericSignatureFormatError
     * ... ClassCircularityError".)
     */
    @Test
    void premainInstrumentsWithoutClassCircularity(@TempDir Path dir) throws Exception {
        Path log = dir.resolve("with.log");
        classesLoaded(log, "-javaagent:" + AgentOnTomcatIT.AGENT + "=port=0");
        String out = Files.readString(log.resolveSibling(log.getFileName() + ".out"));
        assertTrue(out.contains("agent ") && out.contains(" started"), out);
        assertFalse(out.contains("could not instrument") || out.contains("ClassCircularityError"), out);
    }

    /**
     * The agent makes no dynamic proxy class: the JDK numbers them in the order they are made, and an application's
     * class data sharing archive keeps its own by those names, so one more made by the agent renumbers the application's
     * and none of its archived ones is used (49 on Spring-WS's echo jar: a reflective call of the JDK's
     * caller-sensitive {@code getPlatformClassLoader} made an annotation proxy on Java 17).
     */
    @Test
    void theAgentMakesNoProxyClass(@TempDir Path dir) throws Exception {
        List<String> without = proxies(classesLoaded(dir.resolve("without.log"), null));
        List<String> with = proxies(classesLoaded(dir.resolve("with.log"), "-javaagent:" + AgentOnTomcatIT.AGENT + "=port=0"));
        assertFalse(without.isEmpty(), "without the agent this main makes proxies: the test would prove nothing");
        assertEquals(without, with, "the proxy classes made, in order");
    }

    private static List<String> proxies(List<String> log) {
        return log.stream().filter(l -> l.contains("source: __dynamic_proxy__"))
                .map(l -> l.substring(l.indexOf("] ") + 2, l.indexOf(" source:"))).toList();
    }

    /** The class-loading log of {@link ContainerLikeMain} run to its end, with {@code agent} (or none). */
    private static List<String> classesLoaded(Path log, String agent) throws Exception {
        List<String> command = new java.util.ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xlog:class+load=info:file=" + log));
        if (agent != null) {
            command.add(agent);
        }
        command.addAll(List.of("-cp", Path.of("target", "test-classes").toAbsolutePath().toString(),
                ContainerLikeMain.class.getName()));
        Process process = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(log.resolveSibling(log.getFileName() + ".out").toFile()).start();
        assertTrue(process.waitFor(60, TimeUnit.SECONDS), "the main ended");
        assertEquals(0, process.exitValue(), Files.readString(log.resolveSibling(log.getFileName() + ".out")));
        return Files.readAllLines(log);
    }

    private static int indexOf(List<String> lines, String className) {
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).contains("] " + className)) {
                return i;
            }
        }
        return -1;
    }
}
