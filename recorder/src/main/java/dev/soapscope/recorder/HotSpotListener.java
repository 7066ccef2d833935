package dev.soapscope.recorder;

/**
 * Told of each hot spot as it is met, on its thread, with its site (kind, detail, the application's line) and the
 * operation of the request or call it is in (null: none, or not named yet). Not told of single-byte reads, which come
 * by the thousand: requests count them. Called inside the recorder's guard: what it does is never recorded.
 */
public interface HotSpotListener {
    /**
     * {@code requestId} is the request's {@link CompletedRequest#requestId()} (in a call, the request that made it),
     * 0 outside any.
     */
    void hotSpot(HotSpotSite site, String operation, long requestId);
}
