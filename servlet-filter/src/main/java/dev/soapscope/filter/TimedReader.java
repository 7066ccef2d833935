package dev.soapscope.filter;

import dev.soapscope.recorder.CharBytes;

import java.io.BufferedReader;
import java.io.IOException;

/**
 * The request's {@code getReader()} as the container gives it, with each read timed as {@code transport.read}
 * (Tomcat's reader never touches the input stream the filter wraps); chars count as bytes in the request's
 * encoding ({@link CharBytes}), a line from {@code readLine()} with one byte for its line end. Every call delegates
 * to the container's reader at once: nothing is buffered here.
 */
public final class TimedReader extends BufferedReader {
    private final BufferedReader in;
    private final StreamTimer timer;
    private final int counting;

    public TimedReader(BufferedReader in, StreamTimer timer, String encoding) {
        super(in, 1); // BufferedReader's own buffer is never used: every method below delegates
        this.in = in;
        this.timer = timer;
        this.counting = CharBytes.of(encoding);
    }

    @Override
    public int read() throws IOException {
        timer.beforeRead();
        long n = StreamTimer.FAILED;
        try {
            int c = in.read();
            n = CharBytes.length(counting, c);
            return c;
        } finally {
            timer.afterRead(n);
        }
    }

    @Override
    public int read(char[] buf, int off, int len) throws IOException {
        timer.beforeRead();
        long n = StreamTimer.FAILED;
        try {
            int read = in.read(buf, off, len);
            n = read < 0 ? -1 : CharBytes.length(counting, buf, off, read);
            return read;
        } finally {
            timer.afterRead(n);
        }
    }

    @Override
    public String readLine() throws IOException {
        timer.beforeRead();
        long n = StreamTimer.FAILED;
        try {
            String line = in.readLine();
            n = line == null ? -1 : CharBytes.length(counting, line, 0, line.length()) + 1;
            return line;
        } finally {
            timer.afterRead(n);
        }
    }

    /** Skipped chars count one byte each: they are not seen. */
    @Override
    public long skip(long count) throws IOException {
        timer.beforeRead();
        long n = StreamTimer.FAILED;
        try {
            n = in.skip(count);
            return n;
        } finally {
            timer.afterRead(n);
        }
    }

    @Override
    public boolean ready() throws IOException {
        return in.ready();
    }

    @Override
    public boolean markSupported() {
        return in.markSupported();
    }

    @Override
    public void mark(int readAheadLimit) throws IOException {
        in.mark(readAheadLimit);
    }

    @Override
    public void reset() throws IOException {
        in.reset();
    }

    @Override
    public void close() throws IOException {
        in.close();
    }

    @Override
    public String toString() {
        return in.toString();
    }
}
