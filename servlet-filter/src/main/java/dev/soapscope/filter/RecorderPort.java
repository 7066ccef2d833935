package dev.soapscope.filter;

import dev.soapscope.recorder.Log;
import dev.soapscope.recorder.Recorder;
import dev.soapscope.recorder.Streams;
import dev.soapscope.recorder.Naming;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/**
 * Where the filter's recording goes: one recorder per JVM. With the agent attached the recorder lives in the
 * bootstrap class loader, and the filter must feed that one, whichever copy of the recorder classes its own
 * class loader resolves:
 * <ul>
 * <li>no bootstrap recorder: the filter's own copy, a {@linkplain Kind#LOCAL local recorder};</li>
 * <li>the filter's {@code Recorder} is the bootstrap class (Tomcat asks the bootstrap loader first): direct calls;</li>
 * <li>the webapp loaded its own copy first (Jetty and other child-first loaders): method handles bound to the
 * bootstrap class's static methods.</li>
 * </ul>
 * Chosen once per class loader. No method throws: a failure in soapscope code is logged once and the request
 * goes on unrecorded.
 */
public abstract class RecorderPort {
    /**
     * The agent's recorder class. Built at run time: the filter jar relocates its own copy of the recorder, and
     * the shade plugin rewrites string constants that look like relocated names.
     */
    static final String RECORDER_CLASS = String.join(".", "dev", "soapscope", "recorder", "Recorder");

    private static final RecorderPort INSTANCE = choose(findBootstrapRecorder());

    /** Where the recording goes. */
    public enum Kind {
        /** No agent: the filter's own recorder, and the filter serves the metrics. */
        LOCAL,
        /** The agent's recorder, whose classes the filter's class loader resolves to: called directly. */
        AGENT_DIRECT,
        /** The agent's recorder, behind a webapp copy of the classes: called through method handles. */
        AGENT_HANDLES
    }

    RecorderPort() {
    }

    /** The port of this class loader. */
    public static RecorderPort get() {
        return INSTANCE;
    }

    public abstract Kind kind();

    /** {@link Recorder#requestStart()}; the token goes back to {@link #requestEnd}. */
    public abstract int requestStart();

    public abstract void requestEnd(int token, int status, boolean threw);

    /** {@link Naming#nameFromHttp(String, String, String, String, String)}. */
    public abstract void nameFromHttp(String method, String query, String soapAction, String contentType,
                                      String servletPath);

    public abstract void readStart();

    public abstract void readEnd(long bytes, boolean singleByte, String stream);

    public abstract void writeStart();

    public abstract void writeEnd(long bytes);

    /** The agent's endpoint answer {status, content type, body}, or null when there is none (or no agent). */
    public abstract String[] serveEndpoint(String path);

    /** The recorder class of the bootstrap class loader, or null when no agent put one there. */
    static Class<?> findBootstrapRecorder() {
        try {
            return Class.forName(RECORDER_CLASS, false, null);
        } catch (ClassNotFoundException e) {
            return null;
        } catch (Throwable e) { // LinkageError, SecurityException: behave as if there were no agent
            Log.warnOnce("filter:bootstrap-lookup", "soapscope filter: cannot look for the agent's recorder; recording locally", e);
            return null;
        }
    }

    static RecorderPort choose(Class<?> bootstrapRecorder) {
        if (bootstrapRecorder == null) {
            return new Direct(Kind.LOCAL);
        }
        if (bootstrapRecorder == Recorder.class) {
            return new Direct(Kind.AGENT_DIRECT);
        }
        try {
            return new ViaHandles();
        } catch (Throwable e) { // ExceptionInInitializerError, NoClassDefFoundError: an agent of another version
            Log.warnOnce("filter:bind", "soapscope filter: cannot bind to the agent's recorder; recording locally", e);
            return new Direct(Kind.LOCAL);
        }
    }

    static void failed(String where, Throwable e) {
        try {
            Log.warnOnce("filter:" + where, "soapscope filter: " + where + " failed; the request goes on unrecorded", e);
        } catch (Throwable ignored) {
            // nothing left to tell it with
        }
    }

    /** Calls the recorder classes this class loader resolves. */
    static final class Direct extends RecorderPort {
        private final Kind kind;

        Direct(Kind kind) {
            this.kind = kind;
        }

        @Override
        public Kind kind() {
            return kind;
        }

        @Override
        public int requestStart() {
            try {
                return Recorder.requestStart();
            } catch (Throwable e) {
                failed("requestStart", e);
                return Recorder.NOT_COUNTED;
            }
        }

        @Override
        public void requestEnd(int token, int status, boolean threw) {
            try {
                Recorder.requestEnd(token, status, threw);
            } catch (Throwable e) {
                failed("requestEnd", e);
            }
        }

        @Override
        public void nameFromHttp(String method, String query, String soapAction, String contentType,
                                 String servletPath) {
            try {
                Naming.nameFromHttp(method, query, soapAction, contentType, servletPath);
            } catch (Throwable e) {
                failed("nameFromHttp", e);
            }
        }

        @Override
        public void readStart() {
            try {
                Streams.readStart();
            } catch (Throwable e) {
                failed("readStart", e);
            }
        }

        @Override
        public void readEnd(long bytes, boolean singleByte, String stream) {
            try {
                Streams.readEnd(bytes, singleByte, stream);
            } catch (Throwable e) {
                failed("readEnd", e);
            }
        }

        @Override
        public void writeStart() {
            try {
                Streams.writeStart();
            } catch (Throwable e) {
                failed("writeStart", e);
            }
        }

        @Override
        public void writeEnd(long bytes) {
            try {
                Streams.writeEnd(bytes);
            } catch (Throwable e) {
                failed("writeEnd", e);
            }
        }

        @Override
        public String[] serveEndpoint(String path) {
            if (kind == Kind.LOCAL) {
                return null; // nobody else serves our own recorder
            }
            try {
                return Recorder.serveEndpoint(path);
            } catch (Throwable e) {
                failed("serveEndpoint", e);
                return null;
            }
        }
    }

    /**
     * Calls the bootstrap recorder through method handles held in static final fields (constants to the JIT, so
     * {@code invokeExact} compiles to a direct call). Loading this class binds them; it is loaded only when a
     * bootstrap recorder other than our own exists.
     */
    static final class ViaHandles extends RecorderPort {
        private static final MethodHandle REQUEST_START;
        private static final MethodHandle REQUEST_END;
        private static final MethodHandle NAME_FROM_HTTP;
        private static final MethodHandle READ_START;
        private static final MethodHandle READ_END;
        private static final MethodHandle WRITE_START;
        private static final MethodHandle WRITE_END;
        private static final MethodHandle SERVE_ENDPOINT;

        static {
            MethodHandle[] h = Handles.bind(findBootstrapRecorder());
            REQUEST_START = h[Handles.REQUEST_START];
            REQUEST_END = h[Handles.REQUEST_END];
            NAME_FROM_HTTP = h[Handles.NAME_FROM_HTTP];
            READ_START = h[Handles.READ_START];
            READ_END = h[Handles.READ_END];
            WRITE_START = h[Handles.WRITE_START];
            WRITE_END = h[Handles.WRITE_END];
            SERVE_ENDPOINT = h[Handles.SERVE_ENDPOINT];
        }

        @Override
        public Kind kind() {
            return Kind.AGENT_HANDLES;
        }

        @Override
        public int requestStart() {
            try {
                return (int) REQUEST_START.invokeExact();
            } catch (Throwable e) {
                failed("requestStart", e);
                return Recorder.NOT_COUNTED; // a compile-time constant: the same value in every copy
            }
        }

        @Override
        public void requestEnd(int token, int status, boolean threw) {
            try {
                REQUEST_END.invokeExact(token, status, threw);
            } catch (Throwable e) {
                failed("requestEnd", e);
            }
        }

        @Override
        public void nameFromHttp(String method, String query, String soapAction, String contentType,
                                 String servletPath) {
            try {
                NAME_FROM_HTTP.invokeExact(method, query, soapAction, contentType, servletPath);
            } catch (Throwable e) {
                failed("nameFromHttp", e);
            }
        }

        @Override
        public void readStart() {
            try {
                READ_START.invokeExact();
            } catch (Throwable e) {
                failed("readStart", e);
            }
        }

        @Override
        public void readEnd(long bytes, boolean singleByte, String stream) {
            try {
                READ_END.invokeExact(bytes, singleByte, stream);
            } catch (Throwable e) {
                failed("readEnd", e);
            }
        }

        @Override
        public void writeStart() {
            try {
                WRITE_START.invokeExact();
            } catch (Throwable e) {
                failed("writeStart", e);
            }
        }

        @Override
        public void writeEnd(long bytes) {
            try {
                WRITE_END.invokeExact(bytes);
            } catch (Throwable e) {
                failed("writeEnd", e);
            }
        }

        @Override
        public String[] serveEndpoint(String path) {
            try {
                return (String[]) SERVE_ENDPOINT.invokeExact(path);
            } catch (Throwable e) {
                failed("serveEndpoint", e);
                return null;
            }
        }
    }

    /** The recorder's static methods the filter calls, bound on any copy of the recorder class. */
    static final class Handles {
        static final int REQUEST_START = 0;
        static final int REQUEST_END = 1;
        static final int NAME_FROM_HTTP = 2;
        static final int READ_START = 3;
        static final int READ_END = 4;
        static final int WRITE_START = 5;
        static final int WRITE_END = 6;
        static final int SERVE_ENDPOINT = 7;

        private Handles() {
        }

        /**
         * Handles indexed by the constants above, on {@code recorder} and its sibling entry classes (naming and
         * streams, in the same package and class loader); throws if one of them lacks one of the methods.
         */
        static MethodHandle[] bind(Class<?> recorder) {
            if (recorder == null) {
                throw new IllegalStateException("no recorder class to bind to");
            }
            MethodHandles.Lookup lookup = MethodHandles.publicLookup();
            MethodHandle[] h = new MethodHandle[8];
            try {
                Class<?> naming = sibling(recorder, "Naming");
                Class<?> streams = sibling(recorder, "Streams");
                h[REQUEST_START] = lookup.findStatic(recorder, "requestStart", MethodType.methodType(int.class));
                h[REQUEST_END] = lookup.findStatic(recorder, "requestEnd",
                        MethodType.methodType(void.class, int.class, int.class, boolean.class));
                h[NAME_FROM_HTTP] = lookup.findStatic(naming, "nameFromHttp",
                        MethodType.methodType(void.class, String.class, String.class, String.class, String.class, String.class));
                h[READ_START] = lookup.findStatic(streams, "readStart", MethodType.methodType(void.class));
                h[READ_END] = lookup.findStatic(streams, "readEnd",
                        MethodType.methodType(void.class, long.class, boolean.class, String.class));
                h[WRITE_START] = lookup.findStatic(streams, "writeStart", MethodType.methodType(void.class));
                h[WRITE_END] = lookup.findStatic(streams, "writeEnd", MethodType.methodType(void.class, long.class));
                h[SERVE_ENDPOINT] = lookup.findStatic(recorder, "serveEndpoint",
                        MethodType.methodType(String[].class, String.class));
            } catch (ClassNotFoundException e) {
                throw new IllegalStateException("the agent's recorder lacks a method the filter needs: no class " + e.getMessage(), e);
            } catch (NoSuchMethodException e) {
                throw new IllegalStateException("the agent's recorder lacks a method the filter needs: " + e.getMessage(), e);
            } catch (IllegalAccessException e) {
                throw new IllegalStateException("the agent's recorder is not accessible: " + e.getMessage(), e);
            }
            return h;
        }

        /** The entry class {@code simpleName} beside {@code recorder}: the same package, from the same class loader. */
        private static Class<?> sibling(Class<?> recorder, String simpleName) throws ClassNotFoundException {
            String name = recorder.getName();
            return Class.forName(name.substring(0, name.lastIndexOf('.') + 1) + simpleName, false, recorder.getClassLoader());
        }
    }
}
