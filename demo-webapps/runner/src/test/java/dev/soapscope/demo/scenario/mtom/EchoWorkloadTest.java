package dev.soapscope.demo.scenario.mtom;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

class EchoWorkloadTest {

    @Test
    void payloadsAreTheSameForTheSameSize() {
        assertArrayEquals(EchoWorkload.payload(1000), EchoWorkload.payload(1000));
        assertEquals(32 * 1024, EchoWorkload.payload(32 * 1024).length);
    }

    @Test
    void anEchoMustBringBothBackUnchanged() {
        byte[] data = EchoWorkload.payload(100);
        assertNull(CxfEchoClient.problem("t", data, "t", data.clone()));
        assertEquals("the text came back as a different one", CxfEchoClient.problem("t", data, "u", data));
        assertEquals("99 bytes came back of 100", CxfEchoClient.problem("t", data, "t", java.util.Arrays.copyOf(data, 99)));
        byte[] changed = data.clone();
        changed[42] ^= 1;
        assertEquals("the data came back changed at byte 42", CxfEchoClient.problem("t", data, "t", changed));
    }
}
