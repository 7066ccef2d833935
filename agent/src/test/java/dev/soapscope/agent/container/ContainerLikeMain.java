package dev.soapscope.agent.container;

import javax.management.MBeanServer;
import javax.management.MBeanServerBuilder;
import javax.management.MBeanServerDelegate;
import java.lang.management.ManagementFactory;
import java.util.logging.LogManager;

/**
 * Does in its main what JBoss Modules does before WildFly boots: installs its own java.util.logging log manager and
 * JMX builder through the system properties the JDK reads when it first starts those services. Prints what the JVM
 * ended up with; an agent that started either service in premain makes them the JDK's defaults.
 */
public final class ContainerLikeMain {
    private ContainerLikeMain() {
    }

    public static void main(String[] args) {
        System.setProperty("java.util.logging.manager", ContainerLogManager.class.getName());
        System.setProperty("javax.management.builder.initial", ContainerMBeanServerBuilder.class.getName());
        System.out.println("log manager: " + LogManager.getLogManager().getClass().getName());
        System.out.println("mbean server built by container: " + ContainerMBeanServerBuilder.used);
        MBeanServer unused = ManagementFactory.getPlatformMBeanServer();
        System.out.println("platform mbean server built by container: " + ContainerMBeanServerBuilder.used);
    }

    /** The container's log manager. */
    public static final class ContainerLogManager extends LogManager {
    }

    /** The container's MBean server builder. */
    public static final class ContainerMBeanServerBuilder extends MBeanServerBuilder {
        static volatile boolean used;

        @Override
        public MBeanServer newMBeanServer(String defaultDomain, MBeanServer outer, MBeanServerDelegate delegate) {
            used = true;
            return super.newMBeanServer(defaultDomain, outer, delegate);
        }
    }
}
