package dev.soapscope.recorder;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The decaying max: the largest value offered, per slot, until readers have rotated it out twice. */
class MaximaTest {
    @Test
    void keepsTheLargestPerSlot() {
        Maxima m = new Maxima(2);
        m.offer(0, 5);
        m.offer(0, 9);
        m.offer(0, 7);
        m.offer(1, 3);
        assertEquals(9, m.get(0));
        assertEquals(3, m.get(1));
    }

    @Test
    void aValueLeavesAfterTwoRotations() {
        long[] now = {1_000_000};
        Maxima m = new Maxima(1, () -> now[0]);
        m.offer(0, 9);
        now[0] += Maxima.ROTATE_MILLIS;
        assertEquals(9, m.get(0), "one rotation: still in the previous window");
        m.offer(0, 4);
        now[0] += Maxima.ROTATE_MILLIS;
        assertEquals(4, m.get(0), "two rotations: 9 is gone, 4 is in the previous window");
        now[0] += 2 * Maxima.ROTATE_MILLIS;
        assertEquals(0, m.get(0), "nobody read for two rotations: everything is old");
    }
}
