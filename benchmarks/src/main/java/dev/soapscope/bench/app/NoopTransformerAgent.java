package dev.soapscope.bench.app;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.instrument.ClassFileTransformer;
import java.lang.instrument.Instrumentation;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.ProtectionDomain;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;

/**
 * The floor of start-up for an agent that weaves classes as they load: a class file transformer that changes nothing,
 * registered as soapscope registers its own (able to retransform). The JVM then hands every class it loads to Java
 * code before defining it, reading an archived (CDS) class's bytes from its jar to do so. Start-up measures it beside
 * soapscope, so the share a transforming agent cannot avoid is a figure, not a guess.
 */
public final class NoopTransformerAgent {
    private NoopTransformerAgent() {
    }

    public static void premain(String args, Instrumentation inst) {
        inst.addTransformer(new ClassFileTransformer() {
            @Override
            public byte[] transform(ClassLoader loader, String name, Class<?> redefined, ProtectionDomain domain,
                                    byte[] classFile) {
                return null;
            }
        }, true);
    }

    /** Writes the agent's jar (this class and its transformer, and a manifest naming it) into {@code dir}. */
    public static Path jar(Path dir) throws IOException {
        Files.createDirectories(dir);
        Path jar = dir.resolve("noop-transformer-agent.jar");
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().putValue("Premain-Class", NoopTransformerAgent.class.getName());
        manifest.getMainAttributes().putValue("Can-Retransform-Classes", "true");
        try (OutputStream file = Files.newOutputStream(jar); JarOutputStream out = new JarOutputStream(file, manifest)) {
            for (String c : new String[] {NoopTransformerAgent.class.getName(), NoopTransformerAgent.class.getName() + "$1"}) {
                String entry = c.replace('.', '/') + ".class";
                try (InputStream in = NoopTransformerAgent.class.getClassLoader().getResourceAsStream(entry)) {
                    if (in == null) {
                        throw new IOException("no " + entry + " on the harness's class path");
                    }
                    out.putNextEntry(new JarEntry(entry));
                    in.transferTo(out);
                    out.closeEntry();
                }
            }
        }
        return jar;
    }
}
