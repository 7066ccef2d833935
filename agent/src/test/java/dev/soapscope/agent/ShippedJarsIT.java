package dev.soapscope.agent;

import org.junit.jupiter.api.Test;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.jar.JarFile;
import java.util.jar.Manifest;
import java.util.zip.CRC32;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The jar users attach: Java 8 class files throughout, the agent manifest, third-party code relocated. */
class ShippedJarsIT {
    private static final int JAVA_8 = 52;

    @Test
    void everyClassRunsOnJava8() throws IOException {
        List<String> tooNew = new ArrayList<>();
        int checked;
        try (InputStream in = Files.newInputStream(AgentOnTomcatIT.AGENT)) {
            checked = scan(new ZipInputStream(in), "", tooNew);
        }
        assertTrue(checked > 1000, "only " + checked + " classes checked");
        assertEquals(List.of(), tooNew);
    }

    @Test
    void manifestMakesItAnAgent() throws IOException {
        try (JarFile jar = new JarFile(AgentOnTomcatIT.AGENT.toFile())) {
            Manifest m = jar.getManifest();
            assertEquals("dev.soapscope.agent.AgentMain", m.getMainAttributes().getValue("Premain-Class"));
            assertEquals("dev.soapscope.agent.AgentMain", m.getMainAttributes().getValue("Agent-Class"));
            assertEquals("true", m.getMainAttributes().getValue("Can-Retransform-Classes"));
            assertNotNull(jar.getEntry("soapscope-bootstrap.jar"));
            assertNotNull(jar.getEntry("dev/soapscope/shaded/bytebuddy/ByteBuddy.class"));
            assertNotNull(jar.getEntry("dev/soapscope/shaded/micrometer/core/instrument/Timer.class"));
            // unrelocated third-party classes would clash with the application's own copies; async-profiler's
            // natives are bound to its class names, so it and its converter (one.*) alone keep them
            jar.stream().map(ZipEntry::getName).filter(n -> n.endsWith(".class"))
                    .forEach(n -> assertTrue(n.startsWith("dev/soapscope/") || n.startsWith("one/")
                            || n.startsWith("META-INF/versions/"), n));
            assertNotNull(jar.getEntry("linux-x64/libasyncProfiler.so"));
            // the Flight Recorder events are Java 11 classes: only where Java 11 and later look (a multi-release jar)
            assertEquals("true", m.getMainAttributes().getValue("Multi-Release"));
            assertNotNull(jar.getEntry("META-INF/versions/11/dev/soapscope/jfr/SoapEvents.class"));
            assertEquals(null, jar.getEntry("dev/soapscope/jfr/SoapEvents.class"));
            // so is the stack walk that finds hot spots' callers there, by the name the agent loads it by
            assertNotNull(jar.getEntry("META-INF/versions/11/" + AgentInstaller.DIRECT_STACK_WALK.replace('.', '/') + ".class"));
            // the recorder lives only in the nested bootstrap jar
            assertEquals(null, jar.getEntry("dev/soapscope/recorder/Recorder.class"));
            // the OpenTelemetry API only nested, for the traces bridge's own class loader: never on a class path
            for (String nested : new String[] {"opentelemetry-api.jar", "opentelemetry-context.jar", "soapscope-traces.jar"}) {
                assertNotNull(jar.getEntry("traces/" + nested), nested);
            }
        }
    }

    /** What the agent lists for JBoss Modules (and names in its out-of-reach warning) is what the nested jar holds. */
    @Test
    void theBootstrapPackagesAreTheNestedJarsPackages() throws IOException {
        java.util.Set<String> packages = new java.util.TreeSet<>();
        try (JarFile jar = new JarFile(AgentOnTomcatIT.AGENT.toFile());
             ZipInputStream nested = new ZipInputStream(jar.getInputStream(jar.getEntry("soapscope-bootstrap.jar")))) {
            for (ZipEntry e; (e = nested.getNextEntry()) != null; ) {
                if (e.getName().endsWith(".class")) {
                    packages.add(e.getName().substring(0, e.getName().lastIndexOf('/')).replace('/', '.'));
                }
            }
        }
        assertEquals(packages, new java.util.TreeSet<>(List.of(BootstrapJar.PACKAGES.split(","))));
    }

    /**
     * The weaver jar holds the recorder jar's classes and the agent jar's probe and Byte Buddy classes, each the same
     * bytes as there, and nothing else; the digest the build wrote beside it is its own.
     */
    @Test
    void theWeaverJarIsTheRecordersClassesAndCopiesOfTheProbesAndByteBuddys() throws Exception {
        try (JarFile jar = new JarFile(AgentOnTomcatIT.AGENT.toFile())) {
            Map<String, Long> expected = new TreeMap<>();
            jar.stream().filter(e -> !e.isDirectory() && (e.getName().startsWith("dev/soapscope/agent/probe/")
                    || e.getName().startsWith("dev/soapscope/shaded/bytebuddy/")))
                    .forEach(e -> expected.put(e.getName(), e.getCrc()));
            expected.putAll(crcs(jar, "soapscope-bootstrap.jar", "dev/"));
            assertTrue(expected.containsKey("dev/soapscope/agent/probe/ClassWeaver.class"));
            assertTrue(expected.containsKey("dev/soapscope/recorder/Recorder.class"));
            assertEquals(expected, crcs(jar, BootstrapJar.WEAVER, ""));
            byte[] weaver = jar.getInputStream(jar.getEntry(BootstrapJar.WEAVER)).readAllBytes();
            String built = new String(jar.getInputStream(jar.getEntry(BootstrapJar.WEAVER + ".sha256")).readAllBytes(),
                    StandardCharsets.US_ASCII).trim();
            assertEquals(BootstrapJarFile.digest(weaver), built.substring(0, 16));
        }
    }

    /**
     * The weaver jar's entries are stored, not deflated: the JVM reads the agent's classes from it at every start, and
     * inflating them was about 8 ms of premain (the agent jar deflates the weaver jar whole).
     */
    @Test
    void theWeaverJarStoresItsClassesUncompressed() throws Exception {
        try (JarFile jar = new JarFile(AgentOnTomcatIT.AGENT.toFile());
             ZipInputStream in = new ZipInputStream(jar.getInputStream(jar.getEntry(BootstrapJar.WEAVER)))) {
            List<String> deflated = new java.util.ArrayList<>();
            int classes = 0;
            for (ZipEntry e; (e = in.getNextEntry()) != null; ) {
                if (e.getName().endsWith(".class")) {
                    classes++;
                    if (e.getMethod() != ZipEntry.STORED) {
                        deflated.add(e.getName());
                    }
                }
            }
            assertTrue(classes > 1000, classes + " classes");
            assertEquals(List.of(), deflated.subList(0, Math.min(5, deflated.size())), deflated.size() + " deflated");
        }
    }

    /** The files of the nested jar {@code nested} whose names begin with {@code prefix}: name -> CRC-32. */
    private static Map<String, Long> crcs(JarFile jar, String nested, String prefix) throws IOException {
        Map<String, Long> crcs = new TreeMap<>();
        try (ZipInputStream in = new ZipInputStream(jar.getInputStream(jar.getEntry(nested)))) {
            for (ZipEntry e; (e = in.getNextEntry()) != null; ) {
                if (!e.isDirectory() && e.getName().startsWith(prefix)) {
                    CRC32 crc = new CRC32();
                    crc.update(in.readAllBytes());
                    crcs.put(e.getName(), crc.getValue());
                }
            }
        }
        return crcs;
    }

    /** Counts classes, descending into nested jars; class files under META-INF/versions may be newer by design. */
    private static int scan(ZipInputStream zip, String prefix, List<String> tooNew) throws IOException {
        int checked = 0;
        for (ZipEntry e; (e = zip.getNextEntry()) != null; ) {
            String name = e.getName();
            if (name.endsWith(".jar")) {
                checked += scan(new ZipInputStream(zip), prefix + name + "!/", tooNew);
            } else if (name.endsWith(".class") && !name.startsWith("META-INF/versions/")) {
                DataInputStream data = new DataInputStream(zip);
                data.readInt(); // magic
                data.readUnsignedShort(); // minor
                int major = data.readUnsignedShort();
                if (major > JAVA_8) {
                    tooNew.add(prefix + name + " (" + major + ")");
                }
                checked++;
            }
        }
        return checked;
    }
}
