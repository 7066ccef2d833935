package dev.soapscope.agent.profiler;

import dev.soapscope.recorder.Log;

import java.io.File;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.StandardCopyOption;
import java.text.SimpleDateFormat;
import java.util.Arrays;
import java.util.Comparator;
import java.util.Date;

/**
 * The directory of a continuous profiling run: rotating JFR files within a disk budget, and the run's
 * {@code phases.json} and {@code hotspots.json}, each replaced whole (a temporary file moved over it), so that a crash
 * or a full disk leaves the last complete one, never a truncated one. Recreated when someone deletes it. Each problem
 * is said in one line that names the path, again only once it has cleared and come back.
 */
final class RunDirectory {
    static final String PHASES = "phases.json";
    static final String HOTSPOTS = "hotspots.json";
    /** Below this much free space the disk counts as full: a JFR file being written would be cut short. */
    private static final long FULL_BELOW_BYTES = 1024L * 1024L;

    private final File dir;
    private final long maxBytes;
    private boolean budgetSaid;
    private boolean diskFullSaid;
    private boolean writeFailedSaid;

    RunDirectory(File dir, long maxBytes) {
        this.dir = dir;
        this.maxBytes = maxBytes;
    }

    File path() {
        return dir;
    }

    /** Creates the directory when it is missing (saying so when it had been there before). */
    void ensure(boolean recreating) throws IOException {
        if (dir.isDirectory()) {
            return;
        }
        if (!dir.mkdirs() && !dir.isDirectory()) {
            throw new IOException("profiler.dir " + dir.getAbsolutePath() + " cannot be created; set profiler.dir to a"
                    + " writable directory");
        }
        if (recreating) {
            Log.warn("profiler.dir " + dir.getAbsolutePath() + " was deleted: created it again");
        }
    }

    File nextJfr() {
        return new File(dir, "soapscope-" + new SimpleDateFormat("yyyyMMdd-HHmmss-SSS").format(new Date()) + ".jfr");
    }

    /**
     * {@link #nextJfr()}, made here: a directory that cannot hold it is one line naming profiler.dir, not the stack
     * trace async-profiler prints when Flight Recorder cannot open the file it is given (jfrsync).
     */
    File createNextJfr() throws IOException {
        File jfr = nextJfr();
        try {
            Files.createFile(jfr.toPath());
        } catch (FileAlreadyExistsException e) {
            // the same millisecond's name: written over
        } catch (IOException e) {
            throw new IOException("profiler.dir " + dir.getAbsolutePath() + " is not writable (" + e
                    + "); set profiler.dir to a writable directory");
        }
        return jfr;
    }

    /** Keeps the JFR files within the disk budget, removing the oldest first (never the one being written). */
    void prune() {
        File[] files = dir.listFiles((d, name) -> name.startsWith("soapscope-") && name.endsWith(".jfr"));
        if (files == null) {
            return;
        }
        Arrays.sort(files, Comparator.comparingLong(File::lastModified).reversed());
        long used = 0;
        for (int i = 0; i < files.length; i++) {
            used += files[i].length();
            if (i > 0 && used > maxBytes) {
                if (!budgetSaid) {
                    budgetSaid = true;
                    Log.info("profiler.max.mb (" + maxBytes / (1024 * 1024) + " MB) reached in " + dir.getAbsolutePath()
                            + ": the oldest JFR files are deleted from now on");
                }
                if (!files[i].delete()) {
                    Log.warnOnce("profiler-prune", "cannot delete " + files[i].getAbsolutePath()
                            + " to keep within profiler.max.mb", null);
                }
            }
        }
    }

    /** Says once when the disk is full, and once when it has room again. */
    void checkDiskSpace() {
        if (!dir.isDirectory()) {
            return; // recreated at the next write
        }
        long free = dir.getUsableSpace();
        boolean full = free < FULL_BELOW_BYTES;
        if (full == diskFullSaid) {
            return;
        }
        diskFullSaid = full;
        if (full) {
            Log.warn("the disk of " + dir.getAbsolutePath() + " is full (" + free + " bytes free): the JFR file being"
                    + " written is cut short, and " + PHASES + " keeps its last complete version");
        } else {
            Log.info("the disk of " + dir.getAbsolutePath() + " has room again");
        }
    }

    /** Replaces the run's documents; on failure the previous ones stay, and it is said (once until it works again). */
    void writeDocuments(String phases, String hotspots) {
        try {
            ensure(true);
            replace(new File(dir, PHASES), phases);
            replace(new File(dir, HOTSPOTS), hotspots);
            if (writeFailedSaid) {
                writeFailedSaid = false;
                Log.info("writing the run's documents into " + dir.getAbsolutePath() + " works again");
            }
        } catch (IOException e) {
            if (!writeFailedSaid) {
                writeFailedSaid = true;
                Log.warn(e.getMessage() + "; the previous " + PHASES + " and " + HOTSPOTS + " stay, trying again later");
            }
        }
    }

    /** Writes {@code file} whole or not at all: a temporary file next to it, moved over it. */
    private static void replace(File file, String text) throws IOException {
        File tmp = new File(file.getParentFile(), file.getName() + ".tmp");
        try {
            OutputStream out = new FileOutputStream(tmp);
            try {
                out.write(text.getBytes(StandardCharsets.UTF_8));
                out.flush();
            } finally {
                out.close();
            }
            try {
                Files.move(tmp.toPath(), file.toPath(), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp.toPath(), file.toPath(), StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException e) {
            if (!tmp.delete()) {
                tmp.deleteOnExit();
            }
            throw new IOException("cannot write " + file.getAbsolutePath() + ": " + e, e);
        }
    }
}
