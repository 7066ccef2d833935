package dev.soapscope.recorder;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TimelineTest {
    @Test
    void consecutiveStretchesOfOnePhaseAreOneAndEmptyOnesAreNone() {
        Timeline t = new Timeline();
        t.add(1, 0, 10);
        t.add(1, 10, 25);
        t.add(2, 25, 25);
        t.add(2, 25, 30);
        t.add(1, 30, 31);
        assertEquals(3, t.size());
        assertEquals(1, t.phase(0));
        assertEquals(0, t.start(0));
        assertEquals(25, t.end(0));
        assertEquals(2, t.phase(1));
        assertEquals(1, t.phase(2));
        assertFalse(t.truncated());
    }

    @Test
    void aRequestThatSwitchesMoreOftenKeepsItsFirstStretchesAndSaysSo() {
        Timeline t = new Timeline();
        for (int i = 0; i < Timeline.MAX + 10; i++) {
            t.add(i % 2, i, i + 1);
        }
        assertEquals(Timeline.MAX, t.size());
        assertEquals(Timeline.MAX - 1, t.start(Timeline.MAX - 1));
        assertTrue(t.truncated());
        t.reset();
        assertEquals(0, t.size());
        assertFalse(t.truncated());
    }

    @Test
    void anExemplarsBucketIsTheFirstBoundItDoesNotExceed() {
        assertEquals(0, Exemplar.bucket(0));
        assertEquals(0, Exemplar.bucket(1_000)); // le=1 us holds 1 us
        assertEquals(1, Exemplar.bucket(1_001));
        assertEquals(Exemplar.BUCKETS - 1, Exemplar.bucket(Long.MAX_VALUE));
    }
}
