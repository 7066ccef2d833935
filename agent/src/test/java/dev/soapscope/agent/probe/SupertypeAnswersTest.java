package dev.soapscope.agent.probe;

import org.junit.jupiter.api.Test;

import java.io.File;
import java.io.InputStream;
import java.net.URI;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Enumeration;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Supertype answers are never wrong: every class of the SOAP stacks and servers on the test class path is woven
 * exactly as when each supertype is read at once, though most are now decided without reading any (issue 45).
 */
class SupertypeAnswersTest {
    /** The jars whose classes the probes match by supertype most. */
    private static final List<String> JARS = Arrays.asList("cxf-core-", "spring-ws-core-", "jaxws-rt-", "axis2-kernel-",
            "axis-1", "saaj-impl-", "axiom-api-", "tomcat-embed-core-", "jakarta.servlet-api-", "javax.servlet-api-");

    @Test
    void everyClassIsWovenAsIfItsSupertypesWereReadAtOnce() throws Exception {
        ClassWeaver assuming = weaver(true);
        ClassWeaver reading = weaver(false);
        ClassLoader loader = SupertypeAnswersTest.class.getClassLoader();
        int classes = 0;
        int woven = 0;
        for (String path : System.getProperty("java.class.path").split(File.pathSeparator)) {
            if (!JARS.stream().anyMatch(j -> new File(path).getName().startsWith(j))) {
                continue;
            }
            try (JarFile jar = new JarFile(path)) {
                for (Enumeration<JarEntry> e = jar.entries(); e.hasMoreElements(); ) {
                    JarEntry entry = e.nextElement();
                    String file = entry.getName();
                    if (!file.endsWith(".class") || file.startsWith("META-INF/") || file.endsWith("module-info.class")) {
                        continue;
                    }
                    byte[] bytes;
                    try (InputStream in = jar.getInputStream(entry)) {
                        bytes = in.readAllBytes();
                    }
                    String name = file.substring(0, file.length() - ".class".length()).replace('/', '.');
                    byte[] expected = reading.weave(name, loader, null, bytes);
                    byte[] actual = assuming.weave(name, loader, null, bytes);
                    assertArrayEquals(expected, actual, name);
                    classes++;
                    woven += expected == null ? 0 : 1;
                }
            }
        }
        assertTrue(classes > 5000 && woven > 50, classes + " classes, " + woven + " woven");
    }

    /** The JDK's own, as the bootstrap loader defines them: some rules ask for them by name (PushbackInputStream). */
    @Test
    void everyJdkClassIsWovenAsIfItsSupertypesWereReadAtOnce() throws Exception {
        ClassWeaver assuming = weaver(true);
        ClassWeaver reading = weaver(false);
        FileSystem jrt = FileSystems.getFileSystem(URI.create("jrt:/"));
        int woven = 0;
        for (String dir : new String[] {"java.base/java/io", "java.base/java/net", "java.base/java/util",
                "java.logging/java/util/logging", "java.xml/javax/xml"}) {
            List<Path> files;
            try (Stream<Path> walk = Files.walk(jrt.getPath("/modules", dir))) {
                files = walk.filter(f -> f.toString().endsWith(".class")).collect(Collectors.toList());
            }
            for (Path f : files) {
                String file = f.toString().substring(f.toString().indexOf('/', "/modules/".length()) + 1);
                String name = file.substring(0, file.length() - ".class".length()).replace('/', '.');
                byte[] bytes = Files.readAllBytes(f);
                byte[] expected = reading.weave(name, null, null, bytes);
                assertArrayEquals(expected, assuming.weave(name, null, null, bytes), name);
                woven += expected == null ? 0 : 1;
            }
        }
        assertTrue(woven >= 5, woven + " woven");
    }

    private static ClassWeaver weaver(boolean assume) {
        List<Probe> probes = new ArrayList<>();
        List<Weaving> weavings = new ArrayList<>();
        for (Probe p : Probes.all()) {
            p.prepare();
            probes.add(p);
            weavings.add(p.weaving());
        }
        return new ClassWeaver(probes, weavings, assume);
    }
}
