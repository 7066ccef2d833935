package dev.soapscope.agent.probe;

import org.junit.jupiter.api.Test;

import net.bytebuddy.jar.asm.Type;

import java.io.InputStream;
import java.lang.reflect.Constructor;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ClassHeaderTest {
    /** Constants of every width before the header's class entries, and a name beyond ASCII. */
    @SuppressWarnings("unused")
    abstract static class Wide\u00e9 extends java.io.Reader implements Runnable, java.io.Serializable {
        static final long L = 1234567890123L;
        static final double D = 3.5;
        static final float F = 1.5f;
        static final String S = "text \u00e9";
        final Runnable lambda = () -> { };
    }

    @Test
    void readsTheSuperclassAndInterfacesAsReflectionSeesThem() throws Exception {
        for (Class<?> c : List.of(Wide\u00e9.class, String.class, Object.class, java.util.HashMap.class, Runnable.class,
                java.util.concurrent.ConcurrentHashMap.class, ClassHeaderTest.class)) {
            List<String> expected = new ArrayList<>();
            if (c.getSuperclass() != null) {
                expected.add(c.getSuperclass().getName());
            }
            Arrays.stream(c.getInterfaces()).map(Class::getName).forEach(expected::add);
            if (c.isInterface()) {
                expected.add(0, "java.lang.Object"); // an interface's class file names Object as its superclass
            }
            assertArrayEquals(expected.toArray(), ClassHeader.supertypes(classFile(c)), c.getName());
        }
    }

    /** Fields with attributes before the methods, abstract and native ones left out: as reflection lists them. */
    @Test
    void listsTheMethodsWithCodeAsReflectionSeesThem() throws Exception {
        for (Class<?> c : List.of(Wide\u00e9.class, String.class, Object.class, java.util.HashMap.class, Thread.class,
                java.util.concurrent.ConcurrentHashMap.class, ClassHeaderTest.class)) {
            Set<String> expected = new TreeSet<>();
            for (Method m : c.getDeclaredMethods()) {
                if ((m.getModifiers() & (Modifier.ABSTRACT | Modifier.NATIVE)) == 0) {
                    expected.add(m.getName() + Type.getMethodDescriptor(m));
                }
            }
            for (Constructor<?> k : c.getDeclaredConstructors()) {
                expected.add("<init>" + Type.getConstructorDescriptor(k));
            }
            Set<String> read = new TreeSet<>();
            for (ClassHeader.Method m : ClassHeader.methodsWithCode(classFile(c))) {
                assertEquals(0, m.access & (Modifier.ABSTRACT | Modifier.NATIVE), m.name);
                if (!m.name.equals("<clinit>")) { // reflection does not list the static initialiser
                    read.add(m.name + m.descriptor);
                }
            }
            assertEquals(expected, read, c.getName());
        }
        assertNull(ClassHeader.methodsWithCode(new byte[] {1, 2, 3}));
    }

    /** Only the known names, as the set's own instances (a name beyond ASCII among them); all of them without a set. */
    @Test
    void anOutlineKeepsTheKnownNamesOnly() throws Exception {
        abstract class Namedé {
            void read() {
            }

            void réad() {
            }

            abstract void write();

            void close() {
            }
        }
        String accented = new String("réad"); // not the class file's instance
        KnownNames known = new KnownNames(List.of("read", "write", accented, "service"));
        ClassHeader.Outline outline = ClassHeader.outline(classFile(Namedé.class), known);
        assertEquals(Set.of("read", "réad"), Set.of(outline.methods), "write has no code, close and <init> are not known");
        for (String name : outline.methods) {
            assertSame(name.equals("read") ? "read" : accented, name);
        }
        assertEquals(Set.of("<init>", "read", "réad", "close"),
                Set.of(ClassHeader.outline(classFile(Namedé.class)).methods));
    }

    @Test
    void notAClassFile() {
        assertNull(ClassHeader.supertypes(new byte[] {1, 2, 3}));
        assertNull(ClassHeader.supertypes(Arrays.copyOf(new byte[] {(byte) 0xCA, (byte) 0xFE, (byte) 0xBA, (byte) 0xBE, 0, 0, 0, 52, 0, 9}, 12)));
    }

    /** One thread's room, kept from class to class (larger, then smaller, then larger than it keeps): the same outlines. */
    @Test
    void aRoomReusedFromClassToClassOutlinesEachAsANewOne() throws Exception {
        ClassHeader.Room room = new ClassHeader.Room();
        for (Class<?> c : List.of(java.util.concurrent.ConcurrentHashMap.class, Runnable.class, Wide\u00e9.class,
                String.class, Object.class, Character.class, ClassHeaderTest.class)) {
            byte[] b = classFile(c);
            assertArrayEquals(ClassHeader.outline(b).methods, ClassHeader.outline(b, null, room).methods, c.getName());
        }
        byte[] big = manyConstants(ClassHeader.Room.KEPT + 1000); // a pool larger than a thread keeps
        assertArrayEquals(ClassHeader.outline(big).methods, ClassHeader.outline(big, null, room).methods);
        assertArrayEquals(new String[] {"run"}, ClassHeader.outline(big, null, room).methods);
        assertTrue(room.offsets(1).length <= ClassHeader.Room.KEPT, "a thread keeps no more than that");
        assertArrayEquals(ClassHeader.outline(classFile(String.class)).methods,
                ClassHeader.outline(classFile(String.class), null, room).methods, "and reuses its own after it");
    }

    /** A class whose one method loads {@code strings} distinct string constants: a constant pool over twice that. */
    private static byte[] manyConstants(int strings) {
        net.bytebuddy.jar.asm.ClassWriter w = new net.bytebuddy.jar.asm.ClassWriter(0);
        w.visit(net.bytebuddy.jar.asm.Opcodes.V1_8, net.bytebuddy.jar.asm.Opcodes.ACC_PUBLIC, "a/Big", null,
                "java/lang/Object", null);
        net.bytebuddy.jar.asm.MethodVisitor m = w.visitMethod(net.bytebuddy.jar.asm.Opcodes.ACC_PUBLIC, "run", "()V",
                null, null);
        m.visitCode();
        for (int i = 0; i < strings; i++) {
            m.visitLdcInsn("constant " + i);
            m.visitInsn(net.bytebuddy.jar.asm.Opcodes.POP);
        }
        m.visitInsn(net.bytebuddy.jar.asm.Opcodes.RETURN);
        m.visitMaxs(1, 1);
        m.visitEnd();
        w.visitEnd();
        return w.toByteArray();
    }

    private static byte[] classFile(Class<?> c) throws Exception {
        try (InputStream in = ClassLoader.getSystemResourceAsStream(c.getName().replace('.', '/') + ".class")) {
            return in.readAllBytes();
        }
    }
}
