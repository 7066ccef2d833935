package dev.soapscope.agent.probe;

import dev.soapscope.recorder.Log;
import dev.soapscope.recorder.Recorder;
import net.bytebuddy.description.type.TypeDescription;

import java.io.File;
import java.lang.instrument.Instrumentation;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.jar.JarFile;

/** Every probe, and the one place they are installed. */
public final class Probes {
    private Probes() {
    }

    static List<Probe> all() {
        return Collections.unmodifiableList(Arrays.<Probe>asList(
                ServletRequestProbe.JAKARTA, ServletRequestProbe.JAVAX,
                ServletStreamProbe.JAKARTA, ServletStreamProbe.JAVAX,
                ServletAsyncProbes.JAKARTA, ServletAsyncProbes.JAVAX,
                ServerEntryProbes.CXF_HTTP, ServerEntryProbes.JDK_HTTP, ServerEntryProbes.AXIS2_HTTP,
                ServerEntryProbes.CXF_JMS, ServerEntryProbes.QUARKUS_CXF,
                TransportStreams.JDK_HTTP, TransportStreams.AXIS2_HTTP,
                JdkHotSpots.XML_FACTORIES, JdkHotSpots.JAXB_CONTEXT, JdkHotSpots.SAAJ_FACTORIES,
                JdkHotSpots.REGEX, JdkHotSpots.UUID, JdkHotSpots.KEYSTORE,
                JdkHotSpots.REFLECTIVE_EXCEPTIONS,
                SoapStacks.SPRING_WS, SoapStacks.SAAJ, SoapStacks.AXIOM, SoapStacks.JAXB,
                LateReadProbes.MIMEPULL, LateReadProbes.AXIOM,
                Wss4jProbes.CRYPTO,
                Axis1Probes.AXIS1, Axis2Probes.AXIS2, RampartProbes.RAMPART,
                CxfProbes.INTERCEPTORS, CxfProbes.STAGES,
                LoggingProbes.LOG4J2, LoggingProbes.LOGBACK, LoggingProbes.JUL, LoggingProbes.LOG4J1,
                LoggingProbes.JBOSS_LOGMANAGER, LoggingProbes.CXF, LoggingProbes.SPRING_WS,
                ValidationProbes.JAXP, ValidationProbes.SPRING_WS,
                MetroProbes.METRO,
                ClientProbes.SOCKETS, ClientProbes.JAXWS_CLIENTS, ClientProbes.CXF, ClientProbes.METRO, ClientProbes.SAAJ,
                ClientProbes.SPRING_WS, ClientProbes.AXIS2, ClientProbes.AXIS1, ClientProbes.HTTP_CLIENTS,
                ClientProbes.JAVA_HTTP_CLIENT,
                PortGuardProbe.INSTANCE, OsgiBootDelegationProbe.INSTANCE));
    }

    /**
     * Installs every probe not disabled (by name, or by the part before the dot); returns the names installed. Classes
     * earlier starts wove the same way are taken from {@code weaveCache} (a directory of this user's alone), and those
     * woven now kept there; null: none. Advice class files are read from {@code agentJar} (null: through the probes'
     * class loader). {@code beforeWeaving} runs once the probes are prepared, before the first class is woven.
     */
    public static List<String> install(Instrumentation inst, List<String> disabled, File weaveCache, JarFile agentJar,
                                       Runnable beforeWeaving) {
        AdviceSet.readFrom(agentJar);
        String unmatched = unmatched(disabled, names());
        if (unmatched != null) {
            Log.warn(unmatched);
        }
        List<Probe> probes = new ArrayList<Probe>();
        List<Weaving> weavings = new ArrayList<Weaving>();
        List<String> installed = new ArrayList<String>();
        for (Probe probe : all()) {
            if (isDisabled(probe.name(), disabled)) {
                continue;
            }
            try {
                probe.prepare();
                weavings.add(probe.weaving());
                probes.add(probe);
                installed.add(probe.name());
            } catch (Throwable e) {
                Log.warn("probe " + probe.name() + " cannot install and is skipped: " + e);
            }
        }
        loadWhatTransformingLoads();
        ClassWeaver weaver = new ClassWeaver(probes, weavings);
        if (weaveCache != null) {
            weaver.keepIn(new WeaveCache(weaveCache));
        }
        boolean retransform = inst.isRetransformClassesSupported();
        // before the transformer exists: what matching and weaving load is loaded now, not inside the transformer
        Map<Class<?>, TypeDescription> described = new HashMap<Class<?>, TypeDescription>();
        // by identity: a HashSet of every loaded class here was enough calls to have the JIT compile HashMap.put early
        Set<Class<?>> seen = Collections.newSetFromMap(new IdentityHashMap<Class<?>, Boolean>());
        Map<ClassLoader, LoaderProbes> byLoader = new IdentityHashMap<ClassLoader, LoaderProbes>(); // a loader's own equals aside
        Class<?>[] loaded = inst.getAllLoadedClasses();
        LoadedTypes.open(inst, loaded);
        List<Class<?>> wanted = retransform ? wanted(inst, loaded, weaver, described, seen, byLoader)
                : new ArrayList<Class<?>>();
        beforeWeaving.run();
        Recorder.agentWorkEnd(Recorder.agentWorkStart()); // each transform pauses the thread's recording
        ModuleReads.recorderReadByBootModules(inst, Recorder.class);
        weaver.warmUp();
        inst.addTransformer(weaver, retransform);
        if (retransform) {
            // loaded meanwhile
            wanted.addAll(wanted(inst, inst.getAllLoadedClasses(), weaver, described, seen, byLoader));
            retransform(inst, wanted);
        }
        return installed;
    }

    /** The loaded classes not in {@code seen} that a probe matches (all are added to {@code seen}). */
    static List<Class<?>> wanted(Instrumentation inst, Class<?>[] loaded, ClassWeaver weaver,
                                 Map<Class<?>, TypeDescription> described, Set<Class<?>> seen,
                                 Map<ClassLoader, LoaderProbes> byLoader) {
        List<Class<?>> wanted = new ArrayList<Class<?>>();
        for (Class<?> c : loaded) {
            try {
                if (seen.add(c) && !c.isArray() && !c.isPrimitive() && !ClassWeaver.ignored(c.getName())
                        && weaver.wants(c, described, byLoader) && inst.isModifiableClass(c)) {
                    wanted.add(c);
                }
            } catch (Throwable e) {
                Log.debug("not retransformed: " + c.getName() + ": " + e); // a class its matchers cannot describe
            }
        }
        return wanted;
    }

    /**
     * Weaves the probes' classes loaded before the transformer was added: JDK classes at premain (Pattern, ServerSocket,
     * a few more), everything when attached to a running JVM. All in one retransformation; if that fails, one class
     * at a time, so that one that cannot be retransformed is logged and the others are woven.
     */
    static void retransform(Instrumentation inst, List<Class<?>> wanted) {
        Log.debug("retransforming, as loaded before the agent's transformer: " + wanted);
        try {
            inst.retransformClasses(wanted.toArray(new Class<?>[0]));
            return;
        } catch (Throwable e) {
            Log.debug("retransforming them together failed, so one at a time: " + e);
        }
        for (Class<?> c : wanted) {
            try {
                inst.retransformClasses(c);
            } catch (Throwable e) {
                Log.warnOnce("instrument:" + c.getName(), "could not instrument " + c.getName() + "; it runs unprobed", e);
            }
        }
    }

    /**
     * Loads what the transformer's own concurrent maps load lazily: ThreadLocalRandom the first time two threads
     * contend on one (its counter cells ask it for a probe), the tree bins when a bin grows long. Loaded from inside
     * the transformer while the JVM is loading that very class, it is a ClassCircularityError, which the JVM then
     * keeps in ConcurrentHashMap's constant pool, so every later contended map in the application fails too (seen on
     * CXF's HTTP client threads: "Could not initialize class jdk.internal.net.http.ResponseTimerEvent"). So they are
     * loaded before any transform (and so is the recorder's per-thread state that each transform pauses, once the
     * recorder is configured). Its counter cells and forwarding nodes are loaded with the JVM.
     */
    static void loadWhatTransformingLoads() {
        java.util.concurrent.ThreadLocalRandom.current();
        for (String nested : new String[] {"TreeBin", "TreeNode"}) {
            try {
                Class.forName("java.util.concurrent.ConcurrentHashMap$" + nested, false, null);
            } catch (Throwable e) {
                Log.debug("not preloaded: ConcurrentHashMap$" + nested + ": " + e); // another JDK's layout
            }
        }
    }

    static boolean isDisabled(String probe, List<String> disabled) {
        for (String d : disabled) {
            if (probe.equals(d) || probe.startsWith(d + ".")) {
                return true;
            }
        }
        return false;
    }

    /** One line for the names in {@code disabled} that match no probe (a typo disables nothing), or null. */
    static String unmatched(List<String> disabled, List<String> probes) {
        List<String> unmatched = new ArrayList<String>();
        for (String d : disabled) {
            boolean matches = false;
            for (String probe : probes) {
                matches |= isDisabled(probe, Collections.singletonList(d));
            }
            if (!matches) {
                unmatched.add("'" + d + "'");
            }
        }
        if (unmatched.isEmpty()) {
            return null;
        }
        return "probes.disabled: " + String.join(", ", unmatched) + (unmatched.size() == 1 ? " names" : " name")
                + " no probe, so disables nothing; the probes are " + String.join(", ", probes)
                + " (a family name such as servlet names all of its probes)";
    }

    /** Names of all probes, for documentation and the disabled-probe check. */
    public static List<String> names() {
        List<String> names = new ArrayList<String>();
        for (Probe p : all()) {
            names.add(p.name());
        }
        return names;
    }
}
