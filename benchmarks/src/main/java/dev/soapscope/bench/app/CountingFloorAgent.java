package dev.soapscope.bench.app;

import java.io.IOException;
import java.io.InputStream;
import java.lang.instrument.ClassFileTransformer;
import java.lang.instrument.Instrumentation;
import java.nio.file.Path;
import java.security.CodeSource;
import java.security.ProtectionDomain;
import java.util.Enumeration;
import java.util.concurrent.atomic.AtomicLong;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.JarOutputStream;

import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * The least an agent adds that counts every request from the first one: the no-op floor's transformer
 * ({@link NoopTransformerAgent}), which here also weaves one call into the servlet API's
 * {@code HttpServlet.service(HttpServletRequest, HttpServletResponse)} as the class loads (ASM, loaded at that first
 * match), and counts the calls. No recorder, no endpoint, no other probe: start-up measures it beside soapscope, so
 * what soapscope's own start adds over the bare necessity of exact counts is a figure.
 */
public final class CountingFloorAgent {
    /** Its row in the start-up tables. */
    public static final String LABEL = "an agent that only counts requests (one servlet method woven)";
    private static final String[] SERVLETS = {"jakarta/servlet/http/HttpServlet", "javax/servlet/http/HttpServlet"};
    private static final AtomicLong REQUESTS = new AtomicLong();

    private CountingFloorAgent() {
    }

    public static void premain(String args, Instrumentation inst) {
        inst.addTransformer(new ClassFileTransformer() {
            @Override
            public byte[] transform(ClassLoader loader, String name, Class<?> redefined, ProtectionDomain domain,
                                    byte[] classFile) {
                String api = servletApi(name);
                return api == null ? null : countService(classFile, api);
            }
        }, true);
        Runtime.getRuntime().addShutdownHook(new Thread(
                () -> System.err.println("counting floor: " + REQUESTS.get() + " requests counted"), "counting-floor"));
    }

    /** Called first in every {@code HttpServlet.service} the JVM runs (the woven call). */
    public static void request() {
        REQUESTS.incrementAndGet();
    }

    /** The servlet API package ({@code jakarta/servlet}) of an {@code HttpServlet}, or null for any other class. */
    static String servletApi(String className) {
        for (String servlet : SERVLETS) {
            if (servlet.equals(className)) {
                return servlet.substring(0, servlet.indexOf("/http/"));
            }
        }
        return null;
    }

    /** {@code classFile} with a call to {@link #request()} at the start of the HTTP {@code service} method. */
    static byte[] countService(byte[] classFile, String api) {
        String service = "(L" + api + "/http/HttpServletRequest;L" + api + "/http/HttpServletResponse;)V";
        String counter = CountingFloorAgent.class.getName().replace('.', '/');
        ClassReader reader = new ClassReader(classFile);
        ClassWriter writer = new ClassWriter(reader, 0); // a call with no operands needs no new frames or stack
        reader.accept(new ClassVisitor(Opcodes.ASM9, writer) {
            @Override
            public MethodVisitor visitMethod(int access, String name, String descriptor, String signature,
                                             String[] exceptions) {
                MethodVisitor mv = super.visitMethod(access, name, descriptor, signature, exceptions);
                if (!name.equals("service") || !descriptor.equals(service)) {
                    return mv;
                }
                return new MethodVisitor(Opcodes.ASM9, mv) {
                    @Override
                    public void visitCode() {
                        super.visitCode();
                        super.visitMethodInsn(Opcodes.INVOKESTATIC, counter, "request", "()V", false);
                    }
                };
            }
        }, 0);
        return writer.toByteArray();
    }

    /**
     * Writes the agent's jar into {@code dir}: its classes and ASM's, on the system class path with it, where every
     * servlet container's and Spring Boot's loaders find the counter through their parents.
     */
    public static Path jar(Path dir) throws IOException {
        return AgentJar.write(dir, "counting-floor-agent.jar", CountingFloorAgent.class, new String[] {"$1", "$2", "$2$1"},
                CountingFloorAgent::copyAsm);
    }

    /** ASM's classes, from its jar on the harness's class path (or the harness's own jar, which shades it). */
    private static void copyAsm(JarOutputStream out) throws IOException {
        Path from;
        CodeSource source = ClassReader.class.getProtectionDomain().getCodeSource();
        if (source == null) {
            throw new IOException("ASM's classes have no jar to copy from");
        }
        try {
            from = Path.of(source.getLocation().toURI());
        } catch (java.net.URISyntaxException e) {
            throw new IOException("ASM's jar: " + source.getLocation(), e);
        }
        try (JarFile asm = new JarFile(from.toFile())) {
            for (Enumeration<JarEntry> e = asm.entries(); e.hasMoreElements(); ) {
                JarEntry entry = e.nextElement();
                if (entry.getName().startsWith("org/objectweb/asm/") && entry.getName().endsWith(".class")
                        && entry.getName().indexOf('/', "org/objectweb/asm/".length()) < 0) {
                    out.putNextEntry(new JarEntry(entry.getName()));
                    try (InputStream in = asm.getInputStream(entry)) {
                        in.transferTo(out);
                    }
                    out.closeEntry();
                }
            }
        }
    }
}
