package dev.soapscope.recorder;

import java.lang.ref.WeakReference;

import static dev.soapscope.recorder.Recorder.ASYNC;
import static dev.soapscope.recorder.Recorder.NOT_COUNTED;
import static dev.soapscope.recorder.Recorder.THREADS;
import static dev.soapscope.recorder.Recorder.aggregates;
import static dev.soapscope.recorder.Recorder.failed;

/**
 * A call's answer read after the call returned: the clients of CXF, Metro (mimepull) and Axis2 (Axiom) read an MTOM
 * attachment when the application reads its {@code DataHandler}, after the call's boundary has returned the answer. Those reads are the call's, not background
 * work: on the caller's thread, each one runs in a shard of the call (in {@link Phase#ATTACHMENTS}, its socket reads
 * in {@code transport.read}, its single-byte reads the call's hot spots), and the shard's time, bytes and hot spots
 * are added to the call's row, with no call counted, once the attachment is read to its end or closed (reads after
 * that, such as the closing boundary's, are the call's too), or when the thread starts its next call or request. The call's duration histogram keeps its boundary's time; its means and
 * phase totals include the reads. A request open on the thread waits in {@code downstream} while they run.
 *
 * <p>Only the thread's latest call that received attachments is followed, weakly: reads of an older call's
 * attachments, or on another thread, remain background work. Called by the MIME parsers' probes; state: the thread's own
 * recording's {@link ThreadRecording#lateReads} and the call's {@link ThreadRecording#lateSource}.
 */
public final class LateReads {
    private final WeakReference<Object> source;
    private final Aggregates recordedIn;
    private final int row;
    private final int sites;
    private final Outcome outcome;
    /** The reads' own recording, made at the first read; paused between reads. */
    private ThreadRecording shard;

    private LateReads(Object source, Aggregates recordedIn, int row, int sites, Outcome outcome) {
        this.source = new WeakReference<Object>(source);
        this.recordedIn = recordedIn;
        this.row = row;
        this.sites = sites;
        this.outcome = outcome;
    }

    /** Inside a call: {@code source} (a MIME parser: CXF's {@code AttachmentDeserializer}, mimepull's {@code MIMEMessage},
     * Axiom's {@code MultipartBody}) is what reads its answer's attachments later. */
    public static void keep(Object source) {
        try {
            ThreadRecording c = THREADS.get();
            if (c.client && !c.busy && c.shardOfCall == null && source != null) {
                c.lateSource = source;
            }
        } catch (Throwable e) {
            failed("lateReads.keep", e);
        }
    }

    /**
     * The call {@code c} was recorded at {@code row} on its caller's thread: its later reads are followed from now on,
     * and the previous call's are recorded.
     */
    static void follow(ThreadRecording c, int row, int sites) {
        ThreadRecording t = c.outer;
        if (c.lateSource == null || t == null) {
            return;
        }
        record(t);
        t.lateReads = new LateReads(c.lateSource, aggregates, row, sites, c.outcome());
    }

    /**
     * Before a read of {@code source} (an attachment's stream, the deserializer reading the next part): returns
     * {@link Recorder#ASYNC} when it is a read of the thread's latest call, for {@link #readEnd}, else
     * {@link Recorder#NOT_COUNTED} (a read inside a call or request's own work, another call's, none of ours).
     */
    public static int readStart(Object source) {
        try {
            ThreadRecording t = THREADS.get();
            LateReads l = t.lateReads;
            if (l == null || source == null || t.client || t.busy || t.implicit || l.source.get() != source) {
                return NOT_COUNTED;
            }
            ThreadRecording s = l.shard;
            if (s == null) {
                s = new ThreadRecording(true);
                s.callNesting = 1; // a call's boundary met while reading nests in the call: it never ends the shard
                s.open(false, aggregates.allocation);
                s.push(Phase.ATTACHMENTS.ordinal());
                l.shard = s;
            } else {
                s.resume(); // the time between reads is the application's
            }
            if (t.open) {
                t.enterDownstream();
            }
            s.parked = t;
            THREADS.set(s);
            return ASYNC;
        } catch (Throwable e) {
            failed("lateReads.readStart", e);
            return NOT_COUNTED;
        }
    }

    /** After that read; {@code done}: the attachment was read to its end or closed, so the reads are recorded now. */
    public static void readEnd(int token, boolean done) {
        if (token != ASYNC) {
            return;
        }
        try {
            ThreadRecording s = THREADS.get();
            ThreadRecording t = s.parked;
            if (t == null) {
                return;
            }
            s.pause();
            s.parked = null;
            THREADS.set(t);
            if (t.downstream) {
                t.exitDownstream();
            }
            LateReads l = t.lateReads;
            if (done && l != null) {
                l.recordShard(); // what the call read so far counts now; reads after it (the closing boundary) follow
            }
        } catch (Throwable e) {
            failed("lateReads.readEnd", e);
        }
    }

    /**
     * An attachment's stream ended (read to its end, or closed) on this thread: what its latest call read after it
     * returned is recorded now, for a parser that does not say which message the stream was of (mimepull's streams
     * stop asking the message for more once their part is parsed, so it never reaches its end). Reads after it follow.
     */
    public static void attachmentEnded() {
        try {
            ThreadRecording t = THREADS.get();
            LateReads l = t.lateReads;
            if (l != null && !t.busy) {
                l.recordShard();
            }
        } catch (Throwable e) {
            failed("lateReads.attachmentEnded", e);
        }
    }

    /** Records what the thread's latest call read after it returned, if anything, and stops following it. */
    static void record(ThreadRecording t) {
        LateReads l = t.lateReads;
        if (l != null) {
            t.lateReads = null;
            l.recordShard();
        }
    }

    /** Adds the reads so far to the call's row; a later read starts a shard of its own. */
    private void recordShard() {
        ThreadRecording s = shard;
        shard = null;
        if (s == null || recordedIn != aggregates) {
            return; // nothing read, or the recorder was configured afresh since
        }
        s.busy = true;
        try {
            s.resume();
            s.close();
            recordedIn.clients().statsFor(row).addLate(s, outcome);
            s.flushSites(sites, recordedIn.sites());
        } finally {
            s.reset();
            s.busy = false;
        }
    }
}
