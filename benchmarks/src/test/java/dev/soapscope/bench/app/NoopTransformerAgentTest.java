package dev.soapscope.bench.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.instrument.ClassFileTransformer;
import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarFile;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class NoopTransformerAgentTest {
    @Test
    void itRegistersOneRetransformingTransformerThatChangesNothing() throws Exception {
        List<Object[]> added = new ArrayList<>();
        java.lang.instrument.Instrumentation inst = (java.lang.instrument.Instrumentation) Proxy.newProxyInstance(
                getClass().getClassLoader(), new Class<?>[] {java.lang.instrument.Instrumentation.class}, (p, m, args) -> {
                    if (m.getName().equals("addTransformer")) {
                        added.add(args);
                    }
                    return null;
                });
        NoopTransformerAgent.premain(null, inst);
        assertEquals(1, added.size(), "one transformer");
        assertEquals(2, added.get(0).length, "registered with its retransform flag, as soapscope's is");
        assertEquals(Boolean.TRUE, added.get(0)[1]);
        byte[] classFile = {(byte) 0xCA, (byte) 0xFE, (byte) 0xBA, (byte) 0xBE};
        assertEquals(null, ((ClassFileTransformer) added.get(0)[0]).transform(null, "a/B", null, null, classFile));
    }

    @Test
    void itsJarStartsAJvm(@TempDir Path dir) throws Exception {
        Path jar = NoopTransformerAgent.jar(dir);
        try (JarFile j = new JarFile(jar.toFile())) {
            assertEquals(NoopTransformerAgent.class.getName(), j.getManifest().getMainAttributes().getValue("Premain-Class"));
            assertEquals("true", j.getManifest().getMainAttributes().getValue("Can-Retransform-Classes"));
        }
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-javaagent:" + jar.toAbsolutePath(), "-version").redirectErrorStream(true).start();
        String said = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), said);
        assertEquals(0, p.exitValue(), said);
        assertTrue(said.contains("version"), said);
    }
}
