package dev.soapscope.filter.jakarta;

import dev.soapscope.filter.FilterCore;
import dev.soapscope.filter.StreamTimer;
import dev.soapscope.filter.TimedWriter;
import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpServletResponseWrapper;

import java.io.IOException;
import java.io.PrintWriter;

/**
 * Hands the application a {@link TimedOutputStream} over the response body, or a {@link TimedWriter} over the
 * response's writer, and times {@link #flushBuffer()}; everything else is the response's own.
 */
final class TimedResponse extends HttpServletResponseWrapper {
    private final FilterCore core;
    private ServletOutputStream original;
    private ServletOutputStream timed;
    private StreamTimer timer;
    private PrintWriter originalWriter;
    private PrintWriter timedWriter;

    TimedResponse(HttpServletResponse response, FilterCore core) {
        super(response);
        this.core = core;
    }

    @Override
    public ServletOutputStream getOutputStream() throws IOException {
        ServletOutputStream out = super.getOutputStream();
        if (out == null) {
            return null;
        }
        if (out != original) { // the same wrapper for the same stream, however often it is asked for
            ServletOutputStream wrapped = out;
            try {
                StreamTimer t = core.timer(out);
                wrapped = new TimedOutputStream(out, t);
                timer = t;
            } catch (Throwable e) {
                // unwrapped: untimed, but unchanged
            }
            timed = wrapped;
            original = out;
        }
        return timed;
    }

    @Override
    public PrintWriter getWriter() throws IOException {
        PrintWriter out = super.getWriter();
        if (out == null) {
            return null;
        }
        if (out != originalWriter) { // the same wrapper for the same writer, however often it is asked for
            PrintWriter wrapped = out;
            try {
                StreamTimer t = core.timer(out);
                wrapped = new TimedWriter(out, t, getCharacterEncoding());
                timer = t;
            } catch (Throwable e) {
                // unwrapped: untimed, but unchanged
            }
            timedWriter = wrapped;
            originalWriter = out;
        }
        return timedWriter;
    }

    @Override
    public void flushBuffer() throws IOException {
        StreamTimer t = timer;
        if (t == null) {
            super.flushBuffer();
            return;
        }
        t.beforeWrite();
        try {
            super.flushBuffer();
        } finally {
            t.afterWrite(0);
        }
    }
}
