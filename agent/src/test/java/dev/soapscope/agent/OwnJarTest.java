package dev.soapscope.agent;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.jar.JarOutputStream;
import java.util.zip.ZipEntry;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

class OwnJarTest {
    @TempDir
    File dir;

    @Test
    void readsAnEntryOfAJar() throws IOException {
        File jar = new File(dir, "agent.jar");
        try (JarOutputStream out = new JarOutputStream(new FileOutputStream(jar))) {
            out.putNextEntry(new ZipEntry("dev/soapscope/agent/build.properties"));
            out.write("version=9.9.9\n".getBytes(StandardCharsets.US_ASCII));
            out.closeEntry();
        }
        Object source = OwnJar.of(jar);
        assertArrayEquals("version=9.9.9\n".getBytes(StandardCharsets.US_ASCII),
                drain(OwnJar.open(source, "dev/soapscope/agent/build.properties")));
        assertNull(OwnJar.open(source, "dev/soapscope/agent/none.properties"));
        // an entry not in the jar is one our class loader may have (a test's class): looked for there
        assertNotNull(OwnJar.open(source, OwnJarTest.class.getName().replace('.', '/') + ".class"));
    }

    @Test
    void readsAFileOfAClassesDirectory() throws IOException {
        File file = new File(dir, "dev/soapscope/x.txt");
        file.getParentFile().mkdirs();
        Files.write(file.toPath(), new byte[] {1, 2, 3});
        Object source = OwnJar.of(dir);
        assertArrayEquals(new byte[] {1, 2, 3}, drain(OwnJar.open(source, "dev/soapscope/x.txt")));
        assertNull(OwnJar.open(source, "dev/soapscope/y.txt"));
        assertNull(OwnJar.open(source, "dev/soapscope/y.txt"), "nor through the class loader");
    }

    @Test
    void aClassFileIsTheOneItsClassLoaderHas() throws IOException {
        String resource = OwnJar.class.getName().replace('.', '/') + ".class";
        byte[] expected = drain(OwnJar.class.getClassLoader().getResourceAsStream(resource));
        assertArrayEquals(expected, drain(OwnJar.open(resource)));
        assertNotNull(OwnJar.location(), "the tests' classes come from a directory");
    }

    @Test
    void aLocationThatIsNoFileIsReadThroughTheClassLoader() throws IOException {
        Object source = OwnJar.of(new File(dir, "missing.jar"));
        String resource = OwnJar.class.getName().replace('.', '/') + ".class";
        assertNotNull(OwnJar.open(source, resource));
        assertNotNull(OwnJar.open(OwnJar.of(null), resource));
    }

    private static byte[] drain(InputStream in) throws IOException {
        assertNotNull(in);
        try (InputStream i = in) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            byte[] b = new byte[4096];
            for (int n; (n = i.read(b)) > 0; ) {
                out.write(b, 0, n);
            }
            return out.toByteArray();
        }
    }
}
