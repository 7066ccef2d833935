package dev.soapscope.agent;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BootstrapJarFileTest {
    private static final byte[] JAR = "the recorder's classes".getBytes();

    @TempDir
    Path tmp;

    @Test
    void aUsersNameBecomesAFileNameOfLettersDigitsDotsUnderscoresAndDashes() {
        assertEquals("jo.smith_x-1", BootstrapJarFile.fileName("jo.smith_x-1"));
        assertEquals("DOMAIN_jo_s_m_ller__", BootstrapJarFile.fileName("DOMAIN\\jo s/m\u00fcller:*"));
        assertEquals("__", BootstrapJarFile.fileName(new String(Character.toChars(0x1F600))), "a surrogate pair: two");
    }

    @Test
    void aSecondStartReusesTheFirstStartsJarWithoutWritingIt() throws Exception {
        File first = BootstrapJarFile.of(JAR, tmp.toFile());
        Files.setLastModifiedTime(first.toPath(), FileTime.fromMillis(1_000_000_000_000L));
        File second = BootstrapJarFile.of(JAR, tmp.toFile());
        assertEquals(first, second);
        assertEquals(1_000_000_000_000L, Files.getLastModifiedTime(second.toPath()).toMillis(), "not written again");
        assertArrayEquals(JAR, Files.readAllBytes(second.toPath()));
        assertEquals(List.of(second.toPath()), list(second.toPath().getParent()), "one file, no part left over");
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(second.toPath().getParent())));
    }

    /** The weaver jar, megabytes: reused by its size, its content read only when it is written. */
    @Test
    void aLargeJarIsWrittenOnceThenReusedByItsSizeAndReplacedWhenTheSizeDiffers() throws Exception {
        Path dir = BootstrapJarFile.privateDirectory(tmp);
        AtomicInteger reads = new AtomicInteger();
        BootstrapJarFile.Content content = ofSize(JAR.length, reads);
        File first = BootstrapJarFile.shared(dir, "soapscope-weaver-", "0123456789abcdef", content);
        assertEquals("soapscope-weaver-0123456789abcdef.jar", first.getName());
        assertArrayEquals(JAR, Files.readAllBytes(first.toPath()));
        File again = BootstrapJarFile.shared(dir, "soapscope-weaver-", "0123456789abcdef", content);
        assertEquals(first, again);
        assertEquals(1, reads.get(), "the content was read once, to write it");
        Files.write(first.toPath(), "cut".getBytes()); // not what this build's jar is: written again
        assertArrayEquals(JAR, Files.readAllBytes(
                BootstrapJarFile.shared(dir, "soapscope-weaver-", "0123456789abcdef", content).toPath()));
        assertEquals(2, reads.get());
        assertEquals(List.of(first.toPath()), list(dir), "one file, no part left over");
        IOException wrong = assertThrows(IOException.class, () -> BootstrapJarFile.shared(dir, "soapscope-weaver-",
                "fedcba9876543210", ofSize(JAR.length + 1, reads)), "content that is not the size the agent jar says");
        assertTrue(wrong.getMessage().contains("not what the agent jar holds"), wrong.getMessage());
        assertEquals(List.of(first.toPath()), list(dir), "nor is it left there");
    }

    /** {@link #JAR}'s bytes, taken to be a file's of {@code size} bytes; each read counted. */
    private static BootstrapJarFile.Content ofSize(long size, AtomicInteger reads) {
        return new BootstrapJarFile.OfSize(size) {
            @Override
            public InputStream open() {
                reads.incrementAndGet();
                return new ByteArrayInputStream(JAR);
            }
        };
    }

    @Test
    void aFileOfTheNameWithOtherBytesIsReplacedAndAnotherBuildGetsItsOwn() throws Exception {
        File jar = BootstrapJarFile.of(JAR, tmp.toFile());
        Files.write(jar.toPath(), "tampered".getBytes());
        assertArrayEquals(JAR, Files.readAllBytes(BootstrapJarFile.of(JAR, tmp.toFile()).toPath()));
        File other = BootstrapJarFile.of("another build".getBytes(), tmp.toFile());
        assertNotEquals(jar, other);
    }

    @Test
    void startsAtOnceAllGetTheWholeJar() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            List<Future<File>> starts = new ArrayList<>();
            for (int i = 0; i < 32; i++) {
                starts.add(pool.submit(() -> BootstrapJarFile.of(JAR, tmp.toFile())));
            }
            Set<File> files = new HashSet<>();
            for (Future<File> f : starts) {
                files.add(f.get());
                assertArrayEquals(JAR, Files.readAllBytes(f.get().toPath()));
            }
            assertEquals(1, files.size(), files.toString());
            assertEquals(1, list(files.iterator().next().toPath().getParent()).size());
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void copiesEarlierAgentsLeftAreRemovedOnceTheyAreOld() throws Exception {
        Path old = Files.write(tmp.resolve("soapscope-bootstrap-123456789.jar"), JAR);
        Files.setLastModifiedTime(old, FileTime.fromMillis(System.currentTimeMillis() - 2 * 3600_000L));
        Path starting = Files.write(tmp.resolve("soapscope-bootstrap-987654321.jar"), JAR); // a JVM starting now
        List<Path> theirs = new ArrayList<>();
        for (String name : new String[] {"soapscope-bootstrap-notes.jar", "soapscope-bootstrap-.jar",
                "soapscope-bootstrap-12a.jar", "soapscope-bootstrap-123.jar.bak"}) {
            Path p = Files.write(tmp.resolve(name), JAR);
            Files.setLastModifiedTime(p, FileTime.fromMillis(0));
            theirs.add(p);
        }
        BootstrapJar.Placed placed = new BootstrapJar.Placed(BootstrapJarFile.of(JAR, tmp.toFile()), null, tmp.toFile());
        assertTrue(Files.exists(old), "premain leaves the sweep to the agent's own thread");
        placed.removeLeaked();
        assertFalse(Files.exists(old));
        assertTrue(Files.exists(starting));
        for (Path p : theirs) {
            assertTrue(Files.exists(p), p.toString());
        }
    }

    @Test
    void aDirectoryOthersCanWriteIsNotUsed() throws Exception {
        Path dir = Files.createDirectory(tmp.resolve("soapscope-" + System.getProperty("user.name")));
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxrwxrwx"));
        assertNull(BootstrapJarFile.privateDirectory(tmp));
        File copy = BootstrapJarFile.of(JAR, tmp.toFile());
        assertEquals(tmp, copy.toPath().getParent(), "a copy of this start's own, as before");
        assertEquals(0, list(dir).size());
    }

    /** The recorder jar as the agent jar holds it, with the build's digest: a later start neither inflates nor reads it. */
    @Test
    void theRecorderJarFromTheAgentJarIsReusedWithoutReadingItAndCopiedWhereNoPrivateDirectoryIs() throws Exception {
        Path agent = tmp.resolve("agent.jar");
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(agent))) {
            out.putNextEntry(new JarEntry("soapscope-bootstrap.jar"));
            out.write(JAR);
        }
        Path starts = Files.createDirectory(tmp.resolve("starts"));
        try (JarFile jar = new JarFile(agent.toFile())) {
            BootstrapJarFile.Content entry = BootstrapJarFile.entry(jar, jar.getEntry("soapscope-bootstrap.jar"));
            File first = BootstrapJarFile.of(entry, "0123456789abcdef", starts.toFile());
            assertEquals("soapscope-bootstrap-0123456789abcdef.jar", first.getName());
            assertArrayEquals(JAR, Files.readAllBytes(first.toPath()));
            Files.setLastModifiedTime(first.toPath(), FileTime.fromMillis(1_000_000_000_000L));
            assertEquals(first, BootstrapJarFile.of(entry, "0123456789abcdef", starts.toFile()));
            assertEquals(1_000_000_000_000L, Files.getLastModifiedTime(first.toPath()).toMillis(), "not written again");

            Path shared = Files.createDirectory(tmp.resolve("shared"));
            Path others = Files.createDirectory(shared.resolve("soapscope-" + System.getProperty("user.name")));
            Files.setPosixFilePermissions(others, PosixFilePermissions.fromString("rwxrwxrwx"));
            File copy = BootstrapJarFile.of(entry, "0123456789abcdef", shared.toFile());
            assertEquals(shared, copy.toPath().getParent(), "a copy of this start's own");
            assertArrayEquals(JAR, Files.readAllBytes(copy.toPath()));
        }
    }

    private static List<Path> list(Path dir) throws Exception {
        try (Stream<Path> s = Files.list(dir)) {
            return s.toList();
        }
    }
}
