package dev.soapscope.recorder;

import java.util.Arrays;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One thread's request in progress: a stack of active phases, and the self time and allocation of each phase.
 * Every switch of the top of the stack charges the time since the last switch to the phase that was on top
 * (or to {@link Phase#OTHER} when none was), so the phases add up to the request exactly, whatever the nesting.
 * Reused for every request of its thread: nothing here allocates after the first request.
 * <p>
 * A SOAP call the thread makes is recorded in a second instance, {@link #call}, with a stack of its own: while the
 * call runs it is the thread's current recording, and the request around it ({@link #outer}) spends the call's whole
 * time in {@link Phase#DOWNSTREAM}. So the call's phases add up to the call, and the request's to the request.
 */
final class ThreadRecording implements CompletedRequest {
    static final int MAX_DEPTH = 64;
    /** An entry's phase, without its {@link PhaseDetails} id. */
    private static final int PHASE_MASK = (1 << PhaseDetails.SHIFT) - 1;
    /**
     * Distinct sites one request keeps counts for. Sites are per caller, and an application's first request runs many
     * class initializers (each a one-off site of its own): 16 crowded a WS-Security app's first crypto load out.
     */
    static final int MAX_REQUEST_SITES = 64;

    /** This instance records the SOAP calls its thread makes, not requests it serves. */
    /** Numbers each recording (one per thread, and one per thread for its calls) for its requests' ids. */
    private static final AtomicLong ID_BASES = new AtomicLong();
    final boolean client;
    /** For a call's recording: the thread's own recording, current again when the call ends. */
    ThreadRecording outer;
    /** For the thread's own recording: the latest call's answer, read after the call returned; kept across requests. */
    LateReads lateReads;
    /** For a call's recording: what reads its answer's attachments after it returns ({@link LateReads#keep}). */
    Object lateSource;
    /** For the thread's own recording: the one its calls are recorded in, made at the first call. */
    ThreadRecording call;
    /** Call starts seen minus call ends: a template over SAAJ, or a proxy over its Dispatch, is one call. */
    int callNesting;
    /** The request is in {@link Phase#DOWNSTREAM}, waiting on a call; no profiler segment is open for it meanwhile. */
    boolean downstream;
    /** A call wrote to its connection and has read no answer yet: the next read blocks in {@link Phase#WAIT}. */
    boolean awaitingAnswer;
    /** The call's peer, {@code host:port}, once a probe saw it. */
    String peer;
    Outcome callOutcome = Outcome.SUCCESS;
    /** The last endpoint address this thread's calls named, and its peer: a repeated call makes no new String. */
    private String lastAddress;
    private String lastAddressPeer;
    /** The row the last call's operation and peer got: a repeated call finds it without a look-up. */
    private String lastOperation;
    private String lastPeer;
    private int lastRow = -1;
    private ClientCalls lastCalls;

    /** The request went asynchronous on this thread ({@code startAsync}): its handle. */
    AsyncRequest async;
    /** For a shard (work done for an asynchronous request on another thread): that request, and this thread's own recording. */
    AsyncRequest shardOf;
    ThreadRecording parked;
    /** For a call's recording: its handle, once a stack asked for one ({@link Calls#callHandle}). */
    CallHandle handle;
    /** For a call's shard (work done for a call on another thread than its caller's): that call. */
    CallHandle shardOfCall;
    /** The call went asynchronous: its boundary's return is not its end ({@link Calls#clientGoesAsync}). */
    boolean goesAsync;
    /** JAX-WS proxies' {@code invoke} under way on this thread's own recording ({@link Calls#proxyStart}). */
    int proxyDepth;
    /** For a call's recording: its stack's boundary returned inside a proxy, whose return ends the call. */
    boolean endsWithProxy;

    private final int[] stack = new int[MAX_DEPTH];
    private int depth;
    /**
     * The entry on top was exited, but is left only at the thread's next switch: a stack's phase (a {@link PhaseDetails}
     * entry: CXF's {@code pre-logical}, Axis2's {@code Dispatch}) runs its interceptors one after another, and each
     * one's exit and the next one's entry are then no switch at all. Its stretch runs from its first interceptor's start
     * to its last one's end; only such entries, never the stack's last, are put off.
     */
    private boolean exitPending;
    /** Phases entered past {@link #MAX_DEPTH}: counted so that their exits pair up, not tracked. */
    private int overflow;
    /** {@link Phase#LOGGING} entries on the stack: work nested in logging is done for the log, so it is logging's. */
    private int loggingDepth;

    final long[] phaseNanos = new long[Phase.COUNT];
    /** Self time per {@link PhaseDetails} id (index 0 unused). */
    final long[] detailNanos = new long[PhaseDetails.MAX + 1];
    boolean anyDetail;
    final long[] phaseAlloc = new long[Phase.COUNT];
    final int[] hotspots = new int[HotSpotKind.COUNT];
    private final HotSpotSite[] sites = new HotSpotSite[MAX_REQUEST_SITES];
    private final int[] siteCounts = new int[MAX_REQUEST_SITES];
    private int siteCount;
    /** Per kind, events at sites that did not fit the per-request table: attributed to the overflow site. */
    private final int[] siteOverflow = new int[HotSpotKind.COUNT];
    /** Where each hot-spot event stands among its detail's in this request: its caller is settled per position. */
    final EventPositions positions = new EventPositions();

    /**
     * This thread's draws of which events of a settled hot-spot detail are walked to check their caller
     * (xorshift32): random rather than every n-th, so details met in a fixed rotation are all checked.
     */
    private int checkDraw = System.identityHashCode(this) | 1;

    ThreadRecording() {
        this(false);
    }

    ThreadRecording(boolean client) {
        this.client = client;
    }

    /** Numbers this recording's next request; a recording that never serves one (a shard, a call's) takes no base. */
    void numberRequest() {
        if (idBase < 0) {
            idBase = ID_BASES.incrementAndGet() << 24;
        }
        requestId = idBase | (++idSeq & 0xffffff);
    }

    /**
     * The streams of this request's single-byte reads and the sites their first reads went to: the next reads there skip
     * the stack walk. A few, since a request reads single bytes at several streams in turn (CXF's MIME boundary, an
     * attachment's part, the servlet stream beneath): one slot thrashed and walked the stack for every byte.
     */
    private final String[] byteReadDetails = new String[BYTE_READ_STREAMS];
    private final HotSpotSite[] byteReadSites = new HotSpotSite[BYTE_READ_STREAMS];
    private int nextByteReadSlot;
    static final int BYTE_READ_STREAMS = 4;

    /**
     * The stream of this request's last single-byte read ({@code detail}, as the advice passes it: the same String
     * each time) and its site's slot: the next byte read there, about 200 a MIME message, is counted with two
     * increments, no look-up.
     */
    private String lastByteDetail;
    private int lastByteSlot = -1;

    /**
     * Header names this thread cleaned lately, kept across requests: a SOAPAction that spells one of them (quoted, as
     * clients send it, or not) is named without making a String. Sixteen: a container hands a service's requests to
     * any of its threads, so each thread meets all of its operations (OpenCMIS's client uses eight, which four slots
     * missed at almost every request, a new name and its quoted copy each time); few, so a thread keeps little
     * whatever clients send.
     */
    private final String[] recentNames = new String[RECENT_NAMES];
    /** Each of them in quotes, as most clients send a SOAPAction: compared with {@code equals}, which the JIT vectorizes. */
    private final String[] recentQuoted = new String[RECENT_NAMES];
    /**
     * Their hash codes, compared first: a header's String is new each request, but comparing hashes reads these two
     * arrays, where {@code equals} read the text of each name (32 of them, rarely in the cache after a request's work).
     */
    private final int[] recentHashes = new int[RECENT_NAMES];
    private final int[] recentQuotedHashes = new int[RECENT_NAMES];
    private int nextRecentName;
    static final int RECENT_NAMES = 16;

    /** A request is open on this thread. */
    boolean open;
    /** Opened by a phase on a thread with no request: work done in the background or handed off. */
    boolean implicit;
    /** Request starts seen minus request ends (a filter and a servlet both start the same request). */
    int requestDepth;
    /** The token of a request whose end is another method's ({@link Recorder#requestStartHeld}): not request state. */
    int heldToken;
    /** A transport waits on this thread for a request's head, which opens the request when its bytes come. */
    boolean awaitingHead;
    /** The request opened as its head came and the rest of the head is being read: {@code transport.read}. */
    boolean readingHead;
    /** Inside the recorder itself: events are ignored so that our own work is never recorded. */
    boolean busy;
    int readDepth;
    int writeDepth;
    /** The request's own writer and reader ({@code getWriter()}, {@code getReader()}), and their {@link CharBytes}. */
    Object responseWriter;
    int writerCounting;
    Object requestReader;
    int readerCounting;
    /** Per hot-spot kind, calls in progress: overloads that call each other count once. Not per request. */
    final int[] callDepth = new int[HotSpotKind.COUNT];

    private boolean measureAlloc;
    /**
     * The switch under way is a stream's read or write starting or ending ({@link Streams}): it leaves the allocation
     * counter unread, so what the read allocates is charged to the phase it was made in. A container's stream copies
     * into the caller's buffer and allocates next to nothing, and a large MTOM message is read and written a few
     * kilobytes at a time: reading the counter (a JNI call) at each of those switches was the agent's largest cost in
     * OpenCMIS's requests once the server was warm.
     */
    boolean streamSwitch;
    /** The segment sink this thread's first segment was opened under ({@link #firstSegment}); never reset. */
    private SegmentSink openedUnder;
    /** Allocation was on, but the JVM could not count it on this thread for a stretch (a virtual thread): no figure. */
    private boolean allocMissing;
    private long start;
    private long startAlloc;
    private long last;
    private long lastAlloc;
    /** This request's stretches per phase, kept while {@link Recorder#keepTimelines} (a tracer wants phase spans). */
    private Timeline timeline;
    private boolean keepTimeline;
    /** Start token of the current segment for the {@link SegmentSink}, 0 when none is open. */
    private long segmentStart;
    /** When the phase now charged began; the last phase that ended, and its length: the segment that ended there. */
    private long phaseSince;
    private int endedPhase;
    private long endedNanos;

    long totalNanos;
    long totalAlloc;
    String name;
    int nameRank = -1;
    /** The name the SOAP stack resolved, kept even when a header's name ranks above it: the table's fallback. */
    String stackName;
    int status;
    boolean threw;
    long bytesIn;
    long bytesOut;
    long readCalls;
    long firstByteNanos = -1;
    int operationIndex;
    String operationName;
    /** What the open listener kept with this request or call (a Flight Recorder event begun), or null. */
    Object startMark;
    /**
     * A request's id, unique in the JVM; for a call, the id of the request that made it; 0 for none (background work,
     * a call made outside any request). The high bits number the recording, the low 24 count its requests (they
     * come round after 16 million on one thread, long after a recording has moved on): nothing shared is touched
     * per request.
     */
    long requestId;
    private long idBase = -1;
    private int idSeq;

    void open(boolean isImplicit, boolean allocation) {
        measureAlloc = allocation;
        implicit = isImplicit;
        open = true;
        start = last = phaseSince = System.nanoTime();
        startAlloc = lastAlloc = allocation ? AllocationMeter.current() : 0;
        allocMissing = allocation && startAlloc == AllocationMeter.UNAVAILABLE;
        segmentStart = firstSegment(Recorder.segmentSink);
        keepTimeline = Recorder.keepTimelines;
        if (keepTimeline) {
            if (timeline == null) {
                timeline = new Timeline();
            }
            timeline.reset();
        }
    }

    /**
     * Charges the time since the last switch to {@code top}, the entry that was on top ({@link #chargedEntry()}), and,
     * when its phase ends here, the allocation since the counter was last read ({@code readAlloc}): allocation is kept
     * per phase only, so a switch that stays in the phase (the next interceptor in {@code handlers}) need not read the
     * thread's counter, nor a stream's read or write ({@link #streamSwitch}).
     */
    private void charge(int top, boolean phaseEnds, boolean readAlloc) {
        long now = System.nanoTime();
        int phase = top & PHASE_MASK;
        phaseNanos[phase] += now - last;
        if (keepTimeline) {
            timeline.add(phase, last, now);
        }
        int detail = top >>> PhaseDetails.SHIFT;
        if (detail != 0) {
            detailNanos[detail] += now - last;
            anyDetail = true;
        }
        last = now;
        if (!phaseEnds) {
            return;
        }
        if (readAlloc) {
            long alloc = measureAlloc ? AllocationMeter.current() : 0;
            if (alloc == AllocationMeter.UNAVAILABLE || lastAlloc == AllocationMeter.UNAVAILABLE) {
                allocMissing = true; // -1 minus -1 would read as 0 B: absent, never a false zero
            } else {
                phaseAlloc[phase] += alloc - lastAlloc;
            }
            lastAlloc = alloc;
        }
        endedPhase = phase;
        endedNanos = now - phaseSince;
        phaseSince = now;
    }

    /**
     * The token of a request's first segment: {@link SegmentSink#opened} once per thread and sink (async-profiler's
     * sets up the thread's record of its samples there, a clock read through a call site and a thread-local look-up,
     * about a fifth of the profiling's cost per request on OpenCMIS), {@link SegmentSink#start} after.
     */
    private long firstSegment(SegmentSink sink) {
        if (sink == null) {
            return 0;
        }
        if (sink == openedUnder) {
            return sink.start(start);
        }
        long token = sink.opened(start);
        if (token != 0) {
            openedUnder = sink;
        }
        return token;
    }

    /** The entry whose phase the time is charged to now: the top of the stack, or logging when it absorbs it. */
    private int chargedEntry() {
        int top = depth == 0 ? Phase.OTHER.ordinal() : stack[depth - 1];
        return loggingDepth > 0 && absorbedByLogging(top & PHASE_MASK) ? Phase.LOGGING.ordinal() : top;
    }

    /**
     * After a phase ended ({@link #charge}), tells the segment sink (the profiler's phase spans): a span per stretch in
     * one phase, not per switch, is all a sample needs to know its phase.
     */
    private void cutSegment() {
        SegmentSink sink = Recorder.segmentSink;
        if (sink == null || downstream) { // while a call runs, the call's recording cuts the segments
            return;
        }
        if (segmentStart == 0) {
            // a segment without a token was under way when profiling began: on a fresh JVM, a slow first request
            // can spend all of a short profile in one such segment
            sink.endUnmarked(endedNanos, endedPhase);
            segmentStart = open ? sink.start(last) : 0;
        } else if (open) {
            segmentStart = sink.cut(segmentStart, last, endedPhase); // one call through the sink's handle, not two
        } else {
            sink.end(segmentStart, last, endedPhase);
            segmentStart = 0;
        }
    }

    /** Charges the entry on top, which a switch just replaced by {@code before}'s successor; cuts at a phase's end. */
    private void switched(int before) {
        boolean phaseEnds = (chargedEntry() & PHASE_MASK) != (before & PHASE_MASK);
        charge(before, phaseEnds, !streamSwitch);
        if (phaseEnds) {
            cutSegment();
        }
    }

    /** Enters a stack entry: a phase ordinal, with a {@link PhaseDetails} id in the upper bits if any. */
    void push(int entry) {
        int before = chargedEntry();
        if (exitPending) {
            exitPending = false;
            if (entry == before) {
                return; // the next interceptor of the same stack phase: the stretch goes on
            }
            depth--; // the put-off exit: its stretch ends at this switch
        }
        if (depth < MAX_DEPTH) {
            stack[depth++] = entry;
            if (entry == Phase.LOGGING.ordinal()) {
                loggingDepth++;
            }
        } else {
            overflow++;
        }
        switched(before);
    }

    /**
     * Leaves a phase. An exit that does not match the top (an exit lost to an exception in someone else's
     * code) unwinds to the matching entry; an exit with no matching entry is ignored.
     */
    void pop(int entry) {
        if (!exitPending && overflow == 0 && depth >= 2 && entry >>> PhaseDetails.SHIFT != 0 && stack[depth - 1] == entry) {
            exitPending = true; // left when the thread next switches, unless the next thing is the same entry again
            return;
        }
        int before = leavePending();
        unwind(entry);
        switched(before);
    }

    /**
     * The entry charged until now, leaving the one whose exit was put off, if any: what ran since that exit (a chain's
     * own step to its next interceptor) was in its stretch, and is charged to it by the caller's switch.
     */
    private int leavePending() {
        int before = chargedEntry();
        if (exitPending) {
            exitPending = false;
            depth--;
        }
        return before;
    }

    private void unwind(int entry) {
        if (overflow > 0) {
            overflow--;
            return;
        }
        for (int i = depth - 1; i >= 0; i--) {
            if (stack[i] == entry) {
                for (int j = i; j < depth; j++) {
                    if (stack[j] == Phase.LOGGING.ordinal()) {
                        loggingDepth--;
                    }
                }
                depth = i;
                return;
            }
        }
    }

    /**
     * A message serialized, converted or validated only to be logged is logging's time; time blocked on the
     * connection (a log tap reading the request body) stays the transport's.
     */
    private static boolean absorbedByLogging(int phase) {
        return phase != Phase.TRANSPORT_READ.ordinal() && phase != Phase.TRANSPORT_WRITE.ordinal()
                && phase != Phase.CONNECT.ordinal() && phase != Phase.WAIT.ordinal()
                && phase != Phase.DOWNSTREAM.ordinal();
    }

    /** The request starts waiting on a call: its time goes to {@link Phase#DOWNSTREAM}, and its segment ends. */
    void enterDownstream() {
        push(Phase.DOWNSTREAM.ordinal());
        downstream = true;
        segmentStart = 0;
    }

    /** The call ended: the request's own segments go on. */
    void exitDownstream() {
        pop(Phase.DOWNSTREAM.ordinal());
        downstream = false;
        SegmentSink sink = Recorder.segmentSink;
        segmentStart = open && sink != null ? sink.start(last) : 0;
    }

    /** The peer of an endpoint address, remembered for the next call of this thread. */
    String peerOf(String address) {
        if (!address.equals(lastAddress)) {
            lastAddressPeer = Peers.of(address);
            lastAddress = address;
        }
        return lastAddressPeer;
    }

    /** The call row for an operation at a peer, remembered for the next call of this thread. */
    int callRow(ClientCalls calls, String operation, String callPeer) {
        if (lastRow >= 0 && calls == lastCalls && operation.equals(lastOperation) && callPeer.equals(lastPeer)) {
            return lastRow;
        }
        lastCalls = calls; // a recorder configured afresh has a table of its own
        lastRow = calls.indexOf(operation, callPeer);
        lastOperation = operation;
        lastPeer = callPeer;
        return lastRow;
    }

    /** The phase on top of the stack, or -1 when none is (an exit put off is not left yet: its stretch goes on). */
    int topPhase() {
        return depth == 0 ? -1 : stack[depth - 1] & PHASE_MASK;
    }

    boolean idle() {
        return depth == 0 && overflow == 0;
    }

    long sinceStart() {
        return System.nanoTime() - start;
    }

    /**
     * Counts a site for this request; past {@link #MAX_REQUEST_SITES} sites, only its kind is kept. Returns the site's
     * slot, or -1 when it had none.
     */
    int countSite(HotSpotSite site) {
        for (int i = 0; i < siteCount; i++) {
            if (sites[i] == site) {
                siteCounts[i]++;
                return i;
            }
        }
        if (siteCount == MAX_REQUEST_SITES) {
            siteOverflow[site.kind().ordinal()]++;
            return -1;
        }
        sites[siteCount] = site;
        siteCounts[siteCount] = 1;
        return siteCount++;
    }

    void lastByteRead(String detail, int slot) {
        lastByteDetail = slot < 0 ? null : detail;
        lastByteSlot = slot;
    }

    /** One more single-byte read at the last one's stream, in the same request: counted; false for any other. */
    boolean countByteRead(String detail) {
        if (detail != lastByteDetail || detail == null || busy || !open || implicit) {
            return false;
        }
        hotspots[HotSpotKind.STREAM_SINGLE_BYTE_READ.ordinal()]++;
        siteCounts[lastByteSlot]++;
        return true;
    }

    /** The thread's next random draw (xorshift): whether an event of a settled detail is walked to check it. */
    int nextDraw() {
        int x = checkDraw;
        x ^= x << 13;
        x ^= x >>> 17;
        x ^= x << 5;
        checkDraw = x;
        return x;
    }

    /** The clean name {@code raw} spells, if this thread cleaned it lately, else null. */
    String recentName(String raw) {
        int hash = raw.hashCode();
        for (int i = 0; i < RECENT_NAMES; i++) {
            if (hash == recentQuotedHashes[i] && raw.equals(recentQuoted[i])
                    || hash == recentHashes[i] && raw.equals(recentNames[i])) {
                return recentNames[i];
            }
        }
        return null;
    }

    /** Remembers {@code clean}, and the quoted form a header would spell it in (made once, not per request). */
    void rememberName(String clean) {
        String quoted = '"' + clean + '"';
        recentNames[nextRecentName] = clean;
        recentQuoted[nextRecentName] = quoted;
        recentHashes[nextRecentName] = clean.hashCode();
        recentQuotedHashes[nextRecentName] = quoted.hashCode();
        nextRecentName = (nextRecentName + 1) % RECENT_NAMES;
    }

    /** The site of this request's single-byte reads at the same stream lately, else null. */
    HotSpotSite lastByteReadSite(String detail) {
        for (int i = 0; i < BYTE_READ_STREAMS; i++) {
            if (detail.equals(byteReadDetails[i])) {
                return byteReadSites[i];
            }
        }
        return null;
    }

    void byteReadSite(String detail, HotSpotSite site) {
        byteReadDetails[nextByteReadSlot] = detail;
        byteReadSites[nextByteReadSlot] = site;
        nextByteReadSlot = (nextByteReadSlot + 1) % BYTE_READ_STREAMS;
    }

    /**
     * A stretch that is not this recording's starts (the agent's own work; the application's own between a call's
     * reads after it returned): what came before is charged; what follows is no phase's.
     */
    void pause() {
        charge(leavePending(), true, true); // the same phase may go on after the pause, but not its span, nor its figures
        cutSegment();
    }

    /**
     * That stretch ended: the time since {@link #pause()} is left out of the recording, its time and allocation (its
     * clock moves on past it), and out of the profiler's phase segments.
     */
    void resume() {
        long now = System.nanoTime();
        start += now - last;
        last = phaseSince = now;
        if (measureAlloc) {
            long alloc = AllocationMeter.current();
            if (alloc != AllocationMeter.UNAVAILABLE && lastAlloc != AllocationMeter.UNAVAILABLE) {
                startAlloc += alloc - lastAlloc;
            }
            lastAlloc = alloc;
        }
        SegmentSink sink = Recorder.segmentSink;
        if (sink != null && segmentStart != 0) {
            segmentStart = sink.start(now); // the paused stretch's samples get no phase
        }
    }

    void close() {
        open = false; // the last segment ends here and no new one starts
        charge(leavePending(), true, true);
        cutSegment();
        totalNanos = last - start;
        totalAlloc = allocMissing ? 0 : lastAlloc - startAlloc;
    }

    /** Adds this request's site counts to the sites, under the operation the request finally got. */
    void flushSites(int operation, HotSpotSites all) {
        for (int i = 0; i < siteCount; i++) {
            sites[i].add(operation, siteCounts[i]);
            sites[i] = null;
        }
        siteCount = 0;
        lastByteRead(null, -1);
        for (int k = 0; k < HotSpotKind.COUNT; k++) {
            if (siteOverflow[k] != 0) {
                all.overflow(k).add(operation, siteOverflow[k]);
                siteOverflow[k] = 0;
            }
        }
    }

    /**
     * Adds a shard's figures (work done for this asynchronous request on another thread) to this request's: phases,
     * details, allocation, hot spots, bytes, and its name if it ranks higher. Sites are flushed separately.
     */
    void absorb(ThreadRecording shard) {
        for (int p = 0; p < Phase.COUNT; p++) {
            phaseNanos[p] += shard.phaseNanos[p];
            phaseAlloc[p] += shard.phaseAlloc[p];
        }
        if (shard.anyDetail) {
            for (int d = 1; d <= PhaseDetails.MAX; d++) {
                detailNanos[d] += shard.detailNanos[d];
            }
            anyDetail = true;
        }
        for (int k = 0; k < HotSpotKind.COUNT; k++) {
            hotspots[k] += shard.hotspots[k];
        }
        allocMissing |= shard.allocMissing;
        totalAlloc += shard.totalAlloc;
        bytesIn += shard.bytesIn;
        bytesOut += shard.bytesOut;
        readCalls += shard.readCalls;
        if (firstByteNanos < 0 && shard.firstByteNanos >= 0) {
            firstByteNanos = shard.start + shard.firstByteNanos - start;
        }
        if (shard.nameRank > nameRank) {
            name = shard.name;
            nameRank = shard.nameRank;
        }
        if (stackName == null) {
            stackName = shard.stackName;
        }
        if (peer == null) {
            peer = shard.peer;
        }
        threw |= shard.threw;
    }

    /**
     * A call whose work was spread over threads ends at {@code endNanos}, when its answer was handed over: what no
     * thread worked on it is {@link Phase#WAIT} (the caller's own waits and the shards' are recounted so), floored at 0.
     */
    void endCallAt(long endNanos) {
        totalNanos = Math.max(0, endNanos - start);
        long work = 0;
        for (int p = 0; p < Phase.COUNT; p++) {
            if (p != Phase.WAIT.ordinal()) {
                work += phaseNanos[p];
            }
        }
        phaseNanos[Phase.WAIT.ordinal()] = Math.max(0, totalNanos - work);
    }

    /** When the recording was closed (or last switched). */
    long lastNanos() {
        return last;
    }

    /**
     * An asynchronous request's time runs from its start to {@code endNanos}: what no thread of ours worked on it (the
     * gaps between its threads) is {@code other}, floored at 0 where shards overlapped.
     */
    void endAt(long endNanos) {
        totalNanos = endNanos - start;
        long named = 0;
        for (int p = 0; p < Phase.COUNT; p++) {
            if (p != Phase.OTHER.ordinal()) {
                named += phaseNanos[p];
            }
        }
        phaseNanos[Phase.OTHER.ordinal()] = Math.max(0, totalNanos - named);
    }

    long startNanos() {
        return start;
    }

    /** Clears everything a request left behind, ready for the thread's next request. */
    void reset() {
        Arrays.fill(phaseNanos, 0);
        Arrays.fill(phaseAlloc, 0);
        if (anyDetail) {
            Arrays.fill(detailNanos, 0);
            anyDetail = false;
        }
        Arrays.fill(hotspots, 0);
        for (int i = 0; i < siteCount; i++) {
            sites[i] = null;
        }
        siteCount = 0;
        Arrays.fill(siteOverflow, 0);
        positions.clear();
        Arrays.fill(byteReadDetails, null);
        Arrays.fill(byteReadSites, null);
        lastByteRead(null, -1);
        exitPending = false;
        depth = 0;
        overflow = 0;
        loggingDepth = 0;
        open = false;
        implicit = false;
        readDepth = 0;
        writeDepth = 0;
        responseWriter = null;
        requestReader = null;
        name = null;
        nameRank = -1;
        stackName = null;
        status = 0;
        threw = false;
        bytesIn = 0;
        bytesOut = 0;
        readCalls = 0;
        firstByteNanos = -1;
        operationName = null;
        startMark = null;
        requestId = 0;
        segmentStart = 0;
        callNesting = 0;
        async = null;
        allocMissing = false;
        downstream = false;
        awaitingAnswer = false;
        peer = null;
        callOutcome = Outcome.SUCCESS;
        handle = null;
        lateSource = null;
        endsWithProxy = false;
        goesAsync = false;
        keepTimeline = false;
    }

    @Override
    public int operationIndex() {
        return operationIndex;
    }

    @Override
    public String operation() {
        return operationName;
    }

    @Override
    public Outcome outcome() {
        return client ? callOutcome : Outcome.of(status, threw);
    }

    @Override
    public long totalNanos() {
        return totalNanos;
    }

    @Override
    public long allocatedBytes() {
        return totalAlloc;
    }

    @Override
    public boolean allocationMeasured() {
        return measureAlloc && !allocMissing;
    }

    @Override
    public long phaseNanos(int phase) {
        return phaseNanos[phase];
    }

    @Override
    public long phaseAllocatedBytes(int phase) {
        return phaseAlloc[phase];
    }

    @Override
    public int hotspots(int kind) {
        return hotspots[kind];
    }

    @Override
    public long bytesIn() {
        return bytesIn;
    }

    @Override
    public long bytesOut() {
        return bytesOut;
    }

    @Override
    public long timeToFirstByteNanos() {
        return firstByteNanos;
    }

    @Override
    public boolean asynchronous() {
        return async != null;
    }

    @Override
    public String peer() {
        return client ? peer : null;
    }

    @Override
    public long requestId() {
        return requestId;
    }

    @Override
    public Object startMark() {
        return startMark;
    }

    @Override
    public long startNanoTime() {
        return start;
    }

    @Override
    public int timelineSize() {
        return keepTimeline ? timeline.size() : 0;
    }

    @Override
    public boolean timelineTruncated() {
        return keepTimeline && timeline.truncated();
    }

    @Override
    public int timelinePhase(int i) {
        return timeline.phase(i);
    }

    @Override
    public long timelineStart(int i) {
        return timeline.start(i);
    }

    @Override
    public long timelineEnd(int i) {
        return timeline.end(i);
    }
}
