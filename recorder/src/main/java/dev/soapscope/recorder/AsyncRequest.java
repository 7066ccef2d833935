package dev.soapscope.recorder;

import java.util.ArrayList;
import java.util.List;

/**
 * A served request that went asynchronous ({@code startAsync}): the handle the servlet probes keep in a request
 * attribute, so the work done for the request on other threads (an {@code AsyncContext.start} runnable, an ASYNC
 * dispatch) stays the request's. The thread that started it freezes its recording ({@link #main}) when its
 * {@code service()} returns; each later stretch of work records into a recording of its own thread (a shard), handed
 * in here when it ends, so no two threads ever write one recording. The request is recorded once it completed and no
 * shard is still running: its time runs from its start to its completion, the shards' phases added to the request's.
 */
public final class AsyncRequest {
    /** The request's own recording, frozen when its first {@code service()} returned; null before. */
    ThreadRecording main;
    /** Shards handed in, waiting for the request to end. */
    final List<ThreadRecording> shards = new ArrayList<ThreadRecording>(2);
    /** Shards running now. */
    int running;
    boolean completed;
    int status;
    long completedAt;
    boolean recorded;

    AsyncRequest() {
    }

    /** Whether the request can be recorded now: completed, its first thread done, no shard running. */
    boolean due() {
        return completed && main != null && running == 0 && !recorded;
    }
}
