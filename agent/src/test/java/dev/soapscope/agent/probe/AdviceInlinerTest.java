package dev.soapscope.agent.probe;

import dev.soapscope.agent.probe.AdviceInliner.AdviceCode;
import dev.soapscope.agent.probe.AdviceInliner.Plan;
import net.bytebuddy.asm.Advice;
import net.bytebuddy.jar.asm.ClassWriter;
import net.bytebuddy.jar.asm.Label;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;
import net.bytebuddy.jar.asm.Type;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class AdviceInlinerTest {

    // ---- the recorder the test advice calls (public: woven classes live in another class loader) ----

    public static final class Rec {
        public static final List<String> LOG = Collections.synchronizedList(new ArrayList<>());

        public static void log(Object... parts) {
            LOG.add(Arrays.stream(parts).map(String::valueOf).collect(Collectors.joining(" ")));
        }

        public static boolean always() {
            return true;
        }

        public static String upper(Object s) {
            return String.valueOf(s).toUpperCase();
        }
    }

    @Retention(RetentionPolicy.RUNTIME)
    @interface Num {
    }

    @Retention(RetentionPolicy.RUNTIME)
    @interface Text {
    }

    // ---- test advice (no string concatenation or lambdas: javac 17 makes them invokedynamic) ----

    /** Exit advice with no parameters whose first instruction is a loop's head: a frame of its own at its start. */
    public static class LoopFirst {
        public static int turns;

        @Advice.OnMethodExit(suppress = Throwable.class)
        static void exit() {
            do {
                turns++;
            } while (turns % 3 != 0);
        }
    }

    /** Bindings narrower than the method's types: the cast fails for some arguments, inside the suppressed range. */
    public static class Narrow {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static void enter(@Advice.Argument(value = 0, readOnly = false) String s) {
            Rec.log("enter", s);
            s = Rec.upper(s);
        }

        @Advice.OnMethodExit(suppress = Throwable.class)
        static void exit(@Advice.Argument(0) String s, @Advice.Return Object r) {
            Rec.log("exit", s, r);
        }
    }

    public static class Basic {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static int enter(@Advice.Argument(0) int a, @Advice.Origin("#t.#m") String origin) {
            Rec.log("enter", origin, a);
            return a * 10;
        }

        @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
        static void exit(@Advice.Enter int entered, @Advice.Return int ret, @Advice.Thrown Throwable thrown,
                         @Advice.Argument(0) int a) {
            Rec.log("exit", entered, ret, thrown, a);
        }
    }

    public static class Throwing {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static boolean enter() {
            Rec.log("enter");
            if (Rec.always()) {
                throw new IllegalStateException("enter boom");
            }
            return true;
        }

        @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
        static void exit(@Advice.Enter boolean entered, @Advice.Return int ret) {
            Rec.log("exit", entered, ret);
            throw new IllegalStateException("exit boom");
        }
    }

    public static class Rewrite {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static void enter(@Advice.Argument(value = 0, readOnly = false) Object s,
                          @Advice.Argument(value = 1, readOnly = false) long n) {
            s = Rec.upper(s);
            n = n + 1;
        }
    }

    /** Byte Buddy writes back only with the argument's own type (or typing = DYNAMIC). */
    public static class RewriteExact {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static void enter(@Advice.Argument(value = 0, readOnly = false) String s,
                          @Advice.Argument(value = 1, readOnly = false) long n) {
            s = Rec.upper(s);
            n = n + 1;
        }
    }

    public static class AllArgs {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static void enter(@Advice.AllArguments Object[] args) {
            Rec.log("all", Arrays.toString(args));
        }

        @Advice.OnMethodExit(suppress = Throwable.class)
        static void exit(@Advice.Return Object ret, @Advice.AllArguments Object[] args, @Advice.Argument(1) long l,
                         @Advice.Argument(3) double d, @Advice.Origin("#t") String type) {
            Rec.log("ret", ret, args.length, l, d, type);
        }
    }

    /** Exit without onThrowable: not run when the method throws. */
    public static class ExitOnly {
        @Advice.OnMethodExit(suppress = Throwable.class)
        static void exit(@Advice.Return Object ret, @Advice.This Object self) {
            Rec.log("exit", ret, self != null);
        }
    }

    /** Byte Buddy refuses this too. */
    public static class ThrownWithoutOnThrowable {
        @Advice.OnMethodExit(suppress = Throwable.class)
        static void exit(@Advice.Thrown Throwable thrown) {
        }
    }

    public static class FieldAdvice {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static void enter(@Advice.FieldValue("count") int count, @Advice.FieldValue("label") Object label,
                          @Advice.FieldValue("created") long created) {
            Rec.log("fields", count, label, created);
        }
    }

    public static class MissingField {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static void enter(@Advice.FieldValue("nope") Object nope) {
            Rec.log("never");
        }
    }

    public static class Constants {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static void enter(@Num int n, @Text String s, @Num Object boxed) {
            Rec.log("constants", n, s, boxed);
        }
    }

    public static class Construction {
        @Advice.OnMethodExit(suppress = Throwable.class)
        static void exit(@Advice.This Object self, @Advice.FieldValue("v") String v, @Advice.AllArguments Object[] args) {
            Rec.log("built", self.getClass().getName(), v, args.length);
        }
    }

    public static class Outer {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static int enter() {
            Rec.log("outer enter");
            return 1;
        }

        @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
        static void exit(@Advice.Enter int e, @Advice.Thrown Throwable t) {
            Rec.log("outer exit", e, t == null ? null : t.getClass().getSimpleName());
        }
    }

    public static class Inner {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static String enter(@Advice.Argument(0) Object a) {
            Rec.log("inner enter", a);
            return "two";
        }

        @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
        static void exit(@Advice.Enter String e, @Advice.Return Object r, @Advice.Thrown Throwable t) {
            Rec.log("inner exit", e, r, t == null ? null : t.getClass().getSimpleName());
        }
    }

    /** Long enter value, branches with values on the stack, in exit advice. */
    public static class Around {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static long enter(@Advice.Origin("#m") String method) {
            Rec.log("enter", method);
            return 5L;
        }

        @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
        static void exit(@Advice.Enter long e, @Advice.Return Object r, @Advice.Thrown Throwable t) {
            Rec.log("exit", e, r, t == null ? null : t.getClass().getSimpleName());
        }
    }

    /** Its own loop, try/catch (which must win over the suppression handler) and switch. */
    public static class Busy {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static int enter(@Advice.Argument(0) int n) {
            int total = 0;
            for (int i = 0; i < 3; i++) {
                try {
                    if (i == n) {
                        throw new IllegalArgumentException();
                    }
                    total += i;
                } catch (IllegalArgumentException e) {
                    total += 100;
                }
            }
            switch (n) {
                case 0:
                    total += 1000;
                    break;
                case 1:
                    total += 2000;
                    break;
                default:
            }
            return total;
        }

        @Advice.OnMethodExit(suppress = Throwable.class)
        static void exit(@Advice.Enter int total) {
            Rec.log("busy", total);
        }
    }

    public static class Unsupported {
        @Advice.OnMethodEnter
        static void enter(@Advice.Local("x") Object x) {
        }
    }

    public static class Concat {
        @Advice.OnMethodEnter
        static void enter(@Advice.Argument(0) Object a) {
            Rec.log("a" + a);
        }
    }

    // ---- targets ----

    public static class Calc {
        public int twice(int a) {
            if (a < 0) {
                throw new IllegalStateException("neg");
            }
            return a * 2;
        }

        public int sum(int n) {
            int s = 0;
            while (n > 0) {
                s += n;
                n--;
            }
            return s;
        }

        public String show(String s, long n) {
            return s + n;
        }

        public static String mix(int i, long l, String s, double d, boolean b) {
            long x = l * 2;
            double y = d + i;
            return s + x + y + b;
        }

        public static double ratio(long a, double b, int c) {
            double r = a / b;
            long q = a * c;
            return r + q;
        }

        public String echo(Object o) {
            if (o == null) {
                throw new IllegalArgumentException("null");
            }
            return o.toString();
        }

        public void nothing() {
        }
    }

    public static class Fields {
        private int count = 7;
        String label = "lbl";
        static long created = 99;

        public int count() {
            return count;
        }

        public static int noThis() {
            return 1;
        }
    }

    public static class Built {
        public final String v;

        public Built(String v) {
            if (v == null) {
                this.v = "none";
                return;
            }
            this.v = v.trim();
        }

        public Built() {
            this(" x ");
        }
    }

    public static class Complex {
        public long mixed(int n, long seed, double f) {
            long acc = seed;
            double d = f;
            for (int i = 0; i < n && i < 50; i++) {
                try {
                    switch (i % 4) {
                        case 0:
                            acc += i;
                            break;
                        case 1:
                            acc *= 3;
                            d += 0.5;
                            break;
                        case 2:
                            if (acc > 100000) {
                                return acc;
                            }
                            break;
                        default:
                            if (i == 7) {
                                throw new IllegalStateException("seven");
                            }
                    }
                } catch (IllegalStateException e) {
                    acc -= 1;
                } finally {
                    d *= 1.01;
                }
                synchronized (this) {
                    acc++;
                }
            }
            String s;
            switch (n) {
                case 1:
                    s = "one";
                    break;
                case 1000:
                    s = "thousand";
                    break;
                case -5:
                    return -5;
                default:
                    s = "many";
            }
            if (n == 13) {
                throw new UnsupportedOperationException("thirteen");
            }
            return acc + (long) d + s.length();
        }
    }

    public static class Streamish {
        public int read(byte[] b, int off, int len) {
            if (b == null) {
                throw new NullPointerException("b");
            }
            int n = Math.min(len, b.length - off);
            return n == 0 ? -1 : n;
        }
    }

    public static class Form {
        int currentForm = 2;

        public void setCurrentForm(Object message, int form) {
            currentForm = form;
        }
    }

    public static class Config {
        @SuppressWarnings("rawtypes")
        public static Map init(Map config) {
            return config;
        }
    }

    // ---- helpers ----

    @BeforeEach
    void clear() {
        Rec.LOG.clear();
    }

    static byte[] bytes(String className) {
        try (InputStream in = AdviceInlinerTest.class.getClassLoader()
                .getResourceAsStream(className.replace('.', '/') + ".class")) {
            assertNotNull(in, className);
            return in.readAllBytes();
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    static AdviceCode advice(Class<?> type) {
        return AdviceCode.read(bytes(type.getName()), Map.of());
    }

    static AdviceCode advice(String name, Map<String, Object> constants) {
        return AdviceCode.read(bytes(name), constants);
    }

    static Plan on(String method, AdviceCode... advice) {
        return (access, name, desc) -> name.equals(method) ? List.of(advice) : List.of();
    }

    /** Defines one class from the given bytes in a fresh loader and initialises it (so it is verified). */
    static Class<?> define(String name, byte[] bytes) {
        ClassLoader loader = new ClassLoader(AdviceInlinerTest.class.getClassLoader()) {
            @Override
            protected Class<?> loadClass(String n, boolean resolve) throws ClassNotFoundException {
                if (!n.equals(name)) {
                    return super.loadClass(n, resolve);
                }
                synchronized (getClassLoadingLock(n)) {
                    Class<?> c = findLoadedClass(n);
                    return c != null ? c : defineClass(n, bytes, 0, bytes.length);
                }
            }
        };
        try {
            return Class.forName(name, true, loader);
        } catch (ClassNotFoundException e) {
            throw new AssertionError(e);
        }
    }

    static Class<?> woven(Class<?> target, Plan plan) {
        byte[] woven = AdviceInliner.weave(bytes(target.getName()), plan);
        assertNotNull(woven, "nothing woven");
        Class<?> c = define(target.getName(), woven);
        for (Method m : c.getDeclaredMethods()) {
            // verification happens at linking (forName above); touching every method makes sure all were checked
            assertNotNull(m.getName());
        }
        return c;
    }

    static Object instance(Class<?> c) {
        try {
            return c.getConstructor().newInstance();
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }

    static Object call(Class<?> c, Object self, String method, Object... args) throws Throwable {
        for (Method m : c.getDeclaredMethods()) {
            if (m.getName().equals(method) && m.getParameterCount() == args.length) {
                try {
                    return m.invoke(self, args);
                } catch (InvocationTargetException e) {
                    throw e.getCause();
                }
            }
        }
        throw new AssertionError("no method " + method);
    }

    static List<String> log() {
        List<String> copy = new ArrayList<>(Rec.LOG);
        Rec.LOG.clear();
        return copy;
    }

    static final String CALC = Calc.class.getName();

    // ---- tests ----

    @Test
    void originPatternsAreCheckedWithoutARegex() {
        for (String good : new String[] {"#t", "#t.#m", "#m#d", "", "plain"}) {
            assertTrue(AdviceInliner.onlyTypeMethodOrDescriptor(good), good);
        }
        for (String bad : new String[] {"#", "#r", "#t.#", "x#s", "##"}) {
            assertFalse(AdviceInliner.onlyTypeMethodOrDescriptor(bad), bad);
        }
    }

    @Test
    void enterAndExitSeeArgumentsEnterValueReturnAndThrown() throws Throwable {
        Class<?> c = woven(Calc.class, on("twice", advice(Basic.class)));
        Object calc = instance(c);
        assertEquals(6, call(c, calc, "twice", 3));
        assertEquals(List.of("enter " + CALC + ".twice 3", "exit 30 6 null 3"), log());

        IllegalStateException thrown = assertThrows(IllegalStateException.class, () -> call(c, calc, "twice", -1));
        assertEquals("neg", thrown.getMessage());
        assertEquals(List.of("enter " + CALC + ".twice -1", "exit -10 0 java.lang.IllegalStateException: neg -1"), log());
    }

    /** Two frames at one offset would be a ClassFormatError when the class is defined. */
    @Test
    void anExitAdviceWithoutParametersThatStartsWithALoop() throws Throwable {
        Class<?> c = woven(Calc.class, on("twice", advice(LoopFirst.class)));
        LoopFirst.turns = 0;
        assertEquals(6, call(c, instance(c), "twice", 3));
        assertEquals(3, LoopFirst.turns);
    }

    /** A binding that cannot be cast is the advice's failure: suppressed, the arguments left as they were. */
    @Test
    void aBindingThatCannotBeCastIsSuppressed() throws Throwable {
        Class<?> c = woven(Calc.class, on("echo", advice(Narrow.class)));
        Object calc = instance(c);
        assertEquals("ABC", call(c, calc, "echo", "abc"));
        assertEquals(List.of("enter abc", "exit ABC ABC"), log()); // the exit sees the argument as the enter left it
        assertEquals("42", call(c, calc, "echo", 42)); // an Integer where the advice wants a String
        assertEquals(List.of(), log());
    }

    @Test
    void exceptionIsRethrownUnchanged() throws Throwable {
        Class<?> c = woven(Calc.class, on("echo", advice(Outer.class)));
        Object calc = instance(c);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> call(c, calc, "echo", (Object) null));
        assertEquals("null", e.getMessage());
        // the stack trace still starts in the target: it is the original throwable, not a copy
        assertEquals("echo", e.getStackTrace()[0].getMethodName());
        assertEquals(List.of("outer enter", "outer exit 1 IllegalArgumentException"), log());
    }

    @Test
    void exitAdviceSeesArgumentsAsTheyWereOnEntry() throws Throwable {
        Class<?> c = woven(Calc.class, on("sum", advice(Basic.class)));
        assertEquals(10, call(c, instance(c), "sum", 4));
        assertEquals(List.of("enter " + CALC + ".sum 4", "exit 40 10 null 4"), log());
    }

    @Test
    void throwingAdviceIsSuppressed() throws Throwable {
        Class<?> c = woven(Calc.class, on("twice", advice(Throwing.class)));
        Object calc = instance(c);
        assertEquals(8, call(c, calc, "twice", 4));
        assertEquals(List.of("enter", "exit false 8"), log()); // enter threw: @Enter is the default
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> call(c, calc, "twice", -4));
        assertEquals("neg", e.getMessage()); // not the exit advice's "exit boom"
        assertEquals(List.of("enter", "exit false 0"), log());
    }

    @Test
    void writableArgumentsAreWrittenBack() throws Throwable {
        Class<?> c = woven(Calc.class, on("show", advice(Rewrite.class)));
        assertEquals("ABC42", call(c, instance(c), "show", "abc", 41L));
    }

    @Test
    void allArgumentsBoxesPrimitivesAndLongDoubleSlotsAddUp() throws Throwable {
        Class<?> c = woven(Calc.class, on("mix", advice(AllArgs.class)));
        assertEquals("s84.5true", call(c, null, "mix", 2, 4L, "s", 2.5, true));
        assertEquals(List.of("all [2, 4, s, 2.5, true]", "ret s84.5true 5 4 2.5 " + CALC), log());

        Class<?> r = woven(Calc.class, (access, name, desc) -> name.equals("ratio") ? List.of(advice(Around.class)) : List.of());
        assertEquals(2.0 + 12, (double) call(r, null, "ratio", 4L, 2.0, 3), 1e-9);
        assertEquals(List.of("enter ratio", "exit 5 14.0 null"), log()); // @Return Object boxes the double
    }

    @Test
    void exitWithoutOnThrowableIsSkippedWhenTheMethodThrows() throws Throwable {
        Class<?> c = woven(Calc.class, on("echo", advice(ExitOnly.class)));
        Object calc = instance(c);
        assertEquals("x", call(c, calc, "echo", "x"));
        assertEquals(List.of("exit x true"), log());
        assertThrows(IllegalArgumentException.class, () -> call(c, calc, "echo", (Object) null));
        assertEquals(List.of(), log());
        // as Byte Buddy (static typing): no @Return on a void method
        AdviceInliner.Refused e = assertThrows(AdviceInliner.Refused.class,
                () -> AdviceInliner.weave(bytes(CALC), on("nothing", advice(ExitOnly.class))));
        assertEquals("nothing()V", e.method);
    }

    @Test
    void fieldValuesAreRead() throws Throwable {
        Class<?> c = woven(Fields.class, on("count", advice(FieldAdvice.class)));
        assertEquals(7, call(c, instance(c), "count"));
        assertEquals(List.of("fields 7 lbl 99"), log());
    }

    @Test
    void missingFieldOrNoThisRefusesTheMethod() {
        AdviceInliner.Refused refused = assertThrows(AdviceInliner.Refused.class,
                () -> AdviceInliner.weave(bytes(Fields.class.getName()), on("count", advice(MissingField.class))));
        assertEquals("count()I", refused.method);
        assertTrue(refused.getMessage().contains("nope"), refused.getMessage());
        refused = assertThrows(AdviceInliner.Refused.class,
                () -> AdviceInliner.weave(bytes(Fields.class.getName()), on("noThis", advice(FieldAdvice.class))));
        assertEquals("noThis()I", refused.method);
    }

    @Test
    void customConstants() throws Throwable {
        AdviceCode code = advice(Constants.class.getName(),
                Map.of(Type.getDescriptor(Num.class), 300, Type.getDescriptor(Text.class), "hello"));
        Class<?> c = woven(Calc.class, on("twice", code));
        assertEquals(2, call(c, instance(c), "twice", 1));
        assertEquals(List.of("constants 300 hello 300"), log());
    }

    @Test
    void constructorsTakeExitAdvice() throws Throwable {
        Class<?> c = woven(Built.class, on("<init>", advice(Construction.class)));
        Object built = c.getConstructor(String.class).newInstance((Object) null);
        assertEquals("none", c.getField("v").get(built));
        String type = Built.class.getName();
        assertEquals(List.of("built " + type + " none 1"), log());
        c.getConstructor(String.class).newInstance(" y ");
        assertEquals(List.of("built " + type + " y 1"), log());
        c.getConstructor().newInstance(); // this(...) runs the advice once inside, once outside
        assertEquals(List.of("built " + type + " x 1", "built " + type + " x 0"), log());
    }

    @Test
    void constructorsRefuseEnterAdviceAndOnThrowable() {
        AdviceInliner.Refused e = assertThrows(AdviceInliner.Refused.class,
                () -> AdviceInliner.weave(bytes(Built.class.getName()), on("<init>", advice(Rewrite.class))));
        assertTrue(e.method.startsWith("<init>("), e.method);
        assertThrows(AdviceInliner.Refused.class,
                () -> AdviceInliner.weave(bytes(Built.class.getName()), on("<init>", advice(Outer.class))));
    }

    @Test
    void theFirstAdviceIsOutermost() throws Throwable {
        Class<?> c = woven(Calc.class, on("echo", advice(Outer.class), advice(Inner.class)));
        Object calc = instance(c);
        assertEquals("a", call(c, calc, "echo", "a"));
        assertEquals(List.of("outer enter", "inner enter a", "inner exit two a null", "outer exit 1 null"), log());
        assertThrows(IllegalArgumentException.class, () -> call(c, calc, "echo", (Object) null));
        assertEquals(List.of("outer enter", "inner enter null", "inner exit two null IllegalArgumentException",
                "outer exit 1 IllegalArgumentException"), log());
    }

    @Test
    void complexTargetKeepsItsBehaviourAndVerifies() throws Throwable {
        Class<?> c = woven(Complex.class, on("mixed", advice(Busy.class), advice(Around.class), advice(Inner.class)));
        Object woven = instance(c);
        Complex original = new Complex();
        for (int n : new int[] {0, 1, 2, 3, 5, 8, 13, 30, 1000, -5}) {
            Object expected;
            try {
                expected = original.mixed(n, 7L, 1.5);
            } catch (RuntimeException e) {
                expected = e.getClass().getName() + ": " + e.getMessage();
            }
            Object actual;
            try {
                actual = call(c, woven, "mixed", n, 7L, 1.5);
            } catch (RuntimeException e) {
                actual = e.getClass().getName() + ": " + e.getMessage();
            }
            assertEquals(expected, actual, "n = " + n);
            List<String> log = log();
            // Busy's exit has no onThrowable: it does not run when the method throws
            assertEquals(actual instanceof Long ? 5 : 4, log.size(), log.toString());
            int busy = 0;
            for (int i = 0; i < 3; i++) {
                busy += i == n ? 100 : i;
            }
            busy += n == 0 ? 1000 : n == 1 ? 2000 : 0;
            assertEquals("enter mixed", log.get(0));
            assertEquals("inner enter " + n, log.get(1));
            assertEquals("inner exit two " + (actual instanceof Long ? actual + " null" : "0 "
                    + ((String) actual).substring(((String) actual).lastIndexOf('.') + 1, ((String) actual).indexOf(':'))),
                    log.get(2));
            assertTrue(log.get(3).startsWith("exit 5 "), log.get(3));
            if (actual instanceof Long) {
                assertEquals("busy " + busy, log.get(4));
            }
        }
    }

    @Test
    void oldClassFilesGetNoFramesAndKeepJsr() throws Throwable {
        String name = "dev.soapscope.agent.probe.OldStyle";
        byte[] old = oldStyleClass(name.replace('.', '/'));
        assertEquals(8, call(define(name, old), null, "f", 3)); // sanity: the unwoven class
        byte[] woven = AdviceInliner.weave(old, on("f", advice(Basic.class), advice(Outer.class)));
        Class<?> c = define(name, woven);
        assertEquals(8, call(c, null, "f", 3));
        assertEquals(List.of("enter " + name + ".f 3", "outer enter", "outer exit 1 null", "exit 30 8 null 3"), log());
        assertThrows(IllegalStateException.class, () -> call(c, null, "f", -1));
        assertEquals(List.of("enter " + name + ".f -1", "outer enter", "outer exit 1 IllegalStateException",
                "exit -10 0 java.lang.IllegalStateException: neg -1"), log());
    }

    /** A Java 1.4 class: {@code static int f(int x)} doubling x + 1, the increment in a JSR subroutine. */
    static byte[] oldStyleClass(String internalName) {
        ClassWriter cw = new ClassWriter(0);
        cw.visit(Opcodes.V1_4, Opcodes.ACC_PUBLIC | Opcodes.ACC_SUPER, internalName, null, "java/lang/Object", null);
        MethodVisitor mv = cw.visitMethod(Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC, "f", "(I)I", null, null);
        mv.visitCode();
        Label positive = new Label();
        Label sub = new Label();
        mv.visitVarInsn(Opcodes.ILOAD, 0);
        mv.visitJumpInsn(Opcodes.IFGE, positive);
        mv.visitTypeInsn(Opcodes.NEW, "java/lang/IllegalStateException");
        mv.visitInsn(Opcodes.DUP);
        mv.visitLdcInsn("neg");
        mv.visitMethodInsn(Opcodes.INVOKESPECIAL, "java/lang/IllegalStateException", "<init>", "(Ljava/lang/String;)V", false);
        mv.visitInsn(Opcodes.ATHROW);
        mv.visitLabel(positive);
        mv.visitJumpInsn(Opcodes.JSR, sub);
        mv.visitVarInsn(Opcodes.ILOAD, 0);
        mv.visitInsn(Opcodes.ICONST_2);
        mv.visitInsn(Opcodes.IMUL);
        mv.visitInsn(Opcodes.IRETURN);
        mv.visitLabel(sub);
        mv.visitVarInsn(Opcodes.ASTORE, 1);
        mv.visitIincInsn(0, 1);
        mv.visitVarInsn(Opcodes.RET, 1);
        mv.visitMaxs(3, 2);
        mv.visitEnd();
        cw.visitEnd();
        return cw.toByteArray();
    }

    @Test
    void nothingPlannedGivesNull() {
        assertNull(AdviceInliner.weave(bytes(CALC), (access, name, desc) -> List.of()));
    }

    @Test
    void unsupportedAdviceIsRefusedOnReading() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> advice(Unsupported.class));
        assertTrue(e.getMessage().contains("Local"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> advice(Concat.class));
        assertTrue(e.getMessage().contains("invokedynamic"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> advice(ThrownWithoutOnThrowable.class));
        assertTrue(e.getMessage().contains("@Thrown without onThrowable"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> advice(Calc.class));
        assertTrue(e.getMessage().contains("no @OnMethodEnter"), e.getMessage());
    }

    // ---- the same scenarios woven by Byte Buddy's Advice: results and advice logs must match ----

    interface Script {
        void run(Class<?> c, List<String> trace) throws Throwable;
    }

    static void record(List<String> trace, Class<?> c, Object self, String method, Object... args) {
        try {
            trace.add("= " + call(c, self, method, args));
        } catch (Throwable e) {
            trace.add("! " + e);
        }
        trace.addAll(log());
    }

    static void sameAsByteBuddy(Class<?> target, String method, Script script, Class<?>... adviceClasses) throws Throwable {
        sameAsByteBuddy(target, method, Advice.withCustomMapping(), Map.of(), script, adviceClasses);
    }

    static void sameAsByteBuddy(Class<?> target, String method, Advice.WithCustomMapping mapping,
                                Map<String, Object> constants, Script script, Class<?>... adviceClasses) throws Throwable {
        net.bytebuddy.dynamic.DynamicType.Builder<?> builder = new net.bytebuddy.ByteBuddy().redefine(target);
        List<AdviceCode> codes = new ArrayList<>();
        for (Class<?> a : adviceClasses) {
            builder = builder.visit(mapping.to(a).on(net.bytebuddy.matcher.ElementMatchers.named(method)
                    .or(method.equals("<init>") ? net.bytebuddy.matcher.ElementMatchers.isConstructor()
                            : net.bytebuddy.matcher.ElementMatchers.none())));
            codes.add(AdviceCode.read(bytes(a.getName()), constants));
        }
        List<String> expected = new ArrayList<>();
        script.run(define(target.getName(), builder.make().getBytes()), expected);
        List<String> actual = new ArrayList<>();
        script.run(woven(target, on(method, codes.toArray(new AdviceCode[0]))), actual);
        assertEquals(expected, actual);
    }

    @Test
    void behavesLikeByteBuddy() throws Throwable {
        sameAsByteBuddy(Calc.class, "twice", (c, t) -> {
            Object calc = instance(c);
            record(t, c, calc, "twice", 3);
            record(t, c, calc, "twice", -3);
        }, Basic.class);
        sameAsByteBuddy(Calc.class, "sum", (c, t) -> record(t, c, instance(c), "sum", 5), Basic.class);
        sameAsByteBuddy(Calc.class, "twice", (c, t) -> {
            Object calc = instance(c);
            record(t, c, calc, "twice", 3);
            record(t, c, calc, "twice", -3);
        }, Throwing.class);
        sameAsByteBuddy(Calc.class, "echo", (c, t) -> {
            Object calc = instance(c);
            record(t, c, calc, "echo", "a");
            record(t, c, calc, "echo", (Object) null);
        }, Outer.class, Inner.class, ExitOnly.class);
        sameAsByteBuddy(Calc.class, "show", (c, t) -> record(t, c, instance(c), "show", "abc", 41L), RewriteExact.class);
        sameAsByteBuddy(Calc.class, "mix", (c, t) -> record(t, c, null, "mix", 2, 4L, "s", 2.5, true), AllArgs.class);
        sameAsByteBuddy(Calc.class, "ratio", (c, t) -> record(t, c, null, "ratio", 4L, 2.0, 3), Around.class);
        sameAsByteBuddy(Calc.class, "nothing", (c, t) -> record(t, c, instance(c), "nothing"), Outer.class, Outer.class);
        sameAsByteBuddy(Calc.class, "twice", Advice.withCustomMapping().bind(Num.class, 300).bind(Text.class, "hello"),
                Map.of(Type.getDescriptor(Num.class), 300, Type.getDescriptor(Text.class), "hello"),
                (c, t) -> record(t, c, instance(c), "twice", 1), Constants.class);
        sameAsByteBuddy(Fields.class, "count", (c, t) -> record(t, c, instance(c), "count"), FieldAdvice.class);
        sameAsByteBuddy(Built.class, "<init>", (c, t) -> {
            for (Object arg : new Object[] {null, " y "}) {
                c.getConstructor(String.class).newInstance(arg);
                t.addAll(log());
            }
            c.getConstructor().newInstance();
            t.addAll(log());
        }, Construction.class);
        sameAsByteBuddy(Complex.class, "mixed", (c, t) -> {
            Object complex = instance(c);
            for (int n : new int[] {0, 1, 2, 3, 5, 8, 13, 30, 1000, -5}) {
                record(t, c, complex, "mixed", n, 7L, 1.5);
            }
        }, Busy.class, Around.class, Inner.class);
    }

    // ---- the project's own advice ----

    static final Map<String, Object> RULE_CONSTANTS = Map.of(
            Type.getDescriptor(RuleAdvice.PhaseValue.class), 1,
            Type.getDescriptor(RuleAdvice.KindValue.class), 0,
            Type.getDescriptor(RuleAdvice.SiteValue.class), "site");

    /**
     * Runs {@code body} on a thread of its own: the project's advice records into the recorder, whose per-thread state
     * (an open call, a request) must not reach the other tests run on this thread.
     */
    static void onOwnThread(org.junit.jupiter.api.function.Executable body) throws Throwable {
        Throwable[] failed = new Throwable[1];
        Thread t = new Thread(() -> {
            try {
                body.execute();
            } catch (Throwable e) {
                failed[0] = e;
            }
        }, "advice-under-test");
        t.start();
        t.join();
        if (failed[0] != null) {
            throw failed[0];
        }
    }

    static AdviceCode real(Class<?> outer, String nested) {
        return advice(outer.getName() + "$" + nested, RULE_CONSTANTS);
    }

    @Test
    void realRuleAdvice() throws Throwable {
        onOwnThread(() -> {
            Class<?> c = woven(Calc.class, (access, name, desc) -> {
                switch (name) {
                    case "twice":
                        return List.of(real(RuleAdvice.class, "InPhase"), real(RuleAdvice.class, "CallAtMethod"));
                    case "echo":
                        return List.of(real(RuleAdvice.class, "ClientCall"), real(RuleAdvice.class, "NameFromReturn"));
                    case "show":
                        return List.of(real(RuleAdvice.class, "InPhaseInCall"), real(RuleAdvice.class, "ClientCallToAddress"));
                    default:
                        return List.of();
                }
            });
            Object calc = instance(c);
            assertEquals(10, call(c, calc, "twice", 5));
            assertThrows(IllegalStateException.class, () -> call(c, calc, "twice", -5));
            assertEquals("e", call(c, calc, "echo", "e"));
            assertThrows(IllegalArgumentException.class, () -> call(c, calc, "echo", (Object) null));
            assertEquals("a1", call(c, calc, "show", "a", 1L));

            Class<?> b = woven(Built.class, on("<init>", real(RuleAdvice.class, "CreatedOfType"), real(RuleAdvice.class, "CreatedAtSite")));
            assertEquals("x", b.getField("v").get(b.getConstructor().newInstance()));
        });
    }

    @Test
    void realStreamAndServerAdvice() throws Throwable {
        onOwnThread(() -> {
            Class<?> s = woven(Streamish.class, on("read", real(TransportStreams.class, "RangeRead"),
                    real(TransportStreams.class, "SingleByteWrite"), real(TransportStreams.class, "RangeWrite")));
            Object stream = instance(s);
            assertEquals(4, call(s, stream, "read", new byte[8], 4, 10));
            assertEquals(-1, call(s, stream, "read", new byte[8], 8, 10));
            assertThrows(NullPointerException.class, () -> call(s, stream, "read", null, 0, 1));

            Class<?> e = woven(Calc.class, on("echo", real(ServerEntryProbes.class, "Axis2RequestHead"),
                    real(ServletStreamProbe.class, "ReadLine")));
            assertEquals("head", call(e, instance(e), "echo", "head"));
        });
    }

    @Test
    void realFieldSwitchAndWritableAdvice() throws Throwable {
        onOwnThread(() -> {
            Class<?> f = woven(Form.class, on("setCurrentForm", real(Axis1Probes.class, "FormChange")));
            Object form = instance(f);
            call(f, form, "setCurrentForm", null, 3);
            call(f, form, "setCurrentForm", null, 4);
            java.lang.reflect.Field current = f.getDeclaredField("currentForm");
            current.setAccessible(true);
            assertEquals(4, current.getInt(form));

            Class<?> c = woven(Config.class, on("init", real(OsgiBootDelegationProbe.class, "AddBootDelegation")));
            Map<?, ?> config = (Map<?, ?>) call(c, null, "init", new HashMap<>(Map.of("a", "b")));
            assertEquals("b", config.get("a"));
            assertEquals(OsgiBootDelegationProbe.PACKAGES, config.get("org.osgi.framework.bootdelegation"));
        });
    }

    /** Every advice class of the probe package reads without refusal. */
    @Test
    void allProjectAdviceIsSupported() throws URISyntaxException {
        File dir = new File(RuleAdvice.class.getResource("RuleAdvice.class").toURI()).getParentFile();
        int read = 0;
        List<String> refused = new ArrayList<>();
        for (String file : dir.list()) {
            if (!file.endsWith(".class")) {
                continue;
            }
            String name = RuleAdvice.class.getPackageName() + "." + file.substring(0, file.length() - 6);
            try {
                AdviceCode.read(bytes(name), RULE_CONSTANTS);
                read++;
            } catch (IllegalArgumentException e) {
                if (!e.getMessage().contains("has no @OnMethodEnter")) {
                    refused.add(e.getMessage());
                }
            }
        }
        assertEquals(List.of(), refused);
        assertTrue(read > 60, "advice classes read: " + read);
    }

    @Test
    void constantsMustBeIntegerOrString() {
        assertThrows(IllegalArgumentException.class, () -> advice(Constants.class.getName(),
                Map.of(Type.getDescriptor(Num.class), 1L, Type.getDescriptor(Text.class), "x")));
    }

    @Test
    void unadvisedMethodsAreUntouched() throws Throwable {
        Class<?> c = woven(Calc.class, on("nothing", advice(Outer.class)));
        assertEquals(12, call(c, instance(c), "twice", 6));
        assertEquals(List.of(), log());
    }
}
