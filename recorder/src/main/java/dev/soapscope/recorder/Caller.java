package dev.soapscope.recorder;

/**
 * The frame a hot-spot event is blamed on ({@link Callers}): its class, method and position (the bytecode index, or
 * the line where the JVM has no stack walker), and whether it is a class initializer, whose events happen once.
 */
final class Caller {
    /** When no frame outside soapscope, the JDK and the wrappers was found within the frames looked at. */
    static final Caller NONE = new Caller("(no caller outside the JDK)", "", -1, false, null);

    final String className;
    final String methodName;
    final int position;
    final boolean classInitializer;
    /** The walker's frame, read for its file and line only when a new site is made. */
    private final Object frame;

    Caller(String className, String methodName, int position, boolean classInitializer, Object frame) {
        this.className = className;
        this.methodName = methodName;
        this.position = position;
        this.classInitializer = classInitializer;
        this.frame = frame;
    }

    boolean sameAs(Caller other) {
        return position == other.position && className.equals(other.className) && methodName.equals(other.methodName);
    }

    /** {@code class.method(File.java:line)}, as in a stack trace. */
    String describe() {
        if (this == NONE) {
            return className;
        }
        StackTraceElement e = Callers.element(frame);
        StringBuilder out = new StringBuilder(className).append('.').append(methodName);
        if (e != null && e.getFileName() != null && e.getLineNumber() >= 0) {
            out.append('(').append(e.getFileName()).append(':').append(e.getLineNumber()).append(')');
        }
        return out.toString();
    }
}
