package dev.soapscope.filter.javax;

import dev.soapscope.filter.FilterCore;
import dev.soapscope.filter.StreamTimer;
import javax.servlet.ServletOutputStream;
import javax.servlet.http.HttpServletResponse;
import javax.servlet.http.HttpServletResponseWrapper;

import java.io.IOException;

/**
 * Hands the application a {@link TimedOutputStream} over the response body and times {@link #flushBuffer()};
 * everything else is the response's own.
 */
final class TimedResponse extends HttpServletResponseWrapper {
    private final FilterCore core;
    private ServletOutputStream original;
    private ServletOutputStream timed;
    private StreamTimer timer;

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
