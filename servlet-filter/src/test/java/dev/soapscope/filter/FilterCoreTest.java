package dev.soapscope.filter;

import dev.soapscope.config.ConfigKey;
import dev.soapscope.metrics.Endpoint;
import dev.soapscope.recorder.Recorder;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class FilterCoreTest {
    private final List<FilterCore> started = new ArrayList<>();

    @AfterEach
    void stop() {
        started.forEach(FilterCore::stop);
    }

    private FilterCore start(Map<String, String> initParameters) {
        FilterCore core = FilterCore.start(initParameters::get, "/app");
        started.add(core);
        return core;
    }

    @Test
    void endpointPathsBelongToTheFilterAndEverythingElseToTheApplication() {
        FilterCore core = start(Map.of());
        assertEquals("/soapscope", core.endpointPath());
        assertEquals("", core.subpath("/soapscope"));
        assertEquals("/", core.subpath("/soapscope/"));
        assertEquals("/metrics", core.subpath("/soapscope/metrics"));
        assertNull(core.subpath("/soapscopeX/metrics"));
        assertNull(core.subpath("/echo"));
        assertNull(core.subpath(null));
        assertNull(core.answer("POST", "/echo", "127.0.0.1", false), "application requests are not answered");
    }

    @Test
    void servesTheLocalEndpoint() {
        FilterCore core = start(Map.of());
        int token = core.open("POST", null, "urn:core", "text/xml", "/echo");
        core.close(token, 200, false);
        token = core.open("GET", "wsdl", "urn:core", null, "/echo"); // the service's WSDL: no SOAP call
        core.close(token, 200, false);

        Endpoint.Response metrics = core.answer("GET", "/soapscope/metrics", "127.0.0.1", false);
        assertEquals(200, metrics.status);
        assertEquals(Endpoint.PROMETHEUS_TEXT, metrics.contentType);
        assertTrue(metrics.body().contains("soapscope_request_duration_seconds_count{operation=\"urn:core\",outcome=\"success\"}"),
                metrics.body());

        Endpoint.Response phases = core.answer("HEAD", "/soapscope/phases", "127.0.0.1", false);
        assertEquals(200, phases.status);
        assertTrue(phases.body().contains("\"operation\":\"urn:core\",\"requests\":1,"), phases.body());
        assertTrue(phases.body().contains("\"operation\":\"GET /echo?wsdl\",\"requests\":1,"), phases.body());
        assertEquals(200, core.answer("GET", "/soapscope/hotspots", "127.0.0.1", false).status);
        assertEquals(200, core.answer("GET", "/soapscope", "127.0.0.1", false).status);

        Endpoint.Response unknown = core.answer("GET", "/soapscope/nope", "127.0.0.1", false);
        assertEquals(404, unknown.status);
        assertTrue(unknown.body().contains("/metrics"), "the index: " + unknown.body());

        Endpoint.Response post = core.answer("POST", "/soapscope/metrics", "127.0.0.1", false);
        assertEquals(405, post.status);
        assertTrue(post.body().contains("only GET and HEAD") && !post.body().contains("POST"), "nothing sent echoed: " + post.body());
    }

    @Test
    void initParametersChooseThePathAndWinOverSystemProperties() {
        String property = ConfigKey.FILTER_PATH.systemProperty();
        String before = System.getProperty(property);
        System.setProperty(property, "/from-property");
        try {
            assertEquals("/from-property", start(Map.of()).endpointPath());
            assertEquals("/from-param", start(Map.of(property, "/from-param")).endpointPath());
            assertEquals("/from-property", start(Map.of(property, "no-slash")).endpointPath(), "a bad value is ignored");
        } finally {
            if (before == null) {
                System.clearProperty(property);
            } else {
                System.setProperty(property, before);
            }
        }
    }

    @Test
    void onlyLoopbackClientsReadTheEndpointUnlessOpenedOnPurpose() {
        FilterCore core = start(Map.of());
        assertEquals(200, core.answer("GET", "/soapscope/metrics", "127.0.0.1", false).status);
        assertEquals(200, core.answer("GET", "/soapscope/metrics", "0:0:0:0:0:0:0:1", false).status);
        assertEquals(200, core.answer("GET", "/soapscope/metrics", "[::1]", false).status);
        assertEquals(200, core.answer("GET", "/soapscope/phases", "127.3.4.5", false).status);
        // any other client, or a request a proxy forwarded, reaches the application as if soapscope were not there
        for (String remote : new String[] {"192.0.2.7", "10.1.2.3", "2001:db8::1", "::ffff:192.0.2.7", "localhost",
                "example.org", "", null}) {
            assertNull(core.answer("GET", "/soapscope/metrics", remote, false), String.valueOf(remote));
            assertNull(core.answer("GET", "/soapscope/hotspots", remote, false), String.valueOf(remote));
        }
        assertNull(core.answer("GET", "/soapscope/metrics", "127.0.0.1", true), "forwarded by a local proxy");

        FilterCore open = start(Map.of(ConfigKey.FILTER_REMOTE.systemProperty(), "true"));
        assertEquals(200, open.answer("GET", "/soapscope/metrics", "192.0.2.7", false).status);
        assertEquals(200, open.answer("GET", "/soapscope/metrics", "127.0.0.1", true).status);
    }

    @Test
    void theEndpointCanBeTurnedOff() {
        FilterCore core = start(Map.of(ConfigKey.ENDPOINT.systemProperty(), "false"));
        assertNull(core.endpointPath());
        assertNull(core.answer("GET", "/soapscope/metrics", "127.0.0.1", false));
    }

    @Test
    void autoregisterIsOnByDefaultAndOffByContextParameter() {
        Map<String, String> params = new HashMap<>();
        assertTrue(FilterCore.autoregister(params::get));
        params.put("soapscope.filter.autoregister", "false");
        assertFalse(FilterCore.autoregister(params::get));
        params.put("soapscope.filter.autoregister", "FALSE");
        assertFalse(FilterCore.autoregister(params::get));
    }

    @Test
    void requestsAreOpenedNamedAndClosed() {
        FilterCore core = start(Map.of());
        try (RecordedRequests recorded = new RecordedRequests()) {
            int outer = core.open("POST", null, null, "application/soap+xml; charset=utf-8; action=\"urn:soap12\"", "/ws");
            int nested = core.open("POST", null, null, null, "/ws"); // the agent's HttpServlet#service advice, say
            assertEquals(Recorder.NESTED, nested);
            core.close(nested, 0, false);
            core.close(outer, 500, false);
            RecordedRequests.Request r = recorded.only();
            assertEquals("urn:soap12", r.operation);
            assertEquals("server_error", r.outcome.tag());
        }
    }

    @Test
    void settingsComeFromConfig() {
        FilterSettings s = FilterSettings.resolve(Map.of("soapscope.max.operations", "7", "soapscope.log", "loud")::get);
        assertEquals(7, s.config.getInt(ConfigKey.MAX_OPERATIONS));
        assertEquals("info", s.config.get(ConfigKey.LOG));
        assertEquals(List.of("soapscope: ignoring init-parameter soapscope.log=loud: expected off, warn, info or debug"),
                s.problems);
    }
}
