package dev.soapscope.recorder;

import java.util.function.Function;

/**
 * What probes call: the one entry point of the bootstrap part. Every method is static, cheap (a thread-local
 * lookup and a clock read), never throws, and never allocates in steady state. State lives per thread in a
 * {@link ThreadRecording} and, once a request ends, in the lock-free {@link Aggregates}.
 *
 * <p>A request is opened by {@link #requestStart()} and closed by the matching {@link #requestEnd}; starts nest
 * (the servlet filter and {@code HttpServlet#service} both start the same request) and only the outermost pair
 * opens and closes. A phase entered on a thread with no open request opens an implicit request that is counted
 * under {@link OperationTable#NO_REQUEST_NAME}: work handed to another thread is counted, never lost.
 *
 * <p>A SOAP call the thread makes is opened by {@link #clientStart()} and closed by {@link #clientEnd}; while it
 * runs, phases, names and hot spots go to the call, and the request around it (if any) waits in
 * {@link Phase#DOWNSTREAM}. Calls nest like requests: a stack's call boundary inside another's counts once.
 */
public final class Recorder {
    /** {@link #requestStart()} tokens, handed back to {@link #requestEnd}. */
    public static final int NOT_COUNTED = 0;
    public static final int NESTED = 1;
    public static final int OPENED = 2;
    /** {@link #asyncAttach} token: this thread records a stretch of an asynchronous request's work. */
    public static final int ASYNC = 3;
    /** The request attribute the servlet probes keep an asynchronous request's handle in. */
    public static final String ASYNC_ATTRIBUTE = "dev.soapscope.async";

    private static final String UNKNOWN_SITE = "(unknown)";
    /** A call still open after this long when its thread starts serving a request lost its end (an advice not run). */
    static final long ABANDONED_CALL_NANOS = 10L * 60 * 1_000_000_000L;
    private static final NameSource[] NAME_SOURCES = NameSource.values();

    private static final ThreadLocal<ThreadRecording> THREADS = new ThreadLocal<ThreadRecording>() {
        @Override
        protected ThreadRecording initialValue() {
            return new ThreadRecording();
        }
    };
    private static volatile Aggregates aggregates = new Aggregates(RecorderSettings.DEFAULTS);
    private static volatile RequestListener[] listeners = new RequestListener[0];
    /** Told of every SOAP call recorded, as {@link #listeners} are of requests. */
    private static volatile RequestListener[] callListeners = new RequestListener[0];
    /** Where phase segments go while a sampler wants them (a profiler recording), else null: one volatile read per switch. */
    /** What ThreadRecording tells of each segment: the sampler's sink, the phase events' sink, or both. */
    static volatile SegmentSink segmentSink;
    private static SegmentSink samplerSink;
    private static SegmentSink phaseEventSink;
    private static volatile OpenListener openListener;
    private static volatile HotSpotListener hotSpotListener;
    /** Whether requests keep their {@link Timeline} (a tracer wants phase spans): one volatile read per request. */
    static volatile boolean keepTimelines;
    /** Some SOAP call was recorded: clients built from now on are the calls' (a Bus built at start-up is not). */
    private static volatile boolean callsMade;
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
        listeners = with(listeners, listener);
    }

    public static synchronized void removeListener(RequestListener listener) {
        listeners = without(listeners, listener);
    }

    /** Tells {@code listener} of every SOAP call this JVM makes once it is recorded, on the calling thread. */
    public static synchronized void addCallListener(RequestListener listener) {
        callListeners = with(callListeners, listener);
    }

    public static synchronized void removeCallListener(RequestListener listener) {
        callListeners = without(callListeners, listener);
    }

    private static RequestListener[] with(RequestListener[] now, RequestListener listener) {
        RequestListener[] next = new RequestListener[now.length + 1];
        System.arraycopy(now, 0, next, 0, now.length);
        next[now.length] = listener;
        return next;
    }

    private static RequestListener[] without(RequestListener[] now, RequestListener listener) {
        for (int i = 0; i < now.length; i++) {
            if (now[i] == listener) {
                RequestListener[] next = new RequestListener[now.length - 1];
                System.arraycopy(now, 0, next, 0, i);
                System.arraycopy(now, i + 1, next, i, now.length - i - 1);
                return next;
            }
        }
        return now;
    }

    /** Starts (or, with null, stops) telling {@code listener} of each request and call that opens. */
    public static void setOpenListener(OpenListener listener) {
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
    private static Object startMark(ThreadRecording t, boolean call) {
        OpenListener l = openListener;
        if (l == null) {
            return null;
        }
        t.busy = true;
        try {
            return l.opened(call);
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
        segmentSink = BothSinks.of(samplerSink, phaseEventSink);
    }

    /** Starts (or, with null, stops) telling Flight Recorder's phase events about phase segments, beside a sampler. */
    public static synchronized void setPhaseEventSink(SegmentSink sink) {
        phaseEventSink = sink;
        segmentSink = BothSinks.of(samplerSink, phaseEventSink);
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

    // ---- asynchronous requests ----

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
    private static ThreadRecording openShard(ThreadRecording cur, boolean call) {
        ThreadRecording shard = new ThreadRecording(call);
        shard.callNesting = call ? 1 : 0; // a call's boundary met in the shard nests in the call: it never ends the shard
        shard.parked = cur;
        shard.open(false, aggregates.allocation);
        THREADS.set(shard);
        return shard;
    }

    /** The shard's stretch ends: its figures are frozen, and the thread's own recording is current again. */
    private static void closeShard(ThreadRecording shard) {
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
    private static void detachAsync(ThreadRecording t) {
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
            notifyListeners(t, listeners);
        } finally {
            h.shards.clear();
            t.reset();
            t.busy = false;
        }
    }

    /**
     * Names the current request; a name only replaces one from a lower-ranked source. The stack's own name is
     * kept as well, for when the operation table refuses a header's name. The reserved bucket names are ignored.
     */
    public static void nameRequest(NameSource source, String name) {
        try {
            ThreadRecording t = THREADS.get();
            if (wantsName(t, source)) {
                name(t, source, OperationTable.clean(name));
            }
        } catch (Throwable e) {
            failed("nameRequest", e);
        }
    }

    /** Whether a name from {@code source} would change anything: a higher rank, or the stack's first name. */
    private static boolean wantsName(ThreadRecording t, NameSource source) {
        return t.open && !t.implicit
                && (source.ordinal() > t.nameRank || (source.resolvedByStack() && t.stackName == null));
    }

    private static void name(ThreadRecording t, NameSource source, String clean) {
        if (clean == null || OperationTable.isReserved(clean)) {
            return;
        }
        if (source.resolvedByStack() && t.stackName == null) {
            t.stackName = clean;
        }
        if (source.ordinal() > t.nameRank) {
            t.name = clean;
            t.nameRank = source.ordinal();
        }
    }

    /**
     * Names the current request or call by the payload's root element, the first element under a SOAP body (a DOM
     * node, as SAAJ's {@code SOAPBody} is): {@code {namespace}local}, as the stacks name operations.
     */
    public static void nameFromPayloadRoot(org.w3c.dom.Node body) {
        try {
            ThreadRecording t = THREADS.get();
            if (body == null || !wantsName(t, NameSource.STACK)) {
                return;
            }
            org.w3c.dom.Node n = body.getFirstChild();
            while (n != null && n.getNodeType() != org.w3c.dom.Node.ELEMENT_NODE) {
                n = n.getNextSibling();
            }
            if (n != null) {
                String ns = n.getNamespaceURI();
                String local = n.getLocalName() != null ? n.getLocalName() : n.getNodeName();
                name(t, NameSource.STACK, OperationTable.clean("{" + (ns == null ? "" : ns) + "}" + local));
            }
        } catch (Throwable e) {
            failed("nameFromPayloadRoot", e);
        }
    }

    /**
     * The root element of a payload the application handed to the stack ({@link PayloadRoot}), {@code {namespace}local},
     * or null: for a probe that resolves it to the operation of the port's WSDL that takes it.
     */
    public static String payloadRoot(Object payload) {
        try {
            return payload == null ? null : PayloadRoot.of(payload);
        } catch (Throwable e) {
            return null; // not a payload we read: named otherwise
        }
    }

    /**
     * Names the current call by the payload the application handed to the stack (a JAX-WS {@code Dispatch}'s
     * argument: a SAAJ message, a DOM source or node, a JAXB element), by its root element ({@link PayloadRoot}).
     */
    public static void nameFromPayload(Object payload) {
        try {
            ThreadRecording t = THREADS.get();
            if (payload != null && wantsName(t, NameSource.STACK)) {
                name(t, NameSource.STACK, OperationTable.clean(PayloadRoot.of(payload)));
            }
        } catch (Throwable e) {
            failed("nameFromPayload", e);
        }
    }

    /**
     * Names the current request from what HTTP tells: the SOAPAction header, else the SOAP 1.2 {@code action}
     * parameter of the content type, and the servlet path as the fallback.
     */
    public static void nameFromHttp(String soapAction, String contentType, String servletPath) {
        nameFromHttp("POST", null, soapAction, contentType, servletPath);
    }

    /**
     * Names the current request from HTTP, the method and query string included: a request that is no SOAP call
     * (a GET of a WSDL, an XSD or a service page) is named {@code GET /path?wsdl}, apart from the SOAP operations
     * at the same path; only the markers {@link HttpGetName} lists are taken from the query.
     */
    public static void nameFromHttp(String method, String query, String soapAction, String contentType,
                                    String servletPath) {
        try {
            ThreadRecording t = THREADS.get();
            String other = HttpGetName.of(method, query, servletPath);
            if (other != null && HttpGetName.hasMarker(query)) {
                nameRequest(NameSource.SERVLET_PATH, other); // a WSDL or XSD fetch, whatever header it carries
                return;
            }
            if (wantsName(t, NameSource.SOAP_ACTION)) {
                String action = headerName(t, soapAction);
                if (action == null) {
                    action = SoapAction.fromContentType(contentType);
                }
                if (action != null) {
                    name(t, NameSource.SOAP_ACTION, action); // a client's own label, also on a GET (a REST call)
                }
            }
            if (wantsName(t, NameSource.SERVLET_PATH)) {
                name(t, NameSource.SERVLET_PATH, OperationTable.clean(other != null ? other
                        : servletPath == null || servletPath.isEmpty() ? "/" : servletPath));
            }
        } catch (Throwable e) {
            failed("nameFromHttp", e);
        }
    }

    /**
     * Whether naming from HTTP needs the content type: only when the SOAPAction header names nothing (absent or
     * {@code ""}), as SOAP 1.2 carries the action there. Lets the servlet probe skip asking the container for it.
     */
    public static boolean needsContentType(String soapAction) {
        try {
            return headerName(THREADS.get(), soapAction) == null;
        } catch (Throwable e) {
            failed("needsContentType", e);
            return true;
        }
    }

    /** The SOAPAction header made a label; one this thread met lately costs a comparison, not a new String. */
    private static String headerName(ThreadRecording t, String soapAction) {
        if (soapAction == null) {
            return null;
        }
        String name = t.recentName(soapAction);
        if (name == null) {
            name = OperationTable.clean(soapAction);
            if (name != null) {
                t.rememberName(name);
            }
        }
        return name;
    }

    // ---- SOAP calls this JVM makes ----

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
            if (c.handle != null && c.handle.newConnections > 0) {
                raiseNewConnections(c.handle);
            }
            endCall(c, thrown != null || !c.goesAsync); // an asynchronous call that returned is not answered yet
        } catch (Throwable e) {
            failed("clientEnd", e);
        }
    }

    /** Records the call (or hands it to its handle) and gives the thread back to its own recording. */
    private static void endCall(ThreadRecording c, boolean answered) {
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
            recordCall(h); // here, on the caller's thread: its recording is free for its next call
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

    private static void releaseShard(ThreadRecording shard) {
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
            recordCall(h);
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

    /** Records a call whose work was spread over threads: the caller's recording with every shard's work added. */
    private static void recordCall(CallHandle h) {
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
            notifyListeners(c, callListeners);
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
            ThreadRecording t = THREADS.get();
            if (t.busy) {
                return;
            }
            if (!t.open) {
                t.open(true, aggregates.allocation);
            }
            t.push(phase);
        } catch (Throwable e) {
            failed("enter", e);
        }
    }

    public static void exit(int phase) {
        try {
            ThreadRecording t = THREADS.get();
            if (t.busy || !t.open) {
                return;
            }
            t.pop(phase);
            if (t.implicit && t.idle()) {
                finish(t);
            }
        } catch (Throwable e) {
            failed("exit", e);
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
            int entry = PhaseDetails.entry(name, outbound, THREADS.get().client);
            if (entry >= 0) {
                enter(entry);
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

    /** A single-byte read on a non-servlet stream, counted only while the thread is in {@code phase}. */
    public static void byteReadIn(int phase, String site) {
        try {
            ThreadRecording t = THREADS.get();
            if (t.open && !t.busy && t.topPhase() == phase) {
                hotspot(HotSpotKind.STREAM_SINGLE_BYTE_READ.ordinal(), site);
            }
        } catch (Throwable e) {
            failed("byteReadIn", e);
        }
    }

    // ---- hot spots ----

    public static void hotspot(HotSpotKind kind, String detail) {
        hotspot(kind.ordinal(), detail);
    }

    /**
     * As {@link #hotspot(int, String)}, once this JVM has made a SOAP call: for what every stack builds once at start-up,
     * server or client (a CXF {@code Bus}), which is a finding only when calls keep building it.
     */
    public static void hotspotOnceCalling(int kind, String detail) {
        if (callsMade) {
            hotspot(kind, detail);
        }
    }

    /**
     * Counts one hot-spot event. {@code detail} names the site (a constant or a class name: never anything
     * from a request body); the event is counted at its caller ({@link Callers}), and the first event at a caller
     * keeps its stack. Events whose caller is a class initializer are one-off: counted at their site, never in the
     * request's per-kind counts (the rates per request). An event whose position among its detail's in the request
     * has had one steady caller is walked about one time in {@link HotSpotSites#WALK_ONE_IN}, then more rarely (see
     * there). Single-byte reads, one per byte, are not
     * walked each: they go to the caller of the request's first single-byte read at the same stream.
     */
    public static void hotspot(int kind, String detail) {
        ThreadRecording t = THREADS.get();
        if (t.busy) {
            return;
        }
        t.busy = true;
        try {
            Aggregates a = aggregates;
            String d = detail == null ? UNKNOWN_SITE : detail;
            boolean inRequest = t.open && !t.implicit;
            boolean perByte = kind == HotSpotKind.STREAM_SINGLE_BYTE_READ.ordinal();
            HotSpotSite site = perByte ? t.lastByteReadSite(d) : null;
            if (site == null) {
                site = a.sites().site(kind, d, t.nextDraw(), inRequest ? t.positions : null, inRequest ? t.name : null);
                if (perByte) {
                    t.byteReadSite(d, site);
                }
            }
            if (inRequest) {
                if (!site.oneOff()) {
                    t.hotspots[kind]++;
                }
                t.countSite(site);
            } else {
                site.add(OperationTable.NO_REQUEST, 1);
                a.statsFor(OperationTable.NO_REQUEST).addHotSpot(kind);
            }
            HotSpotListener l = hotSpotListener;
            if (l != null && !perByte) {
                l.hotSpot(site, inRequest ? t.name : null, inRequest ? t.requestId : 0);
            }
        } catch (Throwable e) {
            failed("hotspot", e);
        } finally {
            t.busy = false;
        }
    }

    /** Before a call that is a hot spot of {@code kind} (a factory method, Pattern.compile...). */
    public static void callStart(int kind) {
        try {
            THREADS.get().callDepth[kind]++;
        } catch (Throwable e) {
            failed("callStart", e);
        }
    }

    /** After it: the outermost such call counts one event at {@code site}. */
    public static void callEnd(int kind, String site) {
        try {
            ThreadRecording t = THREADS.get();
            if (t.callDepth[kind] > 0 && --t.callDepth[kind] == 0) {
                hotspot(kind, site);
            }
        } catch (Throwable e) {
            failed("callEnd", e);
        }
    }

    // ---- request and response streams ----

    /**
     * Whether this thread serves a request now: for a transport's own streams (the JDK's HTTP server), which also
     * carry what is no request of ours, and are measured only inside one.
     */
    public static boolean inRequest() {
        try {
            ThreadRecording t = THREADS.get();
            return t.open && !t.implicit && !t.busy && !t.client;
        } catch (Throwable e) {
            failed("inRequest", e);
            return false;
        }
    }

    /** {@link #readStart()} only inside a request ({@link #inRequest()}); whether it started one, for {@link #readEnd(boolean, long, boolean, String)}. */
    public static boolean readStartInRequest() {
        if (inRequest()) {
            readStart();
            return true;
        }
        return false;
    }

    /** Ends a read {@link #readStartInRequest()} started; nothing when it started none. */
    public static void readEnd(boolean started, long bytes, boolean singleByte, String stream) {
        if (started) {
            readEnd(bytes, singleByte, stream);
        }
    }

    /** {@link #writeStart()} only inside a request; whether it started one, for {@link #writeEnd(boolean, long)}. */
    public static boolean writeStartInRequest() {
        if (inRequest()) {
            writeStart();
            return true;
        }
        return false;
    }

    /** Before a read of a request body stream; nested reads (wrappers, read(byte[]) calling read(byte[],int,int)) count once. */
    public static void readStart() {
        try {
            ThreadRecording t = THREADS.get();
            if (t.readDepth++ == 0) {
                enter(Phase.TRANSPORT_READ.ordinal());
            }
        } catch (Throwable e) {
            failed("readStart", e);
        }
    }

    /** After that read: what it returned ({@code -1} at the end of the stream) and whether it was read(). */
    public static void readEnd(long bytes, boolean singleByte, String stream) {
        try {
            ThreadRecording t = THREADS.get();
            if (t.readDepth == 0 || --t.readDepth > 0) {
                return;
            }
            if (t.open && !t.busy) {
                t.readCalls++;
                if (bytes > 0) {
                    t.bytesIn += bytes;
                }
            }
            if (singleByte) {
                hotspot(HotSpotKind.STREAM_SINGLE_BYTE_READ.ordinal(), stream);
            }
            exit(Phase.TRANSPORT_READ.ordinal());
        } catch (Throwable e) {
            failed("readEnd", e);
        }
    }

    public static void writeStart() {
        try {
            ThreadRecording t = THREADS.get();
            if (t.writeDepth++ == 0) {
                enter(Phase.TRANSPORT_WRITE.ordinal());
            }
        } catch (Throwable e) {
            failed("writeStart", e);
        }
    }

    /** After a write of the response body: how many bytes it wrote. The first byte marks time to first byte. */
    public static void writeEnd(long bytes) {
        try {
            ThreadRecording t = THREADS.get();
            if (t.writeDepth == 0 || --t.writeDepth > 0) {
                return;
            }
            if (t.open && !t.busy && bytes > 0) {
                if (t.firstByteNanos < 0) {
                    t.firstByteNanos = t.sinceStart();
                }
                t.bytesOut += bytes;
            }
            exit(Phase.TRANSPORT_WRITE.ordinal());
        } catch (Throwable e) {
            failed("writeEnd", e);
        }
    }

    /**
     * Before a response stream's {@code flush()} or {@code close()} (Tomcat writes small responses to the socket
     * there): a write of no bytes, measured only inside a request, as containers flush and close after it ends.
     * Returns whether it started one, to hand to {@link #writeEnd(boolean, long)}.
     */
    public static boolean flushStart() {
        try {
            ThreadRecording t = THREADS.get();
            if (t.writeDepth > 0 || (t.open && !t.implicit && !t.busy)) {
                writeStart();
                return true;
            }
        } catch (Throwable e) {
            failed("flushStart", e);
        }
        return false;
    }

    /** Ends a write {@link #flushStart()}, {@link #writerStart} started; nothing when it started none. */
    public static void writeEnd(boolean started, long bytes) {
        if (started) {
            writeEnd(bytes);
        }
    }

    /** The writer a response's {@code getWriter()} handed out in this request; the first one counts (the container's). */
    public static void responseWriter(Object writer, String encoding) {
        try {
            ThreadRecording t = THREADS.get();
            if (t.open && !t.implicit && !t.busy && t.responseWriter == null && writer != null) {
                t.responseWriter = writer;
                t.writerCounting = CharBytes.of(encoding);
            }
        } catch (Throwable e) {
            failed("responseWriter", e);
        }
    }

    /** The reader a request's {@code getReader()} handed out in this request; the first one counts. */
    public static void requestReader(Object reader, String encoding) {
        try {
            ThreadRecording t = THREADS.get();
            if (t.open && !t.implicit && !t.busy && t.requestReader == null && reader != null) {
                t.requestReader = reader;
                t.readerCounting = CharBytes.of(encoding);
            }
        } catch (Throwable e) {
            failed("requestReader", e);
        }
    }

    /**
     * Before a call on a writer: a {@link #writeStart()} when it is the response's writer (other writers are
     * not the response). Returns whether it started one, to hand to {@link #writeEnd(boolean, long)}.
     */
    public static boolean writerStart(Object writer) {
        try {
            ThreadRecording t = THREADS.get();
            if (writer != null && writer == t.responseWriter) {
                writeStart();
                return true;
            }
        } catch (Throwable e) {
            failed("writerStart", e);
        }
        return false;
    }

    /** Before a call on a reader: a {@link #readStart()} when it is the request's reader. */
    public static boolean readerStart(Object reader) {
        try {
            ThreadRecording t = THREADS.get();
            if (reader != null && reader == t.requestReader) {
                readStart();
                return true;
            }
        } catch (Throwable e) {
            failed("readerStart", e);
        }
        return false;
    }

    /** Ends a read {@link #readerStart} started: chars read, -1 at the end, as bytes in the request's encoding. */
    public static void readerEnd(boolean started, long bytes) {
        if (started) {
            readEnd(bytes, false, null);
        }
    }

    /** Bytes {@code len} chars of {@code s} take in the response writer's encoding. */
    public static long writtenBytes(CharSequence s, int off, int len) {
        return CharBytes.length(THREADS.get().writerCounting, s, off, len);
    }

    /** Bytes of a char written on its own ({@code write(int)}). */
    public static long writtenBytes(int c) {
        return CharBytes.length(THREADS.get().writerCounting, c);
    }

    public static long writtenBytes(char[] c, int off, int len) {
        return CharBytes.length(THREADS.get().writerCounting, c, off, len);
    }

    /** Bytes {@code len} chars of {@code c} take in the request reader's encoding; -1 (the end) stays -1. */
    public static long readBytes(char[] c, int off, int len) {
        return len < 0 ? -1 : CharBytes.length(THREADS.get().readerCounting, c, off, len);
    }

    /** Bytes of a char {@code read()} returned; -1 (the end) stays -1. */
    public static long readBytes(int c) {
        return CharBytes.length(THREADS.get().readerCounting, c);
    }

    public static long readBytes(CharSequence s, int off, int len) {
        return len < 0 ? -1 : CharBytes.length(THREADS.get().readerCounting, s, off, len);
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
            notifyListeners(t, listeners);
        } finally {
            t.reset();
            t.busy = false;
        }
    }

    /** Adds a closed request to its operation's figures; returns the operation's index. */
    private static int record(ThreadRecording t, Aggregates a) {
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

    private static void notifyListeners(ThreadRecording t, RequestListener[] ls) {
        for (RequestListener l : ls) {
            try {
                l.onRequest(t);
            } catch (Throwable e) {
                Log.warnOnce("listener:" + l.getClass().getName(), "request listener " + l.getClass().getName() + " failed", e);
            }
        }
    }

    /** Records a call that ended; {@code outer} is its thread's own recording, whose request (if open) made it. */
    private static void finishCall(ThreadRecording c, ThreadRecording outer) {
        c.busy = true;
        try {
            c.close();
            recordCallFigures(c, calledFrom(outer));
            notifyListeners(c, callListeners);
        } finally {
            c.reset();
            c.busy = false;
        }
    }

    /** The served request a call was made from, by name ({@code /} while unnamed), or null: none, or background work. */
    private static String calledFrom(ThreadRecording outer) {
        return outer.open && !outer.implicit ? (outer.name != null ? outer.name : "/") : null;
    }

    /** Adds a closed call to its row (operation and peer) and the request that made it; returns its sites' index. */
    private static int recordCallFigures(ThreadRecording c, String calledFrom) {
        Aggregates a = aggregates;
        ClientCalls calls = a.clients();
        String name = c.name != null ? c.name : c.stackName != null ? c.stackName : ClientCalls.UNNAMED;
        int row = c.callRow(calls, name, c.peer != null ? c.peer : ClientCalls.UNKNOWN_PEER);
        c.operationIndex = row;
        c.operationName = calls.operation(row);
        calls.statsFor(row).record(c);
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

    private static void failed(String where, Throwable e) {
        Log.warnOnce("recorder:" + where, "recorder." + where + " failed; the request goes on unrecorded", e);
    }
}
