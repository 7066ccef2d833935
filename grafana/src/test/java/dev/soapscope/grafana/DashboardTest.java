package dev.soapscope.grafana;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The dashboard is importable as is: Grafana's "Import" asks for the Prometheus data source through the
 * {@code DS_PROMETHEUS} input, every panel and variable queries through it, and no query names a variable the
 * dashboard does not define. (Whether the queries answer is {@link DashboardOnPrometheusIT}'s part.)
 */
class DashboardTest {
    private static final String DATASOURCE_UID = "${" + Dashboard.DATASOURCE_INPUT + "}";

    private final Dashboard dashboard = Dashboard.load();
    private final JsonNode root = dashboard.root;

    @Test
    void isANewDashboardWithItsOwnUidAndTheCurrentSchema() {
        assertTrue(root.path("id").isNull(), "an exported dashboard has id null, so Import creates a new one");
        assertTrue(root.path("uid").asText().matches("[a-zA-Z0-9_-]{1,40}"), "uid: " + root.path("uid"));
        assertFalse(root.path("title").asText().isBlank());
        // 39: Grafana 10.4 and 11.0 save this version; newer ones migrate it on import
        assertTrue(root.path("schemaVersion").asInt() >= 39, "schemaVersion " + root.path("schemaVersion"));
    }

    @Test
    void importAsksForThePrometheusDataSource() {
        JsonNode inputs = root.path("__inputs");
        assertEquals(1, inputs.size(), inputs::toPrettyString);
        JsonNode input = inputs.get(0);
        assertEquals(Dashboard.DATASOURCE_INPUT, input.path("name").asText());
        assertEquals("datasource", input.path("type").asText());
        assertEquals("prometheus", input.path("pluginId").asText());
        assertTrue(requires("datasource").contains("prometheus"), "__requires lacks the prometheus data source");
    }

    @Test
    void everyPanelQueriesTheInputDataSourceWithItsOwnRefIds() {
        Set<Integer> ids = new HashSet<>();
        List<JsonNode> all = new ArrayList<>();
        for (JsonNode p : root.path("panels")) {
            all.add(p);
            p.path("panels").forEach(all::add); // a collapsed row's own panels
        }
        for (JsonNode p : all) {
            assertTrue(ids.add(p.path("id").asInt()), "duplicate panel id " + p.path("id"));
            assertGrid(p);
        }
        Set<String> panelTypes = requires("panel");
        List<JsonNode> panels = dashboard.panels();
        assertTrue(panels.size() >= 8, "panels: " + panels.size());
        for (JsonNode p : panels) {
            String title = p.path("title").asText();
            assertFalse(title.isBlank(), "panel without title: " + p);
            assertTrue(panelTypes.contains(p.path("type").asText()), title + ": type " + p.path("type") + " not in __requires");
            assertDataSource(title, p.path("datasource"));
            JsonNode targets = p.path("targets");
            assertTrue(targets.size() > 0, title + " has no query");
            Set<String> refIds = new HashSet<>();
            for (JsonNode t : targets) {
                assertTrue(refIds.add(t.path("refId").asText()), title + ": refId " + t.path("refId") + " twice");
                assertDataSource(title, t.path("datasource"));
                assertFalse(t.path("expr").asText().isBlank(), title + " " + t.path("refId") + " has no expr");
            }
        }
    }

    /** Requests and latency, phases over time, hot spots per request and allocation per phase each have a panel. */
    @Test
    void showsWhatTheDashboardIsFor() {
        Set<String> used = new HashSet<>();
        for (Dashboard.Query q : dashboard.queries()) {
            Matcher m = Pattern.compile("soapscope_\\w+").matcher(q.expr());
            while (m.find()) {
                used.add(m.group());
            }
        }
        for (String series : List.of("soapscope_request_duration_seconds_count", "soapscope_request_duration_seconds_bucket",
                "soapscope_phase_duration_seconds_sum", "soapscope_hotspot_events_total", "soapscope_phase_allocated_bytes_total")) {
            assertTrue(used.contains(series), "no panel queries " + series + "; queried: " + used);
        }
    }

    @Test
    void everyVariableIsDefinedBeforeUseAndUsed() {
        List<String> defined = new ArrayList<>();
        for (Dashboard.Variable v : dashboard.variables()) {
            for (String used : Dashboard.referencedVariables(v.query())) {
                assertTrue(defined.contains(used), "variable " + v.name() + " uses $" + used + " before it is defined");
            }
            defined.add(v.name());
        }
        for (JsonNode v : root.path("templating").path("list")) {
            assertDataSource("variable " + v.path("name").asText(), v.path("datasource"));
        }
        Set<String> used = new LinkedHashSet<>();
        for (Dashboard.Query q : dashboard.queries()) {
            for (String name : Dashboard.referencedVariables(q.expr())) {
                assertTrue(defined.contains(name) || Dashboard.BUILT_INS.contains(name), q + " uses undefined $" + name);
                used.add(name);
            }
        }
        for (String name : defined) {
            assertTrue(used.contains(name), "variable $" + name + " is offered but no panel uses it");
        }
        // nothing else in the file waits for a value: the data source input is the only ${...} placeholder
        for (String placeholder : Dashboard.referencedVariables(root.toString())) {
            assertTrue(defined.contains(placeholder) || Dashboard.BUILT_INS.contains(placeholder)
                    || placeholder.equals(Dashboard.DATASOURCE_INPUT), "dangling $" + placeholder);
        }
    }

    @Test
    void multiValueVariablesAreEscapedAsGrafanaDoes() {
        assertEquals("urn:a\\\\.b", Dashboard.multiValue(List.of("urn:a.b")));
        assertEquals("(GET /x\\\\?wsdl|\\\\{ns\\\\}op)", Dashboard.multiValue(List.of("GET /x?wsdl", "{ns}op")));
        assertEquals("rate(m{op=~\"(a|b)\"}[10s])",
                Dashboard.interpolate("rate(m{op=~\"$op\"}[$__rate_interval])", Map.of("op", "(a|b)", "__rate_interval", "10s")));
    }

    private static void assertDataSource(String where, JsonNode datasource) {
        assertNotNull(datasource, where);
        assertEquals("prometheus", datasource.path("type").asText(), where + ": data source " + datasource);
        assertEquals(DATASOURCE_UID, datasource.path("uid").asText(), where + ": data source " + datasource);
    }

    private static void assertGrid(JsonNode panel) {
        JsonNode grid = panel.path("gridPos");
        int x = grid.path("x").asInt(-1);
        int w = grid.path("w").asInt(0);
        assertTrue(x >= 0 && w > 0 && x + w <= 24 && grid.path("h").asInt(0) > 0, "gridPos of " + panel.path("title") + ": " + grid);
    }

    private Set<String> requires(String type) {
        Set<String> ids = new HashSet<>();
        for (JsonNode r : root.path("__requires")) {
            if (type.equals(r.path("type").asText())) {
                ids.add(r.path("id").asText());
            }
        }
        return ids;
    }
}
