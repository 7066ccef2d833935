package dev.soapscope.recorder;

import java.util.ArrayList;
import java.util.List;

/**
 * A SOAP call whose work is not all on its caller's thread: an asynchronous call ({@code invokeAsync}, a generated
 * {@code ...Async} method), whose answer is read on the stack's own threads, or a synchronous one whose answer arrives
 * on another thread (a JMS listener's). The stack keeps the handle with the call (CXF in its exchange), so the threads
 * that work for it later find it. As for an {@link AsyncRequest}, the caller's recording is frozen when its boundary
 * returns ({@link #main}), each other thread's stretch records into a shard of its own, and the call is recorded once
 * its answer was handed to the application and no shard is still running. A handle nobody answers is never recorded
 * and holds nothing of ours: it goes with the stack's call.
 */
public final class CallHandle {
    /** The caller's recording, once its boundary returned; null before. */
    ThreadRecording main;
    /** The request that made the call ({@code calledFrom}), taken when the caller's boundary returned; null if none. */
    String calledFrom;
    /** Shards handed in, waiting for the call to end; null until one is (most calls have none: a synchronous HTTP call). */
    List<ThreadRecording> shards;
    int running;
    /** {@link #answeredAt} when the answer was handed over inside the caller's boundary: the call ends with it. */
    static final long AT_BOUNDARY = Long.MIN_VALUE;
    /** The answer was handed to the application: the call's end. */
    boolean answered;
    long answeredAt;
    /** How the answer ended the call, when something other than the caller's boundary told (null: the boundary's). */
    Outcome outcome;
    boolean recorded;
    /** New connections an HTTP client opened for the call on its own threads, not yet counted on a thread in the call. */
    int newConnections;

    CallHandle() {
    }

    void addShard(ThreadRecording shard) {
        if (shards == null) {
            shards = new ArrayList<ThreadRecording>(2);
        }
        shards.add(shard);
    }

    /** Whether the call can be recorded now: answered, its caller's boundary returned, no shard running. */
    boolean due() {
        return answered && main != null && running == 0 && !recorded;
    }
}
