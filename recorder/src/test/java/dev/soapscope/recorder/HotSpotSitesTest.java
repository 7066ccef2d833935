package dev.soapscope.recorder;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import org.junit.jupiter.api.Test;

class HotSpotSitesTest {
    private static final int KIND = HotSpotKind.REGEX_COMPILE.ordinal();
    /** A draw that makes every event a check, whatever the interval. */
    private static final int ALWAYS = 0;
    /** A draw that makes no event a check, at any interval. */
    private static final int NEVER = -1;

    private final HotSpotSites sites = new HotSpotSites(8, 64, 8);

    @Test
    void checksOfASettledDetailGrowRarerWhileTheyFindTheSameCaller() {
        HotSpotSite first = outside(ALWAYS);
        for (int i = 1; i < HotSpotSites.SETTLE_AFTER; i++) {
            assertEquals(1, walkOneIn(HotSpotSites.OUTSIDE), "walked each until settled");
            assertSame(first, outside(ALWAYS));
        }
        assertEquals(HotSpotSites.WALK_ONE_IN, walkOneIn(HotSpotSites.OUTSIDE));
        int expected = HotSpotSites.WALK_ONE_IN;
        while (expected < HotSpotSites.WALK_AT_MOST_ONE_IN) {
            assertSame(first, outside(ALWAYS)); // a check, finding the same caller
            expected *= 2;
            assertEquals(expected, walkOneIn(HotSpotSites.OUTSIDE));
        }
        assertSame(first, outside(ALWAYS));
        assertEquals(HotSpotSites.WALK_AT_MOST_ONE_IN, walkOneIn(HotSpotSites.OUTSIDE), "never rarer than that");
    }

    /** A second caller unsettling the detail is shown end to end in the API tests (RecorderTest), from two places. */
    @Test
    void anEventNotDrawnForACheckGoesToTheSettledCallerAndLeavesTheIntervalAlone() {
        HotSpotSite settled = null;
        for (int i = 0; i < HotSpotSites.SETTLE_AFTER; i++) {
            settled = outside(ALWAYS);
        }
        for (int i = 0; i < 100; i++) {
            assertSame(settled, outside(HotSpotSites.WALK_ONE_IN - 1)); // low bits set: no check at 1 in 64
        }
        assertEquals(HotSpotSites.WALK_ONE_IN, walkOneIn(HotSpotSites.OUTSIDE));
    }

    /**
     * Events in requests settle per position among the detail's events of their request (the first, the second...),
     * apart from those outside requests; different lines per position are shown end to end in RecorderTest.
     */
    @Test
    void eventsInRequestsSettlePerPositionApartFromThoseOutside() {
        HotSpotSite[] seen = null;
        for (int r = 0; r < HotSpotSites.SETTLE_AFTER; r++) {
            assertEquals(1, walkOneIn(1), "walked each until settled");
            seen = request(ALWAYS);
        }
        assertEquals(HotSpotSites.WALK_ONE_IN, walkOneIn(0), "the first event settled");
        assertEquals(HotSpotSites.WALK_ONE_IN, walkOneIn(1), "the second event settled");
        assertEquals(1, walkOneIn(2), "no third event yet");
        assertEquals(1, walkOneIn(HotSpotSites.OUTSIDE), "events outside requests settle apart");
        long walks = sites.walks();
        for (int r = 0; r < 100; r++) {
            HotSpotSite[] unwalked = request(NEVER);
            assertSame(seen[0], unwalked[0]);
            assertSame(seen[1], unwalked[1]);
        }
        assertEquals(walks, sites.walks(), "no check drawn: no walk");
    }

    /** One request meeting the detail twice. */
    private HotSpotSite[] request(int draw) {
        EventPositions positions = new EventPositions();
        return new HotSpotSite[] {sites.site(KIND, "d", draw, positions, null), sites.site(KIND, "d", draw, positions, null)};
    }

    private HotSpotSite outside(int draw) {
        return sites.site(KIND, "d", draw, null, null);
    }

    private int walkOneIn(int position) {
        return sites.walkOneIn(KIND, "d", position);
    }
}
