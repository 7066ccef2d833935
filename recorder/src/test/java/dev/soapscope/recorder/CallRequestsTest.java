package dev.soapscope.recorder;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Requests kept with their calls: by identity, taken once, bounded, and gone with the request. */
class CallRequestsTest {
    /** Equal by value, as the JDK's HTTP requests are. */
    static final class EqualRequest {
        @Override
        public boolean equals(Object o) {
            return o instanceof EqualRequest;
        }

        @Override
        public int hashCode() {
            return 1;
        }
    }

    @Test
    void equalRequestsOfTwoCallsStayApartAndAreTakenOnce() {
        EqualRequest a = new EqualRequest();
        EqualRequest b = new EqualRequest();
        CallHandle first = new CallHandle();
        CallHandle second = new CallHandle();
        CallRequests.keep(a, first);
        CallRequests.keep(b, second);
        assertSame(second, CallRequests.take(b));
        assertSame(first, CallRequests.take(a));
        assertNull(CallRequests.take(a), "taken once");
    }

    @Test
    void aRequestGoneIsForgottenAndNoMoreThanMaxAreKept() throws InterruptedException {
        List<Object> alive = new ArrayList<>();
        for (int i = 0; i < CallRequests.MAX + 100; i++) {
            Object r = new Object();
            alive.add(r);
            CallRequests.keep(r, new CallHandle());
        }
        assertTrue(CallRequests.size() <= CallRequests.MAX, CallRequests.size() + " kept");
        alive.clear();
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (CallRequests.size() > 0 && System.nanoTime() < deadline) {
            System.gc();
            Thread.sleep(20);
        }
        assertEquals(0, CallRequests.size(), "requests gone, entries gone");
    }
}
