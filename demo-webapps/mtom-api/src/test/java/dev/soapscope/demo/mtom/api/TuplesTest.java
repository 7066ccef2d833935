package dev.soapscope.demo.mtom.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;

import org.junit.jupiter.api.Test;

class TuplesTest {

    @Test
    void tupleIDependsOnIOnly() {
        assertEquals(Tuples.generate(12345), Tuples.generate(12345));
        assertEquals(Tuples.generate(Tuples.SEED, 3), Tuples.generate(3));
        assertNotEquals(Tuples.generate(1, 3), Tuples.generate(2, 3));
    }

    @Test
    void isTheSameOnEveryJvm() {
        // pinned: a change here breaks clients that check against an older server
        assertEquals(new Tuple(0, -1258371218, 707012.619422009, 931.4393768766813,
                "jefpkKptRfj7lwakWx3V1f7N7CfZ8ZFH976WnFFCqcbkYF37lGVGN0ZIGuO1MaMrrk52ONrByMqWpr1p", 1577836839888L),
                Tuples.generate(0));
        assertEquals(new Tuple(99999, 494305900, 115089.56088920352, 770.3925510781344,
                "YLbBln5nk3uT9zn0t2SW41uoC2uLp1 cyOPJJJEqL0FeJ D8X8Mn-4paA cMleT JJNNyDAF1B5nec8O", 1583836752824L),
                Tuples.generate(99999));
    }

    @Test
    void fieldsAreInTheirRanges() {
        Set<String> texts = new HashSet<>();
        for (int i = 0; i < Tuples.PER_QUERY; i += 97) {
            Tuple t = Tuples.generate(i);
            assertEquals(i, t.a());
            assertTrue(t.x() >= 0 && t.x() < 1_000_000, t::toString);
            assertTrue(t.y() >= -1_000 && t.y() < 1_000, t::toString);
            assertEquals(80, t.text().length());
            assertTrue(t.text().chars().allMatch(c -> c < 128), t::toString);
            assertTrue(t.date() >= Tuples.EPOCH_2020 + i * 60_000L && t.date() < Tuples.EPOCH_2020 + (i + 1) * 60_000L);
            texts.add(t.text());
        }
        assertEquals((Tuples.PER_QUERY + 96) / 97, texts.size(), "texts differ from tuple to tuple");
    }

    @Test
    void queryTextMayLimitTheTuples() {
        assertEquals(Tuples.PER_QUERY, Tuples.limitOf("select * from tuples"));
        assertEquals(Tuples.PER_QUERY, Tuples.limitOf(null));
        assertEquals(5_050, Tuples.limitOf("select * from tuples LIMIT 5050"));
        assertEquals(0, Tuples.limitOf("limit 0"));
        assertEquals(Tuples.PER_QUERY, Tuples.limitOf("unlimited 5"));
        assertThrows(IllegalArgumentException.class, () -> Tuples.limitOf("limit 100001"));
    }
}
