package dev.soapscope.metrics;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.soapscope.recorder.HotSpotKind;
import dev.soapscope.recorder.Phase;
import org.junit.jupiter.api.Test;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The page for browsers at /, the text index for everyone else, and the vocabulary the page explains. */
class EndpointPageTest {
    private final Endpoint endpoint = new Endpoint(() -> null, true);

    @Test
    void browsersGetThePageAndCurlTheTextIndex() {
        assertEquals("/index.html", Endpoint.route("/", "text/html,application/xhtml+xml,*/*;q=0.8"));
        assertEquals("/index.html", Endpoint.route("", "text/html"));
        assertEquals("/", Endpoint.route("/", "*/*"));
        assertEquals("/", Endpoint.route("/", null));
        assertEquals("/phases", Endpoint.route("/phases", "text/html"));

        Endpoint.Response text = endpoint.get("/");
        assertEquals(Endpoint.TEXT, text.contentType);
        assertTrue(text.body().contains("/index.html"), text.body());
        assertEquals(text.body(), endpoint.get("/index.txt").body());
    }

    @Test
    void thePageIsOneSelfContainedDocument() {
        Endpoint.Response page = endpoint.get("/index.html");
        assertEquals(200, page.status);
        assertEquals(Endpoint.HTML, page.contentType);
        String html = page.body();
        assertFalse(html.contains("{{"), "every placeholder filled");
        assertTrue(html.contains("data-profiling=\"true\""));
        assertTrue(endpoint.withProfiling(false).get("/index.html").body().contains("data-profiling=\"false\""));
        assertTrue(html.contains("function drawPhases"), "the script is inline");
        Matcher external = Pattern.compile("(src|href)=\"(https?:)?//").matcher(html);
        assertFalse(external.find(), "nothing loaded from elsewhere");
        assertTrue(page.knownLength() < 40_000, "small: " + page.knownLength() + " bytes");
    }

    @Test
    void everyKindIsExplainedOnce() throws Exception {
        JsonNode kinds = new ObjectMapper().readTree(endpoint.get("/kinds").body());
        assertEquals(Phase.COUNT, kinds.get("phases").size());
        assertEquals(HotSpotKind.COUNT, kinds.get("hotspot_kinds").size());
        for (Phase p : Phase.values()) { // the page draws each phase in the colour the flame graphs give it
            assertEquals(p.colour(), kinds.get("phases").get(p.ordinal()).get("colour").asText(), p.tag());
        }
        for (HotSpotKind k : HotSpotKind.values()) {
            assertNotNull(KindsJson.why(k), "why " + k.tag() + " costs, in the recorder's hotspot-advice.properties");
            assertNotNull(KindsJson.instead(k), "what to do instead of " + k.tag() + ", in the recorder's hotspot-advice.properties");
        }
    }

    @Test
    void historyWithoutARingIsEmptyNotAnError() throws Exception {
        JsonNode doc = new ObjectMapper().readTree(endpoint.get("/history?minutes=15").body());
        assertEquals(15, doc.get("minutes").asInt());
        assertEquals(0, doc.get("operations").size());
    }
}
