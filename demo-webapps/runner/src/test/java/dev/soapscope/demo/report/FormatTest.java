package dev.soapscope.demo.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class FormatTest {

    @Test
    void timesInTheUnitThatReadsBest() {
        assertEquals("412 us", Format.micros(412.4));
        assertEquals("1.23 ms", Format.micros(1234));
        assertEquals("58.9 ms", Format.micros(58_912));
        assertEquals("1.53 s", Format.micros(1_529_100));
        assertEquals("-880 us", Format.signedMicros(-880));
        assertEquals("+1.53 s", Format.signedMicros(1_529_100));
    }

    @Test
    void bytesAreBinaryKilobytesAndMegabytes() {
        assertEquals("504 B", Format.bytes(504));
        assertEquals("410 KB", Format.bytes(410 * 1024));
        assertEquals("2.6 MB", Format.bytes(2.6 * 1024 * 1024));
        assertEquals("1.0 GB", Format.bytes(1024.0 * 1024 * 1024), "a log scale's mark, not 1024.0 MB");
        assertEquals("-293 KB", Format.signedBytes(-300_000));
    }

    @Test
    void ratiosKeepTwoDecimalsBelowTwo() {
        assertEquals("1.11x", Format.times(1.107));
        assertEquals("5.3x", Format.times(5.305));
        assertEquals("0.90x", Format.times(0.903));
    }
}
