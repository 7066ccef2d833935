package dev.soapscope.filter.jakarta;

import dev.soapscope.filter.StreamTimer;
import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletInputStream;

import java.io.IOException;
// servlet-6.1 only {
import java.nio.ByteBuffer;
// } servlet-6.1 only

/**
 * The request body as the container gives it, with each read timed as {@code transport.read}. Every method
 * delegates to the container's stream (nothing is buffered or held), so streaming and non-blocking reads
 * behave exactly as without the filter.
 */
final class TimedInputStream extends ServletInputStream {
    private final ServletInputStream in;
    private final StreamTimer timer;

    TimedInputStream(ServletInputStream in, StreamTimer timer) {
        this.in = in;
        this.timer = timer;
    }

    @Override
    public int read() throws IOException {
        timer.beforeRead();
        int b = StreamTimer.FAILED;
        try {
            b = in.read();
            return b;
        } finally {
            timer.afterReadByte(b);
        }
    }

    @Override
    public int read(byte[] b) throws IOException {
        timer.beforeRead();
        int n = StreamTimer.FAILED;
        try {
            n = in.read(b);
            return n;
        } finally {
            timer.afterRead(n);
        }
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        timer.beforeRead();
        int n = StreamTimer.FAILED;
        try {
            n = in.read(b, off, len);
            return n;
        } finally {
            timer.afterRead(n);
        }
    }

    // servlet-6.1 only {
    /** Servlet 6.1. */
    @Override
    public int read(ByteBuffer buffer) throws IOException {
        timer.beforeRead();
        int n = StreamTimer.FAILED;
        try {
            n = in.read(buffer);
            return n;
        } finally {
            timer.afterRead(n);
        }
    }

    // } servlet-6.1 only

    @Override
    public int readLine(byte[] b, int off, int len) throws IOException {
        timer.beforeRead();
        int n = StreamTimer.FAILED;
        try {
            n = in.readLine(b, off, len);
            return n;
        } finally {
            timer.afterRead(n);
        }
    }

    // servlet-6.1 only {
    /** Servlet 6.1 declares it; on older APIs it is {@code InputStream}'s (Java 9+). */
    @Override
    public byte[] readAllBytes() throws IOException {
        timer.beforeRead();
        long n = StreamTimer.FAILED;
        try {
            byte[] all = in.readAllBytes();
            n = all.length;
            return all;
        } finally {
            timer.afterRead(n);
        }
    }

    @Override
    public byte[] readNBytes(int len) throws IOException {
        timer.beforeRead();
        long n = StreamTimer.FAILED;
        try {
            byte[] some = in.readNBytes(len);
            n = some.length;
            return some;
        } finally {
            timer.afterRead(n);
        }
    }

    @Override
    public int readNBytes(byte[] b, int off, int len) throws IOException {
        timer.beforeRead();
        int n = StreamTimer.FAILED;
        try {
            n = in.readNBytes(b, off, len);
            return n;
        } finally {
            timer.afterRead(n);
        }
    }

    // } servlet-6.1 only

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
    public int available() throws IOException {
        return in.available();
    }

    @Override
    public void close() throws IOException {
        in.close();
    }

    @Override
    public void mark(int readLimit) {
        in.mark(readLimit);
    }

    @Override
    public void reset() throws IOException {
        in.reset();
    }

    @Override
    public boolean markSupported() {
        return in.markSupported();
    }

    @Override
    public boolean isFinished() {
        return in.isFinished();
    }

    @Override
    public boolean isReady() {
        return in.isReady();
    }

    @Override
    public void setReadListener(ReadListener listener) {
        in.setReadListener(listener);
    }

    @Override
    public String toString() {
        return in.toString();
    }
}
