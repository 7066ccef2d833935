package dev.soapscope.filter.jakarta;

import dev.soapscope.filter.FilterCore;
import dev.soapscope.filter.TimedReader;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;

import java.io.BufferedReader;
import java.io.IOException;

/**
 * Hands the application a {@link TimedInputStream} over the request body, or a {@link TimedReader} over the
 * request's reader; everything else is the request's own.
 */
final class TimedRequest extends HttpServletRequestWrapper {
    private final FilterCore core;
    private ServletInputStream original;
    private ServletInputStream timed;
    private BufferedReader originalReader;
    private BufferedReader timedReader;

    TimedRequest(HttpServletRequest request, FilterCore core) {
        super(request);
        this.core = core;
    }

    @Override
    public ServletInputStream getInputStream() throws IOException {
        ServletInputStream in = super.getInputStream();
        if (in == null) {
            return null;
        }
        if (in != original) { // the same wrapper for the same stream, however often it is asked for
            ServletInputStream wrapped = in;
            try {
                wrapped = new TimedInputStream(in, core.timer(in));
            } catch (Throwable e) {
                // unwrapped: untimed, but unchanged
            }
            timed = wrapped;
            original = in;
        }
        return timed;
    }

    @Override
    public BufferedReader getReader() throws IOException {
        BufferedReader in = super.getReader();
        if (in == null) {
            return null;
        }
        if (in != originalReader) { // the same wrapper for the same reader, however often it is asked for
            BufferedReader wrapped = in;
            try {
                wrapped = new TimedReader(in, core.timer(in), getCharacterEncoding());
            } catch (Throwable e) {
                // unwrapped: untimed, but unchanged
            }
            timedReader = wrapped;
            originalReader = in;
        }
        return timedReader;
    }
}
