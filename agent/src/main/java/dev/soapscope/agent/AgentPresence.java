package dev.soapscope.agent;

import net.bytebuddy.agent.ByteBuddyAgent;

import java.util.Properties;

/**
 * A JVM runs the agent at most once: a second start is ignored. The first start marks the JVM with a system
 * property, so that {@code attach} can see beforehand that the target would ignore it, and say so. The name lies
 * outside {@code soapscope.*}, where every name is a setting (and unknown ones are reported).
 */
final class AgentPresence {
    static final String PROPERTY = "dev.soapscope.agent.started";

    private AgentPresence() {
    }

    /** Records how the agent started in this JVM ({@code -javaagent} or {@code attach}). */
    static void mark(String how) {
        try {
            System.setProperty(PROPERTY, how);
        } catch (Throwable ignored) {
            // a security manager may refuse: attach then cannot tell, nothing else changes
        }
    }

    /** How the agent started in JVM {@code pid}, or null if it did not (or the attach API is missing). */
    static String in(String pid) throws Exception {
        ByteBuddyAgent.AttachmentProvider.Accessor accessor = ByteBuddyAgent.AttachmentProvider.DEFAULT.attempt();
        if (!accessor.isAvailable()) {
            return null; // the attach itself reports that
        }
        Class<?> vmType = accessor.getVirtualMachineType();
        Object vm = vmType.getMethod("attach", String.class).invoke(null, pid);
        try {
            return ((Properties) vmType.getMethod("getSystemProperties").invoke(vm)).getProperty(PROPERTY);
        } finally {
            vmType.getMethod("detach").invoke(vm);
        }
    }
}
