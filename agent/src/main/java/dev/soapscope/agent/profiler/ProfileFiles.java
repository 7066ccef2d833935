package dev.soapscope.agent.profiler;

import dev.soapscope.recorder.Log;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The on-demand profiles' files ({@code soapscope-profile-*.jfr}): owner-only, in {@code java.io.tmpdir}, else in the
 * agent's own directory (a read-only temp directory); every one still on disk removed when the JVM stops normally
 * (kept by the page, abandoned by its client, or being taken). Only the files that exist are remembered, a handful
 * whatever the uptime: {@code File.deleteOnExit} would keep every name ever given it until the JVM ends.
 */
final class ProfileFiles {
    static final String PREFIX = "soapscope-profile-";

    /** The profile being taken, stopped at exit before its file goes. */
    interface Taking {
        /** Stops it; true if one was running. */
        boolean stop();
    }

    /** Null: java.io.tmpdir as it is when a file is made. */
    private final String tmp;
    private final File spare;
    /** Null: no shutdown hook (tests). */
    private final Taking taking;
    private final Set<File> live = new LinkedHashSet<File>();
    private boolean hooked;
    private boolean closed;

    ProfileFiles(String tmp, File spare, Taking taking) {
        this.tmp = tmp;
        this.spare = spare;
        this.taking = taking;
    }

    /** {@code spare}: where files go when java.io.tmpdir is not writable (may be null); removed at exit. */
    static ProfileFiles removedAtExit(File spare, Taking taking) {
        return new ProfileFiles(null, spare, taking);
    }

    /**
     * A new empty file for a profile.
     *
     * @throws IllegalStateException when no file can be made, or the JVM is stopping
     */
    synchronized File create() {
        if (closed) {
            throw new IllegalStateException("the JVM is stopping");
        }
        hookOnce(); // first: once the JVM stops, it refuses ("Shutdown in progress") before a file is made
        forgetDeleted();
        String dir = tmp != null ? tmp : System.getProperty("java.io.tmpdir");
        File file;
        try {
            file = create(Paths.get(dir));
        } catch (IOException | RuntimeException inTmp) {
            if (spare == null) {
                throw cannot(dir, inTmp, null);
            }
            try {
                file = create(spare.toPath());
            } catch (IOException | RuntimeException inSpare) {
                throw cannot(dir, inTmp, inSpare);
            }
        }
        live.add(file);
        return file;
    }

    private static File create(Path dir) throws IOException {
        return Files.createTempFile(dir, PREFIX, ".jfr").toFile(); // owner-only: a profile shows the code's layout
    }

    /** Starts with "no profiler", which the routes answer with 503. */
    private IllegalStateException cannot(String dir, Exception inTmp, Exception inSpare) {
        return new IllegalStateException("no profiler output can be written: java.io.tmpdir " + dir + " (" + inTmp + ")"
                + (inSpare == null ? "" : ", nor " + spare + " (" + inSpare + ")"));
    }

    /** Removes a file this made; one that cannot go now is tried again at exit. */
    synchronized void delete(File file) {
        if (file.delete() || !file.exists()) {
            live.remove(file);
        }
    }

    /** Removes every file this made that is still there, and makes no more; returns those that would not go. */
    synchronized List<File> deleteAll() {
        closed = true;
        List<File> left = new ArrayList<File>();
        for (File f : live) {
            if (!f.delete() && f.exists()) {
                left.add(f);
            }
        }
        live.clear();
        return left;
    }

    /** How many files are remembered (tests). */
    synchronized int remembered() {
        forgetDeleted();
        return live.size();
    }

    /** The files callers deleted themselves. */
    private void forgetDeleted() {
        for (Iterator<File> it = live.iterator(); it.hasNext(); ) {
            if (!it.next().exists()) {
                it.remove();
            }
        }
    }

    private void hookOnce() {
        if (hooked || taking == null) {
            return;
        }
        Runtime.getRuntime().addShutdownHook(new Thread(new Runnable() {
            @Override
            public void run() {
                if (taking.stop()) {
                    FlightRecorderExit.await(); // it may write the file we stopped after our stop returned
                }
                for (File left : deleteAll()) {
                    Log.warnOnce("profile-files", "cannot delete " + left.getAbsolutePath() + " as the JVM stops", null);
                }
            }
        }, "soapscope-profile-files"));
        hooked = true;
    }
}
