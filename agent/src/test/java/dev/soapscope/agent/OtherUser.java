package dev.soapscope.agent;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Directories a JVM cannot write to, for tests of what the agent does then. As root (a build in a container), a
 * {@code chmod 555} stops nobody: the child JVM then runs as {@code nobody}, through {@code setpriv} or
 * {@code runuser}, on copies of its class path that user can read. Elsewhere the build's own user runs it, and
 * {@code chmod} is enough.
 */
final class OtherUser {
    private final List<String> prefix;
    private final String name;

    private OtherUser(List<String> prefix, String name) {
        this.prefix = prefix;
        this.name = name;
    }

    /** Who the child JVM runs as when the build runs as root, if this machine has a way; empty otherwise. */
    static Optional<OtherUser> ifRoot() {
        if (!isRoot()) {
            return Optional.empty();
        }
        String uid = run("id", "-u", "nobody");
        String gid = run("id", "-g", "nobody");
        if (uid == null || gid == null) {
            return Optional.empty();
        }
        for (String dir : List.of("/usr/bin", "/bin", "/usr/sbin", "/sbin")) {
            if (Files.isExecutable(Path.of(dir, "setpriv"))) {
                return Optional.of(new OtherUser(List.of(dir + "/setpriv", "--reuid=" + uid, "--regid=" + gid,
                        "--clear-groups", "--"), "nobody (setpriv)"));
            }
        }
        for (String dir : List.of("/usr/sbin", "/sbin", "/usr/bin", "/bin")) {
            if (Files.isExecutable(Path.of(dir, "runuser"))) {
                return Optional.of(new OtherUser(List.of(dir + "/runuser", "-u", "nobody", "--"), "nobody (runuser)"));
            }
        }
        return Optional.empty();
    }

    /** A directory the child cannot write to, and how that was made, for the test to say. */
    record Unwritable(Path path, String how) {
    }

    /**
     * A directory under {@code parent} that a child JVM run as {@code user} (empty: as this build's user) cannot write
     * to: {@code chmod 555} where that stops the child, else (root, with no way to run as nobody) a path under a
     * regular file, where even root can create nothing. {@code parent} is made readable to everyone.
     */
    static Unwritable directory(Path parent, Optional<OtherUser> user) throws IOException {
        Files.setPosixFilePermissions(parent, PosixFilePermissions.fromString("rwxr-xr-x"));
        if (user.isPresent() || !isRoot()) {
            Path dir = Files.createDirectory(parent.resolve("read-only"));
            Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("r-xr-xr-x"));
            return new Unwritable(dir, "chmod 555, the JVM run as " + user.map(String::valueOf).orElse("this build's user"));
        }
        Path file = Files.createFile(parent.resolve("a-regular-file"));
        return new Unwritable(file.resolve("dir"), "a path under a regular file (root, and no setpriv or runuser to run"
                + " as nobody)");
    }

    static boolean isRoot() {
        return "0".equals(run("id", "-u"));
    }

    @Override
    public String toString() {
        return name;
    }

    /** {@code command} run as this user: each class path entry copied under {@code readable}, the prefix in front. */
    List<String> rewrite(List<String> command, Path readable) {
        List<String> out = new ArrayList<>(prefix);
        for (int i = 0; i < command.size(); i++) {
            String arg = command.get(i);
            if (arg.startsWith("-javaagent:")) {
                out.add(copyAgent(arg, readable));
                continue;
            }
            out.add(arg);
            if (("-cp".equals(arg) || "-classpath".equals(arg)) && i + 1 < command.size()) {
                out.add(copyClasspath(command.get(++i), readable));
            }
        }
        return out;
    }

    /** {@code -javaagent:JAR[=ARGS]} with a readable copy of the jar, unless it is readable where it is. */
    private static String copyAgent(String option, Path readable) {
        String spec = option.substring("-javaagent:".length());
        int eq = spec.indexOf('=');
        Path jar = Path.of(eq < 0 ? spec : spec.substring(0, eq));
        if (readableByAll(jar)) {
            return option; // where the test put it on purpose
        }
        Path copy = readable.resolve("agent-" + jar.getFileName());
        copyTree(jar, copy);
        return "-javaagent:" + copy + (eq < 0 ? "" : spec.substring(eq));
    }

    /** The file and every directory above it let everyone read (and pass). */
    private static boolean readableByAll(Path file) {
        try {
            for (Path p = file.toAbsolutePath(); p != null; p = p.getParent()) {
                String perms = PosixFilePermissions.toString(Files.getPosixFilePermissions(p));
                if (perms.charAt(6) != 'r' || Files.isDirectory(p) && perms.charAt(8) != 'x') {
                    return false;
                }
            }
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    private static String copyClasspath(String classpath, Path readable) {
        List<String> copies = new ArrayList<>();
        int n = 0;
        for (String entry : classpath.split(java.io.File.pathSeparator)) {
            Path from = Path.of(entry);
            Path to = readable.resolve((n++) + "-" + from.getFileName());
            copyTree(from, to);
            copies.add(to.toString());
        }
        return String.join(java.io.File.pathSeparator, copies);
    }

    /** A copy of a file or a directory tree, readable by everyone. */
    static void copyTree(Path from, Path to) {
        try (Stream<Path> all = Files.walk(from)) {
            for (Path p : (Iterable<Path>) all::iterator) {
                Path target = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(target);
                    Files.setPosixFilePermissions(target, PosixFilePermissions.fromString("rwxr-xr-x"));
                } else {
                    Files.copy(p, target, StandardCopyOption.REPLACE_EXISTING);
                    Files.setPosixFilePermissions(target, PosixFilePermissions.fromString("rw-r--r--"));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Gives {@code dir} to this user (root may). */
    void own(Path dir) throws IOException {
        Files.setOwner(dir, dir.getFileSystem().getUserPrincipalLookupService().lookupPrincipalByName("nobody"));
    }

    /** The command's trimmed standard output, or null when it failed. */
    private static String run(String... command) {
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
            return p.waitFor(10, TimeUnit.SECONDS) && p.exitValue() == 0 ? out : null;
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }
}
