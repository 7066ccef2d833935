package dev.soapscope.demo.cxfjms;

import dev.soapscope.testkit.ForkedClient;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Set;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.fail;

/**
 * The jms_spring_config sample's JVMs as its README runs them: its EmbeddedBroker (ActiveMQ Artemis on
 * tcp://localhost:61616, fixed) and its server main, each in a JVM of its own, on the sample's classes and jars.
 * The sample's mains never read the input ForkedClient closes: they are ended by their process.
 */
final class JmsSample implements AutoCloseable {
    static final String NS = "{http://customerservice.example.com/}";
    static final String GET = NS + "getCustomersByName";
    static final String UPDATE = NS + "updateCustomer";
    /** One call in ten asks for "None", which the sample's service answers with its NoSuchCustomerException fault. */
    static final int FAULT_EVERY = 10;
    static final int BROKER_PORT = 61616;
    private static final String BROKER_MAIN = "com.example.customerservice.broker.EmbeddedBroker";
    private static final String SERVER_MAIN = "com.example.customerservice.server.CustomerServiceSpringServer";
    /** What CXF logs once the endpoint's JMS destination is set up (ServerImpl#initDestination). */
    private static final String PUBLISHED = "Setting the server's publish address to be jms:queue:test.queue";

    final Path classes = Path.of(System.getProperty("cxf.jms.classes", "target/classes"));
    final Path lib = Path.of(System.getProperty("cxf.jms.lib", "target/sample-lib"));
    private ForkedClient broker;
    private ProcessHandle brokerPid;
    ForkedClient server;
    private ProcessHandle serverPid;
    long serverStarted;

    /** Starts the broker, then the server (under the agent when {@code agentOnServer}). */
    static JmsSample start(boolean agentOnServer, String tag) throws Exception {
        JmsSample s = new JmsSample();
        if (listening(BROKER_PORT)) {
            fail("something already listens on localhost:" + BROKER_PORT + ", the sample's fixed broker port: another"
                    + " broker or a leftover run of this test");
        }
        Set<Long> before = childPids();
        s.broker = ForkedClient.main(BROKER_MAIN).classpath(s.classes, s.lib).start();
        s.brokerPid = newChild(before);
        s.broker.await("JMS broker ready", Duration.ofSeconds(60));
        progress(tag, "broker ready");
        before = childPids();
        ForkedClient.Builder server = ForkedClient.main(SERVER_MAIN).classpath(s.classes, s.lib);
        s.server = (agentOnServer ? server.agentUnderTest(null) : server).start();
        s.serverPid = newChild(before);
        s.serverStarted = System.nanoTime();
        s.server.await(PUBLISHED, Duration.ofSeconds(60));
        progress(tag, "server ready");
        return s;
    }

    @Override
    public void close() {
        stop(server, serverPid);
        stop(broker, brokerPid);
    }

    private static final long T0 = System.nanoTime();

    static void progress(String tag, String what) {
        System.out.printf("[%s] %5.1f s: %s%n", tag, (System.nanoTime() - T0) / 1e9, what);
    }

    private static boolean listening(int port) {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress("localhost", port), 500);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /** Ends a forked JVM (SIGTERM), then lets ForkedClient reap it. */
    private static void stop(ForkedClient c, ProcessHandle process) {
        if (process != null) {
            process.destroy();
            process.onExit().orTimeout(10, java.util.concurrent.TimeUnit.SECONDS).exceptionally(t -> null).join();
        }
        if (c != null) {
            c.close();
        }
    }

    private static Set<Long> childPids() {
        return ProcessHandle.current().children().map(ProcessHandle::pid).collect(Collectors.toSet());
    }

    /** The child process started since {@code before}. */
    private static ProcessHandle newChild(Set<Long> before) {
        return ProcessHandle.current().children().filter(p -> !before.contains(p.pid())).findFirst()
                .orElseThrow(() -> new AssertionError("no new child process"));
    }
}
