package dev.soapscope.grafana;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * soapscope-dashboard.json as Grafana reads it: its panels (rows flattened), their queries and its template variables,
 * and the variable interpolation Grafana's Prometheus data source does before it sends a query.
 */
final class Dashboard {
    /** Where the module's jar (and the test class path) holds the dashboard. */
    static final String RESOURCE = "/soapscope-dashboard.json";
    /** The data source input Grafana's Import asks for; panels name it as {@code ${DS_PROMETHEUS}}. */
    static final String DATASOURCE_INPUT = "DS_PROMETHEUS";
    /** Grafana's own variables: Grafana fills them in from the time range and the scrape interval. */
    static final Set<String> BUILT_INS = Set.of("__rate_interval", "__range", "__interval");

    /** {@code $name}, {@code ${name}}, {@code ${name:format}}, {@code [[name]]}: Grafana's variable syntaxes. */
    private static final Pattern VARIABLE = Pattern.compile("\\$\\{(\\w+)(?::\\w+)?}|\\$(\\w+)|\\[\\[(\\w+)]]");
    /** What Grafana's Prometheus data source escapes in a multi-value variable's values ({@code =~} is a regex). */
    private static final Pattern REGEX_SPECIAL = Pattern.compile("[$^*{}\\[\\]+?.()|]");

    final JsonNode root;

    private Dashboard(JsonNode root) {
        this.root = root;
    }

    static Dashboard load() {
        try (InputStream in = Dashboard.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException(RESOURCE + " is not on the class path");
            }
            return new Dashboard(new ObjectMapper().readTree(in));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** One panel query: its expression still holds the variables; {@code exemplar}: Grafana also asks for exemplars. */
    record Query(String panel, String refId, String expr, boolean instant, boolean exemplar) {
        @Override
        public String toString() {
            return "'" + panel + "' " + refId;
        }
    }

    /** A query variable: {@code label_values(selector, label)}, and the value its "All" stands for. */
    record Variable(String name, String query, String allValue) {
        private static final Pattern LABEL_VALUES = Pattern.compile("label_values\\((.+),\\s*(\\w+)\\)");

        /** The series selector of {@code label_values(selector, label)}. */
        String selector() {
            return labelValues().group(1).trim();
        }

        /** The label whose values the variable offers. */
        String label() {
            return labelValues().group(2);
        }

        private Matcher labelValues() {
            Matcher m = LABEL_VALUES.matcher(query);
            if (!m.matches()) {
                throw new IllegalStateException("variable " + name + ": not a label_values query: " + query);
            }
            return m;
        }
    }

    /** Every panel that shows data, in order: rows are layout only, and a collapsed row holds its panels. */
    List<JsonNode> panels() {
        List<JsonNode> panels = new ArrayList<>();
        for (JsonNode p : root.path("panels")) {
            if ("row".equals(p.path("type").asText())) {
                p.path("panels").forEach(panels::add);
            } else {
                panels.add(p);
            }
        }
        return panels;
    }

    List<Query> queries() {
        List<Query> queries = new ArrayList<>();
        for (JsonNode p : panels()) {
            for (JsonNode t : p.path("targets")) {
                queries.add(new Query(p.path("title").asText(), t.path("refId").asText(), t.path("expr").asText(),
                        t.path("instant").asBoolean(false) && !t.path("range").asBoolean(false),
                        t.path("exemplar").asBoolean(false)));
            }
        }
        return queries;
    }

    List<Variable> variables() {
        List<Variable> variables = new ArrayList<>();
        for (JsonNode v : root.path("templating").path("list")) {
            JsonNode query = v.path("query");
            variables.add(new Variable(v.path("name").asText(),
                    query.isObject() ? query.path("query").asText() : query.asText(), v.path("allValue").asText()));
        }
        return variables;
    }

    /** The variable names {@code text} refers to, in order of first use. */
    static Set<String> referencedVariables(String text) {
        Set<String> names = new LinkedHashSet<>();
        Matcher m = VARIABLE.matcher(text);
        while (m.find()) {
            names.add(m.group(1) != null ? m.group(1) : m.group(2) != null ? m.group(2) : m.group(3));
        }
        return names;
    }

    /** {@code text} with each variable replaced by its value from {@code values}; a variable missing there fails. */
    static String interpolate(String text, Map<String, String> values) {
        Matcher m = VARIABLE.matcher(text);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String name = m.group(1) != null ? m.group(1) : m.group(2) != null ? m.group(2) : m.group(3);
            String value = values.get(name);
            if (value == null) {
                throw new IllegalArgumentException("no value for $" + name + " in " + text);
            }
            m.appendReplacement(out, Matcher.quoteReplacement(value));
        }
        return m.appendTail(out).toString();
    }

    /**
     * The text Grafana puts in place of a multi-value variable with {@code selected} values: each value regex-escaped
     * (a backslash doubled for PromQL's string), several as {@code (a|b)}.
     */
    static String multiValue(List<String> selected) {
        List<String> escaped = new ArrayList<>();
        for (String v : selected) {
            escaped.add(REGEX_SPECIAL.matcher(v.replace("\\", "\\\\\\\\")).replaceAll("\\\\\\\\$0"));
        }
        return escaped.size() == 1 ? escaped.get(0) : "(" + String.join("|", escaped) + ")";
    }
}
