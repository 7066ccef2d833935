package dev.soapscope.agent;

import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

/** Named daemon threads: the agent never keeps a JVM alive, and its threads say whose they are. */
public final class DaemonThreads implements ThreadFactory {
    private final String name;
    private final AtomicInteger count = new AtomicInteger();

    public DaemonThreads(String name) {
        this.name = name;
    }

    @Override
    public Thread newThread(Runnable r) {
        int n = count.incrementAndGet();
        Thread t = new Thread(r, n == 1 ? name : name + "-" + n);
        t.setDaemon(true);
        return t;
    }
}
