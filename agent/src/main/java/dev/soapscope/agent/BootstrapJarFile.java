package dev.soapscope.agent;

import java.io.ByteArrayInputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipal;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.Set;
import java.util.jar.JarFile;
import java.util.zip.ZipEntry;

/**
 * Where the nested recorder jar goes on disk: one file per content, in a directory of the user's own under the
 * temporary directory, written once and reused by every later start of the same agent. A JVM killed with SIGKILL
 * leaves nothing behind that the next start does not reuse; a file another user could have put there is never used.
 */
final class BootstrapJarFile {
    /** How the recorder jar's files begin: the shared jar, its part files, and earlier agents' per-start copies. */
    private static final String JAR_PREFIX = "soapscope-bootstrap-";
    private static final long LEAKED_AFTER_MILLIS = 60 * 60 * 1000L;
    private static final long STALE_BUILD_MILLIS = 7 * 24 * LEAKED_AFTER_MILLIS;

    private BootstrapJarFile() {
    }

    /**
     * The jar with {@code content}, under {@code tmp}: the one already there when its bytes are these, else written
     * now (to a file of its own, then renamed into place, so JVMs starting together never read a half-written jar).
     * Where no private directory can be had, a copy of this start's own, deleted at exit.
     */
    static File of(byte[] content, File tmp) throws IOException {
        return of(content, null, tmp);
    }

    /**
     * As {@link #of(byte[], File)}, with the content's SHA-256 (hex) as the build computed it, or null to compute it
     * now. It only names the file: the bytes on disk are compared with {@code content} before use all the same.
     */
    static File of(byte[] content, String sha256, File tmp) throws IOException {
        return of(bytes(content), sha256 != null ? sha256.substring(0, 16) : digest(content), tmp);
    }

    /**
     * The jar with {@code content}, whose {@code digest} names its file, under {@code tmp}: as {@link #of(byte[], File)},
     * a file there taken to hold it as {@code content} says ({@link Content#isIn}).
     */
    static File of(Content content, String digest, File tmp) throws IOException {
        try {
            Path dir = privateDirectory(tmp.toPath());
            if (dir != null) {
                return shared(dir, JAR_PREFIX, digest, content);
            }
        } catch (IOException | RuntimeException e) {
            // a file system without owners, a directory its owner cannot write, a jar it cannot read: the old way
        }
        File copy = File.createTempFile(JAR_PREFIX, ".jar", tmp);
        copy.deleteOnExit();
        InputStream in = content.open();
        try {
            Files.copy(in, copy.toPath(), StandardCopyOption.REPLACE_EXISTING);
        } finally {
            in.close();
        }
        return copy;
    }

    /**
     * The jar {@code prefix + digest + ".jar"} in the private directory {@code dir}: the one there when
     * {@code content} says it is the same ({@link Content#isIn}), else written now (to a file of its own, then renamed
     * into place, so JVMs starting together never read a half-written jar).
     */
    static File shared(Path dir, String prefix, String digest, Content content) throws IOException {
        Path jar = dir.resolve(prefix + digest + ".jar");
        if (content.isIn(jar)) {
            return jar.toFile();
        }
        removeStale(dir, prefix);
        try {
            InputStream in = content.open();
            try {
                writeInPlace(dir, prefix, jar, in);
            } finally {
                in.close();
            }
        } catch (IOException e) {
            if (!content.isIn(jar)) { // another JVM's rename won (Windows refuses to replace an open file)
                throw e;
            }
        }
        if (!content.isIn(jar)) {
            Files.deleteIfExists(jar);
            throw new IOException(jar + " is not what the agent jar holds");
        }
        return jar.toFile();
    }

    /** A nested jar's bytes, read only to be written, and how a file on disk is taken to hold them. */
    interface Content {
        InputStream open() throws IOException;

        boolean isIn(Path file) throws IOException;
    }

    /** Bytes in hand: a file holds them when its bytes are these (compared each start). */
    static Content bytes(final byte[] content) {
        return new Content() {
            @Override
            public InputStream open() {
                return new ByteArrayInputStream(content);
            }

            @Override
            public boolean isIn(Path file) throws IOException {
                return Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS) && Files.size(file) == content.length
                        && Arrays.equals(Files.readAllBytes(file), content);
            }
        };
    }

    /**
     * A jar nested in the agent jar (the recorder jar, the weaver jar), its file named by the SHA-256 the build wrote
     * beside it: a file holds it when it has its size. Not read and compared each start (inflating and comparing the
     * recorder jar took premain about 9 ms; the weaver jar's megabytes would cost the start what that jar saves it): the
     * file's name is the build's SHA-256, its directory the user's alone, and a file there only ever appears whole
     * (renamed into place).
     */
    static Content entry(final JarFile jar, final ZipEntry entry) {
        return new OfSize(entry.getSize()) {
            @Override
            public InputStream open() throws IOException {
                return jar.getInputStream(entry);
            }
        };
    }

    /** Content taken to be in a file of {@code size} bytes ({@link #entry}). */
    abstract static class OfSize implements Content {
        private final long size;

        OfSize(long size) {
            this.size = size;
        }

        @Override
        public boolean isIn(Path file) throws IOException {
            return Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS) && Files.size(file) == size;
        }
    }

    /** Writes {@code in} to a file of its own in {@code dir}, then renames it {@code jar}: no JVM reads it half-written. */
    private static void writeInPlace(Path dir, String prefix, Path jar, InputStream in) throws IOException {
        Path part = Files.createTempFile(dir, prefix, ".part");
        try {
            Files.copy(in, part, StandardCopyOption.REPLACE_EXISTING);
            try {
                Files.move(part, jar, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(part, jar, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(part);
        }
    }

    /**
     * Before a new build's jar is written: other builds' jars unused for a week, and part files a killed start left
     * (over an hour old). A jar another JVM still has open stays readable to it where the OS allows the delete.
     */
    private static void removeStale(Path dir, String prefix) {
        long now = System.currentTimeMillis();
        File[] files = dir.toFile().listFiles();
        if (files == null) {
            return;
        }
        for (File f : files) {
            String name = f.getName();
            long age = now - f.lastModified();
            if (name.startsWith(prefix) && (name.endsWith(".part") && age > LEAKED_AFTER_MILLIS
                    || name.endsWith(".jar") && age > STALE_BUILD_MILLIS)) {
                f.delete();
            }
        }
    }

    /** {@code tmp/soapscope-USER}, made owner-only, or null when it is not this user's alone. */
    static Path privateDirectory(Path tmp) throws IOException {
        String user = fileName(System.getProperty("user.name", "user"));
        Path dir = tmp.resolve("soapscope-" + user);
        boolean posix = Files.getFileStore(tmp).supportsFileAttributeView("posix");
        try {
            if (posix) {
                Files.createDirectory(dir, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
            } else {
                Files.createDirectory(dir);
            }
            return dir; // made just now, by this JVM's user, owner-only
        } catch (FileAlreadyExistsException e) {
            // made by an earlier start: checked below
        }
        if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)
                || !Files.getOwner(dir, LinkOption.NOFOLLOW_LINKS).equals(me(dir))) {
            return null;
        }
        if (posix) {
            Set<PosixFilePermission> perms = Files.getPosixFilePermissions(dir, LinkOption.NOFOLLOW_LINKS);
            if (perms.contains(PosixFilePermission.GROUP_WRITE) || perms.contains(PosixFilePermission.OTHERS_WRITE)) {
                return null;
            }
        }
        return dir;
    }

    /**
     * Who this JVM writes files as: the owner of a file it makes. Not user.name, which is "?" under an arbitrary
     * container uid and lacks the domain of a Windows owner's name.
     */
    private static UserPrincipal me(Path dir) throws IOException {
        // not Files.createTempFile: its random name costs the start a SecureRandom; a taken name is simply retried
        Path probe = null;
        for (int i = 0; probe == null; i++) {
            try {
                probe = Files.createFile(dir.getParent().resolve("soapscope-owner-" + System.nanoTime() + "-" + i + ".tmp"));
            } catch (FileAlreadyExistsException e) {
                if (i == 9) {
                    throw e;
                }
            }
        }
        try {
            return Files.getOwner(probe, LinkOption.NOFOLLOW_LINKS);
        } finally {
            Files.deleteIfExists(probe);
        }
    }

    /**
     * {@code name} with every character but letters, digits, dot, underscore and dash made an underscore. A loop, not
     * {@code replaceAll}: premain would compile that regex interpreted, about 2 ms.
     */
    static String fileName(String name) {
        char[] c = name.toCharArray();
        for (int i = 0; i < c.length; i++) {
            char ch = c[i];
            boolean kept = ch >= 'A' && ch <= 'Z' || ch >= 'a' && ch <= 'z' || ch >= '0' && ch <= '9'
                    || ch == '.' || ch == '_' || ch == '-';
            if (!kept) {
                c[i] = '_';
            }
        }
        return new String(c);
    }

    /** Removes the per-start copies earlier agents left when their JVM was killed (over an hour old: not starting). */
    static void removeLeaked(File tmp) {
        String[] names;
        try {
            names = tmp.list(); // names only: a shared temp directory can hold thousands of others' files
        } catch (SecurityException e) {
            return;
        }
        if (names == null) {
            return;
        }
        long before = System.currentTimeMillis() - LEAKED_AFTER_MILLIS;
        for (String name : names) {
            File f;
            if (isPerStartCopy(name) && (f = new File(tmp, name)).lastModified() < before) {
                f.delete(); // another user's, or one still open on Windows: left alone
            }
        }
    }

    /** Whether {@code name} is an earlier agent's per-start copy: {@code soapscope-bootstrap-DIGITS.jar}. */
    static boolean isPerStartCopy(String name) {
        int end = name.length() - ".jar".length();
        if (!name.startsWith(JAR_PREFIX) || !name.endsWith(".jar") || end <= JAR_PREFIX.length()) {
            return false;
        }
        for (int i = JAR_PREFIX.length(); i < end; i++) {
            if (name.charAt(i) < '0' || name.charAt(i) > '9') {
                return false;
            }
        }
        return true;
    }

    /** {@code text} trimmed when it is a SHA-256 in lower-case hex, else null. */
    static String hexDigest(String text) {
        String hex = text.trim();
        if (hex.length() != 64) {
            return null;
        }
        for (int i = 0; i < hex.length(); i++) {
            char c = hex.charAt(i);
            if ((c < '0' || c > '9') && (c < 'a' || c > 'f')) {
                return null;
            }
        }
        return hex;
    }

    /** The first 8 bytes of the content's SHA-256, in hex: what names its file. */
    static String digest(byte[] content) {
        try {
            byte[] d = MessageDigest.getInstance("SHA-256").digest(content);
            StringBuilder hex = new StringBuilder();
            for (int i = 0; i < 8; i++) {
                hex.append(String.format("%02x", d[i] & 0xff));
            }
            return hex.toString();
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is in every JDK", e);
        }
    }
}
