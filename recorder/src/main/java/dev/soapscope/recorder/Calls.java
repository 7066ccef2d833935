package dev.soapscope.recorder;

import static dev.soapscope.recorder.AsyncRequests.closeShard;
import static dev.soapscope.recorder.AsyncRequests.openShard;
import static dev.soapscope.recorder.HotSpots.hotspot;
import static dev.soapscope.recorder.Recorder.ASYNC;
import static dev.soapscope.recorder.Recorder.NESTED;
import static dev.soapscope.recorder.Recorder.NEW_CONNECTION;
import static dev.soapscope.recorder.Recorder.NOT_COUNTED;
import static dev.soapscope.recorder.Recorder.OPENED;
import static dev.soapscope.recorder.Recorder.THREADS;
import static dev.soapscope.recorder.Recorder.aggregates;
import static dev.soapscope.recorder.Recorder.callListeners;
import static dev.soapscope.recorder.Recorder.calledFrom;
import static dev.soapscope.recorder.Recorder.exit;
import static dev.soapscope.recorder.Recorder.failed;
import static dev.soapscope.recorder.Recorder.finishCall;
import static dev.soapscope.recorder.Recorder.recordCallFigures;
import static dev.soapscope.recorder.Recorder.startMark;

/**
 * The SOAP calls this JVM makes: a call's boundary, its handle for the threads that read its answer, its peer and
 * outcome, and the client side's sockets and connections. Called by the client probes ({@code ClientProbes} per stack,
 * {@code client-sockets}, {@code http-clients}, {@code java-http-client}). State: the thread's {@link ThreadRecording}
 * (a call records into one of its own, the request that made it parked in {@link Phase#DOWNSTREAM}), a call's
 * {@link CallHandle} and its shards on other threads, {@link CallRequests} and {@link Peers}; a call ends in
 * {@link Recorder}'s aggregates and call listeners.
 */
public final class Calls {
    private Calls() {
    }

    /**
     * Starts a SOAP call on this thread, or nests in the one already open. Returns a token for {@link #clientEnd}.
     * The request open on the thread, if any, waits in {@link Phase#DOWNSTREAM} until the call ends.
     */
    public static int clientStart() {
        try {
            ThreadRecording t = THREADS.get();
            if (t.busy) {
                return NOT_COUNTED;
            }
            if (t.client) {
                t.callNesting++;
                return NESTED;
            }
            if (t.lateReads != null) {
                LateReads.record(t); // the last call's answer is read by now, as far as it ever will be here
            }
            ThreadRecording c = t.call;
            if (c == null) {
                c = new ThreadRecording(true);
                c.outer = t;
                t.call = c;
            }
            if (t.open) {
                t.enterDownstream();
            }
            Object mark = startMark(t, true); // before the clock starts: the listener's work is not the call's
            c.open(false, aggregates.allocation);
            c.requestId = t.open && !t.implicit ? t.requestId : 0;
            c.startMark = mark;
            c.callNesting = 1;
            THREADS.set(c);
            return OPENED;
        } catch (Throwable e) {
            failed("clientStart", e);
            return NOT_COUNTED;
        }
    }

    /**
     * Ends what {@link #clientStart()} started; {@code thrown} is what the call threw (null when it returned), which
     * tells its outcome. The outermost end records the call, and the thread's request goes on.
     */
    public static void clientEnd(int token, Throwable thrown) {
        if (token == NOT_COUNTED) {
            return;
        }
        try {
            ThreadRecording c = THREADS.get();
            if (!c.client) {
                return; // an end with no start on this thread
            }
            if (thrown != null && c.callOutcome == Outcome.SUCCESS) {
                c.callOutcome = Outcome.ofCall(thrown); // the innermost boundary sees the stack's own exception
            }
            if (--c.callNesting > 0) {
                return;
            }
            if (c.outer != null && c.outer.proxyDepth > 0 && !c.endsWithProxy && c.shardOfCall == null) {
                c.callNesting = 1; // the proxy around it maps the answer (a fault to its exception): still the call
                c.endsWithProxy = true;
                return;
            }
            if (c.handle != null && c.handle.newConnections > 0) {
                raiseNewConnections(c.handle);
            }
            endCall(c, thrown != null || !c.goesAsync); // an asynchronous call that returned is not answered yet
        } catch (Throwable e) {
            failed("clientEnd", e);
        }
    }

    /**
     * Before a JAX-WS proxy's {@code invoke} (CXF's {@code JaxWsClientProxy}): a call its stack's boundary opens inside
     * it ends when it returns, so what the proxy does with the answer (unwrapping it, mapping a fault to a
     * {@code SOAPFaultException}: a {@code SOAPFactory} and a parser factory each) is the call's. A proxy method that
     * makes no call ({@code toString}, its request context) is nothing. Returns whether it counted, for {@link #proxyEnd}.
     */
    public static boolean proxyStart() {
        try {
            ThreadRecording t = THREADS.get();
            if (!t.client && !t.busy) {
                t.proxyDepth++;
                return true;
            }
        } catch (Throwable e) {
            failed("proxyStart", e);
        }
        return false;
    }

    /** After that proxy's {@code invoke}: {@code thrown} is what it threw. Ends the call its boundary left to it. */
    public static void proxyEnd(boolean started, Throwable thrown) {
        if (!started) {
            return;
        }
        try {
            ThreadRecording r = THREADS.get();
            if (r.client && r.endsWithProxy && r.callNesting == 1) {
                clientEnd(OPENED, thrown);
                r = THREADS.get();
            }
            if (!r.client && r.proxyDepth > 0) {
                r.proxyDepth--;
            }
        } catch (Throwable e) {
            failed("proxyEnd", e);
        }
    }

    /** Records the call (or hands it to its handle) and gives the thread back to its own recording. */
    static void endCall(ThreadRecording c, boolean answered) {
        ThreadRecording t = c.outer;
        try {
            if (c.handle == null) {
                finishCall(c, t);
            } else {
                handOver(c, t, answered);
            }
        } finally {
            THREADS.set(t);
            if (t.downstream) {
                t.exitDownstream();
            }
        }
    }

    /**
     * The caller's boundary of a call with a handle returned: its recording is frozen into the handle, and the call
     * recorded now if nothing else works for it, else by the last thread that does. {@code answered}: the boundary
     * returned the answer (a synchronous call), rather than leaving it to other threads.
     */
    private static void handOver(ThreadRecording c, ThreadRecording t, boolean answered) {
        CallHandle h = c.handle;
        c.busy = true;
        try {
            c.close();
        } finally {
            c.busy = false;
        }
        String from = calledFrom(t);
        boolean due;
        synchronized (h) {
            h.main = c;
            h.calledFrom = from;
            if (answered && !h.answered) {
                h.answered = true;
                h.answeredAt = c.lastNanos();
            }
            due = h.due();
            h.recorded |= due;
        }
        if (due) {
            recordCall(h, true); // here, on the caller's thread: its recording is free for its next call
        } else {
            t.call = null; // the recording is the handle's now; the thread's next call gets one of its own
        }
    }

    /**
     * The call open on this thread, as a handle for the work other threads do for it (the stack keeps it with the
     * call: CXF in its exchange); the same handle however often it is asked. Null outside a call.
     */
    public static Object callHandle() {
        try {
            ThreadRecording c = THREADS.get();
            if (!c.client || c.busy) {
                return null;
            }
            return c.shardOfCall != null ? c.shardOfCall : handleOf(c);
        } catch (Throwable e) {
            failed("callHandle", e);
            return null;
        }
    }

    /** The handle of the call {@code c} records, made at its first asking. */
    private static CallHandle handleOf(ThreadRecording c) {
        if (c.handle == null) {
            c.handle = new CallHandle();
        }
        return c.handle;
    }

    /**
     * The call open on this thread went asynchronous ({@code invokeAsync}, CXF's {@code doInvoke} with a callback,
     * Metro's {@code processAsync}): when its outermost boundary returns, the call goes on without its caller and ends
     * when its answer is handed over ({@link #callAnswered}). Only a call with a {@link #callHandle} can: another ends
     * with its boundary, as before.
     */
    public static void clientGoesAsync() {
        try {
            ThreadRecording c = THREADS.get();
            if (c.client && c.shardOfCall == null && c.handle != null) {
                c.goesAsync = true;
            }
        } catch (Throwable e) {
            failed("clientGoesAsync", e);
        }
    }

    /**
     * An HTTP client's request made inside the call open on this thread, which the client will send from threads of its
     * own (the JDK's {@code java.net.http}): remembered with the call, so that a connection opened for it there is the
     * call's ({@link #connectionOpenedFor}). Weakly, and only so many at once: a request gone is forgotten.
     */
    public static void keepCallWith(Object request) {
        try {
            ThreadRecording c = THREADS.get();
            if (c.client && !c.busy && c.shardOfCall == null && request != null) {
                CallRequests.keep(request, handleOf(c));
            }
        } catch (Throwable e) {
            failed("keepCallWith", e);
        }
    }

    /**
     * An HTTP client opened a new connection to {@code address} for {@code request}, on whatever thread: a
     * {@link HotSpotKind#CONNECTION_NEW} of the call that made the request when this JVM had connected to that peer
     * before. Counted on a thread in the call (its caller, at the application's line) when its boundary returns.
     */
    public static void connectionOpenedFor(Object request, Object address) {
        try {
            CallHandle h = CallRequests.take(request);
            String peer = Peers.of(address);
            if (h != null && peer != null && Peers.connectedBefore(peer)) {
                synchronized (h) {
                    h.newConnections++;
                }
            }
        } catch (Throwable e) {
            failed("connectionOpenedFor", e);
        }
    }

    /** The new connections other threads opened for the call this thread works in, as hot spots here. */
    private static void raiseNewConnections(CallHandle h) {
        int n;
        synchronized (h) {
            n = h.newConnections;
            h.newConnections = 0;
        }
        for (int i = 0; i < n; i++) {
            hotspot(HotSpotKind.CONNECTION_NEW.ordinal(), NEW_CONNECTION);
        }
    }

    /**
     * This thread starts working for the call {@code handle} stands for (reading its answer): returns {@link #ASYNC},
     * for {@link #callRelease}, or {@link #NOT_COUNTED} when this thread already works for that call or for another
     * call or request (the work is that one's), or the call was recorded.
     */
    public static int callAttach(Object handle) {
        try {
            if (!(handle instanceof CallHandle)) {
                return NOT_COUNTED;
            }
            ThreadRecording cur = THREADS.get();
            if (cur.open || cur.busy || cur.client) {
                return NOT_COUNTED;
            }
            CallHandle h = (CallHandle) handle;
            synchronized (h) {
                if (h.recorded || h.answered && h.main != null) {
                    return NOT_COUNTED;
                }
                h.running++;
            }
            ThreadRecording shard = openShard(cur, true);
            shard.shardOfCall = h;
            ThreadRecording call = h.main;
            shard.requestId = call == null ? 0 : call.requestId; // the request that made the call
            return ASYNC;
        } catch (Throwable e) {
            failed("callAttach", e);
            return NOT_COUNTED;
        }
    }

    /** This thread is done working for the call {@link #callAttach} attached it to (if the answer did not end it first). */
    public static void callRelease(int token) {
        if (token != ASYNC) {
            return;
        }
        try {
            ThreadRecording shard = THREADS.get();
            if (shard.shardOfCall != null) {
                releaseShard(shard);
            }
        } catch (Throwable e) {
            failed("callRelease", e);
        }
    }

    static void releaseShard(ThreadRecording shard) {
        CallHandle h = shard.shardOfCall;
        closeShard(shard);
        boolean due;
        synchronized (h) {
            h.addShard(shard);
            h.running--;
            due = h.due();
            h.recorded |= due;
        }
        if (due) {
            recordCall(h, false);
        }
    }

    /**
     * The answer of the call this thread works for is handed to the application ({@code Future} completed, handler
     * called): the call ends now, {@code thrown} (null: an answer) telling its outcome. A shard stops here: what the
     * thread does next (the application's handler) is not the call's.
     */
    public static void callAnswered(Throwable thrown) {
        try {
            ThreadRecording r = THREADS.get();
            CallHandle h = r.shardOfCall != null ? r.shardOfCall : r.client ? r.handle : null;
            if (h == null || r.busy) {
                return;
            }
            synchronized (h) {
                if (h.answered) {
                    return;
                }
                h.answered = true;
                // handed over inside the caller's own boundary (an answer read on its thread): the call ends with it
                h.answeredAt = r.shardOfCall == null ? CallHandle.AT_BOUNDARY : System.nanoTime();
                h.outcome = Outcome.ofCall(thrown);
            }
            if (h.newConnections > 0) {
                raiseNewConnections(h); // opened after its caller had gone: counted here, with no caller's line
            }
            if (r.shardOfCall != null) {
                releaseShard(r);
            }
        } catch (Throwable e) {
            failed("callAnswered", e);
        }
    }

    /**
     * Records a call whose work was spread over threads: the caller's recording with every shard's work added.
     * {@code onCaller}: on the caller's thread, whose later reads of the answer are then the call's ({@link LateReads}).
     */
    private static void recordCall(CallHandle h, boolean onCaller) {
        ThreadRecording c = h.main;
        java.util.List<ThreadRecording> shards = h.shards == null ? java.util.Collections.<ThreadRecording>emptyList() : h.shards;
        c.busy = true;
        try {
            for (ThreadRecording shard : shards) {
                c.absorb(shard);
            }
            c.endCallAt(h.answeredAt == CallHandle.AT_BOUNDARY ? c.lastNanos() : Math.max(h.answeredAt, c.startNanos()));
            if (h.outcome != null && h.outcome != Outcome.SUCCESS && c.callOutcome == Outcome.SUCCESS) {
                c.callOutcome = h.outcome;
            }
            int row = recordCallFigures(c, h.calledFrom);
            for (ThreadRecording shard : shards) {
                shard.flushSites(row, aggregates.sites());
            }
            if (onCaller) {
                LateReads.follow(c, c.operationIndex, row);
            }
            callListeners.tell(c);
        } finally {
            h.shards = null;
            c.reset();
            c.busy = false;
        }
    }

    /**
     * The call in progress was answered by a SOAP fault, though its boundary returned normally (Metro's
     * {@code Stub.process} returns the fault, which the port then throws).
     */
    public static void clientFault() {
        try {
            ThreadRecording c = THREADS.get();
            if (c.client && c.callOutcome == Outcome.SUCCESS) {
                c.callOutcome = Outcome.FAULT;
            }
        } catch (Throwable e) {
            failed("clientFault", e);
        }
    }

    /** The peer of the call in progress, from its endpoint address ({@code http://host:port/path}) or {@code host:port}. */
    public static void clientPeer(String address) {
        try {
            ThreadRecording c = THREADS.get();
            if (c.client && c.peer == null && !c.busy && address != null) {
                c.peer = c.peerOf(address);
            }
        } catch (Throwable e) {
            failed("clientPeer", e);
        }
    }

    /**
     * Enters {@code phase} only inside a SOAP call: for a JDK HTTP client's own steps (getting a connection, reading the
     * status line and headers), which run for every HTTP client in the JVM. Returns whether it entered.
     */
    public static boolean enterInCall(int phase) {
        try {
            ThreadRecording c = THREADS.get();
            if (c.client && !c.busy) {
                c.push(phase);
                return true;
            }
        } catch (Throwable e) {
            failed("enterInCall", e);
        }
        return false;
    }

    /** Leaves what {@link #enterInCall} entered. */
    public static void exitInCall(boolean entered, int phase) {
        if (entered) {
            exit(phase);
        }
    }

    /** Before a socket connects: a call in progress spends it in {@link Phase#CONNECT}. Returns whether it entered. */
    public static boolean connectStart() {
        try {
            ThreadRecording c = THREADS.get();
            if (c.client && !c.busy) {
                c.push(Phase.CONNECT.ordinal());
                return true;
            }
        } catch (Throwable e) {
            failed("connectStart", e);
        }
        return false;
    }

    /**
     * After it: the call's peer if no probe named one, and a {@link HotSpotKind#CONNECTION_NEW} event when this JVM's
     * calls had connected to that peer before (keep-alive would have saved the connection).
     */
    public static void connectEnd(boolean started, Object address) {
        if (!started) {
            return;
        }
        try {
            ThreadRecording c = THREADS.get();
            if (!c.client) {
                return;
            }
            c.pop(Phase.CONNECT.ordinal());
            String peer = Peers.of(address);
            if (c.peer == null) {
                c.peer = peer;
            }
            if (peer != null && Peers.connectedBefore(peer)) {
                hotspot(HotSpotKind.CONNECTION_NEW.ordinal(), NEW_CONNECTION);
            }
        } catch (Throwable e) {
            failed("connectEnd", e);
        }
    }

    /**
     * Before a socket read: a call in progress that has sent its request and read nothing of the answer waits
     * ({@link Phase#WAIT}); later reads are {@link Phase#TRANSPORT_READ}. Returns the phase entered, or -1.
     */
    public static int socketReadStart() {
        try {
            ThreadRecording c = THREADS.get();
            if (c.client && !c.busy && c.readDepth++ == 0) {
                int phase = (c.awaitingAnswer ? Phase.WAIT : Phase.TRANSPORT_READ).ordinal();
                c.push(phase);
                return phase;
            }
        } catch (Throwable e) {
            failed("socketReadStart", e);
        }
        return -1;
    }

    /** After it: what it returned (-1 at the end of the stream). */
    public static void socketReadEnd(int phase, long bytes) {
        if (phase < 0) {
            return;
        }
        try {
            ThreadRecording c = THREADS.get();
            if (!c.client) {
                return;
            }
            c.readDepth = 0;
            c.pop(phase);
            if (bytes > 0) {
                c.awaitingAnswer = false;
                c.bytesIn += bytes;
                c.readCalls++;
            }
        } catch (Throwable e) {
            failed("socketReadEnd", e);
        }
    }

    /** Before a socket write: a call in progress spends it in {@link Phase#TRANSPORT_WRITE}. Returns whether it entered. */
    public static boolean socketWriteStart() {
        try {
            ThreadRecording c = THREADS.get();
            if (c.client && !c.busy && c.writeDepth++ == 0) {
                c.push(Phase.TRANSPORT_WRITE.ordinal());
                return true;
            }
        } catch (Throwable e) {
            failed("socketWriteStart", e);
        }
        return false;
    }

    /** After it: {@code bytes} written; the answer is awaited from now on. */
    public static void socketWriteEnd(boolean started, long bytes) {
        if (!started) {
            return;
        }
        try {
            ThreadRecording c = THREADS.get();
            if (!c.client) {
                return;
            }
            c.writeDepth = 0;
            c.pop(Phase.TRANSPORT_WRITE.ordinal());
            c.awaitingAnswer = true;
            if (bytes > 0) {
                c.bytesOut += bytes;
            }
        } catch (Throwable e) {
            failed("socketWriteEnd", e);
        }
    }

}
