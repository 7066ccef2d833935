package dev.soapscope.agent;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.lang.instrument.Instrumentation;
import java.util.jar.JarFile;

/**
 * The recorder travels inside the agent jar as {@code soapscope-bootstrap.jar}. Advice inlined into JDK classes
 * (Pattern, UUID, the XML factories) can only see the bootstrap class loader, so the recorder must live there:
 * this puts the nested jar on disk ({@link BootstrapJarFile}) and appends it to the bootstrap search path.
 */
public final class BootstrapJar {
    static final String RESOURCE = "/soapscope-bootstrap.jar";
    /** The packages the nested jar holds: what a class loader must hand to the bootstrap loader for advice to work. */
    public static final String PACKAGES = "dev.soapscope.recorder,dev.soapscope.config";
    /**
     * JBoss Modules' module loaders hand to the JDK's loaders only the packages this property lists; JBoss Modules
     * reads it in its main, after premain, so the agent can add its own.
     */
    public static final String JBOSS_MODULES_SYSTEM_PKGS = "jboss.modules.system.pkgs";
    private static final String PROBE_CLASS = "dev.soapscope.recorder.Recorder";

    private BootstrapJar() {
    }

    static void appendTo(Instrumentation inst) throws IOException {
        if (onBootstrapPath()) {
            return; // a previous agent copy already put it there
        }
        File jar = extract();
        inst.appendToBootstrapClassLoaderSearch(new JarFile(jar));
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
    private static String builtDigest() {
        InputStream in = BootstrapJar.class.getResourceAsStream(RESOURCE + ".sha256");
        try {
            return in == null ? null : BootstrapJarFile.hexDigest(new String(drain(in), "US-ASCII"));
        } catch (IOException e) {
            return null;
        }
    }

    /** Everything {@code in} holds; closes it. */
    private static byte[] drain(InputStream in) throws IOException {
        try {
            ByteArrayOutputStream out = new ByteArrayOutputStream(128 * 1024);
            byte[] buf = new byte[8192];
            for (int n; (n = in.read(buf)) > 0; ) {
                out.write(buf, 0, n);
            }
            return out.toByteArray();
        } finally {
            in.close();
        }
    }

    /** The nested recorder jar on disk: the copy an earlier start wrote, when it is this one, else a new one. */
    static File extract() throws IOException {
        InputStream in = BootstrapJar.class.getResourceAsStream(RESOURCE);
        if (in == null) {
            throw new IOException("the agent jar has no " + RESOURCE + " inside; was it built with 'mvn package'?");
        }
        byte[] content = drain(in);
        File tmp = new File(System.getProperty("java.io.tmpdir"));
        try {
            return BootstrapJarFile.of(content, builtDigest(), tmp);
        } catch (IOException e) {
            throw new IOException("cannot write the bootstrap jar to java.io.tmpdir (" + tmp
                    + "); point -Djava.io.tmpdir at a writable directory", e);
        }
    }
}
