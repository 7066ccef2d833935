package dev.soapscope.agent;

import dev.soapscope.recorder.Log;
import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.asm.Advice;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.dynamic.DynamicType;
import net.bytebuddy.utility.JavaModule;

import java.lang.instrument.Instrumentation;
import java.util.HashMap;
import java.util.Map;

import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.takesArgument;
import static net.bytebuddy.matcher.ElementMatchers.takesArguments;

/**
 * Lets OSGi bundles see the recorder. A bundle's class loader hands to its parent only {@code java.*} and the
 * packages in the framework property {@code org.osgi.framework.bootdelegation}; without ours there, advice inlined
 * into a bundle's class (GlassFish and Payara load {@code jakarta.servlet.http.HttpServlet} from one) fails to link
 * the recorder, and no request is recorded. GlassFish and Payara take that property from
 * {@code glassfish/config/osgi.properties} and no system property overrides it, so the agent adds the packages to
 * the configuration the launcher passes to Felix's standard {@code FrameworkFactory.newFramework(Map)}, which is
 * called after premain. Attached later, the framework already runs: the recorder-reach warning names the fix.
 */
final class ContainerDelegation {
    static final String BOOT_DELEGATION = "org.osgi.framework.bootdelegation";
    /** The packages of the bootstrap jar, comma-separated (a compile-time constant: the advice inlines it). */
    static final String PACKAGES = "dev.soapscope.recorder,dev.soapscope.config";
    static final String FELIX_FACTORY = "org.apache.felix.framework.FrameworkFactory";

    private ContainerDelegation() {
    }

    /** Installs the transformer for frameworks created from now on; the OSGi framework class is matched by name. */
    static void install(Instrumentation inst) {
        new AgentBuilder.Default()
                // only classes loaded from now on: a framework already created keeps its configuration
                .disableClassFormatChanges()
                .with(new FailureLog())
                .type(named(FELIX_FACTORY))
                .transform(new AgentBuilder.Transformer.ForAdvice()
                        .include(ContainerDelegation.class.getClassLoader())
                        .advice(named("newFramework").and(takesArguments(1)).and(takesArgument(0, Map.class)),
                                ContainerDelegation.class.getName() + "$AddBootDelegation"))
                .installOn(inst);
    }

    /** Replaces the framework configuration by a copy whose boot delegation also lists {@link #PACKAGES}. */
    static final class AddBootDelegation {
        private AddBootDelegation() {
        }

        @Advice.OnMethodEnter(suppress = Throwable.class)
        @SuppressWarnings({"unchecked", "rawtypes", "UnusedAssignment"})
        static void enter(@Advice.Argument(value = 0, readOnly = false) Map config) {
            // inlined into the framework's class: JDK types and constants only
            Map copy = config == null ? new HashMap() : new HashMap(config);
            Object listed = copy.get(BOOT_DELEGATION);
            StringBuilder value = new StringBuilder(listed instanceof String ? ((String) listed).trim() : "");
            for (String pkg : PACKAGES.split(",")) {
                boolean present = false;
                for (String p : value.toString().split(",")) {
                    present |= p.trim().equals(pkg);
                }
                if (!present) {
                    value.append(value.length() == 0 ? "" : ",").append(pkg);
                }
            }
            copy.put(BOOT_DELEGATION, value.toString());
            config = copy;
        }
    }

    private static final class FailureLog extends AgentBuilder.Listener.Adapter {
        @Override
        public void onTransformation(TypeDescription type, ClassLoader loader, JavaModule module, boolean loaded,
                                     DynamicType dynamicType) {
            Log.debug("added " + PACKAGES + " to " + BOOT_DELEGATION + " of OSGi frameworks made by " + type.getName());
        }

        @Override
        public void onError(String typeName, ClassLoader loader, JavaModule module, boolean loaded, Throwable error) {
            Log.warnOnce("bootdelegation:" + typeName, "could not add " + PACKAGES + " to " + BOOT_DELEGATION
                    + " through " + typeName + "; OSGi bundles will not reach the recorder", error);
        }
    }
}
