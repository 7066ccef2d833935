package dev.soapscope.junit5;

import dev.soapscope.recorder.Recorder;

/**
 * The test API: record what soapscope sees while a block runs, or during the running {@link SoapScopeTest}, and
 * check it. Works only where soapscope's agent runs in the test JVM ({@code -javaagent}), which every call here
 * checks first.
 */
public final class SoapScope {
    /** Set by the agent when it starts (its {@code AgentPresence}). */
    static final String AGENT_PROPERTY = "dev.soapscope.agent.started";
    /** The running test's window, on the thread that runs it (tests run in parallel each have theirs). */
    private static final ThreadLocal<Window> CURRENT = new ThreadLocal<Window>();

    private SoapScope() {
    }

    /** Code under measurement. */
    public interface Block {
        void run() throws Throwable;
    }

    /** Whether soapscope's agent runs in this JVM and this test reads its recorder. */
    public static boolean attached() {
        return System.getProperty(AGENT_PROPERTY) != null && Recorder.class.getClassLoader() == null;
    }

    /** Records what soapscope sees while {@code block} runs: the requests served, the calls made, the hot spots met. */
    public static Recording record(Block block) throws Throwable {
        requireAttached();
        Window w = Window.open();
        try {
            block.run();
        } catch (Throwable e) {
            try {
                w.close();
            } catch (Throwable closing) {
                e.addSuppressed(closing);
            }
            throw e;
        }
        return w.close();
    }

    /**
     * Leaves what the running test saw so far out of its figures: call it after the warm-up requests (the first ones
     * load and instrument classes, build JAXB contexts and fill caches).
     */
    public static void warmUpDone() throws InterruptedException {
        currentWindow().restart();
    }

    /** What the running test has seen so far. */
    public static Recording current() {
        return currentWindow().snapshot();
    }

    /** Limits to check on a recording, fluently. */
    public static Expectations expect(Recording recording) {
        return new Expectations(recording);
    }

    static void open(Window w) {
        CURRENT.set(w);
    }

    static void closed(Window w) {
        if (CURRENT.get() == w) {
            CURRENT.remove();
        }
    }

    private static Window currentWindow() {
        Window w = CURRENT.get();
        if (w == null) {
            throw new IllegalStateException("no soapscope test is running on this thread: annotate the test (or its "
                    + "class) with @SoapScopeTest or an @Expect... annotation, or measure a block with SoapScope.record");
        }
        return w;
    }

    /** Fails, with the line to add, when the agent is not in this JVM. */
    static void requireAttached() {
        if (attached()) {
            return;
        }
        if (System.getProperty(AGENT_PROPERTY) != null) {
            throw new AssertionError("soapscope's agent runs in this JVM, but this test reads another copy of its recorder ("
                    + Recorder.class.getProtectionDomain().getCodeSource() + ", loader " + Recorder.class.getClassLoader()
                    + "): put soapscope-recorder on no class path of the test; soapscope-junit5 brings what it needs");
        }
        throw new AssertionError("soapscope's agent is not attached to this test JVM, so it can measure nothing. Add it "
                + "to the JVM that runs the tests:\n"
                + "  Maven (Surefire or Failsafe): <argLine>-javaagent:${dev.soapscope:soapscope-agent:jar}=port=0</argLine>"
                + " (soapscope-agent as a test dependency, and maven-dependency-plugin's 'properties' goal to set that "
                + "property)\n"
                + "  Gradle: test { jvmArgs \"-javaagent:${configurations.soapscopeAgent.singleFile}=port=0\" }\n"
                + "  any JVM: -javaagent:/path/to/soapscope-agent.jar=port=0");
    }
}
