package org.apache.hc.client5.fake;

import dev.soapscope.recorder.HotSpotKind;
import dev.soapscope.recorder.HotSpots;

/** Stands in for an HTTP client's connection operator (its package is one the caller walk passes over). */
public final class FakeConnector {
    private FakeConnector() {
    }

    /** Opens a "connection" as Apache HttpClient does under a SOAP stack: the event is raised two frames down. */
    public static void connect(HotSpotKind kind) {
        socket(kind);
    }

    private static void socket(HotSpotKind kind) {
        HotSpots.hotspot(kind.ordinal(), "fake connect");
    }
}
