package dev.soapscope.recorder;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

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

    @Test
    void junkHeaderNamesSeenOnceDoNotCrowdOutRealOperations() {
        OperationTable t = new OperationTable(100);
        for (int i = 0; i < 10_000; i++) { // a client spraying distinct SOAPActions
            t.indexOf("urn:junk:" + i, NameSource.SOAP_ACTION, null);
        }
        // half the table went at first sight; no junk name after that, each having been seen once
        assertEquals(2 + 50, t.size());
        // a real operation that recurs still gets a row, and so does one the stack resolved
        int real = OperationTable.OTHER;
        for (int i = 0; i < OperationTable.ADMIT_AFTER; i++) {
            real = t.indexOf("urn:getQuote", NameSource.SOAP_ACTION, null);
        }
        assertNotEquals(OperationTable.OTHER, real);
        assertEquals("urn:getQuote", t.name(real));
        assertNotEquals(OperationTable.OTHER, t.indexOf("{urn:orders}placeOrder", NameSource.STACK, null));
    }

    @Test
    void recurringJunkTakesAtMostThreeQuartersAndTheStackKeepsTheRest() {
        OperationTable t = new OperationTable(100);
        for (int i = 0; i < 1000; i++) {
            for (int k = 0; k < OperationTable.ADMIT_AFTER; k++) {
                t.indexOf("urn:junk:" + i, NameSource.SOAP_ACTION, null);
            }
        }
        assertEquals(2 + 75, t.size());
        // a junk action on a real operation counts under the name the stack resolved for it
        int op = t.indexOf("urn:junk:more", NameSource.SOAP_ACTION, "{urn:orders}placeOrder");
        assertEquals("{urn:orders}placeOrder", t.name(op));
        for (int i = 0; i < 24; i++) {
            assertNotEquals(OperationTable.OTHER, t.indexOf("{urn:stack}op" + i, NameSource.STACK, null));
        }
        assertEquals(t.capacity(), t.size());
        assertEquals(OperationTable.OTHER, t.indexOf("{urn:stack}late", NameSource.STACK, null));
    }

    @Test
    void reservedNamesCannotBeClaimed() {
        OperationTable t = new OperationTable(10);
        assertEquals(OperationTable.OTHER, t.indexOf("(no request)", NameSource.SOAP_ACTION, null));
        assertEquals(OperationTable.OTHER, t.indexOf("other", NameSource.SOAP_ACTION, null));
        int op = t.indexOf("other", NameSource.SOAP_ACTION, "{urn:a}op");
        assertEquals("{urn:a}op", t.name(op));
        assertTrue(OperationTable.isReserved("other"));
        assertTrue(OperationTable.isReserved("(no request)"));
    }

    @Test
    void pendingNamesStayBounded() {
        OperationTable t = new OperationTable(4);
        t.indexOf("a", NameSource.SOAP_ACTION, null);
        t.indexOf("b", NameSource.SOAP_ACTION, null);
        for (int i = 0; i < 100_000; i++) {
            t.indexOf("junk" + i, NameSource.SOAP_ACTION, null);
        }
        assertTrue(t.pendingCount() <= OperationTable.MAX_PENDING);
    }
}
