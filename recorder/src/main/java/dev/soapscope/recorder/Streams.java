package dev.soapscope.recorder;

import static dev.soapscope.recorder.HotSpots.hotspot;
import static dev.soapscope.recorder.Recorder.THREADS;
import static dev.soapscope.recorder.Recorder.enter;
import static dev.soapscope.recorder.Recorder.exit;
import static dev.soapscope.recorder.Recorder.failed;

/**
 * The request's and response's streams, readers and writers: {@code transport.read} and {@code transport.write}, bytes
 * in and out, single-byte reads. Called by the servlet-stream and transport-stream probes and the filter's wrappers.
 * State: the thread's {@link ThreadRecording} alone (its read and write depths, the request's own reader and writer).
 */
public final class Streams {
    private static final int SINGLE_BYTE_READ = HotSpotKind.STREAM_SINGLE_BYTE_READ.ordinal();

    private Streams() {
    }

    /**
     * Before a single-byte read of a general stream (CXF's {@code PushbackInputStream} over the request's), which is
     * a finding only while the thread is in {@code phase}: the thread's recording when it counts, else null. A
     * single-byte read made inside it (the stream beneath, a servlet stream) is the same byte, counted once, at this
     * outermost stream where the application's line is. Hand the answer to {@link #byteReadEnd}: the recording goes
     * from the read's start to its end, one thread-local look-up a byte, not two (about 200 bytes a MIME message).
     */
    public static Object byteReadStartIn(int phase) {
        try {
            ThreadRecording t = THREADS.get();
            if (t.open && !t.busy && t.topPhase() == phase) {
                t.callDepth[SINGLE_BYTE_READ]++;
                return t;
            }
        } catch (Throwable e) {
            failed("byteReadStartIn", e);
        }
        return null;
    }

    /**
     * Whether a read of the request's stream is inside a single-byte read of a stream over it (CXF's MIME boundary,
     * about 200 a message): the same byte, from the container's buffer, whose time is that stream's phase. Timing it
     * apart cost two clock reads per byte, the largest part of the agent's CPU on OpenCMIS's requests; its bytes count.
     */
    private static boolean insideByteRead(ThreadRecording t) {
        return t.callDepth[SINGLE_BYTE_READ] > 0 && t.open && !t.busy;
    }

    /** Ends a read {@link #byteReadStartIn} counted (its recording; null: it counted none): one single-byte read at {@code site}. */
    public static void byteReadEnd(Object counted, String site) {
        if (counted != null) {
            HotSpots.callEnd((ThreadRecording) counted, SINGLE_BYTE_READ, site);
        }
    }

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

    /**
     * Before a read of a request body stream; nested reads (wrappers, read(byte[]) calling read(byte[],int,int)) count
     * once. Inside a single-byte read of a stream over it ({@link #insideByteRead}) it stays in that read's phase.
     */
    public static void readStart() {
        enterRead();
    }

    /**
     * {@link #readStart()} that returns the thread's recording, for {@link #readEnd(Object, long, boolean, String)}:
     * one thread-local look-up a read, not two. A servlet stream's single-byte reads beneath CXF's MIME parser are
     * about 200 a message, each two streams deep.
     */
    public static Object enterRead() {
        ThreadRecording t = null;
        try {
            t = THREADS.get();
            readStart(t);
        } catch (Throwable e) {
            failed("enterRead", e);
        }
        return t;
    }

    private static void readStart(ThreadRecording t) {
        if (t.readDepth++ == 0 && !insideByteRead(t)) {
            streamSwitch(t, Phase.TRANSPORT_READ.ordinal(), true);
        }
    }

    /**
     * Enters ({@code entering}) or leaves a stream's phase without reading the allocation counter
     * ({@link ThreadRecording#streamSwitch}); a request that ends here reads it all the same.
     */
    private static void streamSwitch(ThreadRecording t, int phase, boolean entering) {
        t.streamSwitch = true;
        try {
            if (entering) {
                enter(t, phase);
            } else {
                exit(t, phase);
            }
        } finally {
            t.streamSwitch = false;
        }
    }

    /** After that read: what it returned ({@code -1} at the end of the stream) and whether it was read(). */
    public static void readEnd(long bytes, boolean singleByte, String stream) {
        try {
            readEnd(THREADS.get(), bytes, singleByte, stream);
        } catch (Throwable e) {
            failed("readEnd", e);
        }
    }

    /** {@link #readEnd(long, boolean, String)} on the recording {@link #enterRead()} returned (null: nothing). */
    public static void readEnd(Object recording, long bytes, boolean singleByte, String stream) {
        if (recording == null) {
            return;
        }
        try {
            readEnd((ThreadRecording) recording, bytes, singleByte, stream);
        } catch (Throwable e) {
            failed("readEnd", e);
        }
    }

    private static void readEnd(ThreadRecording t, long bytes, boolean singleByte, String stream) {
        if (t.readDepth == 0 || --t.readDepth > 0) {
            return;
        }
        if (t.open && !t.busy) {
            t.readCalls++;
            if (bytes > 0) {
                t.bytesIn += bytes;
            }
        }
        if (insideByteRead(t)) {
            return; // its byte is counted once, at the read around it, in that read's phase
        }
        if (singleByte && t.callDepth[SINGLE_BYTE_READ] == 0) {
            hotspot(SINGLE_BYTE_READ, stream);
        }
        streamSwitch(t, Phase.TRANSPORT_READ.ordinal(), false);
    }

    public static void writeStart() {
        enterWrite();
    }

    /**
     * {@link #writeStart()} that returns the thread's recording, for {@link #writeEnd(Object, long)}: one thread-local
     * look-up a write, not two (CXF writes an MTOM attachment to the servlet stream a few kilobytes at a time).
     */
    public static Object enterWrite() {
        ThreadRecording t = null;
        try {
            t = THREADS.get();
            if (t.writeDepth++ == 0) {
                streamSwitch(t, Phase.TRANSPORT_WRITE.ordinal(), true);
            }
        } catch (Throwable e) {
            failed("writeStart", e);
        }
        return t;
    }

    /** After a write of the response body: how many bytes it wrote. The first byte marks time to first byte. */
    public static void writeEnd(long bytes) {
        try {
            writeEnd(THREADS.get(), bytes);
        } catch (Throwable e) {
            failed("writeEnd", e);
        }
    }

    /** {@link #writeEnd(long)} on the recording {@link #enterWrite()} returned (null: nothing). */
    public static void writeEnd(Object recording, long bytes) {
        if (recording == null) {
            return;
        }
        try {
            writeEnd((ThreadRecording) recording, bytes);
        } catch (Throwable e) {
            failed("writeEnd", e);
        }
    }

    private static void writeEnd(ThreadRecording t, long bytes) {
        if (t.writeDepth == 0 || --t.writeDepth > 0) {
            return;
        }
        if (t.open && !t.busy && bytes > 0) {
            if (t.firstByteNanos < 0) {
                t.firstByteNanos = t.sinceStart();
            }
            t.bytesOut += bytes;
        }
        streamSwitch(t, Phase.TRANSPORT_WRITE.ordinal(), false);
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

}
