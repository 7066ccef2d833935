package dev.soapscope.demo.mtom.api;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.stream.IntStream;

import org.junit.jupiter.api.Test;

class TupleBatchesTest {

    /** What a right server answers to batch {@code batch}: the next tuples in order, at most {@code fetch}. */
    private static byte[] served(int tuples, int fetch, int batch, int shift) {
        int from = Math.min(tuples, batch * fetch);
        int to = Math.min(tuples, from + fetch);
        List<Tuple> out = IntStream.range(from, to).mapToObj(i -> Tuples.generate(i + shift)).toList();
        return TupleCodec.encode(out);
    }

    @Test
    void aQueryIsItsFullBatchesTheRestAndAnEmptyOne() {
        assertEquals(4, TupleBatches.count(3000, 1000));
        assertEquals(4, TupleBatches.count(2500, 1000));
        assertDoesNotThrow(() -> TupleBatches.fetchAndCheck(2500, 1000, b -> served(2500, 1000, b, 0)));
    }

    @Test
    void aWrongTupleOrAShortBatchIsNamed() {
        AssertionError wrong = assertThrows(AssertionError.class,
                () -> TupleBatches.fetchAndCheck(30, 10, b -> served(30, 10, b, b == 1 ? 1 : 0)));
        assertTrue(wrong.getMessage().startsWith("tuple 10 differs"), wrong.getMessage());
        AssertionError shortBatch = assertThrows(AssertionError.class,
                () -> TupleBatches.fetchAndCheck(30, 10, b -> served(25, 10, b, 0)));
        assertEquals("batch 2: 5 tuples, expected 10", shortBatch.getMessage());
    }
}
