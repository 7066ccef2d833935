package dev.soapscope.filter;

import dev.soapscope.recorder.CharBytes;

import java.io.PrintWriter;

/**
 * The response's {@code getWriter()} as the container gives it, with each write, flush and close timed as
 * {@code transport.write} (Tomcat's writer never touches the output stream the filter wraps); chars count as
 * bytes in the response's encoding ({@link CharBytes}). Every call delegates to the container's writer at once;
 * {@code print}, {@code format} and {@code append} reach it through {@code write} as in any {@code PrintWriter}.
 */
public final class TimedWriter extends PrintWriter {
    private static final int LINE_END = System.getProperty("line.separator", "\n").length();

    private final PrintWriter out;
    private final StreamTimer timer;
    private final int counting;

    public TimedWriter(PrintWriter out, StreamTimer timer, String encoding) {
        super(out);
        this.out = out;
        this.timer = timer;
        this.counting = CharBytes.of(encoding);
    }

    @Override
    public void write(int c) {
        timer.beforeWrite();
        long n = 0;
        try {
            out.write(c);
            n = CharBytes.length(counting, c);
        } finally {
            timer.afterWrite(n);
        }
    }

    @Override
    public void write(char[] buf, int off, int len) {
        timer.beforeWrite();
        long n = 0;
        try {
            out.write(buf, off, len);
            n = CharBytes.length(counting, buf, off, len);
        } finally {
            timer.afterWrite(n);
        }
    }

    @Override
    public void write(char[] buf) {
        timer.beforeWrite();
        long n = 0;
        try {
            out.write(buf);
            n = CharBytes.length(counting, buf, 0, buf.length);
        } finally {
            timer.afterWrite(n);
        }
    }

    @Override
    public void write(String s, int off, int len) {
        timer.beforeWrite();
        long n = 0;
        try {
            out.write(s, off, len);
            n = CharBytes.length(counting, s, off, len);
        } finally {
            timer.afterWrite(n);
        }
    }

    @Override
    public void write(String s) {
        timer.beforeWrite();
        long n = 0;
        try {
            out.write(s);
            n = CharBytes.length(counting, s, 0, s.length());
        } finally {
            timer.afterWrite(n);
        }
    }

    /** The container's own line end ({@code PrintWriter} would write it past {@link #write}). */
    @Override
    public void println() {
        timer.beforeWrite();
        long n = 0;
        try {
            out.println();
            n = LINE_END;
        } finally {
            timer.afterWrite(n);
        }
    }

    @Override
    public void flush() {
        timer.beforeWrite();
        try {
            out.flush();
        } finally {
            timer.afterWrite(0);
        }
    }

    @Override
    public void close() {
        timer.beforeWrite();
        try {
            out.close();
        } finally {
            timer.afterWrite(0);
        }
    }

    @Override
    public boolean checkError() {
        return out.checkError();
    }

    @Override
    public String toString() {
        return out.toString();
    }
}
