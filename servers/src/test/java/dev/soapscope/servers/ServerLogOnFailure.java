package dev.soapscope.servers;

import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.TestExecutionExceptionHandler;

import java.util.ArrayList;
import java.util.List;

/**
 * Prints the logs of every server a failing test started (console output and the server's own log files) to
 * standard error, so a failure in CI explains itself. Tests run one at a time in this module.
 */
final class ServerLogOnFailure implements TestExecutionExceptionHandler, AfterEachCallback {

    private static final List<DistributionServer> STARTED = new ArrayList<>();

    static synchronized void register(DistributionServer server) {
        STARTED.add(server);
    }

    private static synchronized List<DistributionServer> started() {
        return new ArrayList<>(STARTED);
    }

    @Override
    public void handleTestExecutionException(ExtensionContext context, Throwable throwable) throws Throwable {
        for (DistributionServer server : started()) {
            System.err.println("########## " + context.getDisplayName() + " failed: logs of " + server.name()
                    + " (" + server.base() + ")\n" + server.allLogs());
        }
        throw throwable;
    }

    @Override
    public void afterEach(ExtensionContext context) {
        synchronized (ServerLogOnFailure.class) {
            STARTED.clear();
        }
    }
}
