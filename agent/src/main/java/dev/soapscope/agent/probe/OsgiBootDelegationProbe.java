package dev.soapscope.agent.probe;

import dev.soapscope.agent.BootstrapJar;
import net.bytebuddy.asm.Advice;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.matcher.ElementMatcher;

import java.util.HashMap;
import java.util.Map;

import static net.bytebuddy.matcher.ElementMatchers.any;
import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.takesArgument;
import static net.bytebuddy.matcher.ElementMatchers.takesArguments;
import static dev.soapscope.agent.probe.TypeNames.type;

/**
 * Lets OSGi bundles see the recorder. A bundle's class loader hands to its parent only {@code java.*} and the
 * packages in the framework property {@code org.osgi.framework.bootdelegation}; without ours there, advice inlined
 * into a bundle's class (GlassFish and Payara load {@code jakarta.servlet.http.HttpServlet} from one) cannot link the
 * recorder. GlassFish and Payara read that property from {@code glassfish/config/osgi.properties}, Open Liberty from
 * its kernel's own bootstrap configuration, and no system property overrides either, so this adds the packages to the
 * configuration the launcher hands to the framework factory's {@code newFramework(Map)}, after premain: Felix's
 * (GlassFish, Payara) and Equinox's (Open Liberty, WebSphere Liberty). A framework already running (attach) keeps
 * its own: {@link RecorderReach} names the fix then.
 */
final class OsgiBootDelegationProbe implements Probe {
    static final OsgiBootDelegationProbe INSTANCE = new OsgiBootDelegationProbe();
    static final String BOOT_DELEGATION = "org.osgi.framework.bootdelegation";
    /** Inlined into the framework's class, so a compile-time constant. */
    static final String PACKAGES = BootstrapJar.PACKAGES;

    private OsgiBootDelegationProbe() {
    }

    @Override
    public String name() {
        return "osgi-bootdelegation";
    }

    @Override
    public ElementMatcher<? super TypeDescription> types() {
        return named("org.apache.felix.framework.FrameworkFactory").or(named("org.eclipse.osgi.launch.EquinoxFactory"));
    }

    @Override
    public ElementMatcher<? super ClassLoader> loaders() {
        return any();
    }

    @Override
    public Weaving weaving() {
        return Advices.plain().advice(named("newFramework").and(takesArguments(1)).and(takesArgument(0, type(Map.class))),
                Advices.nested(OsgiBootDelegationProbe.class, "AddBootDelegation"));
    }

    @Override
    public void prepare() {
        // nothing to register
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
}
