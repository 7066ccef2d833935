package dev.soapscope.agent.probe;

import net.bytebuddy.description.method.MethodDescription;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.jar.asm.ClassWriter;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.File;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.ProtectionDomain;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What a start wove, handed back to the next start of the same agent build: only for the same class file woven by the
 * same probes with the same supertype answers, checked whole, bounded, and never for a class whose weaving depended on
 * more (a method refused).
 */
class WeaveCacheTest {
    private static final String NAME = "dev.soapscope.agent.probe.GeneratedCached";

    @TempDir
    Path dir;

    @Test
    void aClassWovenByOneStartIsHandedToTheNextWithoutAskingTheAdvice() throws Throwable {
        byte[] classFile = twoMethods(NAME, 7);
        Counting first = new Counting();
        byte[] woven = weaver(first).weave(NAME, getClass().getClassLoader(), null, classFile);
        assertNotNull(woven);
        assertTrue(first.asked.get() > 0);
        assertEquals(1, first.woven.get());
        assertEquals(1, files().length, "one entry kept");

        Counting second = new Counting();
        byte[] again = weaver(second).weave(NAME, getClass().getClassLoader(), null, classFile);
        assertArrayEquals(woven, again);
        assertEquals(0, second.asked.get(), "nothing asked of the advice: the class came from the cache");
        assertEquals(1, second.woven.get(), "the probe is told of its class all the same (the stack seen, say)");

        Class<?> c = AdviceInlinerTest.define(NAME, again);
        AdviceInlinerTest.LoopFirst.turns = 0;
        assertEquals(7, c.getMethod("small", int.class).invoke(null, 7));
        assertEquals(3, AdviceInlinerTest.LoopFirst.turns, "the cached class runs its advice");
    }

    @Test
    void anotherClassFileOfTheSameNameIsWovenAfresh() {
        weaver(new Counting()).weave(NAME, getClass().getClassLoader(), null, twoMethods(NAME, 7));
        Counting next = new Counting();
        byte[] other = twoMethods(NAME, 8);
        byte[] woven = weaver(next).weave(NAME, getClass().getClassLoader(), null, other);
        assertNotNull(woven);
        assertTrue(next.asked.get() > 0, "woven, not taken from the entry of another class file");
        assertEquals(2, files().length);
    }

    @Test
    void otherProbesFindNothingAndTheSupertypesComeBack() {
        WeaveCache cache = new WeaveCache(dir.toFile());
        byte[] classFile = twoMethods(NAME, 7);
        WeaveCache.Entry entry = new WeaveCache.Entry(new byte[] {1, 2, 3}, List.of("regex"), List.of("a.B"));
        cache.keep(NAME, classFile, List.of("regex"), entry);
        WeaveCache.Entry found = cache.find(NAME, classFile, List.of("regex"));
        assertArrayEquals(new byte[] {1, 2, 3}, found.woven);
        assertEquals(List.of("a.B"), found.above);
        assertNull(cache.find(NAME, classFile, List.of("regex", "uuid")));
        assertNull(cache.find("other.Name", classFile, List.of("regex")));
    }

    /**
     * A class whose weaving asked about its supertypes, loaded again with others (another version of its superclass): the
     * entry is not used, and the class is woven as its supertypes now say.
     */
    @Test
    void aClassBelowOtherSupertypesThanWhenKeptIsWovenAfresh() throws Exception {
        String leaf = ClassWeaverTest.Leaf.class.getName();
        byte[] classFile = getClass().getClassLoader().getResourceAsStream(leaf.replace('.', '/') + ".class").readAllBytes();
        Supertypes belowBase = Supertypes.belowAny(ClassWeaverTest.Base.class.getName());
        AdviceInliner.AdviceCode advice = AdviceInlinerTest.advice(AdviceInlinerTest.LoopFirst.class);
        Weaving whenBelowBase = (type, method, into) -> {
            if (belowBase.matches(type)) {
                into.add(advice);
            }
        };
        ClassWeaver weaver = new ClassWeaver(List.of(ClassWeaverTest.probeOf(leaf, whenBelowBase)), List.of(whenBelowBase));
        weaver.keepIn(new WeaveCache(dir.toFile()));
        assertNotNull(weaver.weave(leaf, getClass().getClassLoader(), null, classFile), "below Base: woven");
        assertEquals(1, files().length);
        assertEquals(List.of(ClassWeaverTest.Base.class.getName()),
                new WeaveCache(dir.toFile()).find(leaf, classFile, List.of("test")).above);

        // the same class file, in a loader whose Middle extends Object: not below Base any more
        String middle = ClassWeaverTest.Middle.class.getName().replace('.', '/') + ".class";
        ClassWriter w = new ClassWriter(0);
        w.visit(Opcodes.V1_8, Opcodes.ACC_PUBLIC, middle.replace(".class", ""), null, "java/lang/Object", null);
        w.visitEnd();
        byte[] otherMiddle = w.toByteArray();
        ClassLoader other = new ClassLoader(getClass().getClassLoader()) {
            @Override
            public java.io.InputStream getResourceAsStream(String name) {
                return name.equals(middle) ? new java.io.ByteArrayInputStream(otherMiddle) : super.getResourceAsStream(name);
            }
        };
        ClassWeaver again = new ClassWeaver(List.of(ClassWeaverTest.probeOf(leaf, whenBelowBase)), List.of(whenBelowBase));
        again.keepIn(new WeaveCache(dir.toFile()));
        assertNull(again.weave(leaf, other, null, classFile), "not below Base: not woven, whatever the cache holds");
    }

    @Test
    void noAdviceIsKeptTooAndTheProbesUsedWithIt() {
        WeaveCache cache = new WeaveCache(dir.toFile());
        byte[] classFile = twoMethods(NAME, 7);
        cache.keep(NAME, classFile, List.of("regex"), new WeaveCache.Entry(null, List.of(), null));
        WeaveCache.Entry found = cache.find(NAME, classFile, List.of("regex"));
        assertNotNull(found);
        assertNull(found.woven);
        assertEquals(List.of(), found.used);
        assertNull(found.above);
    }

    @Test
    void aDamagedOrTruncatedEntryIsAMiss() throws IOException {
        WeaveCache cache = new WeaveCache(dir.toFile());
        byte[] classFile = twoMethods(NAME, 7);
        cache.keep(NAME, classFile, List.of("regex"), new WeaveCache.Entry(new byte[] {9}, List.of("regex"), null));
        File entry = files()[0];
        try (RandomAccessFile f = new RandomAccessFile(entry, "rw")) {
            f.seek(f.length() / 2);
            int b = f.read();
            f.seek(f.length() / 2);
            f.write(b ^ 0x40);
        }
        assertNull(cache.find(NAME, classFile, List.of("regex")));
        try (RandomAccessFile f = new RandomAccessFile(entry, "rw")) {
            f.setLength(3);
        }
        assertNull(cache.find(NAME, classFile, List.of("regex")));
        Files.write(entry.toPath(), new byte[0]);
        assertNull(cache.find(NAME, classFile, List.of("regex")));
    }

    @Test
    void aFullDirectoryTakesNoMore() throws IOException {
        File full = dir.resolve("full").toFile();
        assertTrue(full.mkdir());
        for (int i = 0; i < WeaveCache.MAX_ENTRIES; i++) {
            assertTrue(new File(full, "x" + i).createNewFile());
        }
        WeaveCache cache = new WeaveCache(full);
        byte[] classFile = twoMethods(NAME, 7);
        cache.keep(NAME, classFile, List.of("regex"), new WeaveCache.Entry(new byte[] {1}, List.of(), null));
        assertNull(cache.find(NAME, classFile, List.of("regex")));
        assertEquals(WeaveCache.MAX_ENTRIES, full.list().length);
    }

    @Test
    void aDirectoryHoldingItsBytesTakesNoMore() throws IOException {
        File full = dir.resolve("bytes").toFile();
        assertTrue(full.mkdir());
        try (RandomAccessFile big = new RandomAccessFile(new File(full, "big"), "rw")) {
            big.setLength(WeaveCache.MAX_BYTES); // sparse: no disk used
        }
        WeaveCache cache = new WeaveCache(full);
        byte[] classFile = twoMethods(NAME, 7);
        cache.keep(NAME, classFile, List.of("regex"), new WeaveCache.Entry(new byte[] {1}, List.of(), null));
        assertNull(cache.find(NAME, classFile, List.of("regex")));
    }

    /** A method the advice cannot take is logged at each start that weaves it: such a class is not kept. */
    @Test
    void aClassWithARefusedMethodIsNotKept() {
        String name = "dev.soapscope.agent.probe.GeneratedCachedOverStack";
        byte[] classFile = ClassWeaverTest.overStackClass(name);
        assertNotNull(weaver(new Counting(), name).weave(name, getClass().getClassLoader(), null, classFile));
        assertEquals(0, files().length);
    }

    @Test
    void otherBuildsCachesUnwrittenForAWeekAreRemoved() throws IOException {
        File root = dir.toFile();
        File current = WeaveCache.directory(root, "build one");
        File old = WeaveCache.directory(root, "build two");
        File recent = WeaveCache.directory(root, "build three");
        assertFalse(current.equals(old));
        for (File d : new File[] {current, old, recent}) {
            assertTrue(d.mkdir());
            assertTrue(new File(d, "entry.woven").createNewFile());
        }
        long weekAgo = System.currentTimeMillis() - WeaveCache.STALE_MILLIS - 60_000;
        assertTrue(old.setLastModified(weekAgo));
        assertTrue(current.setLastModified(weekAgo));
        WeaveCache.removeStale(root, current);
        assertFalse(old.exists());
        assertTrue(current.exists(), "this build's stays, however old");
        assertTrue(recent.exists());
    }

    /** A JVM stopped between writing an entry and renaming it leaves a temporary file, which counts against the bounds. */
    @Test
    void temporaryFilesLeftByAStoppedJvmAreRemovedAndThoseBeingWrittenStay() throws IOException {
        File current = WeaveCache.directory(dir.toFile(), "build one");
        assertTrue(current.mkdir());
        File left = new File(current, "entry-123.tmp");
        File writing = new File(current, "entry-456.tmp");
        File entry = new File(current, "a.woven");
        for (File f : new File[] {left, writing, entry}) {
            assertTrue(f.createNewFile());
        }
        long longAgo = System.currentTimeMillis() - WeaveCache.LEFT_TMP_MILLIS - 60_000;
        assertTrue(left.setLastModified(longAgo));
        assertTrue(entry.setLastModified(longAgo));
        WeaveCache.removeStale(dir.toFile(), current);
        assertFalse(left.exists());
        assertTrue(writing.exists(), "a temporary file written a moment ago may be about to be renamed");
        assertTrue(entry.exists(), "entries stay, however old");
        WeaveCache.removeStale(dir.toFile(), null); // the cache off: nothing to sweep, no failure
    }

    private File[] files() {
        File[] files = dir.toFile().listFiles((d, n) -> n.endsWith(".woven"));
        return files == null ? new File[0] : files;
    }

    private ClassWeaver weaver(Counting weaving) {
        return weaver(weaving, NAME);
    }

    private ClassWeaver weaver(Counting weaving, String name) {
        ClassWeaver weaver = new ClassWeaver(List.of(ClassWeaverTest.probeOf(name, weaving)), List.of(weaving));
        weaver.keepIn(new WeaveCache(dir.toFile()));
        return weaver;
    }

    /** {@link AdviceInlinerTest.LoopFirst}'s exit advice on every method, counting what it is asked and told. */
    private static final class Counting implements Weaving {
        final AtomicInteger asked = new AtomicInteger();
        final AtomicInteger woven = new AtomicInteger();
        private final AdviceInliner.AdviceCode advice = AdviceInlinerTest.advice(AdviceInlinerTest.LoopFirst.class);

        @Override
        public void adviceFor(TypeDescription type, MethodDescription method, List<AdviceInliner.AdviceCode> into) {
            asked.incrementAndGet();
            into.add(advice);
        }

        @Override
        public void woven(TypeDescription type, ClassLoader loader, ProtectionDomain domain) {
            woven.incrementAndGet();
        }
    }

    /** A class with {@code static int constant()} returning {@code k} and {@code static int small(int x)} returning x. */
    private static byte[] twoMethods(String name, int k) {
        ClassWriter w = new ClassWriter(ClassWriter.COMPUTE_MAXS);
        w.visit(Opcodes.V1_8, Opcodes.ACC_PUBLIC, name.replace('.', '/'), null, "java/lang/Object", null);
        MethodVisitor constant = w.visitMethod(Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC, "constant", "()I", null, null);
        constant.visitCode();
        constant.visitIntInsn(Opcodes.BIPUSH, k);
        constant.visitInsn(Opcodes.IRETURN);
        constant.visitMaxs(0, 0);
        constant.visitEnd();
        ClassWeaverTest.writeSmall(w);
        return w.toByteArray();
    }
}
