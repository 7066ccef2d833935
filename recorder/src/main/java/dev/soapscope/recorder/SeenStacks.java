package dev.soapscope.recorder;

import java.io.File;
import java.net.JarURLConnection;
import java.net.URL;
import java.net.URLConnection;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.jar.Attributes;
import java.util.jar.JarFile;
import java.util.jar.Manifest;

/**
 * The stacks whose classes soapscope has instrumented, each with the version its jar states: recorded once, when
 * the first class of the stack is transformed, with one log line. Bounded by the {@link Stack} vocabulary; the first
 * version seen is kept (a second copy in another web application is not told apart).
 */
public final class SeenStacks {
    /** Shown where no version could be read (classes in a directory, a jar without one). */
    public static final String UNKNOWN_VERSION = "version unknown";
    private static final AtomicReferenceArray<String> VERSIONS = new AtomicReferenceArray<String>(Stack.values().length);

    private SeenStacks() {
    }

    /** Whether the stack is still to be recorded: cheap, for the transformer's every call. */
    public static boolean isNew(Stack stack) {
        return VERSIONS.get(stack.ordinal()) == null;
    }

    /** Records the stack, its version read at {@code location} (a class file or jar URL; may be null); never throws. */
    public static void seen(Stack stack, URL location) {
        if (!isNew(stack)) {
            return;
        }
        String version;
        try {
            version = versionAt(location);
        } catch (Throwable e) {
            version = null;
        }
        if (version == null) {
            version = UNKNOWN_VERSION;
        }
        if (VERSIONS.compareAndSet(stack.ordinal(), null, version)) {
            Log.info(line(stack, version));
        }
    }

    static String line(Stack stack, String version) {
        return "found " + stack.title() + " " + version + " (" + stack.tag() + "): soapscope measures "
                + stack.measured();
    }

    /** The stacks seen so far, in the order of {@link Stack}. */
    public static List<Stack> all() {
        List<Stack> seen = new ArrayList<Stack>();
        for (Stack s : Stack.values()) {
            if (!isNew(s)) {
                seen.add(s);
            }
        }
        return seen;
    }

    /** The version recorded for a stack seen, or null. */
    public static String version(Stack stack) {
        return VERSIONS.get(stack.ordinal());
    }

    /** Forgets what was seen: for tests. */
    static void clear() {
        for (int i = 0; i < VERSIONS.length(); i++) {
            VERSIONS.set(i, null);
        }
    }

    /**
     * The manifest's Implementation-Version, else Bundle-Version, else a version in the jar's file name, of the jar
     * at or containing {@code location}; null when there is none.
     */
    static String versionAt(URL location) throws Exception {
        if (location == null) {
            return null;
        }
        Manifest manifest = null;
        String path;
        if ("jar".equals(location.getProtocol())) {
            URLConnection c = location.openConnection();
            c.setUseCaches(false);
            JarURLConnection jar = (JarURLConnection) c;
            path = jar.getJarFileURL().getPath();
            if ("file".equals(jar.getJarFileURL().getProtocol())) {
                manifest = manifestOf(new File(jar.getJarFileURL().toURI()));
            }
        } else if ("file".equals(location.getProtocol())) {
            File file = new File(location.toURI());
            path = file.getPath();
            manifest = file.isFile() ? manifestOf(file) : null;
        } else {
            return null;
        }
        if (manifest != null) {
            Attributes main = manifest.getMainAttributes();
            String v = main.getValue(Attributes.Name.IMPLEMENTATION_VERSION);
            if (v == null || v.trim().isEmpty()) {
                v = main.getValue("Bundle-Version");
            }
            if (v != null && !v.trim().isEmpty()) {
                return v.trim();
            }
        }
        return fileVersion(path);
    }

    /** The version in a jar's file name, such as 4.0.3 in {@code cxf-core-4.0.3.jar} (no regex: Pattern is probed). */
    static String fileVersion(String path) {
        String name = path.substring(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1);
        if (!name.endsWith(".jar")) {
            return null;
        }
        for (int i = 0; i + 1 < name.length() - 4; i++) {
            if (name.charAt(i) == '-' && Character.isDigit(name.charAt(i + 1))) {
                return name.substring(i + 1, name.length() - 4);
            }
        }
        return null;
    }

    private static Manifest manifestOf(File jar) throws Exception {
        if (!jar.isFile()) {
            return null;
        }
        JarFile f = new JarFile(jar, false);
        try {
            return f.getManifest();
        } finally {
            f.close();
        }
    }
}
