package dev.soapscope.recorder;

/** The recorder's limits. Immutable; see {@code ConfigKey} for where the values come from. */
public final class RecorderSettings {
    public static final RecorderSettings DEFAULTS = new RecorderSettings(100, 256, 8, true);
    static final int DEFAULT_CLIENT_CALLS = 20;

    final int maxOperations;
    final int maxClientCalls;
    final int maxSites;
    final int stackDepth;
    final boolean allocation;

    public RecorderSettings(int maxOperations, int maxSites, int stackDepth, boolean allocation) {
        this(maxOperations, DEFAULT_CLIENT_CALLS, maxSites, stackDepth, allocation);
    }

    public RecorderSettings(int maxOperations, int maxClientCalls, int maxSites, int stackDepth, boolean allocation) {
        // bounded whatever the caller asks: every operation and every call row costs metric series
        this.maxOperations = Math.max(1, Math.min(maxOperations, dev.soapscope.config.SeriesBudget.MAX_OPERATIONS));
        this.maxClientCalls = Math.max(1, Math.min(maxClientCalls, dev.soapscope.config.SeriesBudget.MAX_CLIENT_CALLS));
        this.maxSites = maxSites;
        this.stackDepth = stackDepth;
        this.allocation = allocation;
    }
}
