package dev.soapscope.agent.probe;

import net.bytebuddy.asm.Advice;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.jar.asm.AnnotationVisitor;
import net.bytebuddy.jar.asm.ClassReader;
import net.bytebuddy.jar.asm.ClassVisitor;
import net.bytebuddy.jar.asm.ClassWriter;
import net.bytebuddy.jar.asm.ConstantDynamic;
import net.bytebuddy.jar.asm.FieldVisitor;
import net.bytebuddy.jar.asm.Handle;
import net.bytebuddy.jar.asm.Label;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;
import net.bytebuddy.jar.asm.Type;
import net.bytebuddy.utility.visitor.StackAwareMethodVisitor;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Inlines Byte Buddy advice classes into target methods with the ASM Byte Buddy bundles, without Byte Buddy's
 * {@code Advice} machinery: the advice class is read as a class file (never loaded) and its enter and exit methods'
 * code is copied into the target, as Byte Buddy's inlined advice does. Frames are written, never computed (computing
 * them would load classes), so the target is read with expanded frames and every frame is rewritten.
 * <p>
 * Locals the weaving adds sit at and above the method's original max locals, per advice (the first in a plan's list
 * outermost): the enter advice's locals, the enter value, copies of the arguments the exit advice reads (Byte Buddy's
 * {@code backupArguments}: exit advice sees the arguments as they were after the enter advice), the return value,
 * the throwable, and the exit advice's locals.
 */
final class AdviceInliner {
    private static final int API = Opcodes.ASM9;
    private static final String ON_ENTER = Type.getDescriptor(Advice.OnMethodEnter.class);
    private static final String ON_EXIT = Type.getDescriptor(Advice.OnMethodExit.class);
    /** Prefix of every nested annotation of {@code Advice}, to refuse the ones not supported. */
    private static final String ADVICE_NESTED = Type.getInternalName(Advice.class) + "$";
    private static final Type OBJECT = Type.getType(Object.class);
    private static final Type STRING = Type.getType(String.class);
    private static final Type THROWABLE = Type.getType(Throwable.class);
    private static final Type OBJECT_ARRAY = Type.getType(Object[].class);
    /** Wrapper classes indexed by primitive Type sort (BOOLEAN = 1 .. DOUBLE = 8). */
    private static final String[] BOXES = {null, "java/lang/Boolean", "java/lang/Character", "java/lang/Byte",
            "java/lang/Short", "java/lang/Integer", "java/lang/Float", "java/lang/Long", "java/lang/Double"};

    /** By Type sort (VOID = 0 .. OBJECT = 10): the default value's instruction, and the frame type of primitives. */
    private static final int[] DEFAULTS = {Opcodes.NOP, Opcodes.ICONST_0, Opcodes.ICONST_0, Opcodes.ICONST_0,
            Opcodes.ICONST_0, Opcodes.ICONST_0, Opcodes.FCONST_0, Opcodes.LCONST_0, Opcodes.DCONST_0,
            Opcodes.ACONST_NULL, Opcodes.ACONST_NULL};
    private static final Object[] FRAME_TYPES = {null, Opcodes.INTEGER, Opcodes.INTEGER, Opcodes.INTEGER,
            Opcodes.INTEGER, Opcodes.INTEGER, Opcodes.FLOAT, Opcodes.LONG, Opcodes.DOUBLE};

    private enum Kind { ARGUMENT, THIS, ENTER, RETURN, THROWN, ORIGIN, FIELD, ALL_ARGUMENTS, CONSTANT }

    private static final Map<String, Kind> KINDS = new HashMap<String, Kind>();
    static {
        KINDS.put(Type.getDescriptor(Advice.Argument.class), Kind.ARGUMENT);
        KINDS.put(Type.getDescriptor(Advice.This.class), Kind.THIS);
        KINDS.put(Type.getDescriptor(Advice.Enter.class), Kind.ENTER);
        KINDS.put(Type.getDescriptor(Advice.Return.class), Kind.RETURN);
        KINDS.put(Type.getDescriptor(Advice.Thrown.class), Kind.THROWN);
        KINDS.put(Type.getDescriptor(Advice.Origin.class), Kind.ORIGIN);
        KINDS.put(Type.getDescriptor(Advice.FieldValue.class), Kind.FIELD);
        KINDS.put(Type.getDescriptor(Advice.AllArguments.class), Kind.ALL_ARGUMENTS);
    }

    private AdviceInliner() {
    }

    /** What to put on one target method. */
    interface Plan {
        /** The advice for the method, applied in list order, the first outermost; empty: leave it alone. */
        List<AdviceCode> adviceFor(int access, String name, String descriptor);

        /**
         * A field {@code field} that a superclass of the target declares, {@code superName} (an internal name) first,
         * for {@code @FieldValue}; null if none that the target may read.
         */
        default InheritedField inheritedField(String superName, String field) {
            return null;
        }
    }

    /** A field a superclass declares: its descriptor and access flags. */
    static final class InheritedField {
        final String descriptor;
        final int access;

        InheritedField(String descriptor, int access) {
            this.descriptor = descriptor;
            this.access = access;
        }
    }

    /** Thrown when a method cannot take its advice; {@link #method} (name + descriptor) says which. */
    static final class Refused extends IllegalArgumentException {
        final String method;

        Refused(String method, String message) {
            super(message);
            this.method = method;
        }
    }

    /** One parameter of an advice method and what it binds. */
    private static final class Binding {
        final Kind kind;
        final Type type;
        final int slot;
        int index;
        boolean writable;
        Object value; // Origin pattern, field name or constant

        Binding(Kind kind, Type type, int slot) {
            this.kind = kind;
            this.type = type;
            this.slot = slot;
        }
    }

    /** An enter or exit advice method. */
    private static final class Code {
        final String name;
        final String descriptor;
        final Type returnType;
        final List<Binding> bindings = new ArrayList<Binding>();
        int maxStack;
        int maxLocals;
        String suppress;    // internal name of the caught type, or null
        String onThrowable; // exit only

        Code(String name, String descriptor) {
            this.name = name;
            this.descriptor = descriptor;
            this.returnType = Type.getReturnType(descriptor);
        }
    }

    /** An advice class read from its class file: its enter and/or exit method and their parameter bindings. */
    static final class AdviceCode {
        final String name;
        final ClassReader reader;
        final Code enter;
        final Code exit;

        private AdviceCode(String name, ClassReader reader, Code enter, Code exit) {
            this.name = name;
            this.reader = reader;
            this.enter = enter;
            this.exit = exit;
        }

        /**
         * @param constants for custom parameter annotations: annotation descriptor to the Integer or String bound
         * @throws IllegalArgumentException for anything not supported
         */
        static AdviceCode read(byte[] adviceClassFile, Map<String, Object> constants) {
            ClassReader reader = new ClassReader(adviceClassFile);
            String name = reader.getClassName().replace('/', '.');
            if (reader.readUnsignedShort(6) < 50) { // major version: advice frames are copied into targets
                throw new IllegalArgumentException(name + ": advice class files before Java 6 have no frames");
            }
            final List<Scan> scans = new ArrayList<Scan>();
            reader.accept(new ClassVisitor(API) {
                @Override
                public MethodVisitor visitMethod(int access, String n, String d, String signature, String[] exceptions) {
                    Scan scan = new Scan(access, n, d);
                    scans.add(scan);
                    return scan;
                }
            }, ClassReader.SKIP_DEBUG | ClassReader.SKIP_FRAMES);
            Code enter = null;
            Code exit = null;
            for (Scan scan : scans) {
                for (Map.Entry<String, Map<String, Object>> a : scan.annotations.entrySet()) {
                    boolean isEnter = a.getKey().equals(ON_ENTER);
                    if (!isEnter && !a.getKey().equals(ON_EXIT)) {
                        continue;
                    }
                    String where = name + "." + scan.name + scan.descriptor;
                    if (isEnter ? enter != null : exit != null) {
                        throw new IllegalArgumentException(where + ": a second " + (isEnter ? "enter" : "exit") + " advice");
                    }
                    Code code = scan.code(isEnter, a.getValue(), constants, where);
                    if (isEnter) {
                        enter = code;
                    } else {
                        exit = code;
                    }
                }
            }
            if (exit != null && exit.onThrowable == null) {
                for (Binding b : exit.bindings) {
                    if (b.kind == Kind.THROWN) { // as Byte Buddy: nothing could ever be bound
                        throw new IllegalArgumentException(name + ": @Thrown without onThrowable");
                    }
                }
            }
            if (enter == null && exit == null) {
                throw new IllegalArgumentException(name + " has no @OnMethodEnter or @OnMethodExit method");
            }
            if (exit != null && (enter == null || enter.returnType.getSort() == Type.VOID)) {
                for (Binding b : exit.bindings) {
                    if (b.kind == Kind.ENTER) {
                        throw new IllegalArgumentException(name + ": @Enter without an enter advice returning a value");
                    }
                }
            }
            return new AdviceCode(name, reader, enter, exit);
        }

        @Override
        public String toString() {
            return name;
        }
    }

    /** An advice class's method as seen at read time: annotations, limits and anything unsupported in its code. */
    private static final class Scan extends MethodVisitor {
        final int access;
        final String name;
        final String descriptor;
        final Map<String, Map<String, Object>> annotations = new LinkedHashMap<String, Map<String, Object>>();
        final List<Map<String, Map<String, Object>>> parameters = new ArrayList<Map<String, Map<String, Object>>>();
        int maxStack;
        int maxLocals;
        String unsupported;

        Scan(int access, String name, String descriptor) {
            super(API);
            this.access = access;
            this.name = name;
            this.descriptor = descriptor;
            for (int i = Type.getArgumentTypes(descriptor).length; i > 0; i--) {
                parameters.add(new LinkedHashMap<String, Map<String, Object>>());
            }
        }

        @Override
        public AnnotationVisitor visitAnnotation(String desc, boolean visible) {
            return values(annotations, desc);
        }

        @Override
        public AnnotationVisitor visitParameterAnnotation(int parameter, String desc, boolean visible) {
            return parameter < parameters.size() ? values(parameters.get(parameter), desc) : null;
        }

        @Override
        public void visitInvokeDynamicInsn(String n, String d, Handle bsm, Object... args) {
            unsupported = "invokedynamic";
        }

        @Override
        public void visitJumpInsn(int opcode, Label label) {
            if (opcode == Opcodes.JSR) {
                unsupported = "JSR";
            }
        }

        @Override
        public void visitVarInsn(int opcode, int var) {
            if (opcode == Opcodes.RET) {
                unsupported = "RET";
            }
        }

        @Override
        public void visitLdcInsn(Object value) {
            if (value instanceof Handle || value instanceof ConstantDynamic
                    || value instanceof Type && ((Type) value).getSort() == Type.METHOD) {
                unsupported = "a method handle, method type or dynamic constant";
            }
        }

        @Override
        public void visitMaxs(int stack, int locals) {
            maxStack = stack;
            maxLocals = locals;
        }

        Code code(boolean enter, Map<String, Object> attributes, Map<String, Object> constants, String where) {
            if ((access & Opcodes.ACC_STATIC) == 0 || (access & Opcodes.ACC_ABSTRACT) != 0) {
                throw new IllegalArgumentException(where + ": advice must be a static method with code");
            }
            if (unsupported != null) {
                throw new IllegalArgumentException(where + ": " + unsupported + " is not supported in advice");
            }
            if (enter) {
                check(attributes, where, "suppress", "prependLineNumber", "inline=true");
            } else {
                check(attributes, where, "suppress", "onThrowable", "prependLineNumber", "inline=true",
                        "backupArguments=true");
            }
            Code code = new Code(name, descriptor);
            code.maxStack = maxStack;
            code.maxLocals = maxLocals;
            code.suppress = handlerType(attributes.get("suppress"));
            code.onThrowable = handlerType(attributes.get("onThrowable"));
            Type[] types = Type.getArgumentTypes(descriptor);
            int slot = 0;
            for (int i = 0; i < types.length; i++) {
                code.bindings.add(binding(parameters.get(i), types[i], slot, enter, constants, where + " parameter " + i));
                slot += types[i].getSize();
            }
            return code;
        }
    }

    private static Binding binding(Map<String, Map<String, Object>> annotations, Type type, int slot, boolean enter,
                                   Map<String, Object> constants, String where) {
        Binding binding = null;
        for (Map.Entry<String, Map<String, Object>> a : annotations.entrySet()) {
            Kind kind = KINDS.get(a.getKey());
            Object constant = constants == null ? null : constants.get(a.getKey());
            if (kind == null && constant == null) {
                if (a.getKey().startsWith("L" + ADVICE_NESTED)) {
                    throw new IllegalArgumentException(where + ": " + a.getKey() + " is not supported");
                }
                continue; // some other annotation
            }
            if (binding != null) {
                throw new IllegalArgumentException(where + ": bound twice");
            }
            binding = new Binding(kind == null ? Kind.CONSTANT : kind, type, slot);
            Map<String, Object> values = a.getValue();
            switch (binding.kind) {
                case ARGUMENT:
                    check(values, where, "value", "readOnly", "typing", "optional=false");
                    binding.index = (Integer) values.get("value");
                    binding.writable = Boolean.FALSE.equals(values.get("readOnly"));
                    if (binding.writable && !enter) {
                        throw new IllegalArgumentException(where + ": writable arguments only in enter advice");
                    }
                    break;
                case THIS:
                    check(values, where, "readOnly=true", "typing", "optional=false");
                    break;
                case ENTER:
                case RETURN:
                case THROWN:
                    check(values, where, "readOnly=true", "typing");
                    if (enter) {
                        throw new IllegalArgumentException(where + ": @" + binding.kind + " only in exit advice");
                    }
                    break;
                case ORIGIN:
                    check(values, where, "value");
                    String pattern = (String) values.get("value");
                    if (pattern == null || !type.equals(STRING) || !onlyTypeMethodOrDescriptor(pattern)) {
                        throw new IllegalArgumentException(where + ": only String @Origin with #t, #m and #d");
                    }
                    binding.value = pattern;
                    break;
                case FIELD:
                    check(values, where, "value", "readOnly=true", "typing");
                    binding.value = values.get("value");
                    break;
                case ALL_ARGUMENTS:
                    check(values, where, "readOnly=true", "typing", "includeSelf=false", "nullIfEmpty=false");
                    if (!type.equals(OBJECT_ARRAY)) {
                        throw new IllegalArgumentException(where + ": @AllArguments must be an Object[]");
                    }
                    break;
                default: // CONSTANT
                    if (!(constant instanceof Integer) && !(constant instanceof String)) {
                        throw new IllegalArgumentException(where + ": constants are Integer or String");
                    }
                    binding.value = constant;
            }
        }
        if (binding == null) {
            throw new IllegalArgumentException(where + " is not bound");
        }
        return binding;
    }

    /** Refuses attributes other than the allowed ones ("name", or "name=value" for a required value). */
    private static void check(Map<String, Object> values, String where, String... allowed) {
        outer:
        for (Map.Entry<String, Object> v : values.entrySet()) {
            for (String a : allowed) {
                if (a.equals(v.getKey()) || a.equals(v.getKey() + "=" + v.getValue())) {
                    continue outer;
                }
            }
            throw new IllegalArgumentException(where + ": " + v.getKey() + " = " + v.getValue() + " is not supported");
        }
    }

    private static String handlerType(Object type) {
        // absent: the default, Advice's private NoExceptionHandler, which no advice class can name
        return type == null ? null : ((Type) type).getInternalName();
    }

    /** Collects an annotation's values into {@code into} under its descriptor (enums as constant names). */
    private static AnnotationVisitor values(Map<String, Map<String, Object>> into, String desc) {
        final Map<String, Object> values = new LinkedHashMap<String, Object>();
        into.put(desc, values);
        return new AnnotationVisitor(API) {
            @Override
            public void visit(String name, Object value) {
                values.put(name, value);
            }

            @Override
            public void visitEnum(String name, String descriptor, String value) {
                values.put(name, value);
            }

            @Override
            public AnnotationVisitor visitArray(String name) {
                values.put(name, "[array]");
                return null;
            }

            @Override
            public AnnotationVisitor visitAnnotation(String name, String descriptor) {
                values.put(name, "[annotation]");
                return null;
            }
        };
    }

    /** The target class as the first pass sees it. */
    private static final class Target {
        String name;
        String superName;
        int version;
        Plan plan;
        final Map<String, String> fields = new HashMap<String, String>();       // name -> descriptor
        final Map<String, Integer> fieldAccess = new HashMap<String, Integer>();
        final Map<String, List<AdviceCode>> advice = new HashMap<String, List<AdviceCode>>(); // name + descriptor
        final Map<String, Integer> maxLocals = new HashMap<String, Integer>();
    }

    /**
     * The class file with the planned advice woven in, or null if no method got any.
     *
     * @throws Refused if a method cannot take its advice (nothing is woven then)
     */
    static byte[] weave(byte[] classFile, final Plan plan) {
        ClassReader reader = new ClassReader(classFile);
        final Target target = new Target();
        target.plan = plan;
        // First pass: fields, the plan, and the original max locals of the advised methods only (others' code is skipped).
        reader.accept(new ClassVisitor(API) {
            @Override
            public void visit(int version, int access, String name, String signature, String superName, String[] interfaces) {
                target.name = name;
                target.superName = superName;
                target.version = version & 0xFFFF;
            }

            @Override
            public FieldVisitor visitField(int access, String name, String desc, String signature, Object value) {
                target.fields.put(name, desc);
                target.fieldAccess.put(name, access);
                return null;
            }

            @Override
            public MethodVisitor visitMethod(int access, String name, String desc, String signature, String[] exceptions) {
                List<AdviceCode> advice = (access & (Opcodes.ACC_ABSTRACT | Opcodes.ACC_NATIVE)) != 0 ? null
                        : plan.adviceFor(access, name, desc);
                if (advice == null || advice.isEmpty()) {
                    return null;
                }
                final String key = name + desc;
                target.advice.put(key, advice);
                boolean exits = false;
                for (AdviceCode a : advice) {
                    exits |= a.exit != null;
                }
                return new ReturnsCheck(access, name, desc, exits) {
                    @Override
                    public void visitMaxs(int maxStack, int maxLocals) {
                        target.maxLocals.put(key, maxLocals);
                        if (overStack) {
                            throw new Refused(key, "Cannot weave " + target.name.replace('/', '.') + "." + key
                                    + ": a return leaves other values on the operand stack (legal, but not what javac"
                                    + " writes), and the exit advice's jump cannot carry them");
                        }
                    }
                };
            }
        }, ClassReader.SKIP_DEBUG | ClassReader.EXPAND_FRAMES);
        if (target.advice.isEmpty()) {
            return null;
        }
        ClassWriter writer = new ClassWriter(reader, 0); // unadvised methods are copied as they are
        reader.accept(new ClassVisitor(API, writer) {
            @Override
            public MethodVisitor visitMethod(int access, String name, String desc, String signature, String[] exceptions) {
                MethodVisitor mv = super.visitMethod(access, name, desc, signature, exceptions);
                List<AdviceCode> advice = target.advice.get(name + desc);
                if (advice == null) {
                    return mv;
                }
                // The last advice is innermost: it sees the original code, the first sees what the others made of it.
                Layer[] layers = new Layer[advice.size()];
                int base = target.maxLocals.get(name + desc);
                for (int i = layers.length - 1; i >= 0; i--) {
                    layers[i] = new Layer(target, access, name, desc, advice.get(i), base);
                    base += layers[i].need;
                }
                for (Layer layer : layers) {
                    layer.next(mv);
                    mv = layer;
                }
                return mv;
            }
        }, ClassReader.EXPAND_FRAMES);
        return writer.toByteArray();
    }

    /**
     * Tells, while the first pass reads a method, whether a return leaves values under its own on the operand stack:
     * an exit advice turns each return into a jump to its block, where the stack must be empty. Byte Buddy's stack
     * tracking, asked at each return to drain the stack into a visitor that counts the pops.
     */
    private static class ReturnsCheck extends StackAwareMethodVisitor {
        private final boolean active;
        private final int[] pops;
        boolean overStack;

        ReturnsCheck(int access, String name, String desc, boolean active) {
            this(access, name, desc, active, new int[1]);
        }

        private ReturnsCheck(int access, String name, String desc, boolean active, final int[] pops) {
            super(new MethodVisitor(API) {
                @Override
                public void visitInsn(int opcode) {
                    if (opcode == Opcodes.POP || opcode == Opcodes.POP2) {
                        pops[0]++;
                    }
                }
            }, new DeclaredMethod(null, name, access, null, Collections.<TypeDescription.Generic>emptyList(), desc));
            this.active = active;
            this.pops = pops;
        }

        @Override
        public void visitInsn(int opcode) {
            if (!active || opcode < Opcodes.IRETURN || opcode > Opcodes.RETURN) {
                super.visitInsn(opcode);
                return;
            }
            // nothing follows a return but a label, whose frame (or jump) tells the stack again
            pops[0] = 0;
            drainStack();
            overStack |= pops[0] > (opcode == Opcodes.RETURN ? 0 : 1);
        }
    }

    /** One advice class woven into one method: reads the method's code (or an inner layer's) and writes it advised. */
    private static final class Layer extends MethodVisitor {
        private final Target target;
        private final String method;
        private final String descriptor;
        private final boolean isStatic;
        private final boolean frames;
        private final AdviceCode advice;
        private final Code enter;
        private final Code exit;
        private final Type[] args;
        private final int[] argSlots;
        private final int[] backups; // per argument, the slot of its copy for the exit advice, or -1
        private final Type enterType;
        private final Type returnType;
        private final int base;      // the enter advice's locals start here
        private final int tail;      // the enter value, then argument copies, the return value and the throwable
        private final int returnSlot;
        private final int thrownSlot;
        private final int exitBase;  // the exit advice's locals
        final int need;
        private final Object[] initial;    // frame locals at method start
        private final Object[] bodyTail;   // appended to the method's own frames
        private final Object[] exitLocals; // frame locals in the exit block
        private final Label bodyStart = new Label();
        private final Label exitBlock = new Label();

        Layer(Target target, int access, String name, String desc, AdviceCode advice, int base) {
            super(API);
            this.target = target;
            this.method = name;
            this.descriptor = desc;
            this.isStatic = (access & Opcodes.ACC_STATIC) != 0;
            this.frames = target.version >= Opcodes.V1_6;
            this.advice = advice;
            this.enter = advice.enter;
            this.exit = advice.exit;
            boolean constructor = name.equals("<init>");
            if (constructor && (enter != null || exit.onThrowable != null)) {
                throw refused("constructors take only exit advice without onThrowable");
            }
            args = Type.getArgumentTypes(desc);
            argSlots = new int[args.length];
            backups = new int[args.length];
            List<Object> start = new ArrayList<Object>();
            int slot = 0;
            if (!isStatic) {
                start.add(constructor ? Opcodes.UNINITIALIZED_THIS : target.name);
                slot++;
            }
            for (int i = 0; i < args.length; i++) {
                argSlots[i] = slot;
                slot += args[i].getSize();
                start.add(frameType(args[i]));
            }
            initial = start.toArray();
            returnType = Type.getReturnType(desc);
            enterType = enter == null ? Type.VOID_TYPE : enter.returnType;
            this.base = base;
            tail = base + (enter == null ? 0 : enter.maxLocals);
            List<Object> live = new ArrayList<Object>();
            slot = tail + enterType.getSize();
            if (enterType.getSort() != Type.VOID) {
                live.add(frameType(enterType));
            }
            Arrays.fill(backups, -1);
            for (Binding b : exit == null ? new ArrayList<Binding>() : exit.bindings) {
                for (int i = 0; i < args.length; i++) {
                    if (backups[i] < 0 && (b.kind == Kind.ALL_ARGUMENTS || b.kind == Kind.ARGUMENT && b.index == i)) {
                        backups[i] = slot;
                        slot += args[i].getSize();
                        live.add(frameType(args[i]));
                    }
                }
            }
            bodyTail = live.toArray();
            returnSlot = slot;
            if (exit != null && returnType.getSort() != Type.VOID) {
                slot += returnType.getSize();
                live.add(frameType(returnType));
            }
            thrownSlot = slot;
            if (exit != null && exit.onThrowable != null) {
                slot++;
                live.add(THROWABLE.getInternalName());
            }
            exitBase = slot;
            need = slot + (exit == null ? 0 : exit.maxLocals) - base;
            // In the exit block only this, the added locals and the copies are read: the arguments' slots may hold
            // anything by then, so they are TOP.
            Object[] head = isStatic ? new Object[0] : new Object[] {target.name};
            exitLocals = locals(head, head.length, tail, live.toArray(), live.size());
        }

        void next(MethodVisitor next) {
            this.mv = next;
        }

        private Refused refused(String why) {
            return new Refused(method + descriptor, "Cannot weave " + target.name.replace('/', '.') + "." + method
                    + descriptor + " with " + advice + ": " + why);
        }

        @Override
        public void visitCode() {
            mv.visitCode();
            boolean written = false; // an instruction after the enter advice's last frame
            if (enter != null) {
                if (enterType.getSort() != Type.VOID) {
                    pushDefault(enterType);
                    mv.visitVarInsn(enterType.getOpcode(Opcodes.ISTORE), tail);
                }
                Label start = new Label();
                Label end = new Label();
                mv.visitLabel(start);
                // the bindings inside the suppressed range, as Byte Buddy reads them: a cast that fails is the
                // advice's exception, never the application's
                bind(enter, base, true);
                replay(enter, base, initial, end);
                // after the advice: its writable parameters are still read (written back into the arguments)
                List<Object> kept = new ArrayList<Object>();
                boolean writable = false;
                for (Binding b : enter.bindings) {
                    kept.add(b.writable ? frameType(b.type) : Opcodes.TOP);
                    if (b.type.getSize() == 2 && !b.writable) {
                        kept.add(Opcodes.TOP);
                    }
                    writable |= b.writable;
                }
                Object[] after = locals(initial, initial.length, base, kept.toArray(), kept.size());
                Object[] withValue = enterType.getSort() == Type.VOID ? new Object[0] : new Object[] {frameType(enterType)};
                Label skip = new Label(); // past the write-back: a suppressed advice leaves the arguments as they were
                if (enter.suppress != null) {
                    // registered after the advice's own handlers, which keep priority
                    Label handler = new Label();
                    mv.visitLabel(handler);
                    mv.visitTryCatchBlock(start, handler, handler, enter.suppress);
                    frame(initial, enter.suppress); // the bindings may not all be stored yet
                    mv.visitInsn(Opcodes.POP);
                    if (enterType.getSort() != Type.VOID) { // the advice's frames do not keep the default
                        pushDefault(enterType);
                        mv.visitVarInsn(enterType.getOpcode(Opcodes.ISTORE), tail);
                    }
                    if (writable) {
                        mv.visitJumpInsn(Opcodes.GOTO, skip);
                    }
                }
                mv.visitLabel(end);
                frame(locals(after, after.length, tail, withValue, withValue.length));
                for (Binding b : enter.bindings) {
                    if (b.writable) {
                        writeBack(b);
                        written = true;
                    }
                }
                if (enter.suppress != null && writable) {
                    mv.visitLabel(skip);
                    frame(locals(initial, initial.length, tail, withValue, withValue.length));
                    written = false; // the frame just written may not share its offset with the body's first
                }
            }
            for (int i = 0; i < args.length; i++) {
                if (backups[i] >= 0) {
                    mv.visitVarInsn(args[i].getOpcode(Opcodes.ILOAD), argSlots[i]);
                    mv.visitVarInsn(args[i].getOpcode(Opcodes.ISTORE), backups[i]);
                    written = true;
                }
            }
            if (enter != null && !written) {
                mv.visitInsn(Opcodes.NOP); // the method's first instruction may carry a frame of its own
            }
            mv.visitLabel(bodyStart);
        }

        private void writeBack(Binding b) {
            Type arg = b.index < args.length ? args[b.index] : null;
            if (arg == null || arg.getSort() < Type.ARRAY != b.type.getSort() < Type.ARRAY
                    || arg.getSort() < Type.ARRAY && !arg.equals(b.type)) {
                throw refused("cannot write " + b.type + " back into argument " + b.index);
            }
            mv.visitVarInsn(b.type.getOpcode(Opcodes.ILOAD), base + b.slot);
            if (arg.getSort() >= Type.ARRAY && !arg.equals(b.type) && !arg.equals(OBJECT)) {
                mv.visitTypeInsn(Opcodes.CHECKCAST, arg.getInternalName());
            }
            mv.visitVarInsn(arg.getOpcode(Opcodes.ISTORE), argSlots[b.index]);
        }

        @Override
        public void visitFrame(int type, int numLocal, Object[] local, int numStack, Object[] stack) {
            if (!frames) {
                return; // before Java 6: the old verifier, no frames at all
            }
            if (type != Opcodes.F_NEW) {
                throw new IllegalStateException("expanded frames expected");
            }
            if (bodyTail.length == 0) {
                mv.visitFrame(type, numLocal, local, numStack, stack);
                return;
            }
            Object[] locals = locals(local, numLocal, tail, bodyTail, bodyTail.length);
            mv.visitFrame(Opcodes.F_NEW, locals.length, locals, numStack, stack);
        }

        @Override
        public void visitInsn(int opcode) {
            if (exit == null || opcode < Opcodes.IRETURN || opcode > Opcodes.RETURN) {
                mv.visitInsn(opcode);
                return;
            }
            if (returnType.getSort() != Type.VOID) {
                mv.visitVarInsn(returnType.getOpcode(Opcodes.ISTORE), returnSlot);
            }
            if (exit.onThrowable != null) {
                mv.visitInsn(Opcodes.ACONST_NULL);
                mv.visitVarInsn(Opcodes.ASTORE, thrownSlot);
            }
            mv.visitJumpInsn(Opcodes.GOTO, exitBlock);
        }

        @Override
        public void visitMaxs(int maxStack, int maxLocals) {
            if (exit != null) {
                if (exit.onThrowable != null) {
                    // after the method's own handlers (and inner advice's) in the exception table
                    Label handler = new Label();
                    mv.visitLabel(handler);
                    mv.visitTryCatchBlock(bodyStart, handler, handler, exit.onThrowable);
                    Object[] head = isStatic ? new Object[0] : new Object[] {target.name};
                    frame(locals(head, head.length, tail, bodyTail, bodyTail.length), exit.onThrowable);
                    mv.visitVarInsn(Opcodes.ASTORE, thrownSlot);
                    if (returnType.getSort() != Type.VOID) {
                        pushDefault(returnType);
                        mv.visitVarInsn(returnType.getOpcode(Opcodes.ISTORE), returnSlot);
                    }
                }
                mv.visitLabel(exitBlock);
                frame(exitLocals);
                mv.visitInsn(Opcodes.NOP); // with no bindings, the advice's first instruction may carry a frame of its own
                Label start = new Label();
                Label end = new Label();
                mv.visitLabel(start);
                bind(exit, exitBase, false); // inside the suppressed range, as for the enter advice
                replay(exit, exitBase, exitLocals, end);
                if (exit.suppress != null) {
                    Label handler = new Label();
                    mv.visitLabel(handler);
                    mv.visitTryCatchBlock(start, handler, handler, exit.suppress);
                    frame(exitLocals, exit.suppress);
                    mv.visitInsn(Opcodes.POP);
                }
                mv.visitLabel(end);
                frame(exitLocals);
                if (exit.onThrowable != null) {
                    Label normal = new Label();
                    mv.visitVarInsn(Opcodes.ALOAD, thrownSlot);
                    mv.visitJumpInsn(Opcodes.IFNULL, normal);
                    mv.visitVarInsn(Opcodes.ALOAD, thrownSlot);
                    mv.visitInsn(Opcodes.ATHROW);
                    mv.visitLabel(normal);
                    frame(exitLocals);
                }
                if (returnType.getSort() != Type.VOID) {
                    mv.visitVarInsn(returnType.getOpcode(Opcodes.ILOAD), returnSlot);
                }
                mv.visitInsn(returnType.getOpcode(Opcodes.IRETURN));
            }
            int adviceStack = Math.max(enter == null ? 0 : enter.maxStack, exit == null ? 0 : exit.maxStack);
            mv.visitMaxs(Math.max(maxStack, Math.max(adviceStack, 6)), Math.max(maxLocals, base + need));
        }

        private void frame(Object[] locals, Object... stack) {
            if (frames) {
                mv.visitFrame(Opcodes.F_NEW, locals.length, locals, stack.length, stack);
            }
        }

        /** Evaluates the advice's parameters into its locals at {@code region}. */
        private void bind(Code code, int region, boolean isEnter) {
            for (Binding b : code.bindings) {
                Type from;
                switch (b.kind) {
                    case ARGUMENT:
                        if (b.index >= args.length) {
                            throw refused("no argument " + b.index);
                        }
                        from = args[b.index];
                        mv.visitVarInsn(from.getOpcode(Opcodes.ILOAD), isEnter ? argSlots[b.index] : backups[b.index]);
                        break;
                    case THIS:
                        if (isStatic) {
                            throw refused("@This in a static method");
                        }
                        mv.visitVarInsn(Opcodes.ALOAD, 0);
                        from = Type.getObjectType(target.name);
                        break;
                    case ENTER:
                        from = enterType;
                        mv.visitVarInsn(from.getOpcode(Opcodes.ILOAD), tail);
                        break;
                    case RETURN:
                        if (returnType.getSort() == Type.VOID) { // as Byte Buddy with static typing
                            throw refused("@Return on a void method");
                        }
                        from = returnType;
                        mv.visitVarInsn(from.getOpcode(Opcodes.ILOAD), returnSlot);
                        break;
                    case THROWN:
                        from = THROWABLE;
                        mv.visitVarInsn(Opcodes.ALOAD, thrownSlot);
                        break;
                    case ORIGIN:
                        from = STRING;
                        mv.visitLdcInsn(((String) b.value).replace("#t", target.name.replace('/', '.'))
                                .replace("#m", method).replace("#d", descriptor));
                        break;
                    case FIELD:
                        String field = (String) b.value;
                        String fieldDesc = target.fields.get(field);
                        Integer fieldAccess = target.fieldAccess.get(field);
                        if (fieldDesc == null) {
                            // inherited, as Byte Buddy finds it: read through this class, where the JVM resolves it
                            InheritedField inherited = target.superName == null ? null
                                    : target.plan.inheritedField(target.superName, field);
                            if (inherited == null) {
                                throw refused(target.name.replace('/', '.') + " has no field " + field + " it may read");
                            }
                            fieldDesc = inherited.descriptor;
                            fieldAccess = inherited.access;
                        }
                        from = Type.getType(fieldDesc);
                        if ((fieldAccess & Opcodes.ACC_STATIC) != 0) {
                            mv.visitFieldInsn(Opcodes.GETSTATIC, target.name, field, fieldDesc);
                        } else if (isStatic) {
                            throw refused("instance field " + field + " read in a static method");
                        } else {
                            mv.visitVarInsn(Opcodes.ALOAD, 0);
                            mv.visitFieldInsn(Opcodes.GETFIELD, target.name, field, fieldDesc);
                        }
                        break;
                    case ALL_ARGUMENTS:
                        from = OBJECT_ARRAY;
                        pushInt(args.length);
                        mv.visitTypeInsn(Opcodes.ANEWARRAY, OBJECT.getInternalName());
                        for (int i = 0; i < args.length; i++) {
                            mv.visitInsn(Opcodes.DUP);
                            pushInt(i);
                            mv.visitVarInsn(args[i].getOpcode(Opcodes.ILOAD), isEnter ? argSlots[i] : backups[i]);
                            convert(args[i], OBJECT);
                            mv.visitInsn(Opcodes.AASTORE);
                        }
                        break;
                    default: // CONSTANT
                        if (b.value instanceof Integer) {
                            from = Type.INT_TYPE;
                            pushInt((Integer) b.value);
                        } else {
                            from = STRING;
                            mv.visitLdcInsn(b.value);
                        }
                }
                convert(from, b.type);
                mv.visitVarInsn(b.type.getOpcode(Opcodes.ISTORE), region + b.slot);
            }
        }

        /** Byte Buddy's default assigner, as far as advice needs it: boxing, widening to int, reference casts. */
        private void convert(Type from, Type to) {
            boolean fromRef = from.getSort() >= Type.ARRAY;
            boolean toRef = to.getSort() >= Type.ARRAY;
            if (from.equals(to)) {
                return;
            }
            if (!fromRef && toRef) {
                String box = BOXES[from.getSort()];
                mv.visitMethodInsn(Opcodes.INVOKESTATIC, box, "valueOf", "(" + from.getDescriptor() + ")L" + box + ";", false);
                if (!to.equals(OBJECT) && !to.getInternalName().equals(box)) {
                    mv.visitTypeInsn(Opcodes.CHECKCAST, to.getInternalName());
                }
            } else if (fromRef && toRef) {
                if (!to.equals(OBJECT)) { // what Byte Buddy's assigner would check against the type pool
                    mv.visitTypeInsn(Opcodes.CHECKCAST, to.getInternalName());
                }
            } else if (fromRef || to.getSort() != Type.INT
                    || from.getSort() != Type.BYTE && from.getSort() != Type.SHORT && from.getSort() != Type.CHAR) {
                throw refused("cannot assign " + from + " to " + to);
            }
        }

        private void pushDefault(Type type) {
            if (type.getSort() != Type.VOID) {
                mv.visitInsn(DEFAULTS[type.getSort()]);
            }
        }

        private void pushInt(int value) {
            if (value >= -1 && value <= 5) {
                mv.visitInsn(Opcodes.ICONST_0 + value);
            } else if (value == (byte) value) {
                mv.visitIntInsn(Opcodes.BIPUSH, value);
            } else if (value == (short) value) {
                mv.visitIntInsn(Opcodes.SIPUSH, value);
            } else {
                mv.visitLdcInsn(value);
            }
        }

        /**
         * Copies an advice method's code here: its locals moved to {@code region}, its returns turned into a jump to
         * {@code end} (an enter advice's value stored first), its frames prefixed with {@code head}. Each replay reads
         * the advice class afresh, so its labels are new. Only what is overridden below passes: the advice's line
         * numbers, local variable tables, annotations and maxima are dropped.
         */
        private void replay(final Code code, final int region, final Object[] head, final Label end) {
            final MethodVisitor out = mv;
            final boolean isEnter = code == enter;
            final MethodVisitor copier = new MethodVisitor(API) {
                @Override
                public void visitFrame(int type, int numLocal, Object[] local, int numStack, Object[] stack) {
                    if (frames) {
                        Object[] locals = locals(head, head.length, region, local, numLocal);
                        out.visitFrame(Opcodes.F_NEW, locals.length, locals, numStack, stack);
                    }
                }

                @Override
                public void visitInsn(int opcode) {
                    if (opcode < Opcodes.IRETURN || opcode > Opcodes.RETURN) {
                        out.visitInsn(opcode);
                        return;
                    }
                    if (opcode != Opcodes.RETURN) {
                        if (isEnter) {
                            out.visitVarInsn(enterType.getOpcode(Opcodes.ISTORE), tail);
                        } else {
                            out.visitInsn(opcode == Opcodes.LRETURN || opcode == Opcodes.DRETURN ? Opcodes.POP2 : Opcodes.POP);
                        }
                    }
                    out.visitJumpInsn(Opcodes.GOTO, end);
                }

                @Override
                public void visitVarInsn(int opcode, int var) {
                    out.visitVarInsn(opcode, region + var);
                }

                @Override
                public void visitIincInsn(int var, int increment) {
                    out.visitIincInsn(region + var, increment);
                }

                @Override
                public void visitIntInsn(int opcode, int operand) {
                    out.visitIntInsn(opcode, operand);
                }

                @Override
                public void visitTypeInsn(int opcode, String type) {
                    out.visitTypeInsn(opcode, type);
                }

                @Override
                public void visitFieldInsn(int opcode, String owner, String name, String descriptor) {
                    out.visitFieldInsn(opcode, owner, name, descriptor);
                }

                @Override
                public void visitMethodInsn(int opcode, String owner, String name, String descriptor, boolean itf) {
                    out.visitMethodInsn(opcode, owner, name, descriptor, itf);
                }

                @Override
                public void visitJumpInsn(int opcode, Label label) {
                    out.visitJumpInsn(opcode, label);
                }

                @Override
                public void visitLabel(Label label) {
                    out.visitLabel(label);
                }

                @Override
                public void visitLdcInsn(Object value) {
                    if (value instanceof Type && target.version < Opcodes.V1_5) {
                        throw refused("a class constant in advice for a class file before Java 5");
                    }
                    out.visitLdcInsn(value);
                }

                @Override
                public void visitTableSwitchInsn(int min, int max, Label dflt, Label... labels) {
                    out.visitTableSwitchInsn(min, max, dflt, labels);
                }

                @Override
                public void visitLookupSwitchInsn(Label dflt, int[] keys, Label[] labels) {
                    out.visitLookupSwitchInsn(dflt, keys, labels);
                }

                @Override
                public void visitMultiANewArrayInsn(String descriptor, int numDimensions) {
                    out.visitMultiANewArrayInsn(descriptor, numDimensions);
                }

                @Override
                public void visitTryCatchBlock(Label start, Label endLabel, Label handler, String type) {
                    out.visitTryCatchBlock(start, endLabel, handler, type);
                }
            };
            advice.reader.accept(new ClassVisitor(API) {
                @Override
                public MethodVisitor visitMethod(int access, String name, String desc, String signature, String[] exceptions) {
                    return name.equals(code.name) && desc.equals(code.descriptor) ? copier : null;
                }
            }, ClassReader.SKIP_DEBUG | ClassReader.EXPAND_FRAMES);
        }
    }

    private static Object frameType(Type type) {
        return type.getSort() >= Type.ARRAY ? type.getInternalName() : FRAME_TYPES[type.getSort()];
    }

    /** Frame locals: {@code head}'s first n entries, TOP up to slot {@code padTo}, then {@code tail}'s first m. */
    private static Object[] locals(Object[] head, int n, int padTo, Object[] tail, int m) {
        int slots = 0;
        for (int i = 0; i < n; i++) {
            slots += head[i] == Opcodes.LONG || head[i] == Opcodes.DOUBLE ? 2 : 1;
        }
        if (slots > padTo) {
            throw new IllegalStateException("frame with " + slots + " slots where " + padTo + " were expected");
        }
        Object[] out = new Object[n + padTo - slots + m];
        System.arraycopy(head, 0, out, 0, n);
        Arrays.fill(out, n, n + padTo - slots, Opcodes.TOP);
        System.arraycopy(tail, 0, out, n + padTo - slots, m);
        return out;
    }

    /**
     * Whether each {@code #} of an {@code @Origin} pattern is {@code #t}, {@code #m} or {@code #d}: checked by hand, as
     * this runs in the application's threads whenever a class is woven, where a regex would be one of its hot spots.
     */
    static boolean onlyTypeMethodOrDescriptor(String pattern) {
        for (int i = pattern.indexOf('#'); i >= 0; i = pattern.indexOf('#', i + 2)) {
            char next = i + 1 < pattern.length() ? pattern.charAt(i + 1) : ' ';
            if (next != 't' && next != 'm' && next != 'd') {
                return false;
            }
        }
        return true;
    }
}
