package dev.soapscope.agent;

import dev.soapscope.agent.container.ContainerLikeMain;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The jar says which release it is and which commit it was built from: {@code --version}, and its start line. */
class VersionIT {
    private static final String VERSION = System.getProperty("soapscope.test.version");

    @Test
    void versionPrintsTheReleaseAndTheCommit() throws Exception {
        String out = run(List.of("-jar", AgentOnTomcatIT.AGENT.toString(), "--version"));
        assertTrue(VERSION != null && !VERSION.isEmpty() && !VERSION.contains("$"), "the build's version: " + VERSION);
        assertTrue(Pattern.matches("soapscope-agent " + Pattern.quote(VERSION) + " \\(commit "
                + Pattern.quote(head()) + "(\\+dirty)?\\)\n", out), out);
    }

    @Test
    void theStartLineSaysThemToo() throws Exception {
        String head = head();
        String commit = head.length() == 40 ? head.substring(0, 12) : head;
        String out = run(List.of("-javaagent:" + AgentOnTomcatIT.AGENT + "=endpoint=false", "-cp",
                Path.of("target", "test-classes").toAbsolutePath().toString(), ContainerLikeMain.class.getName()));
        assertTrue(Pattern.compile("\\[soapscope] INFO agent " + Pattern.quote(VERSION) + " \\(commit "
                + Pattern.quote(commit) + "(\\+dirty)?\\) started: no endpoint").matcher(out).find(), out);
        // how long premain kept the JVM from the application's main: measured, so never zero
        java.util.regex.Matcher took = Pattern.compile("; its start took ([0-9]+) ms; probes: \\[").matcher(out);
        assertTrue(took.find(), out);
        int ms = Integer.parseInt(took.group(1));
        assertTrue(ms > 0 && ms < 60_000, out);
    }

    /** The commit this tree is at, as git says; "unknown" where git cannot say (the build says the same then). */
    private static String head() throws IOException, InterruptedException {
        try {
            Process git = new ProcessBuilder("git", "rev-parse", "HEAD").redirectErrorStream(true).start();
            String out = new String(git.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
            return git.waitFor() == 0 && out.matches("[0-9a-f]{40}") ? out : "unknown";
        } catch (IOException noGit) {
            return "unknown";
        }
    }

    private static String run(List<String> args) throws Exception {
        List<String> command = new java.util.ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(args);
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(60, TimeUnit.SECONDS), "the JVM ended");
        assertEquals(0, process.exitValue(), out);
        return out;
    }
}
