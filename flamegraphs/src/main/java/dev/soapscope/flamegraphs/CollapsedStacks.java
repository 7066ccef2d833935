package dev.soapscope.flamegraphs;

import one.convert.Arguments;
import one.convert.FlameGraph;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.StringReader;
import java.io.UnsupportedEncodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Stacks in the converter's collapsed form ({@code root;caller;callee_[j]}, frame types as suffixes) with a
 * count each, sorted by stack so output is stable. The form every graph here passes through: read from a
 * {@link FlameGraph}, combined (phase roots, several JFR files, per-request scaling), then rendered again by it.
 */
final class CollapsedStacks {
    private final TreeMap<String, Long> counts = new TreeMap<>();

    /**
     * The stacks of a graph the converter built, through its own collapsed output: the graph must have been
     * built with {@code output = "collapsed"} in its arguments, which is where {@code dump} looks.
     */
    static CollapsedStacks of(FlameGraph graph) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (PrintStream out = new PrintStream(bytes, false, "UTF-8")) {
            graph.dump(out);
        } catch (UnsupportedEncodingException e) {
            throw new IllegalStateException(e);
        }
        return parse(new String(bytes.toByteArray(), StandardCharsets.UTF_8));
    }

    /** Lines of {@code stack count}; blank lines are skipped. */
    static CollapsedStacks parse(String text) {
        CollapsedStacks s = new CollapsedStacks();
        for (String line : text.split("\n")) {
            int space = line.lastIndexOf(' ');
            if (space > 0) {
                s.add(line.substring(0, space), Long.parseLong(line.substring(space + 1).trim()));
            }
        }
        return s;
    }

    void add(String stack, long count) {
        if (count != 0) {
            counts.merge(stack, count, Long::sum);
        }
    }

    void addAll(CollapsedStacks other) {
        for (Map.Entry<String, Long> e : other.counts.entrySet()) {
            add(e.getKey(), e.getValue());
        }
    }

    /** These stacks less another's, stack by stack; a stack that would go below zero is dropped. */
    CollapsedStacks minus(CollapsedStacks other) {
        CollapsedStacks s = new CollapsedStacks();
        for (Map.Entry<String, Long> e : counts.entrySet()) {
            Long less = other.counts.get(e.getKey());
            long left = e.getValue() - (less == null ? 0 : less);
            if (left > 0) {
                s.add(e.getKey(), left);
            }
        }
        return s;
    }

    /** Every stack with {@code frame} put first. */
    CollapsedStacks under(String frame) {
        CollapsedStacks s = new CollapsedStacks();
        for (Map.Entry<String, Long> e : counts.entrySet()) {
            s.add(frame + ";" + e.getKey(), e.getValue());
        }
        return s;
    }

    /** Every count times {@code factor}, rounded; stacks that round to zero are dropped. */
    CollapsedStacks scaled(double factor) {
        CollapsedStacks s = new CollapsedStacks();
        for (Map.Entry<String, Long> e : counts.entrySet()) {
            s.add(e.getKey(), Math.round(e.getValue() * factor));
        }
        return s;
    }

    long count(String stack) {
        Long c = counts.get(stack);
        return c == null ? 0 : c;
    }

    long total() {
        long t = 0;
        for (long c : counts.values()) {
            t += c;
        }
        return t;
    }

    Iterable<String> stacks() {
        return counts.keySet();
    }

    /** {@code stack count} lines, sorted by stack. */
    List<String> lines() {
        List<String> lines = new ArrayList<>(counts.size());
        for (Map.Entry<String, Long> e : counts.entrySet()) {
            lines.add(e.getKey() + " " + e.getValue());
        }
        return lines;
    }

    void write(Path file) throws IOException {
        Files.write(file, lines(), StandardCharsets.UTF_8);
    }

    /** A graph of these stacks, built by the converter from collapsed text (it restores the frame types). */
    FlameGraph toGraph(String title) {
        Arguments args = new Arguments();
        args.title = escapeHtml(title);
        FlameGraph graph = new FlameGraph(args);
        StringBuilder text = new StringBuilder();
        for (String line : lines()) {
            text.append(line).append('\n');
        }
        try {
            graph.parseCollapsed(new StringReader(text.toString()));
        } catch (IOException e) {
            throw new IllegalStateException("reading from a string", e);
        }
        return graph;
    }

    /** The self-contained HTML flame graph of these stacks. */
    void writeHtml(Path file, String title) throws IOException {
        try (OutputStream out = Files.newOutputStream(file)) {
            toGraph(title).dump(out);
        }
    }

    /** The converter puts the title into the page's heading as it is. */
    private static String escapeHtml(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }
}
