package dev.soapscope.walktest;

import dev.soapscope.agent.stackwalk.DirectStackWalk;
import dev.soapscope.recorder.HotSpotKind;
import dev.soapscope.recorder.HotSpotSite;
import dev.soapscope.recorder.HotSpots;
import dev.soapscope.recorder.Recorder;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The agent's direct stack walk: the frames it gives, and the callers the recorder picks from them. */
class DirectStackWalkTest {
    @AfterEach
    void recordersOwnWalkAgain() {
        Recorder.walkStacksWith(null);
    }

    /** Newest first, from the walk's own frame on: its caller, then the caller's. */
    @Test
    void framesComeNewestFirstWithTheirPositions() {
        List<String> seen = new ArrayList<>();
        Object answer = new DirectStackWalk().walk(frames -> {
            while (seen.size() < 3 && frames.next()) {
                assertTrue(frames.position() >= 0, frames.className());
                seen.add(frames.className() + "." + frames.methodName());
            }
            return "picked";
        });
        assertEquals("picked", answer);
        assertEquals(List.of(DirectStackWalk.class.getName() + ".walk",
                getClass().getName() + ".framesComeNewestFirstWithTheirPositions"), seen.subList(0, 2), seen.toString());
    }

    /** A hot spot is blamed on the same line, with file and line, whichever walk found it. */
    @Test
    void aHotSpotsCallerIsTheSameThroughEitherWalk() {
        Recorder.walkStacksWith(new DirectStackWalk());
        callsThroughTheDirectWalk();
        Recorder.walkStacksWith(null);
        callsThroughTheRecordersOwnWalk();
        String direct = callerOf("walktest.direct");
        String own = callerOf("walktest.own");
        String prefix = getClass().getName().replace(".", "\\.") + "\\.";
        assertTrue(direct.matches(prefix + "callsThroughTheDirectWalk\\(DirectStackWalkTest\\.java:\\d+\\)"), direct);
        assertTrue(own.matches(prefix + "callsThroughTheRecordersOwnWalk\\(DirectStackWalkTest\\.java:\\d+\\)"), own);
    }

    private static void callsThroughTheDirectWalk() {
        instrumented("walktest.direct");
    }

    private static void callsThroughTheRecordersOwnWalk() {
        instrumented("walktest.own");
    }

    /** Stands for the JDK method a probe's advice is inlined in: never blamed itself. */
    private static void instrumented(String detail) {
        HotSpots.hotspot(HotSpotKind.UUID_RANDOM, detail);
    }

    private static String callerOf(String detail) {
        List<HotSpotSite> sites = Recorder.aggregates().sites().all().stream()
                .filter(s -> s.detail().equals(detail)).collect(Collectors.toList());
        assertEquals(1, sites.size(), detail + ": " + sites);
        return sites.get(0).caller();
    }
}
