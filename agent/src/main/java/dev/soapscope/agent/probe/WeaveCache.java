package dev.soapscope.agent.probe;

import dev.soapscope.recorder.Log;

import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.zip.CRC32;

/**
 * The classes an earlier start of the same agent build wove, kept on disk and handed back when a later start weaves the
 * same class the same way: weaving (reading and writing the class with ASM, asking the advice for each method, and the
 * JIT's work on all of that) was about a quarter of the agent's start-up cost on a small webapp. Which probes match is
 * decided first as without it, exactly. An entry is used only for the same class file, byte for byte, woven by the same
 * probes, below the same supertypes if a matcher asked about them (the caller compares, {@link Entry#above}); the
 * directory is this user's alone (the recorder jar's, owner-only), each entry is checked whole, and anything unreadable
 * is a miss. Written on the thread that loads the class, one file per class, never more than {@link #MAX_ENTRIES} nor
 * {@link #MAX_BYTES}.
 */
public final class WeaveCache {
    /** Entries a cache directory holds at most: a bound whatever the applications run. */
    static final int MAX_ENTRIES = 8192;
    /** Bytes a cache directory holds at most (an entry is the class file and the woven one: 20-50 KB for most). */
    static final long MAX_BYTES = 64L << 20;
    /** Class files larger than this are woven every time. */
    static final int MAX_CLASS_BYTES = 1 << 20;
    /** A cache directory unwritten this long is another build's, or an old one: removed by the agent's housekeeping. */
    static final long STALE_MILLIS = 7L * 24 * 60 * 60 * 1000;
    /**
     * An entry's temporary file this old was left by a JVM stopped between writing and renaming it (one being written
     * is renamed within milliseconds): removed by the housekeeping, since it counts against the directory's bounds.
     */
    static final long LEFT_TMP_MILLIS = 60L * 60 * 1000;
    private static final String PREFIX = "weave-";
    private static final String TMP_PREFIX = "entry-";
    private static final String TMP_SUFFIX = ".tmp";
    private static final int MAGIC = 0x53535743; // "SSWC"
    private static final int FORMAT = 2;

    private final File dir;
    /** Entries in {@link #dir}, counted the first time one is written; -1 until then. */
    private final AtomicInteger entries = new AtomicInteger(-1);
    /** Their bytes, summed with them. */
    private final AtomicLong bytes = new AtomicLong();

    /** What a class was woven into, as kept. */
    static final class Entry {
        /** Null: no probe had advice for its methods. */
        final byte[] woven;
        /** The probes whose advice went in (their {@link Weaving#woven} is told again). */
        final List<String> used;
        /**
         * The supertypes (of those the probes name) the class is below, if a matcher asked when it was woven; null if
         * none asked: then its weaving did not depend on them.
         */
        final List<String> above;

        Entry(byte[] woven, List<String> used, List<String> above) {
            this.woven = woven;
            this.used = used;
            this.above = above;
        }
    }

    /** A cache in {@code dir}, which must be this user's alone; created if missing. */
    WeaveCache(File dir) {
        this.dir = dir;
    }

    File directory() {
        return dir;
    }

    /**
     * The cache directory of the agent build {@code build} in {@code privateDir} (owner-only, the recorder jar's): one
     * per build, so that a class woven by one build's probes is never handed to another's.
     */
    public static File directory(File privateDir, String build) {
        return new File(privateDir, PREFIX + Long.toHexString(hash64(build)));
    }

    /**
     * Removes the cache directories in {@code privateDir} other than {@code keep} left unwritten for a week, and the
     * temporary files stopped JVMs left in {@code keep}.
     */
    public static void removeStale(File privateDir, File keep) {
        File[] dirs = privateDir.listFiles();
        long before = System.currentTimeMillis() - STALE_MILLIS;
        for (int i = 0; dirs != null && i < dirs.length; i++) {
            File d = dirs[i];
            if (d.getName().startsWith(PREFIX) && !d.equals(keep) && d.isDirectory() && d.lastModified() < before) {
                File[] entries = d.listFiles();
                for (int k = 0; entries != null && k < entries.length; k++) {
                    entries[k].delete();
                }
                d.delete();
            }
        }
        File[] kept = keep == null ? null : keep.listFiles();
        long leftBefore = System.currentTimeMillis() - LEFT_TMP_MILLIS;
        for (int i = 0; kept != null && i < kept.length; i++) {
            String name = kept[i].getName();
            if (name.startsWith(TMP_PREFIX) && name.endsWith(TMP_SUFFIX) && kept[i].lastModified() < leftBefore) {
                kept[i].delete();
            }
        }
    }

    /**
     * A 64-bit FNV-1a hash: names a directory, compared by nothing. Not the SHA-256 the recorder jar's name uses
     * ({@code BootstrapJarFile.digest}): premain does not otherwise load a message digest's provider.
     */
    private static long hash64(String s) {
        long h = 0xcbf29ce484222325L;
        for (int i = 0; i < s.length(); i++) {
            h = (h ^ s.charAt(i)) * 0x100000001b3L;
        }
        return h;
    }

    /**
     * What {@code classFile} (the class {@code name}) was woven into by the probes {@code matched}, and the supertypes
     * that was decided with (for the caller to compare); null if not kept, or kept for another class file.
     */
    Entry find(String name, byte[] classFile, List<String> matched) {
        if (classFile.length > MAX_CLASS_BYTES) {
            return null;
        }
        String key = key(name, matched);
        File file = file(name, classFile, key);
        if (!file.isFile()) {
            return null;
        }
        try {
            byte[] all = read(file);
            DataInputStream in = new DataInputStream(new java.io.ByteArrayInputStream(all, 0, all.length - 4));
            CRC32 crc = new CRC32();
            crc.update(all, 0, all.length - 4);
            int stored = java.nio.ByteBuffer.wrap(all, all.length - 4, 4).getInt();
            if ((int) crc.getValue() != stored || in.readInt() != MAGIC || in.readInt() != FORMAT
                    || !in.readUTF().equals(key)) {
                return null;
            }
            byte[] original = new byte[in.readInt()];
            in.readFully(original);
            if (!Arrays.equals(original, classFile)) {
                return null; // another class file of that name whose checksum and length agree
            }
            byte[] woven = null;
            int length = in.readInt();
            if (length >= 0) {
                woven = new byte[length];
                in.readFully(woven);
            }
            List<String> used = strings(in);
            List<String> above = in.readBoolean() ? strings(in) : null;
            return new Entry(woven, used, above);
        } catch (IOException | RuntimeException e) {
            return null; // a half-written or damaged entry: woven again, and written again
        }
    }

    /** Keeps what {@link #find} is to answer for the same arguments; a failure to write is logged once, then ignored. */
    void keep(String name, byte[] classFile, List<String> matched, Entry entry) {
        if (classFile.length > MAX_CLASS_BYTES || !room()) {
            return;
        }
        String key = key(name, matched);
        File file = file(name, classFile, key);
        try {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream(classFile.length * 2 + 256);
            DataOutputStream out = new DataOutputStream(bytes);
            out.writeInt(MAGIC);
            out.writeInt(FORMAT);
            out.writeUTF(key);
            out.writeInt(classFile.length);
            out.write(classFile);
            out.writeInt(entry.woven == null ? -1 : entry.woven.length);
            if (entry.woven != null) {
                out.write(entry.woven);
            }
            strings(out, entry.used);
            out.writeBoolean(entry.above != null);
            if (entry.above != null) {
                strings(out, entry.above);
            }
            CRC32 crc = new CRC32();
            crc.update(bytes.toByteArray());
            out.writeInt((int) crc.getValue());
            out.flush();
            Files.createDirectories(dir.toPath());
            // whole or not at all: another JVM may be reading or writing the same entry
            Path tmp = Files.createTempFile(dir.toPath(), TMP_PREFIX, TMP_SUFFIX);
            try {
                Files.write(tmp, bytes.toByteArray());
                try {
                    Files.move(tmp, file.toPath(), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
                } catch (java.nio.file.AtomicMoveNotSupportedException e) {
                    Files.move(tmp, file.toPath(), StandardCopyOption.REPLACE_EXISTING);
                } catch (IOException e) {
                    if (!file.isFile()) { // else another JVM kept it first (Windows refuses to replace an open file)
                        throw e;
                    }
                }
            } finally {
                Files.deleteIfExists(tmp);
            }
            entries.incrementAndGet();
            this.bytes.addAndGet(file.length());
        } catch (IOException | RuntimeException e) {
            Log.warnOnce("weave-cache", "cannot keep woven classes in " + dir + " (each start weaves them again): " + e, null);
        }
    }

    /** Whether another entry may be written: what the directory holds is counted once, at the first write of a start. */
    private synchronized boolean room() {
        if (entries.get() < 0) {
            File[] files = dir.listFiles();
            long sum = 0;
            for (int i = 0; files != null && i < files.length; i++) {
                sum += files[i].length();
            }
            bytes.set(sum);
            entries.set(files == null ? 0 : files.length);
        }
        return entries.get() < MAX_ENTRIES && bytes.get() < MAX_BYTES;
    }

    /** The class and its probes: part of the entry, checked on reading. */
    private static String key(String name, List<String> matched) {
        return name + " " + matched;
    }

    private static void strings(DataOutputStream out, List<String> strings) throws IOException {
        out.writeInt(strings.size());
        for (String s : strings) {
            out.writeUTF(s);
        }
    }

    private static List<String> strings(DataInputStream in) throws IOException {
        int n = in.readInt();
        if (n < 0 || n > 4096) {
            throw new IOException("not a list's length: " + n);
        }
        List<String> strings = new ArrayList<String>(n);
        for (int i = 0; i < n; i++) {
            strings.add(in.readUTF());
        }
        return strings;
    }

    /** The entry's file: the class's name (shortened), its checksum and length, and a hash of the key. */
    private File file(String name, byte[] classFile, String key) {
        CRC32 crc = new CRC32();
        crc.update(classFile, 0, classFile.length);
        String simple = name.length() > 120 ? name.substring(name.length() - 120) : name;
        return new File(dir, simple.replace('/', '.').replace('$', '_') + "-" + Long.toHexString(crc.getValue()) + "-"
                + Integer.toHexString(classFile.length) + "-" + Integer.toHexString(key.hashCode()) + ".woven");
    }

    private static byte[] read(File file) throws IOException {
        if (file.length() > 4L * MAX_CLASS_BYTES) {
            throw new IOException("larger than any entry");
        }
        return Files.readAllBytes(file.toPath());
    }
}
