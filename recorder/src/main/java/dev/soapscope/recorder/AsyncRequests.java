package dev.soapscope.recorder;

import static dev.soapscope.recorder.Recorder.ASYNC;
import static dev.soapscope.recorder.Recorder.NOT_COUNTED;
import static dev.soapscope.recorder.Recorder.THREADS;
import static dev.soapscope.recorder.Recorder.aggregates;
import static dev.soapscope.recorder.Recorder.failed;
import static dev.soapscope.recorder.Recorder.listeners;
import static dev.soapscope.recorder.Recorder.record;

/**
 * Asynchronous requests ({@code startAsync}): the tasks and dispatches that work for a request on other threads, each
 * in a shard of its own, and the request recorded once it completed and no shard runs. Called by the servlet-async
 * probes and {@link AsyncTask}. State: the request's {@link AsyncRequest} handle (its frozen first recording and the
 * shards handed in), the threads' {@link ThreadRecording}s; a request ends in {@link Recorder}'s aggregates.
 */
public final class AsyncRequests {
    private AsyncRequests() {
    }

    /**
     * The request on this thread went asynchronous ({@code startAsync}): returns its handle, for the servlet probes to
     * keep in the request ({@link #ASYNC_ATTRIBUTE}); the same handle however often it is asked. Null when no request
     * is open here.
     */
    public static Object asyncStarted() {
        try {
            ThreadRecording t = THREADS.get();
            if (t.shardOf != null) {
                return t.shardOf; // an ASYNC dispatch going asynchronous again
            }
            if (!t.open || t.implicit || t.client || t.busy) {
                return null;
            }
            if (t.async == null) {
                t.async = new AsyncRequest();
            }
            return t.async;
        } catch (Throwable e) {
            failed("asyncStarted", e);
            return null;
        }
    }

    /** {@code task}, wrapped so that its work is the asynchronous request's ({@code AsyncContext.start}). */
    public static Runnable asyncTask(Object request, Runnable task) {
        return request instanceof AsyncRequest && task != null && !(task instanceof AsyncTask)
                ? new AsyncTask((AsyncRequest) request, task) : task;
    }

    /**
     * This thread starts working for an asynchronous request (its task, an ASYNC dispatch): returns {@link #ASYNC}, for
     * {@link #asyncRelease}, or {@link #NOT_COUNTED} when this thread already serves a request (the work is that one's).
     */
    public static int asyncAttach(Object request) {
        try {
            if (!(request instanceof AsyncRequest)) {
                return NOT_COUNTED;
            }
            ThreadRecording cur = THREADS.get();
            if (cur.open || cur.busy || cur.client) {
                return NOT_COUNTED;
            }
            AsyncRequest h = (AsyncRequest) request;
            synchronized (h) {
                if (h.recorded) {
                    return NOT_COUNTED; // work after the request was recorded (a late task): background
                }
                h.running++;
            }
            ThreadRecording shard = openShard(cur, false);
            shard.shardOf = h;
            ThreadRecording main = h.main;
            shard.requestId = main == null ? 0 : main.requestId; // its hot spots and calls are the request's
            return ASYNC;
        } catch (Throwable e) {
            failed("asyncAttach", e);
            return NOT_COUNTED;
        }
    }

    /** This thread is done working for the asynchronous request {@link #asyncAttach} attached it to. */
    public static void asyncRelease(int token) {
        if (token != ASYNC) {
            return;
        }
        try {
            ThreadRecording shard = THREADS.get();
            AsyncRequest h = shard.shardOf;
            if (h == null) {
                return;
            }
            closeShard(shard);
            boolean due;
            synchronized (h) {
                h.shards.add(shard);
                h.running--;
                due = h.due();
                h.recorded |= due;
            }
            if (due) {
                recordAsync(h);
            }
        } catch (Throwable e) {
            failed("asyncRelease", e);
        }
    }

    /**
     * The asynchronous request completed ({@code AsyncContext.complete}, or its last dispatch returned without going
     * asynchronous again), with this HTTP status (0 if unknown): it is recorded as soon as no thread works for it.
     */
    public static void asyncComplete(Object request, int status) {
        try {
            if (!(request instanceof AsyncRequest)) {
                return;
            }
            AsyncRequest h = (AsyncRequest) request;
            boolean due;
            synchronized (h) {
                if (h.completed) {
                    return;
                }
                h.completed = true;
                h.completedAt = System.nanoTime();
                h.status = status;
                due = h.due();
                h.recorded |= due;
            }
            if (due) {
                recordAsync(h);
            }
        } catch (Throwable e) {
            failed("asyncComplete", e);
        }
    }

    /**
     * A shard: this thread's stretch of work for an asynchronous request or call, recorded apart (a call's as a call,
     * so that the client probes record into it) and current until {@link #closeShard}; {@code cur} is parked meanwhile.
     */
    static ThreadRecording openShard(ThreadRecording cur, boolean call) {
        ThreadRecording shard = new ThreadRecording(call);
        shard.callNesting = call ? 1 : 0; // a call's boundary met in the shard nests in the call: it never ends the shard
        shard.parked = cur;
        shard.open(false, aggregates.allocation);
        THREADS.set(shard);
        return shard;
    }

    /** The shard's stretch ends: its figures are frozen, and the thread's own recording is current again. */
    static void closeShard(ThreadRecording shard) {
        shard.busy = true;
        try {
            shard.close();
        } finally {
            shard.busy = false;
        }
        THREADS.set(shard.parked);
        shard.parked = null;
    }

    /** The request's first thread is done with it: its recording is frozen and handed to the request's handle. */
    static void detachAsync(ThreadRecording t) {
        t.busy = true;
        try {
            t.close();
        } finally {
            t.busy = false;
        }
        AsyncRequest h = t.async;
        THREADS.set(new ThreadRecording()); // the frozen recording now belongs to the request, not to this thread
        boolean due;
        synchronized (h) {
            h.main = t;
            due = h.due();
            h.recorded |= due;
        }
        if (due) {
            recordAsync(h);
        }
    }

    /** Records an asynchronous request: its own recording with every shard's work added, timed to its completion. */
    private static void recordAsync(AsyncRequest h) {
        ThreadRecording t = h.main;
        t.busy = true;
        try {
            for (ThreadRecording shard : h.shards) {
                t.absorb(shard);
            }
            t.endAt(Math.max(h.completedAt, t.startNanos()));
            if (h.status > 0) {
                t.status = h.status;
            }
            Aggregates a = aggregates;
            int op = record(t, a);
            for (ThreadRecording shard : h.shards) {
                shard.flushSites(op, a.sites());
            }
            listeners.tell(t);
        } finally {
            h.shards.clear();
            t.reset();
            t.busy = false;
        }
    }

}
