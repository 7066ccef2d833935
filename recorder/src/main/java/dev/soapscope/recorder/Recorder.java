package dev.soapscope.recorder;

import static dev.soapscope.recorder.AsyncRequests.detachAsync;
import static dev.soapscope.recorder.Calls.endCall;
import static dev.soapscope.recorder.Calls.releaseShard;
import static dev.soapscope.recorder.HotSpots.hotspot;
import static dev.soapscope.recorder.Streams.inRequest;
import static dev.soapscope.recorder.Streams.readEnd;
import static dev.soapscope.recorder.Streams.readStart;

import java.util.function.Function;

/**
 * What probes call, first of all: the request's life ({@link #requestStart()} to {@link #requestEnd}) and its phases
 * ({@link #enter}, {@link #exit}), and the state every entry class shares: the threads' recordings, the aggregates,
 * the listeners and sinks. Every entry method is static, cheap (a thread-local lookup and a clock read), never throws,
 * and never allocates in steady state. State lives per thread in a {@link ThreadRecording} and, once a request ends,
 * in the lock-free {@link Aggregates}. The other doors, by concern:
 * <ul>
 * <li>{@link Naming}: what a request or call is called (stack operation, payload root, SOAPAction, HTTP);</li>
 * <li>{@link Streams}: the request's and response's streams, readers and writers;</li>
 * <li>{@link AsyncRequests}: a request that goes asynchronous, worked on by other threads;</li>
 * <li>{@link Calls}: the SOAP calls this JVM makes, their connections and sockets;</li>
 * <li>{@link HotSpots}: hot-spot events, counted at their callers.</li>
 * </ul>
 *
 * <p>A request is opened by {@link #requestStart()} and closed by the matching {@link #requestEnd}; starts nest
 * (the servlet filter and {@code HttpServlet#service} both start the same request) and only the outermost pair
 * opens and closes. A phase entered on a thread with no open request opens an implicit request that is counted
 * under {@link OperationTable#NO_REQUEST_NAME}: work handed to another thread is counted, never lost.
 *
 * <p>A SOAP call the thread makes is opened by {@link Calls#clientStart()} and closed by {@link Calls#clientEnd}; while
 * it runs, phases, names and hot spots go to the call, and the request around it (if any) waits in
 * {@link Phase#DOWNSTREAM}. Calls nest like requests: a stack's call boundary inside another's counts once.
 */
public final class Recorder {
    /** {@link #requestStart()} tokens, handed back to {@link #requestEnd}. */
    public static final int NOT_COUNTED = 0;
    public static final int NESTED = 1;
    public static final int OPENED = 2;
    /** {@link AsyncRequests#asyncAttach} token: this thread records a stretch of an asynchronous request's work. */
    public static final int ASYNC = 3;
    /** The request attribute the servlet probes keep an asynchronous request's handle in. */
    public static final String ASYNC_ATTRIBUTE = "dev.soapscope.async";

    static final String UNKNOWN_SITE = "(unknown)";
    /** A call still open after this long when its thread starts serving a request lost its end (an advice not run). */
    static final long ABANDONED_CALL_NANOS = 10L * 60 * 1_000_000_000L;
    private static final NameSource[] NAME_SOURCES = NameSource.values();

    static final ThreadRecordings THREADS = new ThreadRecordings();
    static volatile Aggregates aggregates = new Aggregates(RecorderSettings.DEFAULTS);
    static volatile Listeners listeners = Listeners.NONE;
    /** Told of every SOAP call recorded, as {@link #listeners} are of requests. */
    static volatile Listeners callListeners = Listeners.NONE;
    /**
     * Where phase segments go while a sampler wants them (a profiler recording), else null: one volatile read per
     * switch. The sampler's sink, the phase events' sink, or both, behind calls the JIT does not inline ({@link OpaqueSink}).
     */
    static volatile SegmentSink segmentSink;
    private static SegmentSink samplerSink;
    private static SegmentSink phaseEventSink;
    /** Called through a handle the JIT cannot inline into the request's start ({@link Listeners}). */
    private static volatile OpenListener openListener;
    static volatile HotSpotListener hotSpotListener;
    /** Whether requests keep their {@link Timeline} (a tracer wants phase spans): one volatile read per request. */
    static volatile boolean keepTimelines;
    /** Some SOAP call was recorded: clients built from now on are the calls' (a Bus built at start-up is not). */
    static volatile boolean callsMade;
    /** The site of a {@link HotSpotKind#CONNECTION_NEW}. */
    static final String NEW_CONNECTION = "new connection to a peer connected before (no keep-alive)";
    /** Serves the endpoint's documents for callers that only share the bootstrap classes (the filter beside the agent). */
    private static volatile Function<String, String[]> endpoint;

    private Recorder() {
    }

    /** Applies new limits and starts afresh: what was recorded so far is dropped. */
    public static synchronized void configure(RecorderSettings settings) {
        callsMade = false;
        aggregates = new Aggregates(settings);
    }

    public static Aggregates aggregates() {
        return aggregates;
    }

    /**
     * Keeps a request a tracer saw as the exemplar of its duration bucket ({@code /metrics} in OpenMetrics links the
     * bucket to the trace). Called by a {@link RequestListener} with the request it was told of.
     */
    public static void offerExemplar(CompletedRequest request, String traceId, String spanId) {
        int op = request.operationIndex();
        if (op == OperationTable.NO_REQUEST || op < 0 || traceId == null || spanId == null) {
            return;
        }
        OperationStats s = aggregates.stats(op);
        if (s != null) {
            s.offerExemplar(request.outcome(), request.totalNanos(), traceId, spanId);
        }
    }

    /**
     * After how many seconds of a stack's service code running outside any request, with no request opened, the agent
     * says so ({@code unserved.warn.seconds}); 0: never.
     */
    public static void warnUnservedAfter(long seconds) {
        UnservedWork.sayAfter(seconds);
    }

    /** Makes requests keep the stretches of time of each phase, for listeners ({@link CompletedRequest#timelineSize}). */
    public static void keepTimelines(boolean keep) {
        keepTimelines = keep;
    }

    public static synchronized void addListener(RequestListener listener) {
        Listeners.warm();
        listeners = listeners.with(listener);
    }

    public static synchronized void removeListener(RequestListener listener) {
        listeners = listeners.without(listener);
    }

    /** Tells {@code listener} of every SOAP call this JVM makes once it is recorded, on the calling thread. */
    public static synchronized void addCallListener(RequestListener listener) {
        Listeners.warm();
        callListeners = callListeners.with(listener);
    }

    public static synchronized void removeCallListener(RequestListener listener) {
        callListeners = callListeners.without(listener);
    }

    /** Starts (or, with null, stops) telling {@code listener} of each request and call that opens. */
    public static void setOpenListener(OpenListener listener) {
        if (listener != null) {
            Listeners.warm();
        }
        openListener = listener;
    }

    /** Starts (or, with null, stops) telling {@code listener} of each hot spot met. */
    public static void setHotSpotListener(HotSpotListener listener) {
        hotSpotListener = listener;
    }

    /**
     * What the open listener keeps with a request or call opening now on {@code t}'s thread; null when there is none
     * or it failed. Asked before the request's clock starts, inside the recorder's guard: what it does is never
     * recorded, neither as the request's time nor as its hot spots.
     */
    static Object startMark(ThreadRecording t, boolean call) {
        OpenListener l = openListener;
        if (l == null) {
            return null;
        }
        t.busy = true;
        try {
            return Listeners.opened(l, call);
        } catch (Throwable e) {
            Log.warnOnce("open-listener", "open listener " + l.getClass().getName() + " failed", e);
            return null;
        } finally {
            t.busy = false;
        }
    }

    /** Starts (or, with null, stops) telling a sampler about phase segments. */
    public static synchronized void setSegmentSink(SegmentSink sink) {
        samplerSink = sink;
        segmentSink = OpaqueSink.of(BothSinks.of(samplerSink, phaseEventSink));
    }

    /** Starts (or, with null, stops) telling Flight Recorder's phase events about phase segments, beside a sampler. */
    public static synchronized void setPhaseEventSink(SegmentSink sink) {
        phaseEventSink = sink;
        segmentSink = OpaqueSink.of(BothSinks.of(samplerSink, phaseEventSink));
    }

    /**
     * Finds hot spots' callers with {@code walk} from now on: the agent's, calling {@code StackWalker} directly on Java
     * 11 and later (the recorder, compiled for Java 8, reaches it by method handles, which cost a start about 15 ms).
     */
    public static void walkStacksWith(StackWalk walk) {
        Callers.walkWith(walk);
    }

    /** Installs the endpoint: a path in, {status, content type, body} out. */
    public static void serveEndpointWith(Function<String, String[]> handler) {
        endpoint = handler;
    }

    /** The endpoint's answer for a path, or null when nobody installed an endpoint in this class loader. */
    public static String[] serveEndpoint(String path) {
        Function<String, String[]> handler = endpoint;
        return handler == null ? null : handler.apply(path);
    }

    // ---- requests ----

    /** Starts a request on this thread, or nests in the one already open. Returns a token for {@link #requestEnd}. */
    public static int requestStart() {
        try {
            ThreadRecording t = THREADS.get();
            if (t.client) {
                if (t.sinceStart() < ABANDONED_CALL_NANOS) {
                    return NOT_COUNTED; // a request served inside a call this thread makes (an in-JVM transport) is the call's
                }
                t.callOutcome = Outcome.EXCEPTION; // a call whose end was lost long ago must not hold the thread
                if (t.shardOfCall != null) {
                    releaseShard(t);
                } else {
                    endCall(t, true);
                }
                t = THREADS.get();
            }
            if (t.busy) {
                return NOT_COUNTED;
            }
            if (t.lateReads != null && t.requestDepth == 0) {
                LateReads.record(t); // the last call's answer is read by now, as far as it ever will be here
            }
            if (t.requestDepth++ > 0 || t.shardOf != null) {
                return NESTED; // a shard of an asynchronous request is that request's: a servlet in it only nests
            }
            if (t.open) {
                finish(t); // background work that ran just before on this thread
            }
            Object mark = startMark(t, false); // before the clock starts: the listener's work is not the request's
            t.open(false, aggregates.allocation);
            t.numberRequest();
            t.startMark = mark;
            return OPENED;
        } catch (Throwable e) {
            failed("requestStart", e);
            return NOT_COUNTED;
        }
    }

    /**
     * Ends what {@link #requestStart()} started. {@code status} is the HTTP status (0 if unknown) and
     * {@code threw} whether the request ended with an exception. The outermost end closes the request.
     */
    public static void requestEnd(int token, int status, boolean threw) {
        if (token == NOT_COUNTED) {
            return;
        }
        try {
            ThreadRecording t = THREADS.get();
            if (t.requestDepth == 0) {
                return; // an end with no start on this thread (an async request completing elsewhere)
            }
            if (status > 0) {
                t.status = status;
            }
            t.threw |= threw;
            if (t.shardOf != null) {
                t.requestDepth--; // a shard ends with asyncRelease, never here
                return;
            }
            if (--t.requestDepth == 0 && t.open) {
                if (t.async != null) {
                    detachAsync(t); // it went asynchronous: it ends when it completes, wherever that is
                } else {
                    finish(t);
                }
            }
        } catch (Throwable e) {
            failed("requestEnd", e);
        }
    }

    /**
     * Opens a request that another method ends ({@link #requestEndHeld}): for a transport that reads a request's head
     * in one call and serves it in the one around it (Axis2's own server, whose keep-alive wait is in that first call).
     */
    public static void requestStartHeld() {
        int token = requestStart();
        try {
            THREADS.get().heldToken = token;
        } catch (Throwable e) {
            failed("requestStartHeld", e);
        }
    }

    /**
     * A transport starts reading a request's head on this thread, after an idle wait that is no request's: the
     * request opens ({@link #requestStartHeld}) when the first bytes come in ({@link #headArrived}).
     */
    public static void awaitHead() {
        try {
            ThreadRecording t = THREADS.get();
            t.awaitingHead = !t.open || t.implicit;
        } catch (Throwable e) {
            failed("awaitHead", e);
        }
    }

    /**
     * Bytes came in from the connection; on a thread awaiting a request's head, the first ones open the request,
     * and the rest of the head, until {@link #headRead}, is read in {@code transport.read}.
     */
    public static void headArrived(long bytes) {
        try {
            ThreadRecording t = THREADS.get();
            if (t.awaitingHead && bytes > 0) {
                t.awaitingHead = false;
                requestStartHeld();
                if (inRequest()) { // reading and parsing the rest of the head is the transport's read
                    readStart();
                    THREADS.get().readingHead = true;
                }
            }
        } catch (Throwable e) {
            failed("headArrived", e);
        }
    }

    /**
     * The head is read ({@code read}) or its read failed: a head awaited whose bytes were already buffered (no read
     * came) opens the request now.
     */
    public static void headRead(boolean read) {
        try {
            ThreadRecording t = THREADS.get();
            if (t.readingHead) {
                t.readingHead = false;
                readEnd(0, false, null);
            }
            if (t.awaitingHead) {
                t.awaitingHead = false;
                if (read) {
                    requestStartHeld();
                }
            }
        } catch (Throwable e) {
            failed("headRead", e);
        }
    }

    /** Ends the request {@link #requestStartHeld} opened on this thread, if it did; its status as the transport set it. */
    public static void requestEndHeld(boolean threw) {
        int token = NOT_COUNTED;
        try {
            ThreadRecording t = THREADS.get();
            token = t.heldToken;
            t.heldToken = NOT_COUNTED;
        } catch (Throwable e) {
            failed("requestEndHeld", e);
        }
        requestEnd(token, 0, threw);
    }

    /** The response's status, where a transport sets it apart from the request's end (no status getter there). */
    public static void responseStatus(int status) {
        try {
            ThreadRecording t = THREADS.get();
            if (status >= 200 && t.open && !t.implicit && !t.busy && !t.client) { // 1xx: 100-continue, not the answer
                t.status = status;
            }
        } catch (Throwable e) {
            failed("responseStatus", e);
        }
    }

    // ---- phases ----

    public static void enter(Phase phase) {
        enter(phase.ordinal());
    }

    public static void exit(Phase phase) {
        exit(phase.ordinal());
    }

    /** Enters a phase by ordinal: for callers that see another class loader's {@link Phase}. */
    public static void enter(int phase) {
        try {
            enter(THREADS.get(), phase);
        } catch (Throwable e) {
            failed("enter", e);
        }
    }

    /** {@link #enter(int)} on the thread's recording a caller already holds: one thread-local lookup, not two. */
    static void enter(ThreadRecording t, int phase) {
        if (t.busy) {
            return;
        }
        if (!t.open) {
            t.open(true, aggregates.allocation);
        }
        t.push(phase);
    }

    public static void exit(int phase) {
        try {
            exit(THREADS.get(), phase);
        } catch (Throwable e) {
            failed("exit", e);
        }
    }

    static void exit(ThreadRecording t, int phase) {
        if (t.busy || !t.open) {
            return;
        }
        t.pop(phase);
        if (t.implicit && t.idle()) {
            finish(t);
        }
    }

    /**
     * Enters a phase only on a thread with a request open (explicit or implicit): for code that runs everywhere,
     * such as a logging framework, whose work outside requests (start-up, background threads) is none of ours.
     * Its exit is the plain {@link #exit(int)}, which ignores an exit with nothing open.
     */
    public static void enterInRequest(int phase) {
        try {
            ThreadRecording t = THREADS.get();
            if (t.open && !t.busy) {
                t.push(phase);
            }
        } catch (Throwable e) {
            failed("enterInRequest", e);
        }
    }

    /**
     * Enters the phase a stack's own phase name maps to ({@link PhaseDetails}), keeping the name as a detail.
     * Returns the entry to hand to {@link #exitEntry} (always above 0), or -1 when the name is not registered
     * (nothing entered).
     */
    public static int enterDetail(String name, boolean outbound) {
        try {
            ThreadRecording t = THREADS.get();
            int entry = PhaseDetails.entry(name, outbound, t.client);
            if (entry >= 0) {
                enter(t, entry);
            }
            return entry;
        } catch (Throwable e) {
            failed("enterDetail", e);
            return -1;
        }
    }

    /** Leaves what {@link #enterDetail} entered; anything not above 0 (an advice's default) is ignored. */
    public static void exitEntry(int entry) {
        if (entry > 0) {
            exit(entry);
        }
    }

    /** The current thread is the agent's own (its endpoint, profiler, history): nothing it does is ever recorded. */
    public static void agentThread() {
        try {
            THREADS.get().busy = true;
        } catch (Throwable e) {
            failed("agentThread", e);
        }
    }

    /**
     * Before the agent's own work on an application's thread (weaving a class first loaded inside a request): until
     * {@link #agentWorkEnd}, nothing on this thread is the application's: no hot spot, no phase, and the stretch's
     * time and allocation are left out of the request open here. Returns whether it paused, for {@code agentWorkEnd}.
     */
    public static boolean agentWorkStart() {
        try {
            ThreadRecording t = THREADS.get();
            if (t.busy) {
                return false;
            }
            t.busy = true;
            if (t.open) {
                t.pause();
            }
            return true;
        } catch (Throwable e) {
            failed("agentWorkStart", e);
            return false;
        }
    }

    /** Ends what {@link #agentWorkStart} paused; nothing when it paused nothing. */
    public static void agentWorkEnd(boolean paused) {
        if (!paused) {
            return;
        }
        try {
            ThreadRecording t = THREADS.get();
            if (t.open) {
                t.resume();
            }
            t.busy = false;
        } catch (Throwable e) {
            failed("agentWorkEnd", e);
        }
    }

    // ---- internals ----

    private static void finish(ThreadRecording t) {
        t.busy = true;
        try {
            t.close();
            record(t, aggregates);
            if (t.implicit) {
                UnservedWork.ended(t.phaseNanos[Phase.INVOKE.ordinal()], aggregates);
            }
            listeners.tell(t);
        } finally {
            t.reset();
            t.busy = false;
        }
    }

    /** Adds a closed request to its operation's figures; returns the operation's index. */
    static int record(ThreadRecording t, Aggregates a) {
        int op = t.implicit ? OperationTable.NO_REQUEST
                : a.operations().indexOf(t.name == null ? "/" : t.name, t.nameRank < 0 ? NameSource.SERVLET_PATH
                        : NAME_SOURCES[t.nameRank], t.stackName);
        t.operationIndex = op;
        t.operationName = a.operations().name(op);
        a.statsFor(op).record(t);
        if (a.allocation && !t.allocationMeasured()) {
            a.allocationUnavailable();
        }
        t.flushSites(op, a.sites());
        return op;
    }

    /** Records a call that ended; {@code outer} is its thread's own recording, whose request (if open) made it. */
    static void finishCall(ThreadRecording c, ThreadRecording outer) {
        c.busy = true;
        try {
            c.close();
            int sites = recordCallFigures(c, calledFrom(outer));
            LateReads.follow(c, c.operationIndex, sites);
            callListeners.tell(c);
        } finally {
            c.reset();
            c.busy = false;
        }
    }

    /** The served request a call was made from, by name ({@code /} while unnamed), or null: none, or background work. */
    static String calledFrom(ThreadRecording outer) {
        return outer.open && !outer.implicit ? (outer.name != null ? outer.name : "/") : null;
    }

    /** Adds a closed call to its row (operation and peer) and the request that made it; returns its sites' index. */
    static int recordCallFigures(ThreadRecording c, String calledFrom) {
        Aggregates a = aggregates;
        ClientCalls calls = a.clients();
        String name = c.name != null ? c.name : c.stackName != null ? c.stackName : ClientCalls.UNNAMED;
        int row = c.callRow(calls, name, c.peer != null ? c.peer : ClientCalls.UNKNOWN_PEER);
        c.operationIndex = row;
        c.operationName = calls.operation(row);
        calls.statsFor(row).record(c);
        a.callRecorded();
        if (a.allocation && !c.allocationMeasured()) {
            a.allocationUnavailable();
        }
        int sites = a.clientSiteIndex(row);
        c.flushSites(sites, a.sites());
        if (calledFrom != null) {
            calls.calledFrom(row, calledFrom);
        }
        if (!callsMade) {
            callsMade = true;
        }
        return sites;
    }

    static void failed(String where, Throwable e) {
        Log.warnOnce("recorder:" + where, "recorder." + where + " failed; the request goes on unrecorded", e);
    }
}
