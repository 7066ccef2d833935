package dev.soapscope.demo.scenario.mtom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

import dev.soapscope.demo.mtom.api.Tuple;
import dev.soapscope.demo.mtom.api.Tuples;

class TupleCheckerTest {

    @Test
    void acceptsTheGeneratedTuplesInOrderAndFormatsEach() {
        TupleChecker checker = new TupleChecker(3);
        long chars = 0;
        for (int i = 0; i < 3; i++) {
            Tuple t = Tuples.generate(i);
            checker.accept(t);
            chars += t.toString().length() + 1;
        }
        assertEquals(3, checker.count());
        assertEquals(chars, checker.chars());
        assertNotEquals(0, checker.checksum());
    }

    @Test
    void refusesATupleOutOfOrderAnEqualLookingOneAndOneTooMany() {
        TupleChecker checker = new TupleChecker(2);
        assertThrows(TupleChecker.WrongTuple.class, () -> checker.accept(Tuples.generate(1)));
        Tuple t = Tuples.generate(0);
        Tuple changed = new Tuple(t.a(), t.b(), t.x(), Math.nextUp(t.y()), t.text(), t.date());
        assertThrows(TupleChecker.WrongTuple.class, () -> checker.accept(changed));
        checker.accept(t);
        checker.accept(Tuples.generate(1));
        TupleChecker.WrongTuple e = assertThrows(TupleChecker.WrongTuple.class, () -> checker.accept(Tuples.generate(2)));
        assertEquals("tuple 2 received, the query has 2", e.getMessage());
    }

    @Test
    void expectedTuplesAreGeneratedOnceAndGrow() {
        Tuple[] ten = ExpectedTuples.upTo(10);
        Tuple[] twenty = ExpectedTuples.upTo(20);
        assertEquals(Tuples.generate(9), ten[9]);
        assertEquals(Tuples.generate(19), twenty[19]);
        assertEquals(twenty.length, ExpectedTuples.upTo(5).length);
    }
}
