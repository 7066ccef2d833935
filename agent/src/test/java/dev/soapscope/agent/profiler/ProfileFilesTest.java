package dev.soapscope.agent.profiler;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The on-demand profiles' files: owner-only, somewhere writable, all gone at the end, and few remembered. */
class ProfileFilesTest {
    @TempDir
    Path dir;

    @Test
    void madeOwnerOnlyInTheTempDirectoryAndAllRemovedAtTheEnd() throws Exception {
        ProfileFiles files = new ProfileFiles(dir.toString(), null, null);
        File kept = files.create();
        File abandoned = files.create();
        assertEquals(dir, kept.toPath().getParent());
        assertTrue(kept.getName().startsWith("soapscope-profile-") && kept.getName().endsWith(".jfr"), kept.getName());
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(kept.toPath())));
        assertEquals(List.of(), files.deleteAll());
        assertFalse(kept.exists() || abandoned.exists());
        assertThrows(IllegalStateException.class, files::create, "none made while the JVM stops");
    }

    @Test
    void aReadOnlyTempDirectorySendsThemToTheSpareOne() throws Exception {
        Path notADirectory = Files.createFile(dir.resolve("a-file"));
        Path spare = Files.createDirectory(dir.resolve("spare"));
        File f = new ProfileFiles(notADirectory.resolve("tmp").toString(), spare.toFile(), null).create();
        assertEquals(spare, f.toPath().getParent());
        IllegalStateException none = assertThrows(IllegalStateException.class,
                () -> new ProfileFiles(notADirectory.resolve("tmp").toString(), null, null).create());
        assertTrue(none.getMessage().startsWith("no profiler output can be written: java.io.tmpdir "
                + notADirectory.resolve("tmp")), none.getMessage());
    }

    /** Served profiles are deleted by whoever served them: their names are not kept for a JVM's whole life. */
    @Test
    void onlyTheFilesStillThereAreRemembered() throws Exception {
        ProfileFiles files = new ProfileFiles(dir.toString(), null, null);
        List<File> kept = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            File f = files.create();
            if (i % 25 == 0) {
                kept.add(f);
            } else if (i % 2 == 0) {
                files.delete(f);
            } else {
                assertTrue(f.delete()); // the route deletes it itself
            }
        }
        assertEquals(kept.size(), files.remembered());
    }
}
