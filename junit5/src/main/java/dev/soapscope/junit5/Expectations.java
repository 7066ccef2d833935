package dev.soapscope.junit5;

import java.util.ArrayList;
import java.util.List;

/**
 * The fluent form of the {@code @Expect...} annotations, on a {@link Recording}:
 * <pre>{@code
 * Recording r = SoapScope.record(() -> client.placeOrder(order));
 * SoapScope.expect(r).maxHotSpotsPerRequest("factory.create", 0).maxHotSpotsPerCall("client.create", 0).verify();
 * }</pre>
 * Every limit is checked, and one {@link AssertionError} lists all that were not met.
 */
public final class Expectations {
    private final Recording recording;
    private final List<Limit> limits = new ArrayList<Limit>();
    private String operation;

    Expectations(Recording recording) {
        this.recording = recording;
    }

    /** The limits that follow count only this operation's requests or calls (its full name or local part). */
    public Expectations operation(String name) {
        operation = name;
        return this;
    }

    /** At most this many hot spots of the kind ({@code factory.create}, {@code soap.conversion}...) per request served. */
    public Expectations maxHotSpotsPerRequest(String kind, double max) {
        return add(Limit.hotSpots(kind, Side.REQUESTS, max, operation));
    }

    /**
     * At most this many hot spots of the kind per call made, counting those met outside the requests served (where
     * a client built for every call is built: {@code client.create}).
     */
    public Expectations maxHotSpotsPerCall(String kind, double max) {
        return add(Limit.hotSpots(kind, Side.CALLS, max, operation));
    }

    /** At most this many bytes allocated in the phase ({@code soap.parse}...) per request served. */
    public Expectations maxPhaseAllocationPerRequest(String phase, long bytes) {
        return add(Limit.phaseAllocation(phase, Side.REQUESTS, bytes, operation));
    }

    public Expectations maxPhaseAllocationPerCall(String phase, long bytes) {
        return add(Limit.phaseAllocation(phase, Side.CALLS, bytes, operation));
    }

    /** At most this share (0 to 1) of the requests' time in the phase. */
    public Expectations maxPhaseShareOfRequests(String phase, double share) {
        return add(Limit.phaseShare(phase, Side.REQUESTS, share, operation));
    }

    public Expectations maxPhaseShareOfCalls(String phase, double share) {
        return add(Limit.phaseShare(phase, Side.CALLS, share, operation));
    }

    /** Throws one {@link AssertionError} naming every limit not met; returns quietly when all are. */
    public void verify() {
        String failure = Verdict.of(limits, recording, "this recording");
        if (failure != null) {
            throw new AssertionError(failure);
        }
    }

    private Expectations add(Limit limit) {
        limits.add(limit);
        return this;
    }
}
