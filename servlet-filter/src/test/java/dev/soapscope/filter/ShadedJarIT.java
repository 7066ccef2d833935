package dev.soapscope.filter;

import org.junit.jupiter.api.Test;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The packaged jar carries what the filter needs alone in WEB-INF/lib, relocated, in Java 8 class files. */
class ShadedJarIT {
    private static final int JAVA_8 = 52;

    private static Path jar() {
        Path jar = Path.of(System.getProperty("soapscope.test.filterJar", "target/soapscope-servlet-filter.jar"));
        assertTrue(Files.isRegularFile(jar), jar.toAbsolutePath().toString());
        return jar;
    }

    @Test
    void everyClassIsAJava8ClassFile() throws IOException {
        List<String> tooNew = new ArrayList<>();
        int classes = 0;
        try (JarFile jar = new JarFile(jar().toFile())) {
            for (Enumeration<JarEntry> e = jar.entries(); e.hasMoreElements(); ) {
                JarEntry entry = e.nextElement();
                String name = entry.getName();
                if (!name.endsWith(".class") || name.startsWith("META-INF/versions/")) {
                    continue;
                }
                classes++;
                try (DataInputStream in = new DataInputStream(jar.getInputStream(entry))) {
                    assertEquals(0xCAFEBABE, in.readInt(), name);
                    in.readUnsignedShort(); // minor
                    int major = in.readUnsignedShort();
                    if (major > JAVA_8) {
                        tooNew.add(name + " (" + major + ")");
                    }
                }
            }
        }
        assertTrue(classes > 100, "classes in the jar: " + classes);
        assertTrue(tooNew.isEmpty(), "class files newer than Java 8: " + tooNew);
    }

    @Test
    void everythingButTheFilterIsRelocated() throws IOException {
        try (JarFile jar = new JarFile(jar().toFile())) {
            for (String required : new String[] {"dev/soapscope/filter/shaded/recorder/Recorder.class",
                    "dev/soapscope/filter/shaded/config/ConfigKey.class",
                    "dev/soapscope/filter/shaded/metrics/Endpoint.class", "dev/soapscope/filter/jakarta/SoapscopeFilter.class",
                    "dev/soapscope/filter/javax/SoapscopeFilter.class",
                    "dev/soapscope/filter/shaded/micrometer/prometheusmetrics/PrometheusMeterRegistry.class",
                    "dev/soapscope/filter/shaded/hdrhistogram/Histogram.class"}) {
                assertNotNull(jar.getEntry(required), required);
            }
            List<String> unwanted = new ArrayList<>();
            for (Enumeration<JarEntry> e = jar.entries(); e.hasMoreElements(); ) {
                String name = e.nextElement().getName();
                // an unrelocated recorder in WEB-INF/lib would capture the agent's advice on child-first containers
                if (name.startsWith("io/") || name.startsWith("org/") || name.endsWith("module-info.class")
                        || (name.endsWith(".class") && name.startsWith("dev/soapscope/") && !name.startsWith("dev/soapscope/filter/"))
                        || name.endsWith(".SF") || name.endsWith(".RSA") || name.endsWith(".DSA")) {
                    unwanted.add(name);
                }
            }
            assertTrue(unwanted.isEmpty(), "unrelocated or unwanted entries: " + unwanted);
            assertEquals("dev.soapscope.filter.jakarta.SoapscopeInitializer",
                    text(jar, "META-INF/services/jakarta.servlet.ServletContainerInitializer"));
            assertEquals("dev.soapscope.filter.javax.SoapscopeInitializer",
                    text(jar, "META-INF/services/javax.servlet.ServletContainerInitializer"));
        }
    }

    private static String text(JarFile jar, String name) throws IOException {
        JarEntry entry = jar.getJarEntry(name);
        assertNotNull(entry, name);
        try (InputStream in = jar.getInputStream(entry)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).trim();
        }
    }
}
