package dev.soapscope.filter;

/**
 * The timing both adapters' body-stream wrappers share: a wrapper brackets each call to the stream it wraps with
 * a {@code before} and an {@code after}, in a {@code finally}, and reports what the call moved:
 *
 * <pre>
 * timer.beforeRead();
 * int n = StreamTimer.FAILED;
 * try {
 *     n = in.read(b, off, len);
 *     return n;
 * } finally {
 *     timer.afterRead(n);
 * }
 * </pre>
 *
 * The recorder counts nested brackets once, so a wrapped stream the agent also instruments is timed once.
 * Time to first byte and the byte totals come from the recorder's own accounting of these calls.
 */
public final class StreamTimer {
    /** What a wrapper reports for a call that threw: nothing moved, and not a single-byte read either. */
    public static final int FAILED = Integer.MIN_VALUE;

    private final RecorderPort port;
    private final String stream;

    /** Times calls on {@code delegate}, whose class names the site of single-byte reads. */
    public StreamTimer(RecorderPort port, Object delegate) {
        this.port = port;
        this.stream = delegate.getClass().getName();
    }

    /** The wrapped stream's class name. */
    public String stream() {
        return stream;
    }

    public void beforeRead() {
        port.readStart();
    }

    /** After a bulk read, skip or readLine: bytes moved, -1 at the end of the stream, or {@link #FAILED}. */
    public void afterRead(long bytes) {
        port.readEnd(bytes == FAILED ? -1 : bytes, false, stream);
    }

    /** After {@code read()}: the byte read, -1 at the end of the stream, or {@link #FAILED}. */
    public void afterReadByte(int value) {
        if (value == FAILED) {
            port.readEnd(-1, false, stream);
        } else {
            port.readEnd(value < 0 ? -1 : 1, true, stream);
        }
    }

    public void beforeWrite() {
        port.writeStart();
    }

    /** After a write (bytes written, 0 for flush and close or a write that threw). */
    public void afterWrite(long bytes) {
        port.writeEnd(bytes);
    }

    /** Bytes {@code print(String)} writes: one per char, as the Servlet API's own ISO-8859-1 printing does. */
    public static long printed(String s) {
        return s == null ? 4 : s.length(); // "null"
    }

    /** Bytes {@code println(...)} adds: CRLF. */
    public static final int LINE_END = 2;
}
