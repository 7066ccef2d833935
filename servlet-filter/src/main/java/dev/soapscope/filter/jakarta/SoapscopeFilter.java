package dev.soapscope.filter.jakarta;

import dev.soapscope.filter.FilterCore;
import dev.soapscope.metrics.Endpoint;
import dev.soapscope.recorder.Log;
import jakarta.servlet.DispatcherType;
import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.FilterConfig;
import jakarta.servlet.ServletContext;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import java.io.IOException;
import java.io.OutputStream;

/**
 * soapscope's servlet filter for {@code jakarta.servlet}: times each request and its body streams, and answers
 * the endpoint's pages under {@code soapscope.filter.path}. Added by {@link SoapscopeInitializer}, or declared
 * in web.xml (with {@code <async-supported>true</async-supported>}).
 */
public final class SoapscopeFilter implements Filter {
    private volatile FilterCore core;

    @Override
    public void init(final FilterConfig config) {
        try {
            final ServletContext context = config.getServletContext();
            core = FilterCore.start(name -> {
                String v = config.getInitParameter(name);
                return v != null ? v : context.getInitParameter(name);
            }, context.getContextPath());
        } catch (Throwable e) {
            Log.warnOnce("filter:init", "soapscope filter: cannot start; requests pass through unrecorded", e);
        }
    }

    @Override
    public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        FilterCore c = core;
        if (c == null || !(request instanceof HttpServletRequest) || !(response instanceof HttpServletResponse)
                || request.getDispatcherType() != DispatcherType.REQUEST) {
            chain.doFilter(request, response); // forwards, includes, error pages: part of a request already timed
            return;
        }
        HttpServletRequest httpRequest = (HttpServletRequest) request;
        HttpServletResponse httpResponse = (HttpServletResponse) response;
        ServletRequest inner = request;
        ServletResponse outer = response;
        int token = 0; // Recorder.NOT_COUNTED
        Endpoint.Response page = null;
        try {
            page = c.answer(httpRequest.getMethod(), pathInApp(httpRequest), httpRequest.getQueryString(),
                    httpRequest.getHeader("Accept"), httpRequest.getRemoteAddr(),
                    httpRequest.getHeader("X-Forwarded-For") != null || httpRequest.getHeader("Forwarded") != null);
            if (page != null) {
                send(httpResponse, page, "HEAD".equals(httpRequest.getMethod()));
                return;
            }
            token = c.open(httpRequest.getMethod(), httpRequest.getQueryString(), httpRequest.getHeader("SOAPAction"), httpRequest.getContentType(), httpRequest.getServletPath());
            inner = new TimedRequest(httpRequest, c);
            outer = new TimedResponse(httpResponse, c);
        } catch (IOException e) {
            throw e; // from writing an endpoint page: that request is ours, not the application's
        } catch (Throwable e) {
            Log.warnOnce("filter:doFilter", "soapscope filter: failed before a request; it goes on unrecorded", e);
            if (page != null) {
                return; // an endpoint page half sent: not the application's to answer
            }
            inner = request;
            outer = response;
        }
        boolean threw = true;
        try {
            chain.doFilter(inner, outer);
            threw = false;
        } finally {
            c.close(token, status(httpResponse), threw);
        }
    }

    @Override
    public void destroy() {
        FilterCore c = core;
        core = null;
        if (c != null) {
            c.stop();
        }
    }

    private static String pathInApp(HttpServletRequest request) {
        String servletPath = request.getServletPath();
        String pathInfo = request.getPathInfo();
        return pathInfo == null ? servletPath : (servletPath == null ? pathInfo : servletPath + pathInfo);
    }

    private static int status(HttpServletResponse response) {
        try {
            return response.getStatus();
        } catch (Throwable e) {
            return 0;
        }
    }

    private static void send(HttpServletResponse response, Endpoint.Response page, boolean head) throws IOException {
        response.setStatus(page.status);
        response.setContentType(page.contentType);
        response.setHeader("Cache-Control", "no-store");
        if (page.status == HttpServletResponse.SC_METHOD_NOT_ALLOWED) {
            response.setHeader("Allow", "GET, HEAD");
        }
        long length = page.knownLength();
        if (length >= 0) {
            response.setContentLength((int) length);
        }
        if (!head) {
            OutputStream out = response.getOutputStream();
            page.writeTo(out); // /metrics is streamed, never held whole
        }
    }
}
