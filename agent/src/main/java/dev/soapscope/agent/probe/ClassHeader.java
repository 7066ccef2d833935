package dev.soapscope.agent.probe;

/**
 * The direct supertypes named in a class file's header: its superclass and interfaces, read from the constant pool
 * without parsing members, annotations or signatures (which a type pool does for every class it describes). Enough to
 * tell, for most classes a server loads, that none of their supertypes is one a probe asks for.
 */
final class ClassHeader {
    private ClassHeader() {
    }

    /** Binary names of the superclass (absent for java.lang.Object) and the interfaces; null if not a class file we read. */
    static String[] supertypes(byte[] b) {
        try {
            if (b.length < 10) {
                return null;
            }
            int[] offsets = new int[u2(b, 8)]; // of each entry's tag
            int p = afterConstantPool(b, offsets);
            if (p < 0) {
                return null;
            }
            int superIndex = u2(b, p + 4);
            int interfaces = u2(b, p + 6);
            String[] names = new String[(superIndex == 0 ? 0 : 1) + interfaces];
            int n = 0;
            if (superIndex != 0) {
                names[n++] = className(b, offsets, superIndex);
            }
            for (int i = 0; i < interfaces; i++) {
                names[n++] = className(b, offsets, u2(b, p + 8 + 2 * i));
            }
            return names;
        } catch (RuntimeException e) {
            return null; // truncated or odd: the caller decides without it
        }
    }

    /**
     * The methods the class declares with code (neither abstract nor native); null if not a class file we read.
     * What a probe could advise, known without its supertypes.
     */
    static java.util.List<Method> methodsWithCode(byte[] b) {
        try {
            int[] offsets = offsets(b);
            int p = offsets == null ? -1 : afterConstantPool(b, offsets);
            if (p < 0) {
                return null;
            }
            p = methodsAt(b, p);
            int methods = u2(b, p);
            p += 2;
            java.util.List<Method> found = new java.util.ArrayList<Method>(methods);
            for (int i = 0; i < methods; i++) {
                int access = u2(b, p);
                if (hasCode(access)) {
                    found.add(new Method(access, utf8(b, offsets, u2(b, p + 2)), utf8(b, offsets, u2(b, p + 4))));
                }
                p = afterMember(b, p);
            }
            return found;
        } catch (RuntimeException e) {
            return null;
        }
    }

    /**
     * The class's access flags and the names of the methods it declares with code (neither abstract nor native), as
     * the class file spells them ({@code <init>} for constructors); null if not a class file we read. What the weaver
     * asks of every class loaded, in one pass.
     */
    static Outline outline(byte[] b) {
        return outline(b, null);
    }

    /**
     * As {@link #outline(byte[])}, keeping only the method names in {@code known} (all if null), as its own instances:
     * the others are never decoded.
     */
    static Outline outline(byte[] b, KnownNames known) {
        return outline(b, known, new Room());
    }

    /** As {@link #outline(byte[], KnownNames)}, noting the constant pool's offsets in {@code room}. */
    static Outline outline(byte[] b, KnownNames known, Room room) {
        try {
            int count = b.length < 10 ? 0 : u2(b, 8); // the room may be larger: an index past it is no entry
            int[] offsets = count == 0 ? null : room.offsets(count);
            int p = offsets == null ? -1 : afterConstantPool(b, offsets);
            if (p < 0) {
                return null;
            }
            int access = u2(b, p);
            p = methodsAt(b, p);
            int methods = u2(b, p);
            p += 2;
            String[] names = new String[methods];
            int n = 0;
            for (int i = 0; i < methods; i++) {
                if (hasCode(u2(b, p))) {
                    int index = u2(b, p + 2);
                    if (index >= count) {
                        return null;
                    }
                    String name = known == null ? utf8(b, offsets, index) : known(b, offsets, index, known);
                    if (name != null) {
                        names[n++] = name;
                    }
                }
                p = afterMember(b, p);
            }
            return new Outline(access, n == methods ? names : java.util.Arrays.copyOf(names, n));
        } catch (RuntimeException e) {
            return null;
        }
    }

    /**
     * Room for a constant pool's offsets, kept by one thread from class to class: a new array per class loaded was
     * most of what the first look at each class allocated. Up to {@link #KEPT} entries; a larger pool gets its own.
     */
    static final class Room {
        static final int KEPT = 4096;
        private int[] offsets = new int[256];

        int[] offsets(int count) {
            if (count <= offsets.length) {
                return offsets;
            }
            if (count > KEPT) {
                return new int[count];
            }
            offsets = new int[Math.min(KEPT, Math.max(count, 2 * offsets.length))];
            return offsets;
        }
    }

    /** Room for each constant pool entry's offset; null if too short to be a class file. */
    private static int[] offsets(byte[] b) {
        return b.length < 10 ? null : new int[u2(b, 8)];
    }

    /** Where the methods' count is, from {@code p}, the access flags past the constant pool: past the fields. */
    private static int methodsAt(byte[] b, int p) {
        p += 6;
        p += 2 + 2 * u2(b, p); // the interfaces
        int fields = u2(b, p);
        p += 2;
        for (int i = 0; i < fields; i++) {
            p = afterMember(b, p);
        }
        return p;
    }

    /** Neither ACC_ABSTRACT nor ACC_NATIVE: a method with code to advise. */
    private static boolean hasCode(int access) {
        return (access & (0x0400 | 0x0100)) == 0;
    }

    /** A class's access flags and the names of its methods with code. */
    static final class Outline {
        final int access;
        final String[] methods;

        Outline(int access, String[] methods) {
            this.access = access;
            this.methods = methods;
        }
    }

    /** Past a field or method that starts at {@code p}: its access, name, descriptor and attributes. */
    private static int afterMember(byte[] b, int p) {
        int attributes = u2(b, p + 6);
        p += 8;
        for (int i = 0; i < attributes; i++) {
            p += 6 + u4(b, p + 2);
        }
        return p;
    }

    /** Where the access flags start, past the constant pool (each entry's offset noted in {@code offsets}); -1 if odd. */
    private static int afterConstantPool(byte[] b, int[] offsets) {
        if (b.length < 10 || u4(b, 0) != 0xCAFEBABE) {
            return -1;
        }
        int count = u2(b, 8);
        int p = 10;
        for (int i = 1; i < count; i++) {
            if (offsets != null) {
                offsets[i] = p;
            }
            int tag = b[p] & 0xFF;
            switch (tag) {
                case 1: // Utf8
                    p += 3 + u2(b, p + 1);
                    break;
                case 7: case 8: case 16: case 19: case 20: // Class, String, MethodType, Module, Package
                    p += 3;
                    break;
                case 15: // MethodHandle
                    p += 4;
                    break;
                case 3: case 4: case 9: case 10: case 11: case 12: case 17: case 18:
                    p += 5;
                    break;
                case 5: case 6: // Long, Double: two entries
                    p += 9;
                    i++;
                    break;
                default:
                    return -1;
            }
        }
        return p;
    }

    private static String className(byte[] b, int[] offsets, int classIndex) {
        int classEntry = offsets[classIndex];
        if ((b[classEntry] & 0xFF) != 7) {
            throw new IllegalArgumentException("not a class entry");
        }
        return utf8(b, offsets, u2(b, classEntry + 1)).replace('/', '.');
    }

    /** The constant pool's Utf8 entry {@code index}, as it is (slashes kept). */
    private static String utf8(byte[] b, int[] offsets, int index) {
        int utf8 = utf8Entry(b, offsets, index);
        int length = u2(b, utf8 + 1);
        char[] chars = new char[length];
        for (int i = 0; i < length; i++) {
            int c = b[utf8 + 3 + i] & 0xFF;
            if (c >= 0x80) {
                return modifiedUtf8(b, utf8);
            }
            chars[i] = (char) c;
        }
        return new String(chars);
    }

    /** The constant pool's Utf8 entry {@code index} if {@code known} has it (its instance), else null. */
    private static String known(byte[] b, int[] offsets, int index, KnownNames known) {
        int utf8 = utf8Entry(b, offsets, index);
        return known.find(b, utf8 + 3, u2(b, utf8 + 1));
    }

    /** Where the constant pool's entry {@code index} starts, checked to be a Utf8 entry. */
    private static int utf8Entry(byte[] b, int[] offsets, int index) {
        int utf8 = offsets[index];
        if ((b[utf8] & 0xFF) != 1) {
            throw new IllegalArgumentException("not a Utf8 entry");
        }
        return utf8;
    }

    /** A name with characters beyond ASCII: decoded as the JVM's modified UTF-8. */
    private static String modifiedUtf8(byte[] b, int utf8) {
        try {
            return new java.io.DataInputStream(new java.io.ByteArrayInputStream(b, utf8 + 1, u2(b, utf8 + 1) + 2))
                    .readUTF();
        } catch (java.io.IOException e) {
            throw new IllegalArgumentException(e);
        }
    }

    private static int u2(byte[] b, int p) {
        return (b[p] & 0xFF) << 8 | b[p + 1] & 0xFF;
    }

    private static int u4(byte[] b, int p) {
        return u2(b, p) << 16 | u2(b, p + 2);
    }

    /** A method as the class file declares it. */
    static final class Method {
        final int access;
        final String name;
        final String descriptor;

        Method(int access, String name, String descriptor) {
            this.access = access;
            this.name = name;
            this.descriptor = descriptor;
        }
    }
}
