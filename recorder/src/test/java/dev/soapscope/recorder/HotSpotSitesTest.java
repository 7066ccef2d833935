package dev.soapscope.recorder;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import org.junit.jupiter.api.Test;

class HotSpotSitesTest {
    private static final int KIND = HotSpotKind.REGEX_COMPILE.ordinal();
    /** A draw that makes every event a check, whatever the interval. */
    private static final int ALWAYS = 0;

    private final HotSpotSites sites = new HotSpotSites(8, 64, 8);

    @Test
    void checksOfASettledDetailGrowRarerWhileTheyFindTheSameCaller() {
        HotSpotSite first = event(ALWAYS);
        for (int i = 1; i < HotSpotSites.SETTLE_AFTER; i++) {
            assertEquals(1, sites.walkOneIn(KIND, "d"), "walked each until settled");
            assertSame(first, event(ALWAYS));
        }
        assertEquals(HotSpotSites.WALK_ONE_IN, sites.walkOneIn(KIND, "d"));
        int expected = HotSpotSites.WALK_ONE_IN;
        while (expected < HotSpotSites.WALK_AT_MOST_ONE_IN) {
            assertSame(first, event(ALWAYS)); // a check, finding the same caller
            expected *= 2;
            assertEquals(expected, sites.walkOneIn(KIND, "d"));
        }
        assertSame(first, event(ALWAYS));
        assertEquals(HotSpotSites.WALK_AT_MOST_ONE_IN, sites.walkOneIn(KIND, "d"), "never rarer than that");
    }

    /** A second caller unsettling the detail is shown end to end in the API tests (RecorderTest), from two places. */
    @Test
    void anEventNotDrawnForACheckGoesToTheSettledCallerAndLeavesTheIntervalAlone() {
        HotSpotSite settled = null;
        for (int i = 0; i < HotSpotSites.SETTLE_AFTER; i++) {
            settled = event(ALWAYS);
        }
        for (int i = 0; i < 100; i++) {
            assertSame(settled, event(HotSpotSites.WALK_ONE_IN - 1)); // low bits set: no check at 1 in 64
        }
        assertEquals(HotSpotSites.WALK_ONE_IN, sites.walkOneIn(KIND, "d"));
    }

    private HotSpotSite event(int draw) {
        return sites.site(KIND, "d", draw, true, null);
    }
}
