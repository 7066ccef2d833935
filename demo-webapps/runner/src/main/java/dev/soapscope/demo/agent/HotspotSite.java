package dev.soapscope.demo.agent;

import java.util.List;

/**
 * A hot-spot call site seen in one operation: its count there, per request, the caller the agent counted it at
 * ({@code callerFrame}, {@code class.method(File.java:line)}; null from agents before callers were kept), whether it
 * is one-off (a class initializer's, with no rate), and the first stack the agent kept.
 */
public record HotspotSite(String kind, String site, long count, double perRequest, List<String> firstStack,
                          String callerFrame, boolean oneOff) {

    public HotspotSite(String kind, String site, long count, double perRequest, List<String> firstStack) {
        this(kind, site, count, perRequest, firstStack, null, false);
    }

    /** Frames of the JDK itself: never the code to blame. */
    private static final List<String> JDK_PACKAGES = List.of("java.", "jdk.", "sun.", "com.sun.");

    /**
     * The code that caused the event, as a frame without its package ({@code MessageLoggingHandler.invoke(
     * MessageLoggingHandler.java:26)}): the caller the agent counted the site at; from an older agent's document, the
     * first frame of the kept stack outside the top frame's package and outside the JDK. Null when there is none.
     */
    public String caller() {
        if (callerFrame != null && !callerFrame.isEmpty()) {
            return withoutPackage(callerFrame, packageOf(callerFrame));
        }
        if (firstStack == null || firstStack.isEmpty()) {
            return null;
        }
        String topPackage = packageOf(firstStack.get(0));
        for (String frame : firstStack) {
            String pkg = packageOf(frame);
            if (!pkg.equals(topPackage) && JDK_PACKAGES.stream().noneMatch(frame::startsWith)) {
                return withoutPackage(frame, pkg);
            }
        }
        return null;
    }

    /** {@code org.apache.axis} of {@code org.apache.axis.Message.getSOAPEnvelope(Message.java:435)}. */
    static String packageOf(String frame) {
        int paren = frame.indexOf('(');
        String method = paren < 0 ? frame : frame.substring(0, paren);
        int methodDot = method.lastIndexOf('.');
        String type = methodDot < 0 ? method : method.substring(0, methodDot);
        int typeDot = type.lastIndexOf('.');
        return typeDot < 0 ? "" : type.substring(0, typeDot);
    }

    private static String withoutPackage(String frame, String pkg) {
        return pkg.isEmpty() ? frame : frame.substring(pkg.length() + 1);
    }
}
