package dev.soapscope.agent.probe;

import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.pool.TypePool;

import java.util.Map;
import java.util.WeakHashMap;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Type descriptions Byte Buddy has read, kept per class loader while classes load. The servlet, CXF, Spring-WS and
 * Axis probes match by supertype, so every class a server loads has its hierarchy resolved; without a cache each
 * class re-reads the class files of all its supertypes ({@code HttpServlet}, {@code Object}...), which is most of
 * what the agent adds to start-up. Loaders are held weakly (an undeployed webapp's loader can go), and each loader's
 * cache is emptied when it reaches {@link #MAX_TYPES_PER_LOADER}, so the memory stays bounded.
 */
final class TypeDescriptionCache extends AgentBuilder.PoolStrategy.WithTypePoolCache {
    /** Enough for a large webapp's hierarchy roots to stay cached; a few hundred bytes each. */
    static final int MAX_TYPES_PER_LOADER = 8192;

    private final Map<ClassLoader, Bounded> byLoader = new WeakHashMap<ClassLoader, Bounded>();
    /** The bootstrap loader is null, which a WeakHashMap would not hold weakly: its own cache. */
    private final Bounded bootstrap = new Bounded();

    TypeDescriptionCache() {
        super(TypePool.Default.ReaderMode.FAST);
    }

    @Override
    protected TypePool.CacheProvider locate(ClassLoader loader) {
        if (loader == null) {
            return bootstrap;
        }
        synchronized (byLoader) {
            Bounded cache = byLoader.get(loader);
            if (cache == null) {
                cache = new Bounded();
                byLoader.put(loader, cache);
            }
            return cache;
        }
    }

    /** A cache that starts over when full: cheaper than an LRU, and a full one is a cold start at worst. */
    static final class Bounded implements TypePool.CacheProvider {
        private final ConcurrentHashMap<String, TypePool.Resolution> types =
                new ConcurrentHashMap<String, TypePool.Resolution>();

        @Override
        public TypePool.Resolution find(String name) {
            return types.get(name);
        }

        @Override
        public TypePool.Resolution register(String name, TypePool.Resolution resolution) {
            if (types.size() >= MAX_TYPES_PER_LOADER) {
                types.clear();
            }
            TypePool.Resolution raced = types.putIfAbsent(name, resolution);
            return raced != null ? raced : resolution;
        }

        @Override
        public void clear() {
            types.clear();
        }

        int size() {
            return types.size();
        }
    }
}
