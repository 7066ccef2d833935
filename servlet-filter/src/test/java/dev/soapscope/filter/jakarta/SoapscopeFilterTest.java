package dev.soapscope.filter.jakarta;

import dev.soapscope.filter.Fakes;
import dev.soapscope.filter.RecordedRequests;
import jakarta.servlet.DispatcherType;
import jakarta.servlet.FilterChain;
import jakarta.servlet.FilterConfig;
import jakarta.servlet.FilterRegistration;
import jakarta.servlet.ServletContext;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringReader;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SoapscopeFilterTest {
    private static final byte[] REQUEST = "<Envelope><Body><echo>hi</echo></Body></Envelope>".getBytes(StandardCharsets.UTF_8);
    private static final byte[] RESPONSE = "<Envelope><Body><echoResponse>hi</echoResponse></Body></Envelope>".getBytes(StandardCharsets.UTF_8);

    private final SoapscopeFilter filter = new SoapscopeFilter();
    private final Map<String, String> responseHeaders = new HashMap<>();
    private final TimedStreamsTest.FakeOut body = new TimedStreamsTest.FakeOut();
    private int status = 200;

    @BeforeEach
    void init() {
        ServletContext context = Fakes.of(ServletContext.class).returning("getContextPath", "/app").build();
        filter.init(Fakes.of(FilterConfig.class).returning("getServletContext", context).build());
    }

    @AfterEach
    void destroy() {
        filter.destroy();
    }

    private HttpServletRequest request(String method, String servletPath, DispatcherType type) {
        TimedStreamsTest.FakeIn in = new TimedStreamsTest.FakeIn(REQUEST);
        return Fakes.of(HttpServletRequest.class)
                .returning("getDispatcherType", type)
                .returning("getMethod", method)
                .returning("getServletPath", servletPath)
                .returning("getRemoteAddr", "127.0.0.1")
                .returning("getContentType", "text/xml; charset=utf-8")
                .on("getHeader", a -> "SOAPAction".equals(a[0]) ? "\"urn:filter\"" : null)
                .returning("getInputStream", in)
                .build();
    }

    private HttpServletResponse response() {
        return Fakes.of(HttpServletResponse.class)
                .on("setStatus", a -> status = (Integer) a[0])
                .on("getStatus", a -> status)
                .on("setHeader", a -> responseHeaders.put((String) a[0], (String) a[1]))
                .on("setContentType", a -> responseHeaders.put("Content-Type", (String) a[0]))
                .returning("getOutputStream", body)
                .build();
    }

    private static void echo(ServletRequest request, ServletResponse response) throws IOException {
        ServletInputStream in = request.getInputStream();
        assertSame(in, request.getInputStream(), "one wrapper per stream");
        assertInstanceOf(TimedInputStream.class, in);
        assertArrayEquals(REQUEST, in.readAllBytes());
        response.getOutputStream().write(RESPONSE);
    }

    @Test
    void timesTheRequestAndItsStreams() throws Exception {
        try (RecordedRequests recorded = new RecordedRequests()) {
            filter.doFilter(request("POST", "/echo", DispatcherType.REQUEST), response(), SoapscopeFilterTest::echo);
            RecordedRequests.Request r = recorded.only();
            assertEquals("urn:filter", r.operation);
            assertEquals("success", r.outcome.tag());
            assertEquals(REQUEST.length, r.bytesIn);
            assertEquals(RESPONSE.length, r.bytesOut);
            assertTrue(r.readNanos > 0 && r.writeNanos > 0, r.toString());
            assertTrue(r.timeToFirstByteNanos >= 0 && r.timeToFirstByteNanos <= r.totalNanos, r.toString());
            assertEquals(r.totalNanos, r.phaseSum, "phases add up to the request");
        }
        assertArrayEquals(RESPONSE, body.bytes.toByteArray());
    }

    @Test
    void timesTheReaderAndWriterInTheBodysEncoding() throws Exception {
        String text = "<Envelope><Body><echo>grüße ✓</echo></Body></Envelope>";
        StringWriter written = new StringWriter();
        HttpServletRequest request = Fakes.of(HttpServletRequest.class)
                .returning("getDispatcherType", DispatcherType.REQUEST)
                .returning("getMethod", "POST")
                .returning("getServletPath", "/echo")
                .returning("getRemoteAddr", "127.0.0.1")
                .returning("getCharacterEncoding", "UTF-8")
                .returning("getReader", new BufferedReader(new StringReader(text)))
                .build();
        HttpServletResponse response = Fakes.of(HttpServletResponse.class)
                .on("getStatus", a -> status)
                .returning("getCharacterEncoding", "UTF-8")
                .returning("getWriter", new PrintWriter(written))
                .build();
        try (RecordedRequests recorded = new RecordedRequests()) {
            filter.doFilter(request, response, (req, res) -> {
                BufferedReader in = req.getReader();
                assertSame(in, req.getReader(), "one wrapper per reader");
                String line = in.readLine();
                PrintWriter out = res.getWriter();
                assertSame(out, res.getWriter(), "one wrapper per writer");
                out.print(line);
                out.flush();
            });
            RecordedRequests.Request r = recorded.only();
            int bytes = text.getBytes(StandardCharsets.UTF_8).length;
            assertEquals(bytes + 1, r.bytesIn, "the line and one byte for its end");
            assertEquals(bytes, r.bytesOut);
            assertTrue(r.readNanos > 0 && r.writeNanos > 0, r.toString());
            assertTrue(r.timeToFirstByteNanos >= 0, r.toString());
        }
        assertEquals(text, written.toString());
    }

    @Test
    void theApplicationsExceptionsPassUnchanged() throws Exception {
        ServletException boom = new ServletException("boom");
        try (RecordedRequests recorded = new RecordedRequests()) {
            ServletException thrown = assertThrows(ServletException.class, () -> filter.doFilter(
                    request("POST", "/echo", DispatcherType.REQUEST), response(), (rq, rs) -> {
                        throw boom;
                    }));
            assertSame(boom, thrown);
            assertEquals("exception", recorded.only().outcome.tag());
        }
    }

    @Test
    void servesTheEndpointWithoutRecordingIt() throws Exception {
        filter.doFilter(request("POST", "/echo", DispatcherType.REQUEST), response(), SoapscopeFilterTest::echo);
        body.bytes.reset();
        List<String> chained = new ArrayList<>();
        FilterChain chain = (rq, rs) -> chained.add("app");
        try (RecordedRequests recorded = new RecordedRequests()) {
            filter.doFilter(request("GET", "/soapscope/metrics", DispatcherType.REQUEST), response(), chain);
            assertEquals(200, status);
            assertTrue(responseHeaders.get("Content-Type").startsWith("text/plain; version=0.0.4"));
            String metrics = body.bytes.toString(StandardCharsets.UTF_8);
            assertTrue(metrics.contains("soapscope_request_duration_seconds_count{operation=\"urn:filter\""), metrics);

            filter.doFilter(request("POST", "/soapscope/metrics", DispatcherType.REQUEST), response(), chain);
            assertEquals(405, status);
            assertEquals("GET, HEAD", responseHeaders.get("Allow"));

            filter.doFilter(request("GET", "/soapscope/nothing", DispatcherType.REQUEST), response(), chain);
            assertEquals(404, status);

            assertTrue(chained.isEmpty(), "the application never saw them");
            assertTrue(recorded.all().isEmpty(), "endpoint requests are not recorded: " + recorded.all());
        }
    }

    @Test
    void aFailureInsideTheFilterNeverReachesTheApplication() throws Exception {
        HttpServletRequest odd = Fakes.of(HttpServletRequest.class)
                .returning("getDispatcherType", DispatcherType.REQUEST)
                .returning("getMethod", "POST")
                .returning("getServletPath", "/echo")
                .on("getHeader", a -> {
                    throw new IllegalStateException("a container quirk");
                })
                .build();
        AtomicReference<ServletRequest> seen = new AtomicReference<>();
        filter.doFilter(odd, response(), (rq, rs) -> seen.set(rq));
        assertSame(odd, seen.get(), "the request went on, unwrapped");
    }

    @Test
    void otherDispatchesPassThroughUntouched() throws Exception {
        HttpServletRequest forward = request("POST", "/echo", DispatcherType.FORWARD);
        HttpServletResponse response = response();
        AtomicReference<ServletRequest> seen = new AtomicReference<>();
        try (RecordedRequests recorded = new RecordedRequests()) {
            filter.doFilter(forward, response, (rq, rs) -> seen.set(rq));
            assertSame(forward, seen.get());
            assertTrue(recorded.all().isEmpty());
        }
    }

    @Test
    void theInitializerAddsTheFilterForAllRequests() {
        Map<String, Object> added = new HashMap<>();
        Fakes.Fake<FilterRegistration.Dynamic> registration = Fakes.of(FilterRegistration.Dynamic.class)
                .on("addMappingForUrlPatterns", a -> added.put("mapping", List.of(a[0], a[1], List.of((Object[]) a[2]))))
                .on("setAsyncSupported", a -> added.put("async", a[0]));
        ServletContext context = Fakes.of(ServletContext.class)
                .returning("getFilterRegistrations", Map.of())
                .on("addFilter", a -> {
                    added.put("name", a[0]);
                    added.put("class", a[1]);
                    return registration.build();
                })
                .build();
        new SoapscopeInitializer().onStartup(null, context);
        assertEquals("soapscope", added.get("name"));
        assertEquals(SoapscopeFilter.class, added.get("class"));
        assertEquals(true, added.get("async"));
        assertEquals(List.of(EnumSet.of(DispatcherType.REQUEST), false, List.of("/*")), added.get("mapping"));
    }

    @Test
    void theInitializerCanBeTurnedOffAndRespectsWebXml() {
        Fakes.Fake<ServletContext> off = Fakes.of(ServletContext.class)
                .on("getInitParameter", a -> "soapscope.filter.autoregister".equals(a[0]) ? "false" : null);
        new SoapscopeInitializer().onStartup(null, off.build());
        assertFalse(off.calls().contains("addFilter"), off.calls().toString());

        FilterRegistration declared = Fakes.of(FilterRegistration.class)
                .returning("getClassName", SoapscopeFilter.class.getName()).build();
        Fakes.Fake<ServletContext> inWebXml = Fakes.of(ServletContext.class)
                .returning("getFilterRegistrations", Map.of("mine", declared));
        new SoapscopeInitializer().onStartup(null, inWebXml.build());
        assertFalse(inWebXml.calls().contains("addFilter"), inWebXml.calls().toString());
    }
}
