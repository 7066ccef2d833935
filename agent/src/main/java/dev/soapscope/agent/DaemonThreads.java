package dev.soapscope.agent;

import dev.soapscope.recorder.Recorder;

import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Named daemon threads: the agent never keeps a JVM alive, its threads say whose they are, and nothing they do (the
 * endpoint parsing a request, the profiler writing a file) is ever recorded as the application's.
 */
public final class DaemonThreads implements ThreadFactory {
    private final String name;
    private final AtomicInteger count = new AtomicInteger();

    public DaemonThreads(String name) {
        this.name = name;
    }

    @Override
    public Thread newThread(final Runnable r) {
        int n = count.incrementAndGet();
        Thread t = new Thread(new Runnable() { // not a lambda: made in premain, where a lambda's first use costs
            @Override
            public void run() {
                Recorder.agentThread();
                r.run();
            }
        }, n == 1 ? name : name + "-" + n);
        t.setDaemon(true);
        return t;
    }
}
