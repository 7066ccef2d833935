package dev.soapscope.agent;

import java.io.File;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.security.CodeSource;
import java.util.jar.JarFile;
import java.util.zip.ZipEntry;

/**
 * Entries of the agent's own jar (the nested recorder and weaver jars, its build information, the advice class files),
 * read straight from the jar or directory its classes come from. Not through its class loader: a class loader asks its
 * parents first, and the JDK's loaders look for a name outside their modules' packages in every module of the JVM
 * (about 60 look-ups each): the agent's few dozen reads at start-up were about 1,800 such look-ups, on a small Tomcat
 * app whose own start makes about 8,600, for entries that are in one place.
 */
public final class OwnJar {
    /** Where our classes come from: a jar (opened once and kept: the JVM holds it open anyway), a directory, or not known. */
    private static volatile Object source;
    private static final Object UNKNOWN = new Object();

    private OwnJar() {
    }

    /**
     * The entry {@code name} (a path inside the jar, without a leading slash), or null if there is none; one that is
     * not where our classes are is looked for through our class loader.
     */
    public static InputStream open(String name) throws IOException {
        return open(source(), name);
    }

    /** The agent jar, open; null when our classes come from a directory (the tests') or from no file. */
    public static JarFile jar() {
        Object s = source();
        return s instanceof JarFile ? (JarFile) s : null;
    }

    static InputStream open(Object source, String name) throws IOException {
        if (source instanceof JarFile) {
            JarFile jar = (JarFile) source;
            ZipEntry e = jar.getEntry(name);
            if (e != null) {
                return jar.getInputStream(e);
            }
        } else if (source instanceof File) {
            File f = new File((File) source, name);
            if (f.isFile()) {
                return new FileInputStream(f);
            }
        }
        // not there (a location that is no file, the tests' own classes): the class loader, as the JDK would look
        ClassLoader loader = OwnJar.class.getClassLoader();
        return loader == null ? ClassLoader.getSystemResourceAsStream(name) : loader.getResourceAsStream(name);
    }

    private static Object source() {
        Object s = source;
        if (s == null) {
            synchronized (OwnJar.class) {
                s = source;
                if (s == null) {
                    s = of(location());
                    source = s;
                }
            }
        }
        return s;
    }

    /** What {@link #open(Object, String)} reads from for our classes at {@code location} (null: not known). */
    static Object of(File location) {
        try {
            return location == null ? UNKNOWN : location.isDirectory() ? location
                    : location.isFile() ? new JarFile(location, false) : UNKNOWN;
        } catch (IOException | RuntimeException e) {
            return UNKNOWN;
        }
    }

    /** The agent jar (or classes directory) our classes were loaded from; null if that is no file. */
    static File location() {
        try {
            CodeSource cs = OwnJar.class.getProtectionDomain().getCodeSource();
            URI uri = cs == null || cs.getLocation() == null ? null : cs.getLocation().toURI();
            return uri != null && "file".equals(uri.getScheme()) ? new File(uri) : null;
        } catch (Exception | LinkageError e) {
            return null; // a security manager, an odd URL: read through the class loader
        }
    }
}
