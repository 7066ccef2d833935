package dev.soapscope.agent.profiler;

import dev.soapscope.testkit.LogCapture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The run directory's disk budget and failed writes are said once, naming the path, and lose nothing written before. */
class RunDirectoryTest {
    @TempDir
    Path tmp;
    private LogCapture err;

    @BeforeEach
    void captureLog() {
        err = new LogCapture();
    }

    @AfterEach
    void restoreLog() {
        err.close();
    }

    @Test
    void theBudgetIsSaidOnceAndTheNewestFilesStay() throws Exception {
        File dir = tmp.resolve("run").toFile();
        RunDirectory run = new RunDirectory(dir, 1024 * 1024);
        run.ensure(false);
        for (int i = 0; i < 4; i++) {
            File f = new File(dir, "soapscope-2026010" + i + ".jfr");
            Files.write(f.toPath(), new byte[600 * 1024]);
            assertTrue(f.setLastModified(1_000_000L * (i + 1)));
            run.prune();
        }
        String[] left = dir.list();
        Arrays.sort(left);
        // the newest file alone fits in 1 MB (600 KB), two do not
        assertEquals(Arrays.asList("soapscope-20260103.jfr"), Arrays.asList(left));
        assertEquals(1, count("profiler.max.mb (1 MB) reached in " + dir.getAbsolutePath()), log());
    }

    @Test
    void aFailedWriteKeepsThePreviousDocumentsAndIsSaidOnceNamingThePath() throws Exception {
        File dir = tmp.resolve("run").toFile();
        RunDirectory run = new RunDirectory(dir, 1024 * 1024);
        run.ensure(false);
        run.writeDocuments("{\"v\":1}", "{}");
        File phases = new File(dir, RunDirectory.PHASES);
        assertEquals("{\"v\":1}", new String(Files.readAllBytes(phases.toPath()), StandardCharsets.UTF_8));

        // the temporary file cannot be created: a directory that cannot be removed stands where it would go
        File obstacle = new File(dir, RunDirectory.PHASES + ".tmp");
        assertTrue(obstacle.mkdir());
        assertTrue(new File(obstacle, "keep").createNewFile());
        run.writeDocuments("{\"v\":2}", "{}");
        run.writeDocuments("{\"v\":3}", "{}");
        assertEquals("{\"v\":1}", new String(Files.readAllBytes(phases.toPath()), StandardCharsets.UTF_8),
                "the last complete version stays");
        assertEquals(1, count(dir.getAbsolutePath()), log());

        assertTrue(new File(obstacle, "keep").delete() && obstacle.delete());
        run.writeDocuments("{\"v\":4}", "{}");
        assertEquals("{\"v\":4}", new String(Files.readAllBytes(phases.toPath()), StandardCharsets.UTF_8));
        assertTrue(log().contains("works again"), log());
        assertFalse(new File(dir, RunDirectory.PHASES + ".tmp").exists());
    }

    @Test
    void aDeletedDirectoryIsCreatedAgainAtTheNextWrite() throws Exception {
        File dir = tmp.resolve("run").toFile();
        RunDirectory run = new RunDirectory(dir, 1024 * 1024);
        run.ensure(false); // as continuous profiling starts
        run.writeDocuments("{}", "{}");
        for (File f : dir.listFiles()) {
            assertTrue(f.delete());
        }
        assertTrue(dir.delete());
        run.writeDocuments("{\"again\":true}", "{}");
        assertTrue(new File(dir, RunDirectory.PHASES).isFile());
        assertEquals(1, count("profiler.dir " + dir.getAbsolutePath() + " was deleted: created it again"), log());
    }

    private String log() {
        return err.text();
    }

    private long count(String fragment) {
        return Arrays.stream(log().split("\n")).filter(l -> l.contains(fragment)).count();
    }
}
