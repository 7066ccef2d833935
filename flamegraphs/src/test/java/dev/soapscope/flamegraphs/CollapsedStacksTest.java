package dev.soapscope.flamegraphs;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class CollapsedStacksTest {
    /**
     * The converter merges a method's interpreted, C1, C2 and inlined samples into one frame suffixed by their
     * majority, so one stack comes out of the all-samples pass as {@code _[j]} and out of a phase's pass as
     * {@code _[1]} (seen on the Axis2 webapp: 1,170 of 7,115 phase samples left in {@code [phase:none]} as well).
     */
    @Test
    void takesAwayTheSameStackWhateverItsFramesCompiledTypes() {
        CollapsedStacks all = CollapsedStacks.parse("t_[0];a_[j];b_[1];read_[k] 10\nt_[0];c_[i] 3\n");
        CollapsedStacks phase = CollapsedStacks.parse("t_[0];a_[1];b_[j];read_[k] 4\nt_[1];c_[j] 3\n");

        CollapsedStacks none = all.minus(phase);

        assertEquals(List.of("t_[0];a_[j];b_[1];read_[k] 6"), none.lines());
    }

    @Test
    void aKernelFrameIsNoJavaFrameOfAnotherType() {
        CollapsedStacks all = CollapsedStacks.parse("t_[j];write_[k] 5\n");

        assertEquals(5, all.minus(CollapsedStacks.parse("t_[j];write_[j] 5\n")).total());
    }

    @Test
    void addsUpTheSameStackOfDifferentTypesOnce() {
        CollapsedStacks s = CollapsedStacks.parse("a_[j];b_[i] 2\na_[1];b_[0] 3\n");

        assertEquals(1, s.lines().size(), s.lines().toString());
        assertEquals(5, s.count("a_[0];b_[j]"));
    }
}
