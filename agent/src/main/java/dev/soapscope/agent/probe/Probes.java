package dev.soapscope.agent.probe;

import dev.soapscope.recorder.Log;
import dev.soapscope.recorder.Recorder;
import net.bytebuddy.ByteBuddy;
import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.dynamic.scaffold.MethodGraph;
import net.bytebuddy.dynamic.scaffold.TypeValidation;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.dynamic.DynamicType;
import net.bytebuddy.utility.JavaModule;

import java.lang.instrument.Instrumentation;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

import static net.bytebuddy.matcher.ElementMatchers.nameStartsWith;

/** Every probe, and the one place the AgentBuilder is built. */
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

    /** Installs every probe not disabled (by name, or by the part before the dot); returns the names installed. */
    public static List<String> install(Instrumentation inst, List<String> disabled) {
        String unmatched = unmatched(disabled, names());
        if (unmatched != null) {
            Log.warn(unmatched);
        }
        AgentBuilder builder = agentBuilder()
                // Pattern, UUID and the XML factories are loaded before premain (and everything is, on attach)
                .with(AgentBuilder.RedefinitionStrategy.RETRANSFORMATION)
                // retransformation may not add fields or methods: advice only inlines code
                .disableClassFormatChanges()
                // advice in java.base calls the recorder, which lives in the bootstrap loader's unnamed module
                .assureReadEdgeTo(inst, Recorder.class)
                .with(new FailureLog())
                // supertype matchers resolve each loaded class's hierarchy: class files read once while loading in bulk
                .with(TypeDescriptionCache.emptiedWhenQuiet())
                // instrument JDK classes too, but never ourselves or Byte Buddy
                .ignore(nameStartsWith("dev.soapscope.agent.")
                        .or(nameStartsWith("dev.soapscope.recorder."))
                        .or(nameStartsWith("dev.soapscope.config."))
                        .or(nameStartsWith("dev.soapscope.metrics."))
                        .or(nameStartsWith("dev.soapscope.filter."))
                        .or(nameStartsWith("dev.soapscope.shaded."))
                        .or(nameStartsWith("net.bytebuddy."))
                        .or(nameStartsWith("jdk.internal.reflect."))
                        .or(nameStartsWith("sun.reflect.")));
        List<String> installed = new ArrayList<String>();
        for (Probe probe : all()) {
            if (isDisabled(probe.name(), disabled)) {
                continue;
            }
            try {
                probe.prepare();
                AgentBuilder.Transformer transformer = probe.transformer();
                builder = builder.type(new NotSynthetic(probe.matcher(), transformer))
                        .transform(new RecorderReach.Guarded(transformer));
                installed.add(probe.name());
            } catch (Throwable e) {
                Log.warn("probe " + probe.name() + " cannot install and is skipped: " + e);
            }
        }
        loadWhatTransformingLoads();
        builder.installOn(inst);
        return installed;
    }

    /**
     * Loads what the transformer's own concurrent maps load lazily: ThreadLocalRandom the first time two threads
     * contend on one (its counter cells ask it for a probe), the tree bins when a bin grows long. Loaded from inside
     * the transformer while the JVM is loading that very class, it is a ClassCircularityError, which the JVM then
     * keeps in ConcurrentHashMap's constant pool, so every later contended map in the application fails too (seen on
     * CXF's HTTP client threads: "Could not initialize class jdk.internal.net.http.ResponseTimerEvent"). So they are
     * loaded before any transform. (Its counter cells and forwarding nodes are loaded with the JVM.)
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

    /**
     * Byte Buddy's agent builder without what inline advice on frozen classes never uses: the method graph of
     * inherited methods (advice goes on declared methods only), the validation of the rewritten class, and the Nexus,
     * a class Byte Buddy would otherwise inject into the system class loader at start (by reflection, about 0.15 s of
     * CPU) to initialise generated fields we never add.
     */
    static AgentBuilder.Default agentBuilder() {
        String name = ByteBuddy.class.getName(); // shaded in the agent jar: so is the property Byte Buddy reads
        String nexusDisabled = name.substring(0, name.lastIndexOf('.')) + ".nexus.disabled";
        boolean set = false;
        try {
            if (System.getProperty(nexusDisabled) == null) {
                System.setProperty(nexusDisabled, "true");
                set = true;
            }
        } catch (SecurityException e) {
            // the Nexus is then injected, as before
        }
        try {
            return new AgentBuilder.Default(new ByteBuddy().with(TypeValidation.DISABLED)
                    .with(MethodGraph.Compiler.ForDeclaredMethods.INSTANCE));
        } finally {
            if (set) {
                System.clearProperty(nexusDisabled); // read once, when the builder is made: leaves the JVM as it was
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

    /**
     * A probe's matcher, never matching synthetic classes (compiler-made: nothing of ours to time). Asked after the
     * probe's own, which most classes fail on their name or loader, rather than in the ignore matcher, where it made
     * Byte Buddy parse every class loaded.
     */
    static final class NotSynthetic implements AgentBuilder.RawMatcher {
        private final AgentBuilder.RawMatcher probe;
        private final AgentBuilder.Transformer transformer;

        NotSynthetic(AgentBuilder.RawMatcher probe, AgentBuilder.Transformer transformer) {
            this.probe = probe;
            this.transformer = transformer;
        }

        /** The probe's types, but not synthetic ones, nor those it would write back unchanged ({@link Advising}). */
        @Override
        public boolean matches(TypeDescription type, ClassLoader loader, JavaModule module, Class<?> redefined,
                               java.security.ProtectionDomain domain) {
            return probe.matches(type, loader, module, redefined, domain) && !type.isSynthetic()
                    && Advising.changes(transformer, type);
        }
    }

    /**
     * A probe target that cannot be instrumented runs unprobed: a warning, once per type. Any other type that Byte
     * Buddy could not look at (a matcher met a superclass its loader cannot find) is none of our business: debug.
     */
    static final class FailureLog extends AgentBuilder.Listener.Adapter {
        @Override
        public void onTransformation(TypeDescription type, ClassLoader loader, JavaModule module, boolean loaded,
                                     DynamicType dynamicType) {
            Log.debug("instrumented " + type.getName());
        }

        @Override
        public void onError(String typeName, ClassLoader loader, JavaModule module, boolean loaded, Throwable error) {
            if (RecorderReach.isTransforming(typeName)) {
                Log.warnOnce("instrument:" + typeName, "could not instrument " + typeName + "; it runs unprobed", error);
            } else {
                Log.debug("not a probe target, not instrumented: " + typeName + ": " + error);
            }
        }

        @Override
        public void onComplete(String typeName, ClassLoader loader, JavaModule module, boolean loaded) {
            RecorderReach.doneWith(typeName);
            Supertypes.loaded();
        }
    }

}
