package dev.soapscope.recorder;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

class OperationTableTest {

    @Test
    void cleanReplacesControlCharacters() {
        assertEquals("a?b?c?d", OperationTable.clean("a\u0001b\tc\u007fd"));
        assertEquals("line??break", OperationTable.clean("line\r\nbreak"));
        assertEquals("urn:?[31mOp", OperationTable.clean("urn:\u001b[31mOp")); // no terminal escapes in labels
    }

    @Test
    void cleanTrimsBeforeReplacing() {
        // leading and trailing whitespace and control characters go; they do not become '?'
        assertEquals("name", OperationTable.clean("\t name \n"));
    }

    @Test
    void cleanCapsTheLength() {
        StringBuilder raw = new StringBuilder();
        for (int i = 0; i < 300; i++) {
            raw.append((char) ('a' + i % 26));
        }
        String clean = OperationTable.clean(raw.toString());
        assertEquals(OperationTable.MAX_NAME_LENGTH, clean.length());
        assertEquals(120, clean.length());
        assertEquals(raw.substring(0, 120), clean);

        String exact = raw.substring(0, 120);
        assertEquals(exact, OperationTable.clean(exact));
        // the cap applies to the name, not to the quotes around it
        assertEquals(exact, OperationTable.clean("\"" + exact + "\""));
    }

    @Test
    void cleanStripsSurroundingQuotes() {
        assertEquals("urn:Foo", OperationTable.clean("\"urn:Foo\""));
        assertEquals("urn:Foo", OperationTable.clean("  \" urn:Foo \"  "));
        assertEquals("\"urn:Foo", OperationTable.clean("\"urn:Foo")); // unbalanced: kept as given
        assertEquals("a\"b", OperationTable.clean("a\"b"));
    }

    @Test
    void cleanGivesNullForBlank() {
        assertNull(OperationTable.clean(null));
        assertNull(OperationTable.clean(""));
        assertNull(OperationTable.clean("   "));
        assertNull(OperationTable.clean("\t\r\n"));
        assertNull(OperationTable.clean("\"\""));
        assertNull(OperationTable.clean("\"  \""));
    }

    @Test
    void namesPastTheCapMapToOther() {
        OperationTable t = new OperationTable(2);
        int a = t.indexOf("a");
        int b = t.indexOf("b");
        assertNotEquals(a, b);
        assertEquals(a, t.indexOf("a"));
        assertEquals(OperationTable.OTHER, t.indexOf("c"));
        assertEquals(b, t.indexOf("b")); // known names still resolve once full
        assertEquals("a", t.name(a));
        assertEquals(OperationTable.OTHER_NAME, t.name(OperationTable.OTHER));
        assertEquals(OperationTable.NO_REQUEST_NAME, t.name(OperationTable.NO_REQUEST));
        assertEquals(t.capacity(), t.size());
    }
}
