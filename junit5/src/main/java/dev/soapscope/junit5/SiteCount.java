package dev.soapscope.junit5;

import dev.soapscope.recorder.HotSpotKind;

/** One hot-spot site met during a test: what soapscope names it, the application's line that reached it, how often. */
public final class SiteCount {
    private final HotSpotKind kind;
    private final String detail;
    private final String caller;
    private final long count;

    SiteCount(HotSpotKind kind, String detail, String caller, long count) {
        this.kind = kind;
        this.detail = detail;
        this.caller = caller;
        this.count = count;
    }

    public HotSpotKind kind() {
        return kind;
    }

    /** What the probe names: the factory method, the client built, the conversion. */
    public String detail() {
        return detail;
    }

    /** The caller, {@code class.method(File.java:line)}; empty when soapscope ran out of room for sites. */
    public String caller() {
        return caller;
    }

    public long count() {
        return count;
    }

    @Override
    public String toString() {
        return detail + (caller.isEmpty() ? "" : " at " + caller) + ": " + count;
    }
}
