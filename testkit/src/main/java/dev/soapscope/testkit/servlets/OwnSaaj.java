package dev.soapscope.testkit.servlets;

import java.io.IOException;

import jakarta.servlet.ServletException;

/**
 * Runs a test servlet's SAAJ work with its own class loader as the thread's context class loader. SAAJ finds its
 * implementation through the context class loader; deployed beside a webapp that brings its own SAAJ (the
 * payload-caching WAR), that would be the webapp's copy, whose classes are not the test kit's.
 */
final class OwnSaaj {

    /** Work that may throw what a servlet method throws. */
    interface Work {
        void run() throws IOException, ServletException;
    }

    private OwnSaaj() {
    }

    static void run(Class<?> servlet, Work work) throws IOException, ServletException {
        Thread thread = Thread.currentThread();
        ClassLoader context = thread.getContextClassLoader();
        thread.setContextClassLoader(servlet.getClassLoader());
        try {
            work.run();
        } finally {
            thread.setContextClassLoader(context);
        }
    }
}
