package dev.soapscope.agent.probe;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

class KnownNamesTest {
    @Test
    void findsEachNameByItsBytesAmongOthers() {
        List<String> names = new ArrayList<>();
        for (int i = 0; i < 500; i++) {
            names.add("m" + i); // enough to collide in the table
        }
        names.add("<init>");
        names.add("\u00e9t\u00e9");
        names.add("nul\u0000"); // modified UTF-8 writes NUL as two bytes
        KnownNames known = new KnownNames(names);
        for (String name : names) {
            byte[] spelt = KnownNames.modifiedUtf8(name);
            byte[] inFile = new byte[spelt.length + 7];
            System.arraycopy(spelt, 0, inFile, 3, spelt.length);
            assertSame(name, known.find(inFile, 3, spelt.length), name);
        }
        byte[] other = KnownNames.modifiedUtf8("m500");
        assertNull(known.find(other, 0, other.length));
        byte[] init = KnownNames.modifiedUtf8("<init>");
        assertNull(known.find(init, 0, 5), "a prefix of a known name is not that name");
        assertNull(known.find(other, 0, 0));
    }

    @Test
    void anEmptySetFindsNothing() {
        byte[] b = KnownNames.modifiedUtf8("read");
        assertNull(new KnownNames(new ArrayList<>()).find(b, 0, b.length));
    }
}
