package dev.soapscope.agent;

import java.io.File;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.instrument.Instrumentation;
import java.util.jar.JarFile;

/**
 * The recorder travels inside the agent jar as {@code soapscope-bootstrap.jar}. Advice inlined into JDK classes
 * (Pattern, UUID, the XML factories) can only see the bootstrap class loader, so the recorder must live there:
 * this extracts the nested jar to a temporary file and appends it to the bootstrap search path.
 */
final class BootstrapJar {
    static final String RESOURCE = "/soapscope-bootstrap.jar";
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

    private static boolean onBootstrapPath() {
        try {
            Class.forName(PROBE_CLASS, false, null);
            return true;
        } catch (ClassNotFoundException e) {
            return false;
        }
    }

    /** Copies the nested recorder jar to a temporary file (deleted at exit). */
    static File extract() throws IOException {
        InputStream in = BootstrapJar.class.getResourceAsStream(RESOURCE);
        if (in == null) {
            throw new IOException("the agent jar has no " + RESOURCE + " inside; was it built with 'mvn package'?");
        }
        File file;
        try {
            file = File.createTempFile("soapscope-bootstrap-", ".jar");
        } catch (IOException e) {
            in.close();
            throw new IOException("cannot write the bootstrap jar to java.io.tmpdir ("
                    + System.getProperty("java.io.tmpdir") + "); point -Djava.io.tmpdir at a writable directory", e);
        }
        file.deleteOnExit();
        OutputStream out = new FileOutputStream(file);
        try {
            byte[] buf = new byte[8192];
            for (int n; (n = in.read(buf)) > 0; ) {
                out.write(buf, 0, n);
            }
        } finally {
            out.close();
            in.close();
        }
        return file;
    }
}
