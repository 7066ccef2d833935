package dev.soapscope.recorder;

/**
 * A request as {@link RequestListener}s see it when it ends. The view is reused for the thread's next
 * request: read it inside the callback, do not keep it.
 */
public interface CompletedRequest {
    int operationIndex();

    String operation();

    Outcome outcome();

    long totalNanos();

    long allocatedBytes();

    /**
     * Whether {@link #allocatedBytes()} and {@link #phaseAllocatedBytes} are figures: false when allocation is off, or
     * when the JVM could not count this thread's allocation (a virtual thread); they read 0 then, which is no figure.
     */
    boolean allocationMeasured();

    /** Self time of a phase in this request; the phases add up to {@link #totalNanos()}. */
    long phaseNanos(int phase);

    long phaseAllocatedBytes(int phase);

    int hotspots(int kind);

    long bytesIn();

    long bytesOut();

    /** Nanoseconds from the start of the request to the first response byte written, or -1. */
    long timeToFirstByteNanos();

    /** Whether the request went asynchronous ({@code startAsync}): it ends on whichever thread completed it. */
    boolean asynchronous();

    /** For a SOAP call, its peer ({@code host:port}), or null when unknown; null for a request served. */
    String peer();

    /** When the request started, on {@link System#nanoTime()}'s clock. */
    long startNanoTime();

    /**
     * Stretches of the request's time in one phase each, in order, when the recorder keeps them
     * ({@link Recorder#keepTimelines}, for phase spans); 0 otherwise. Times are on {@link System#nanoTime()}'s clock.
     */
    int timelineSize();

    /** Whether the request switched phases more often than the timeline keeps: it holds the first stretches. */
    boolean timelineTruncated();

    /**
     * The request's id, unique in this JVM; for a call, the id of the request that made it; 0 when there is none (a
     * call made outside any request). What ties a call's or a hot spot's Flight Recorder event to its request's.
     */
    default long requestId() {
        return 0;
    }

    /** What the {@link OpenListener} returned when this request or call opened, or null. */
    default Object startMark() {
        return null;
    }

    int timelinePhase(int i);

    long timelineStart(int i);

    long timelineEnd(int i);
}
