package dev.soapscope.agent;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.lang.instrument.Instrumentation;
import java.util.List;
import java.util.jar.JarFile;
import java.util.zip.ZipEntry;

/**
 * The recorder travels inside the agent jar as {@code soapscope-bootstrap.jar}. Advice inlined into JDK classes
 * (Pattern, UUID, the XML factories) can only see the bootstrap class loader, so the recorder must live there:
 * this puts the nested jar on disk ({@link BootstrapJarFile}) and appends it to the bootstrap search path. Where it can
 * be shared between starts, it appends the weaver jar instead ({@link #WEAVER}): the recorder and the probes' classes.
 */
public final class BootstrapJar {
    static final String RESOURCE = "soapscope-bootstrap.jar";
    /** The packages the nested jar holds: what a class loader must hand to the bootstrap loader for advice to work. */
    public static final String PACKAGES = "dev.soapscope.recorder,dev.soapscope.config";
    /**
     * JBoss Modules' module loaders hand to the JDK's loaders only the packages this property lists; JBoss Modules
     * reads it in its main, after premain, so the agent can add its own.
     */
    public static final String JBOSS_MODULES_SYSTEM_PKGS = "jboss.modules.system.pkgs";
    private static final String PROBE_CLASS = "dev.soapscope.recorder.Recorder";
    /**
     * The weaver jar: the recorder's classes, and copies of the agent jar's probe classes and Byte Buddy's, for the
     * bootstrap path. The JVM reads those natively and does not verify them: about 6% of a small Tomcat app's start
     * went to reading the agent's ~300 classes through the application class loader's Java code, and verifying them.
     */
    static final String WEAVER = "soapscope-weaver.jar";
    private static final String WEAVER_PREFIX = "soapscope-weaver-";

    private BootstrapJar() {
    }

    /**
     * Puts the recorder on the bootstrap search path, in the weaver jar when that could be placed (one append: the JVM
     * warns at each one that class data sharing is now for the bootstrap loader's classes only); says where it went.
     */
    static Placed appendTo(Instrumentation inst, String agentArgs) throws IOException {
        if (onBootstrapPath()) {
            return new Placed(null, null, null); // a previous agent copy already put it there
        }
        Placed placed = extract(BootstrapPlaces.ofThisJvm(agentArgs));
        File weaver = placeWeaver(placed);
        if (weaver != null) {
            try {
                inst.appendToBootstrapClassLoaderSearch(new JarFile(weaver));
                placed.weaver = weaver;
                return placed;
            } catch (IOException | RuntimeException e) {
                placed.weaverLeft = reason(e);
            }
        }
        inst.appendToBootstrapClassLoaderSearch(new JarFile(placed.jar));
        return placed;
    }

    /**
     * The weaver jar on disk, in the directory of this user's alone the recorder jar went to, where every start of this
     * build reuses it; or null when it cannot be (then the probes' classes load from the agent jar, as they would without
     * it), with the reason in {@code placed}.
     */
    static File placeWeaver(Placed placed) {
        File dir = placed.privateDirectory();
        try {
            final JarFile own = OwnJar.jar();
            final ZipEntry entry = own == null ? null : own.getEntry(WEAVER);
            String digest = builtDigest(WEAVER);
            if (dir == null || entry == null || digest == null || entry.getSize() < 0) {
                placed.weaverLeft = dir == null ? "the recorder jar is not in a directory of this user's alone"
                        : "the agent jar has no " + WEAVER + " (built without it)";
                return null;
            }
            return BootstrapJarFile.shared(dir.toPath(), WEAVER_PREFIX, digest.substring(0, 16),
                    BootstrapJarFile.entry(own, entry));
        } catch (IOException | RuntimeException e) {
            placed.weaverLeft = reason(e);
            return null;
        }
    }

    /**
     * Under JBoss Modules (WildFly, JBoss EAP), adds {@link #PACKAGES} to {@link #JBOSS_MODULES_SYSTEM_PKGS}, so
     * that classes in modules (jakarta.servlet.http.HttpServlet, CXF) see the recorder the probes inline calls to.
     * Elsewhere nobody reads the property, so it is left alone. Returns the value set, or null.
     */
    static String exposeToJBossModules() {
        String listed = System.getProperty(JBOSS_MODULES_SYSTEM_PKGS);
        if (listed == null && !System.getProperty("sun.java.command", "").contains("jboss-modules")) {
            return null;
        }
        String value = withPackages(listed);
        System.setProperty(JBOSS_MODULES_SYSTEM_PKGS, value);
        return value;
    }

    /** {@code listed} (a comma-separated package list, or null) with each of {@link #PACKAGES} not yet in it. */
    static String withPackages(String listed) {
        StringBuilder value = new StringBuilder(listed == null ? "" : listed.trim());
        for (String pkg : PACKAGES.split(",")) {
            boolean present = false;
            for (String p : value.toString().split(",")) {
                present |= p.trim().equals(pkg);
            }
            if (!present) {
                value.append(value.length() == 0 ? "" : ",").append(pkg);
            }
        }
        return value.toString();
    }

    private static boolean onBootstrapPath() {
        try {
            Class.forName(PROBE_CLASS, false, null);
            return true;
        } catch (ClassNotFoundException e) {
            return false;
        }
    }

    /**
     * The nested jar's SHA-256 as the build wrote it beside the jar (hex), or null when absent (a build without that
     * step): then the start computes it.
     */
    private static String builtDigest(String resource) {
        try {
            InputStream in = OwnJar.open(resource + ".sha256");
            return in == null ? null : BootstrapJarFile.hexDigest(new String(drain(in, 128), "US-ASCII"));
        } catch (IOException e) {
            return null;
        }
    }

    /** Everything {@code in} holds (about {@code expected} bytes); closes it. */
    private static byte[] drain(InputStream in, int expected) throws IOException {
        try {
            ByteArrayOutputStream out = new ByteArrayOutputStream(expected);
            byte[] buf = new byte[Math.min(expected, 8192)];
            for (int n; (n = in.read(buf)) > 0; ) {
                out.write(buf, 0, n);
            }
            return out.toByteArray();
        } finally {
            in.close();
        }
    }

    /**
     * The nested recorder jar on disk, in the first of {@code places} where it can be (the copy an earlier start wrote,
     * when it is this one, else a new one); when it can be nowhere, an exception whose message names every place tried.
     */
    static Placed extract(List<BootstrapPlaces.Place> places) throws IOException {
        JarFile own = OwnJar.jar();
        ZipEntry entry = own == null ? null : own.getEntry(RESOURCE);
        String digest = builtDigest(RESOURCE);
        if (entry != null && entry.getSize() >= 0 && digest != null) {
            return place(BootstrapJarFile.entry(own, entry), digest.substring(0, 16), places);
        }
        InputStream in = OwnJar.open(RESOURCE); // a build without the digest, or classes not in a jar (tests)
        if (in == null) {
            throw new IOException("the agent jar has no " + RESOURCE + " inside; was it built with 'mvn package'?");
        }
        return place(drain(in, 256 * 1024), digest, places);
    }

    /** {@code content} (SHA-256 {@code digest}, or null) in the first of {@code places} that can hold it. */
    static Placed place(byte[] content, String digest, List<BootstrapPlaces.Place> places) throws IOException {
        return place(BootstrapJarFile.bytes(content), digest != null ? digest.substring(0, 16)
                : BootstrapJarFile.digest(content), places);
    }

    /** {@code content} (its file named by {@code digest}) in the first of {@code places} that can hold it. */
    private static Placed place(BootstrapJarFile.Content content, String digest, List<BootstrapPlaces.Place> places)
            throws IOException {
        StringBuilder tried = new StringBuilder();
        String settingRefused = null;
        for (BootstrapPlaces.Place place : places) {
            try {
                if (place.create && !place.dir.isDirectory() && !place.dir.mkdirs() && !place.dir.isDirectory()) {
                    throw new IOException("cannot create it");
                }
                return new Placed(BootstrapJarFile.of(content, digest, place.dir), settingRefused, place.dir);
            } catch (IOException | RuntimeException e) {
                String why = place + " (" + reason(e) + ")";
                tried.append(tried.length() == 0 ? "" : "; ").append(why);
                if (place.isSetting()) {
                    settingRefused = why;
                }
            }
        }
        throw new NowhereToWrite("cannot write the recorder jar anywhere: tried " + tried + "; "
                + BootstrapPlaces.howToSet());
    }

    /** An exception in a few words: a plain IOException's message ("Permission denied"), else its type and message. */
    static String reason(Throwable e) {
        String message = e.getMessage();
        return e.getClass() == IOException.class && message != null ? message
                : e.getClass().getSimpleName() + (message == null ? "" : ": " + message);
    }

    /** Where the recorder jar went, and why {@code bootstrap.dir} was passed over when it was. */
    static final class Placed {
        /** Null when an earlier copy of the agent had put the recorder on the bootstrap path. */
        final File jar;
        /** {@code bootstrap.dir DIR (why)}, when it was set but could not be used; else null. */
        final String settingRefused;
        /** The directory the jar went under, where killed JVMs may have left copies ({@link #removeLeaked}); or null. */
        private final File dir;
        /** The weaver jar, when it went on the bootstrap path in the recorder jar's stead; else null, and why, or null. */
        File weaver;
        String weaverLeft;

        Placed(File jar, String settingRefused, File dir) {
            this.jar = jar;
            this.settingRefused = settingRefused;
            this.dir = dir;
        }

        /**
         * Removes the per-start copies earlier agents left there: housekeeping for the agent's own thread, not premain
         * (listing a temporary directory of thousands of files took milliseconds there).
         */
        void removeLeaked() {
            if (dir != null) {
                BootstrapJarFile.removeLeaked(dir);
            }
        }

        /**
         * The owner-only directory the recorder jar is shared in ({@link BootstrapJarFile#privateDirectory}); null when
         * it went elsewhere (a per-start copy) or was there already.
         */
        File privateDirectory() {
            return jar == null || BootstrapJarFile.isPerStartCopy(jar.getName()) ? null : jar.getParentFile();
        }

        /** For the start line. */
        String describe() {
            return jar == null ? "recorder already on the bootstrap class path" : "recorder jar " + jar.getAbsolutePath();
        }
    }

    /** No place could hold the recorder jar: the agent cannot start, and its message says what was tried. */
    static final class NowhereToWrite extends IOException {
        private static final long serialVersionUID = 1L;

        NowhereToWrite(String message) {
            super(message);
        }
    }
}
