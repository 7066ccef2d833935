package dev.soapscope.filter.jakarta;

import dev.soapscope.filter.StreamTimer;
import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.WriteListener;

import java.io.IOException;
// servlet-6.1 only {
import java.nio.ByteBuffer;
// } servlet-6.1 only

/**
 * The response body as the container gives it, with each write, flush and close timed as
 * {@code transport.write}; the first byte written marks time to first byte. Every method delegates to the
 * container's stream (nothing is buffered), so the response streams exactly as without the filter.
 */
final class TimedOutputStream extends ServletOutputStream {
    private final ServletOutputStream out;
    private final StreamTimer timer;

    TimedOutputStream(ServletOutputStream out, StreamTimer timer) {
        this.out = out;
        this.timer = timer;
    }

    @Override
    public void write(int b) throws IOException {
        timer.beforeWrite();
        long n = 0;
        try {
            out.write(b);
            n = 1;
        } finally {
            timer.afterWrite(n);
        }
    }

    @Override
    public void write(byte[] b) throws IOException {
        timer.beforeWrite();
        long n = 0;
        try {
            out.write(b);
            n = b.length;
        } finally {
            timer.afterWrite(n);
        }
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        timer.beforeWrite();
        long n = 0;
        try {
            out.write(b, off, len);
            n = len;
        } finally {
            timer.afterWrite(n);
        }
    }

    // servlet-6.1 only {
    /** Servlet 6.1. */
    @Override
    public void write(ByteBuffer buffer) throws IOException {
        timer.beforeWrite();
        long n = 0;
        int before = buffer.remaining();
        try {
            out.write(buffer);
            n = before - buffer.remaining();
        } finally {
            timer.afterWrite(n);
        }
    }

    // } servlet-6.1 only

    @Override
    public void flush() throws IOException {
        timer.beforeWrite();
        try {
            out.flush();
        } finally {
            timer.afterWrite(0);
        }
    }

    @Override
    public void close() throws IOException {
        timer.beforeWrite();
        try {
            out.close();
        } finally {
            timer.afterWrite(0);
        }
    }

    @Override
    public boolean isReady() {
        return out.isReady();
    }

    @Override
    public void setWriteListener(WriteListener listener) {
        out.setWriteListener(listener);
    }

    // print and println go to the container's own versions (their encoding is the container's business); the
    // byte count is one per char, as the API's ISO-8859-1 printing writes.

    @Override
    public void print(String s) throws IOException {
        timer.beforeWrite();
        long n = 0;
        try {
            out.print(s);
            n = StreamTimer.printed(s);
        } finally {
            timer.afterWrite(n);
        }
    }

    @Override
    public void print(boolean b) throws IOException {
        timer.beforeWrite();
        long n = 0;
        try {
            out.print(b);
            n = StreamTimer.printed(String.valueOf(b));
        } finally {
            timer.afterWrite(n);
        }
    }

    @Override
    public void print(char c) throws IOException {
        timer.beforeWrite();
        long n = 0;
        try {
            out.print(c);
            n = 1;
        } finally {
            timer.afterWrite(n);
        }
    }

    @Override
    public void print(int i) throws IOException {
        timer.beforeWrite();
        long n = 0;
        try {
            out.print(i);
            n = StreamTimer.printed(String.valueOf(i));
        } finally {
            timer.afterWrite(n);
        }
    }

    @Override
    public void print(long l) throws IOException {
        timer.beforeWrite();
        long n = 0;
        try {
            out.print(l);
            n = StreamTimer.printed(String.valueOf(l));
        } finally {
            timer.afterWrite(n);
        }
    }

    @Override
    public void print(float f) throws IOException {
        timer.beforeWrite();
        long n = 0;
        try {
            out.print(f);
            n = StreamTimer.printed(String.valueOf(f));
        } finally {
            timer.afterWrite(n);
        }
    }

    @Override
    public void print(double d) throws IOException {
        timer.beforeWrite();
        long n = 0;
        try {
            out.print(d);
            n = StreamTimer.printed(String.valueOf(d));
        } finally {
            timer.afterWrite(n);
        }
    }

    @Override
    public void println() throws IOException {
        timer.beforeWrite();
        long n = 0;
        try {
            out.println();
            n = StreamTimer.LINE_END;
        } finally {
            timer.afterWrite(n);
        }
    }

    @Override
    public void println(String s) throws IOException {
        timer.beforeWrite();
        long n = 0;
        try {
            out.println(s);
            n = StreamTimer.printed(s) + StreamTimer.LINE_END;
        } finally {
            timer.afterWrite(n);
        }
    }

    @Override
    public void println(boolean b) throws IOException {
        timer.beforeWrite();
        long n = 0;
        try {
            out.println(b);
            n = StreamTimer.printed(String.valueOf(b)) + StreamTimer.LINE_END;
        } finally {
            timer.afterWrite(n);
        }
    }

    @Override
    public void println(char c) throws IOException {
        timer.beforeWrite();
        long n = 0;
        try {
            out.println(c);
            n = 1 + StreamTimer.LINE_END;
        } finally {
            timer.afterWrite(n);
        }
    }

    @Override
    public void println(int i) throws IOException {
        timer.beforeWrite();
        long n = 0;
        try {
            out.println(i);
            n = StreamTimer.printed(String.valueOf(i)) + StreamTimer.LINE_END;
        } finally {
            timer.afterWrite(n);
        }
    }

    @Override
    public void println(long l) throws IOException {
        timer.beforeWrite();
        long n = 0;
        try {
            out.println(l);
            n = StreamTimer.printed(String.valueOf(l)) + StreamTimer.LINE_END;
        } finally {
            timer.afterWrite(n);
        }
    }

    @Override
    public void println(float f) throws IOException {
        timer.beforeWrite();
        long n = 0;
        try {
            out.println(f);
            n = StreamTimer.printed(String.valueOf(f)) + StreamTimer.LINE_END;
        } finally {
            timer.afterWrite(n);
        }
    }

    @Override
    public void println(double d) throws IOException {
        timer.beforeWrite();
        long n = 0;
        try {
            out.println(d);
            n = StreamTimer.printed(String.valueOf(d)) + StreamTimer.LINE_END;
        } finally {
            timer.afterWrite(n);
        }
    }

    @Override
    public String toString() {
        return out.toString();
    }
}
