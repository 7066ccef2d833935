package dev.soapscope.agent.probe;

import net.bytebuddy.matcher.ElementMatcher;

import java.lang.ref.WeakReference;
import java.util.Map;
import java.util.WeakHashMap;

/**
 * Class loaders that can see at least one of some types: a pre-filter in front of the supertype matchers. A class
 * can only extend a type its loader sees, so in a server the CXF probes never resolve the hierarchy of Tomcat's own
 * classes, nor the Spring-WS probes that of a CXF webapp's. The answer is asked once per loader (a resource lookup,
 * no class loading) and kept while the loader lives.
 */
final class SeesType extends ElementMatcher.Junction.AbstractBase<ClassLoader> {
    /**
     * Per library, a class its main jar has held in every version, and which every jar of the library's types needs:
     * a loader that does not see it sees none of the library's types, and is asked once instead of once per type. A
     * resource a loader lacks costs a walk of its whole class path (over 1 ms per name in a Spring Boot jar).
     */
    static final String[][] LIBRARIES = {
        {"org/apache/cxf/", "org/apache/cxf/Bus.class"},
        {"org/apache/axis2/", "org/apache/axis2/engine/AxisEngine.class"},
        {"org/apache/axis/", "org/apache/axis/Message.class"},
        {"com/sun/xml/ws/", "com/sun/xml/ws/api/message/Packet.class"},
        {"org/springframework/ws/", "org/springframework/ws/WebServiceMessage.class"},
        {"org/apache/axiom/", "org/apache/axiom/om/OMElement.class"},
        {"javax/servlet/", "javax/servlet/Servlet.class"},
        {"jakarta/servlet/", "jakarta/servlet/Servlet.class"},
    };
    /** Per loader, whether it sees each library's class ({@link #LIBRARIES}); the bootstrap loader's under null. */
    private static final Map<ClassLoader, Map<String, Boolean>> LIBRARIES_SEEN =
            new WeakHashMap<ClassLoader, Map<String, Boolean>>();

    private final String[] resources;
    private final Map<ClassLoader, Boolean> answers = new WeakHashMap<ClassLoader, Boolean>();
    /**
     * The bootstrap loader is null: asked through the system loader's parent (the platform loader, the extension
     * loader on JDK 8), which looks in the bootstrap loader first. Not the system loader: that sees the application's
     * class path (an embedded Tomcat's servlet API), which made every JDK class loaded after premain walk its
     * hierarchy for the servlet probes.
     */
    private volatile Boolean bootstrap;
    private volatile Last last;

    private SeesType(String... types) {
        resources = new String[types.length];
        for (int i = 0; i < types.length; i++) {
            resources[i] = types[i].replace('.', '/') + ".class";
        }
    }

    /** Loaders that see any of {@code types} (binary names, such as {@code org.apache.cxf.phase.PhaseInterceptor}). */
    static SeesType anyOf(String... types) {
        return new SeesType(types);
    }

    @Override
    public boolean matches(ClassLoader loader) {
        if (loader == null) {
            Boolean b = bootstrap;
            if (b == null) {
                b = sees(null);
                bootstrap = b;
            }
            return b;
        }
        Last last = this.last;
        if (last != null && last.loader.get() == loader) {
            return last.sees; // classes come in runs from one loader
        }
        synchronized (answers) {
            Boolean known = answers.get(loader);
            if (known != null) {
                this.last = new Last(loader, known);
                return known;
            }
        }
        boolean sees = sees(loader);
        synchronized (answers) {
            answers.put(loader, sees);
        }
        this.last = new Last(loader, sees);
        return sees;
    }

    /** The loader last asked about (held weakly) and its answer. */
    private static final class Last {
        final WeakReference<ClassLoader> loader;
        final boolean sees;

        Last(ClassLoader loader, boolean sees) {
            this.loader = new WeakReference<ClassLoader>(loader);
            this.sees = sees;
        }
    }

    private boolean sees(ClassLoader loader) {
        for (String r : resources) {
            try {
                if (seesLibraryOf(loader, r) && resource(loader, r) != null) {
                    return true;
                }
            } catch (Throwable e) {
                return true; // cannot tell: let the type matcher decide
            }
        }
        return false;
    }

    /** Whether {@code loader} sees the library of {@code resource}; true for a resource of no library listed. */
    private static boolean seesLibraryOf(ClassLoader loader, String resource) {
        for (String[] library : LIBRARIES) {
            if (resource.startsWith(library[0])) {
                String marker = library[1];
                Boolean known;
                synchronized (LIBRARIES_SEEN) {
                    Map<String, Boolean> seen = LIBRARIES_SEEN.get(loader);
                    known = seen == null ? null : seen.get(marker);
                }
                if (known == null) {
                    known = resource(loader, marker) != null;
                    synchronized (LIBRARIES_SEEN) {
                        Map<String, Boolean> seen = LIBRARIES_SEEN.get(loader);
                        if (seen == null) {
                            seen = new java.util.HashMap<String, Boolean>();
                            LIBRARIES_SEEN.put(loader, seen);
                        }
                        seen.put(marker, known);
                    }
                }
                return known;
            }
        }
        return true;
    }

    private static Object resource(ClassLoader loader, String resource) {
        return loader == null ? bootstrapResource(resource) : loader.getResource(resource);
    }

    private static Object bootstrapResource(String resource) {
        ClassLoader system = ClassLoader.getSystemClassLoader();
        ClassLoader platform = system == null ? null : system.getParent();
        return platform == null ? ClassLoader.getSystemResource(resource) : platform.getResource(resource);
    }
}
