package dev.soapscope.bench.app;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;

/** A Java agent's jar that the harness writes from its own classes: the start-up part's floors. */
final class AgentJar {
    /** More entries for the jar, after the agent's own classes. */
    interface Extra {
        void write(JarOutputStream out) throws IOException;
    }

    private AgentJar() {
    }

    /**
     * Writes {@code dir/name}: a manifest naming {@code agent} as its premain class (able to retransform, as
     * soapscope's is), {@code agent}'s class and its nested classes {@code nested} ({@code "$1"}...), then {@code extra}.
     */
    static Path write(Path dir, String name, Class<?> agent, String[] nested, Extra extra) throws IOException {
        Files.createDirectories(dir);
        Path jar = dir.resolve(name);
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().putValue("Premain-Class", agent.getName());
        manifest.getMainAttributes().putValue("Can-Retransform-Classes", "true");
        try (OutputStream file = Files.newOutputStream(jar); JarOutputStream out = new JarOutputStream(file, manifest)) {
            copy(out, agent, "");
            for (String n : nested) {
                copy(out, agent, n);
            }
            extra.write(out);
        }
        return jar;
    }

    private static void copy(JarOutputStream out, Class<?> agent, String nested) throws IOException {
        String entry = (agent.getName() + nested).replace('.', '/') + ".class";
        try (InputStream in = agent.getClassLoader().getResourceAsStream(entry)) {
            if (in == null) {
                throw new IOException("no " + entry + " on the harness's class path");
            }
            out.putNextEntry(new JarEntry(entry));
            in.transferTo(out);
            out.closeEntry();
        }
    }
}
