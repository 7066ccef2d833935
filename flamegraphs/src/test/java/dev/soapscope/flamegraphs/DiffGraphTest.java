package dev.soapscope.flamegraphs;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class DiffGraphTest {
    /** A method C2-compiled in one run and still C1 in the other is the same stack, not one gone and one new. */
    @Test
    void theSameStackCompiledDifferentlyInEachRunIsOneLine() {
        DiffGraph diff = DiffGraph.of(CollapsedStacks.parse("t_[0];a_[j] 4\n"), 1,
                CollapsedStacks.parse("t_[0];a_[1] 6\n"), 1);

        assertEquals(List.of("t_[0];a_[j] 40 60"), diff.lines());
    }
}
