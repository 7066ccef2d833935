package dev.soapscope.filter;

import dev.soapscope.recorder.OperationStats;
import dev.soapscope.recorder.OperationTable;
import dev.soapscope.recorder.Recorder;

import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;

/**
 * Run in a forked JVM whose boot class path holds the recorder (as the agent arranges): loads the filter jar in a
 * child-first loader, as Jetty loads a webapp, records one request through that copy's {@link RecorderPort}, and
 * prints what the port was and what the bootstrap recorder saw. Args: the filter jar.
 */
public final class ChildFirstProbe {
    private ChildFirstProbe() {
    }

    public static void main(String[] args) throws Exception {
        Class<?> bootstrap = Class.forName("dev.soapscope.recorder.Recorder", false, null);
        System.out.println("probe: this class sees the bootstrap recorder=" + (Recorder.class == bootstrap));
        try (URLClassLoader webapp = new ChildFirst(new URL[] {Path.of(args[0]).toUri().toURL()},
                ChildFirstProbe.class.getClassLoader())) {
            Class<?> portClass = webapp.loadClass("dev.soapscope.filter.RecorderPort");
            // the filter jar carries its recorder relocated: the webapp's own name lookups reach the agent's copy
            System.out.println("probe: webapp resolves the bootstrap recorder=" + (webapp.loadClass("dev.soapscope.recorder.Recorder") == bootstrap));
            Object port = portClass.getMethod("get").invoke(null);
            System.out.println("probe: kind=" + call(portClass, port, "kind"));

            int token = (int) call(portClass, port, "requestStart");
            portClass.getMethod("nameFromHttp", String.class, String.class, String.class, String.class, String.class)
                    .invoke(port, "POST", null, "\"urn:probe\"", "text/xml", "/p");
            call(portClass, port, "readStart");
            portClass.getMethod("readEnd", long.class, boolean.class, String.class).invoke(port, 100L, true, "probe.Stream");
            call(portClass, port, "writeStart");
            portClass.getMethod("writeEnd", long.class).invoke(port, 40L);
            portClass.getMethod("requestEnd", int.class, int.class, boolean.class).invoke(port, token, 200, false);
            System.out.println("probe: endpoint=" + portClass.getMethod("serveEndpoint", String.class).invoke(port, "/metrics"));
        }
        OperationTable ops = Recorder.aggregates().operations();
        for (int i = 0; i < ops.size(); i++) {
            OperationStats s = Recorder.aggregates().stats(i);
            if (s != null && "urn:probe".equals(ops.name(i))) {
                System.out.println("probe: bootstrap recorded urn:probe requests=" + s.requests() + " in=" + s.bytesIn()
                        + " out=" + s.bytesOut());
            }
        }
    }

    private static Object call(Class<?> type, Object target, String method) throws Exception {
        Method m = type.getMethod(method);
        return m.invoke(target);
    }

    /** Loads soapscope classes from its own jar first, as a servlet container's webapp loader may. */
    static final class ChildFirst extends URLClassLoader {
        ChildFirst(URL[] urls, ClassLoader parent) {
            super(urls, parent);
        }

        @Override
        protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            if (!name.startsWith("dev.soapscope.")) {
                return super.loadClass(name, resolve);
            }
            synchronized (getClassLoadingLock(name)) {
                Class<?> c = findLoadedClass(name);
                if (c == null) {
                    try {
                        c = findClass(name);
                    } catch (ClassNotFoundException e) {
                        return super.loadClass(name, resolve);
                    }
                }
                if (resolve) {
                    resolveClass(c);
                }
                return c;
            }
        }
    }
}
