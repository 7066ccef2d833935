package dev.soapscope.testkit;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;
import java.util.stream.Collectors;

/**
 * Samples of a Prometheus text exposition (format 0.0.4), for asserting on what a metrics endpoint served.
 *
 * <pre>
 * PrometheusText metrics = PrometheusText.parse(Http.get(uri).body());
 * double n = metrics.value("soapscope_requests_total", Map.of("phase", "parse"));
 * </pre>
 */
public final class PrometheusText {

    /** One sample line: {@code name{labels} value}. Labels keep their exposition order. */
    public record Sample(String name, Map<String, String> labels, double value) {

        /** True if every given label is present with the given value. */
        public boolean hasLabels(Map<String, String> subset) {
            return labels.entrySet().containsAll(subset.entrySet());
        }

        @Override
        public String toString() {
            return name + format(labels) + " " + value;
        }
    }

    private final List<Sample> samples;
    private final Map<String, String> types;
    private final Map<String, String> helps;

    private PrometheusText(List<Sample> samples, Map<String, String> types, Map<String, String> helps) {
        this.samples = Collections.unmodifiableList(samples);
        this.types = Collections.unmodifiableMap(types);
        this.helps = Collections.unmodifiableMap(helps);
    }

    /** @throws IllegalArgumentException naming the line that is not valid exposition text */
    public static PrometheusText parse(String text) {
        List<Sample> samples = new ArrayList<>();
        Map<String, String> types = new LinkedHashMap<>();
        Map<String, String> helps = new LinkedHashMap<>();
        String[] lines = text.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i].endsWith("\r") ? lines[i].substring(0, lines[i].length() - 1) : lines[i];
            try {
                LineParser parser = new LineParser(line);
                parser.skipSpaces();
                if (parser.atEnd()) {
                    continue;
                }
                if (parser.peek() == '#') {
                    parser.comment(types, helps);
                } else {
                    samples.add(parser.sample());
                }
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("line " + (i + 1) + ": " + e.getMessage() + ": " + line, e);
            }
        }
        return new PrometheusText(samples, types, helps);
    }

    public List<Sample> samples() {
        return samples;
    }

    public List<Sample> samples(String name) {
        return samples.stream().filter(s -> s.name().equals(name)).collect(Collectors.toList());
    }

    /** Sample names in exposition order. */
    public Set<String> names() {
        return samples.stream().map(Sample::name).collect(Collectors.toCollection(LinkedHashSet::new));
    }

    /** The {@code # TYPE} of a metric family ({@code counter}, {@code histogram}, ...), or null. */
    public String type(String family) {
        return types.get(family);
    }

    /** The unescaped {@code # HELP} text of a metric family, or null. */
    public String help(String family) {
        return helps.get(family);
    }

    /**
     * The one sample named {@code name} that has all of {@code labels} (other labels may be present; if several
     * samples have them, the one whose labels are exactly {@code labels} wins). Empty if there is none.
     *
     * @throws AssertionError if several samples match and none exactly
     */
    public Optional<Sample> find(String name, Map<String, String> labels) {
        List<Sample> matches = samples.stream()
                .filter(s -> s.name().equals(name) && s.hasLabels(labels)).collect(Collectors.toList());
        if (matches.size() <= 1) {
            return matches.stream().findFirst();
        }
        List<Sample> exact = matches.stream().filter(s -> s.labels().equals(labels)).collect(Collectors.toList());
        if (exact.size() == 1) {
            return Optional.of(exact.get(0));
        }
        throw new AssertionError(matches.size() + " samples match " + name + format(labels) + ", expected one:\n  "
                + matches.stream().map(Sample::toString).collect(Collectors.joining("\n  ")));
    }

    /**
     * Value of the one sample matching {@code name} and {@code labels}, as for {@link #find}.
     *
     * @throws AssertionError listing near matches if there is none, or if several match
     */
    public double value(String name, Map<String, String> labels) {
        return find(name, labels).orElseThrow(() -> new AssertionError(
                "no sample " + name + format(labels) + nearMatches(name))).value();
    }

    /** Sum over the samples named {@code name} that have all of {@code labels}; 0 if none. */
    public double sum(String name, Map<String, String> labels) {
        return sum(name, l -> l.entrySet().containsAll(labels.entrySet()));
    }

    /** Sum over the samples named {@code name} whose labels pass {@code labelFilter}; 0 if none. */
    public double sum(String name, Predicate<Map<String, String>> labelFilter) {
        return samples.stream().filter(s -> s.name().equals(name) && labelFilter.test(s.labels()))
                .mapToDouble(Sample::value).sum();
    }

    private String nearMatches(String name) {
        List<String> lines = new ArrayList<>();
        samples(name).forEach(s -> lines.add(s.toString()));
        String base = family(name);
        names().stream()
                .filter(n -> !n.equals(name) && (n.contains(base) || base.contains(family(n))))
                .forEach(n -> lines.add(n + " (" + samples(n).size() + " samples)"));
        if (lines.isEmpty()) {
            return "; no similar names among " + names().size() + " metric names";
        }
        int shown = Math.min(lines.size(), 30);
        return "; near matches:\n  " + String.join("\n  ", lines.subList(0, shown))
                + (shown < lines.size() ? "\n  ... " + (lines.size() - shown) + " more" : "");
    }

    /** The name without the suffix a counter, summary or histogram adds. */
    private static String family(String name) {
        for (String suffix : new String[] {"_total", "_count", "_sum", "_bucket", "_created", "_max"}) {
            if (name.endsWith(suffix) && name.length() > suffix.length()) {
                return name.substring(0, name.length() - suffix.length());
            }
        }
        return name;
    }

    static String format(Map<String, String> labels) {
        if (labels.isEmpty()) {
            return "";
        }
        return labels.entrySet().stream()
                .map(e -> e.getKey() + "=\"" + e.getValue().replace("\\", "\\\\").replace("\"", "\\\"")
                        .replace("\n", "\\n") + "\"")
                .collect(Collectors.joining(",", "{", "}"));
    }

    /** Cursor over one line. */
    private static final class LineParser {
        private final String line;
        private int pos;

        LineParser(String line) {
            this.line = line;
        }

        boolean atEnd() {
            return pos >= line.length();
        }

        char peek() {
            return line.charAt(pos);
        }

        void skipSpaces() {
            while (!atEnd() && (peek() == ' ' || peek() == '\t')) {
                pos++;
            }
        }

        /** {@code # HELP name text}, {@code # TYPE name type}; any other comment is ignored. */
        void comment(Map<String, String> types, Map<String, String> helps) {
            pos++; // '#'
            skipSpaces();
            String keyword = token();
            if (!keyword.equals("HELP") && !keyword.equals("TYPE")) {
                return;
            }
            skipSpaces();
            String family = token();
            skipSpaces();
            String rest = line.substring(pos);
            if (keyword.equals("TYPE")) {
                types.put(family, rest.trim());
            } else {
                helps.put(family, unescapeHelp(rest));
            }
        }

        Sample sample() {
            String name = metricName();
            skipSpaces();
            Map<String, String> labels = new LinkedHashMap<>();
            if (!atEnd() && peek() == '{') {
                pos++;
                labels(labels);
            }
            skipSpaces();
            String value = token();
            if (value.isEmpty()) {
                throw new IllegalArgumentException("no value");
            }
            skipSpaces();
            String timestamp = token(); // optional, ignored
            if (!timestamp.isEmpty()) {
                try {
                    Long.parseLong(timestamp);
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException("bad timestamp '" + timestamp + "'");
                }
            }
            skipSpaces();
            if (!atEnd()) {
                throw new IllegalArgumentException("unexpected text at column " + (pos + 1));
            }
            return new Sample(name, Collections.unmodifiableMap(labels), parseValue(value));
        }

        private String metricName() {
            int start = pos;
            while (!atEnd() && (Character.isLetterOrDigit(peek()) || peek() == '_' || peek() == ':')
                    && peek() < 128) {
                pos++;
            }
            if (pos == start || Character.isDigit(line.charAt(start))) {
                throw new IllegalArgumentException("bad metric name at column " + (start + 1));
            }
            return line.substring(start, pos);
        }

        /** After '{': {@code name="value"} pairs separated by commas (a trailing comma is allowed), then '}'. */
        private void labels(Map<String, String> labels) {
            while (true) {
                skipSpaces();
                if (atEnd()) {
                    throw new IllegalArgumentException("unterminated label set");
                }
                if (peek() == '}') {
                    pos++;
                    return;
                }
                String name = metricName();
                skipSpaces();
                expect('=');
                skipSpaces();
                expect('"');
                labels.put(name, labelValue());
                skipSpaces();
                if (!atEnd() && peek() == ',') {
                    pos++;
                } else if (atEnd() || peek() != '}') {
                    throw new IllegalArgumentException("expected ',' or '}' at column " + (pos + 1));
                }
            }
        }

        /** After the opening quote: the value up to the closing quote, with \\, \" and \n unescaped. */
        private String labelValue() {
            StringBuilder value = new StringBuilder();
            while (!atEnd()) {
                char c = line.charAt(pos++);
                if (c == '"') {
                    return value.toString();
                }
                if (c == '\\' && !atEnd()) {
                    char next = line.charAt(pos++);
                    switch (next) {
                        case '\\': value.append('\\'); break;
                        case '"': value.append('"'); break;
                        case 'n': value.append('\n'); break;
                        default: value.append('\\').append(next); // not an escape in 0.0.4: keep as written
                    }
                } else {
                    value.append(c);
                }
            }
            throw new IllegalArgumentException("unterminated label value");
        }

        private void expect(char c) {
            if (atEnd() || peek() != c) {
                throw new IllegalArgumentException("expected '" + c + "' at column " + (pos + 1));
            }
            pos++;
        }

        private String token() {
            int start = pos;
            while (!atEnd() && peek() != ' ' && peek() != '\t') {
                pos++;
            }
            return line.substring(start, pos);
        }

        private static double parseValue(String value) {
            switch (value) {
                case "+Inf":
                case "Inf":
                    return Double.POSITIVE_INFINITY;
                case "-Inf":
                    return Double.NEGATIVE_INFINITY;
                case "NaN":
                    return Double.NaN;
                default:
                    try {
                        return Double.parseDouble(value);
                    } catch (NumberFormatException e) {
                        throw new IllegalArgumentException("bad value '" + value + "'");
                    }
            }
        }

        private static String unescapeHelp(String text) {
            StringBuilder out = new StringBuilder(text.length());
            for (int i = 0; i < text.length(); i++) {
                char c = text.charAt(i);
                if (c == '\\' && i + 1 < text.length()) {
                    char next = text.charAt(++i);
                    if (next == 'n') {
                        out.append('\n');
                    } else if (next == '\\') {
                        out.append('\\');
                    } else {
                        out.append('\\').append(next);
                    }
                } else {
                    out.append(c);
                }
            }
            return out.toString();
        }
    }
}
