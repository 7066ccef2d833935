package dev.soapscope.recorder;

/** Short stacks for hot-spot call sites. Only called the first time a site is seen. */
final class CallStacks {
    private CallStacks() {
    }

    /** Up to {@code depth} frames of the current stack below soapscope's own, one a line. */
    static String capture(int depth) {
        StackTraceElement[] frames = new Throwable().getStackTrace();
        StringBuilder out = new StringBuilder();
        int kept = 0;
        for (StackTraceElement f : frames) {
            if (kept >= depth) {
                break;
            }
            if (kept == 0 && CallerFrames.isOurs(f.getClassName())) {
                continue;
            }
            if (kept > 0) {
                out.append('\n');
            }
            out.append(f.getClassName()).append('.').append(f.getMethodName());
            if (f.getFileName() != null && f.getLineNumber() >= 0) {
                out.append('(').append(f.getFileName()).append(':').append(f.getLineNumber()).append(')');
            }
            kept++;
        }
        return out.toString();
    }
}
