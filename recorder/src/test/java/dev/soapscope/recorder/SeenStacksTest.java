package dev.soapscope.recorder;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.FileOutputStream;
import java.io.PrintStream;
import java.net.URL;
import java.nio.file.Path;
import java.util.Collections;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A stack is recorded once, with the version its jar states, and one log line. */
class SeenStacksTest {
    @TempDir
    Path dir;

    @AfterEach
    void forget() {
        SeenStacks.clear();
    }

    @Test
    void firstSightLogsOneLineWithTheManifestsVersion() throws Exception {
        File jar = jar("cxf-core.jar", Attributes.Name.IMPLEMENTATION_VERSION.toString(), "4.0.3");
        URL classInJar = new URL("jar:" + jar.toURI().toURL() + "!/org/apache/cxf/Bus.class");
        String log = logged(() -> {
            SeenStacks.seen(Stack.CXF, classInJar);
            SeenStacks.seen(Stack.CXF, classInJar);
        });
        assertEquals("[soapscope] INFO " + SeenStacks.line(Stack.CXF, "4.0.3"), log.trim(), "one line, once");
        assertTrue(log.contains("Apache CXF 4.0.3") && log.contains(Stack.CXF.measured()), log);
        assertEquals(Collections.singletonList(Stack.CXF), SeenStacks.all());
        assertEquals("4.0.3", SeenStacks.version(Stack.CXF));
    }

    @Test
    void versionFromBundleVersionThenFromTheFileName() throws Exception {
        assertEquals("1.8.0", SeenStacks.versionAt(jar("axis2-kernel.jar", "Bundle-Version", "1.8.0").toURI().toURL()));
        assertEquals("2.3.7-b1",
                SeenStacks.versionAt(jar("jaxws-rt-2.3.7-b1.jar", "Created-By", "x").toURI().toURL()));
        assertNull(SeenStacks.versionAt(dir.toUri().toURL()), "classes in a directory");
        assertNull(SeenStacks.versionAt(null));
    }

    @Test
    void anUnreadableLocationIsAnUnknownVersionNotAFailure() throws Exception {
        URL missing = new URL("file:/no/such/webservices-rt.jar");
        URL remote = new URL("http://example.invalid/axis2-kernel-1.8.2.jar");
        logged(() -> SeenStacks.seen(Stack.METRO, missing));
        assertEquals(SeenStacks.UNKNOWN_VERSION, SeenStacks.version(Stack.METRO));
        logged(() -> SeenStacks.seen(Stack.AXIS2, remote));
        assertEquals(SeenStacks.UNKNOWN_VERSION, SeenStacks.version(Stack.AXIS2));
    }

    private File jar(String name, String attribute, String value) throws Exception {
        Manifest m = new Manifest();
        m.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        m.getMainAttributes().putValue(attribute, value);
        File f = dir.resolve(name).toFile();
        JarOutputStream out = new JarOutputStream(new FileOutputStream(f), m);
        out.putNextEntry(new JarEntry("a.txt"));
        out.close();
        return f;
    }

    private static String logged(Runnable r) {
        PrintStream err = System.err;
        PrintStream out = System.out;
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try {
            System.setErr(new PrintStream(bytes, true));
            System.setOut(new PrintStream(bytes, true));
            r.run();
        } finally {
            System.setErr(err);
            System.setOut(out);
        }
        return bytes.toString();
    }
}
