package dev.soapscope.agent.probe;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.Collection;

/**
 * A fixed set of names, found by the bytes a class file spells them with (modified UTF-8), without decoding them: the
 * weaver asks it about every method name of every class loaded, and all but a few are no probe's. A name found is
 * this set's own instance; a name not in it costs a hash of its bytes and no allocation.
 */
final class KnownNames {
    private final String[] names;
    private final byte[][] spelt;
    private final int mask;

    KnownNames(Collection<String> names) {
        int size = Integer.highestOneBit(Math.max(4, names.size() * 3)) * 2; // at most a third full
        this.names = new String[size];
        this.spelt = new byte[size][];
        this.mask = size - 1;
        for (String name : names) {
            byte[] b = modifiedUtf8(name);
            int i = hash(b, 0, b.length) & mask;
            while (this.names[i] != null && !this.names[i].equals(name)) {
                i = (i + 1) & mask;
            }
            this.names[i] = name;
            spelt[i] = b;
        }
    }

    /** The name whose modified UTF-8 is {@code length} bytes of {@code b} from {@code offset}; null if not known. */
    String find(byte[] b, int offset, int length) {
        for (int i = hash(b, offset, length) & mask; names[i] != null; i = (i + 1) & mask) {
            if (same(spelt[i], b, offset, length)) {
                return names[i];
            }
        }
        return null;
    }

    private static boolean same(byte[] known, byte[] b, int offset, int length) {
        if (known.length != length) {
            return false;
        }
        for (int k = 0; k < length; k++) {
            if (known[k] != b[offset + k]) {
                return false;
            }
        }
        return true;
    }

    private static int hash(byte[] b, int offset, int length) {
        int h = length;
        for (int k = 0; k < length; k++) {
            h = 31 * h + b[offset + k];
        }
        return h ^ (h >>> 16);
    }

    /** {@code name} as a class file spells it (DataOutput's writeUTF, without its length). */
    static byte[] modifiedUtf8(String name) {
        try {
            ByteArrayOutputStream out = new ByteArrayOutputStream(name.length() + 2);
            new DataOutputStream(out).writeUTF(name);
            byte[] withLength = out.toByteArray();
            byte[] b = new byte[withLength.length - 2];
            System.arraycopy(withLength, 2, b, 0, b.length);
            return b;
        } catch (IOException e) {
            throw new IllegalArgumentException("a name longer than a class file holds: " + name.length(), e);
        }
    }
}
