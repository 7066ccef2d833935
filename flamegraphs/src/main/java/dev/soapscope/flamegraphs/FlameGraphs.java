package dev.soapscope.flamegraphs;

import dev.soapscope.recorder.Phase;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** One flame graph as HTML, for callers that serve it directly (the agent's {@code /flamegraph}). */
public final class FlameGraphs {
    private FlameGraphs() {
    }

    /**
     * The flame graph of a JFR recording: all phases, each under its {@code [phase:...]} root frame, or only the
     * samples of {@code phase} when it is not null.
     *
     * @throws IllegalArgumentException with a message for a user when the recording holds no usable samples
     */
    public static String html(Path jfr, Phase phase) throws IOException {
        PhaseProfile profile;
        try {
            profile = PhaseProfile.read(java.util.Collections.singletonList(jfr));
        } catch (BadInputException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
        CollapsedStacks stacks = phase == null ? profile.rooted() : profile.phase(phase);
        if (stacks == null || stacks.total() == 0) {
            throw new IllegalArgumentException(phase == null ? "no samples were taken"
                    : "no samples fell in phase " + phase.tag() + " (was the server busy with it?)");
        }
        Path html = Files.createTempFile("soapscope-flame-", ".html");
        try {
            stacks.writeHtml(html, "soapscope: " + (phase == null ? "all phases" : "phase " + phase.tag()) + " ("
                    + stacks.total() + " samples)");
            return new String(Files.readAllBytes(html), StandardCharsets.UTF_8);
        } finally {
            Files.deleteIfExists(html);
        }
    }
}
