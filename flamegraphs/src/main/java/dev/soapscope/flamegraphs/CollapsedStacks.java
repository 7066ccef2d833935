package dev.soapscope.flamegraphs;

import dev.soapscope.recorder.Phase;
import one.convert.Arguments;
import one.convert.FlameGraph;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.StringReader;
import java.io.UnsupportedEncodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Stacks in the converter's collapsed form ({@code root;caller;callee_[j]}, frame types as suffixes) with a
 * count each, sorted by stack so output is stable. The form every graph here passes through: read from a
 * {@link FlameGraph}, combined (phase roots, several JFR files, per-request scaling), then rendered again by it.
 *
 * <p>Stacks are told apart by their methods, not by their Java frames' suffixes: the converter merges a method's
 * interpreted, C1, C2 and inlined samples into one frame and suffixes it by the majority of the samples at hand, so
 * one stack is {@code a_[j]} in the graph of all samples and {@code a_[1]} in the graph of one phase's. A stack keeps
 * the suffixes it was first added with.
 */
final class CollapsedStacks {
    /** Suffixes of Java frames the converter merges ({@code _[k]}, a kernel frame, is a frame of its own). */
    private static final String[] JAVA_SUFFIXES = {"_[j]", "_[i]", "_[0]", "_[1]"};

    /** By {@link #methods} of the stack. */
    private final TreeMap<String, Long> counts = new TreeMap<>();
    /** By {@link #methods} of the stack: the stack as first added, with its frames' suffixes. */
    private final Map<String, String> shown = new HashMap<>();

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
            String methods = methods(stack);
            counts.merge(methods, count, Long::sum);
            if (!shown.containsKey(methods)) {
                shown.put(methods, stack);
            }
        }
    }

    void addAll(CollapsedStacks other) {
        for (Map.Entry<String, Long> e : other.counts.entrySet()) {
            add(other.shown.get(e.getKey()), e.getValue());
        }
    }

    /** These stacks less another's, stack by stack; a stack that would go below zero is dropped. */
    CollapsedStacks minus(CollapsedStacks other) {
        CollapsedStacks s = new CollapsedStacks();
        for (Map.Entry<String, Long> e : counts.entrySet()) {
            Long less = other.counts.get(e.getKey());
            long left = e.getValue() - (less == null ? 0 : less);
            if (left > 0) {
                s.add(shown.get(e.getKey()), left);
            }
        }
        return s;
    }

    /** Every stack with {@code frame} put first. */
    CollapsedStacks under(String frame) {
        CollapsedStacks s = new CollapsedStacks();
        for (Map.Entry<String, Long> e : counts.entrySet()) {
            s.add(frame + ";" + shown.get(e.getKey()), e.getValue());
        }
        return s;
    }

    /** These stacks but those whose first frame is {@code frame}. */
    CollapsedStacks withoutRoot(String frame) {
        CollapsedStacks s = new CollapsedStacks();
        for (Map.Entry<String, Long> e : counts.entrySet()) {
            if (!frame.equals(PhaseFrame.rootOf(e.getKey()))) {
                s.add(shown.get(e.getKey()), e.getValue());
            }
        }
        return s;
    }

    /** The phases whose frames some stacks start with, in the order of {@link Phase}. */
    Set<Phase> rootPhases() {
        Set<Phase> phases = EnumSet.noneOf(Phase.class);
        for (String stack : counts.keySet()) {
            Phase p = PhaseFrame.parse(PhaseFrame.rootOf(stack));
            if (p != null) {
                phases.add(p);
            }
        }
        return phases;
    }

    /** Whether some stacks start with {@code frame}. */
    boolean hasRoot(String frame) {
        for (String stack : counts.keySet()) {
            if (frame.equals(PhaseFrame.rootOf(stack))) {
                return true;
            }
        }
        return false;
    }

    /** Every count times {@code factor}, rounded; stacks that round to zero are dropped. */
    CollapsedStacks scaled(double factor) {
        CollapsedStacks s = new CollapsedStacks();
        for (Map.Entry<String, Long> e : counts.entrySet()) {
            s.add(shown.get(e.getKey()), Math.round(e.getValue() * factor));
        }
        return s;
    }

    /** The count of {@code stack}, whatever the suffixes of its Java frames. */
    long count(String stack) {
        Long c = counts.get(methods(stack));
        return c == null ? 0 : c;
    }

    long total() {
        long t = 0;
        for (long c : counts.values()) {
            t += c;
        }
        return t;
    }

    /** The stacks, each once with the suffixes it was first added with, sorted. */
    Iterable<String> stacks() {
        return new TreeSet<>(shown.values());
    }

    /** {@code stack count} lines, sorted by stack. */
    List<String> lines() {
        List<String> lines = new ArrayList<>(counts.size());
        for (String stack : stacks()) {
            lines.add(stack + " " + count(stack));
        }
        return lines;
    }

    /** The stack without the suffixes of its Java frames: what tells two stacks apart. */
    static String methods(String stack) {
        StringBuilder sb = new StringBuilder(stack.length());
        int from = 0;
        while (true) {
            int end = stack.indexOf(';', from);
            int frameEnd = end < 0 ? stack.length() : end;
            sb.append(stack, from, javaSuffixAt(stack, from, frameEnd) ? frameEnd - 4 : frameEnd);
            if (end < 0) {
                return sb.toString();
            }
            sb.append(';');
            from = end + 1;
        }
    }

    private static boolean javaSuffixAt(String stack, int from, int frameEnd) {
        if (frameEnd - from < 4) {
            return false;
        }
        for (String suffix : JAVA_SUFFIXES) {
            if (stack.startsWith(suffix, frameEnd - 4)) {
                return true;
            }
        }
        return false;
    }

    void write(Path file) throws IOException {
        Files.write(file, lines(), StandardCharsets.UTF_8);
    }

    /**
     * A graph of these stacks, built by the converter from collapsed text (it restores the frame types), hanging from
     * the top so that its page opens on the root and the phase frames under it ({@link FlamePage}).
     */
    FlameGraph toGraph(String title) {
        Arguments args = new Arguments();
        args.title = escapeHtml(title);
        args.inverted = true;
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

    /** The self-contained HTML flame graph of these stacks, phase frames coloured; {@code note} may be empty. */
    void writeHtml(Path file, String title, String note) throws IOException {
        FlamePage.write(toGraph(title), rootPhases(), hasRoot(PhaseFrame.NONE), note, file);
    }

    /** The converter puts the title into the page's heading as it is. */
    private static String escapeHtml(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }
}
