package dev.soapscope.bench.app;

import java.io.IOException;
import java.lang.instrument.ClassFileTransformer;
import java.lang.instrument.Instrumentation;
import java.nio.file.Path;
import java.security.ProtectionDomain;

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
        return AgentJar.write(dir, "noop-transformer-agent.jar", NoopTransformerAgent.class, new String[] {"$1"}, out -> {
        });
    }
}
