package dev.soapscope.agent.probe;

import dev.soapscope.agent.DaemonThreads;
import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.dynamic.ClassFileLocator;
import net.bytebuddy.pool.TypePool;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.WeakHashMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Type descriptions Byte Buddy has read, kept per class loader while classes load in bulk. The servlet, CXF,
 * Spring-WS and Axis probes match by supertype, so every class a server loads has its hierarchy resolved; without a
 * cache each class re-reads the class files of all its supertypes ({@code HttpServlet}, {@code Object}...), which is
 * most of what the agent adds to start-up.
 *
 * <p>A description is large (its methods' and fields' tokens, and the class file of the type being transformed when
 * it was read: about 14 KB each on average, 38 MB for the 2,700 types of the payload-caching demo's start-up), and
 * it holds its class loader strongly, so the cache must not outlive the loading: at most {@link #MAX_TYPES} across
 * all loaders, and emptied once loading is no longer in bulk ({@link #tick}).
 */
final class TypeDescriptionCache extends AgentBuilder.PoolStrategy.WithTypePoolCache {
    /** Across all class loaders: above what one webapp's start-up reads, so a start-up is not slowed by the cap. */
    static final int MAX_TYPES = 4096;
    /** Fewer types read than this between two ticks: loading is not in bulk, the cache is emptied. */
    static final int BULK = 50;
    static final long TICK_MS = 5000;

    private final Map<ClassLoader, LoaderTypes> byLoader = new WeakHashMap<ClassLoader, LoaderTypes>();
    /** The bootstrap loader is null, which a WeakHashMap would not hold weakly: its own cache. */
    private final LoaderTypes bootstrap = new LoaderTypes(this);
    /** Types in all the caches; approximate under races, recounted whenever room is made. */
    private final AtomicInteger size = new AtomicInteger();
    /** Types read since the last tick. */
    private final AtomicInteger read = new AtomicInteger();
    private final Object roomLock = new Object();

    TypeDescriptionCache() {
        super(TypePool.Default.ReaderMode.FAST);
    }

    /** A cache that a daemon thread empties {@link #TICK_MS} to twice that after bulk loading stops. */
    static TypeDescriptionCache emptiedWhenQuiet() {
        final TypeDescriptionCache cache = new TypeDescriptionCache();
        ScheduledExecutorService timer =
                Executors.newSingleThreadScheduledExecutor(new DaemonThreads("soapscope-type-cache"));
        timer.scheduleWithFixedDelay(new Runnable() {
            @Override
            public void run() {
                try {
                    cache.tick();
                } catch (Throwable e) {
                    // a cache: at worst it is emptied at the next tick
                }
            }
        }, TICK_MS, TICK_MS, TimeUnit.MILLISECONDS);
        return cache;
    }

    /** Byte Buddy asks for a pool as it starts on each class: the class is made known to {@link Supertypes} first. */
    @Override
    public TypePool typePool(ClassFileLocator classFileLocator, ClassLoader classLoader, String name) {
        Supertypes.loading(name, ((LoaderTypes) locate(classLoader)).supertypes, classFileLocator);
        return super.typePool(classFileLocator, classLoader, name);
    }

    @Override
    protected TypePool.CacheProvider locate(ClassLoader loader) {
        if (loader == null) {
            return bootstrap;
        }
        synchronized (byLoader) {
            LoaderTypes cache = byLoader.get(loader);
            if (cache == null) {
                cache = new LoaderTypes(this);
                byLoader.put(loader, cache);
            }
            return cache;
        }
    }

    /** Empties the cache unless at least {@link #BULK} types were read since the last call. */
    void tick() {
        if (read.getAndSet(0) < BULK && size.get() > 0) {
            clear();
        }
    }

    /** Types cached, all loaders together. */
    int size() {
        int n = 0;
        for (LoaderTypes t : caches()) {
            n += t.types.size();
        }
        return n;
    }

    void clear() {
        synchronized (byLoader) {
            byLoader.clear();
        }
        bootstrap.clear();
        size.set(0);
        AdviceTransformer.forgetAll(); // the advice resolved per loader holds descriptions too
    }

    private void added() {
        read.incrementAndGet();
        if (size.incrementAndGet() >= MAX_TYPES) {
            makeRoom();
        }
    }

    /**
     * Keeps the types asked for again since the last time room was made (the hierarchy roots every class leads to),
     * drops the rest (the classes read once, while they were loaded); all of them if those asked for fill half.
     */
    private void makeRoom() {
        synchronized (roomLock) {
            if (size.get() < MAX_TYPES) {
                return; // another thread made room meanwhile
            }
            int kept = 0;
            for (LoaderTypes t : caches()) {
                kept += t.keepOnlyAskedFor();
            }
            if (kept > MAX_TYPES / 2) {
                for (LoaderTypes t : caches()) {
                    t.clear();
                }
                kept = 0;
            }
            size.set(kept);
        }
    }

    private List<LoaderTypes> caches() {
        List<LoaderTypes> all = new ArrayList<LoaderTypes>();
        synchronized (byLoader) {
            all.addAll(byLoader.values());
        }
        all.add(bootstrap);
        return all;
    }

    /** One class loader's types. */
    static final class LoaderTypes implements TypePool.CacheProvider {
        private final TypeDescriptionCache owner;
        private final ConcurrentHashMap<String, Entry> types = new ConcurrentHashMap<String, Entry>();
        /** For {@link Supertypes}: which of the names its matchers ask for each class read is below. */
        final Map<String, Set<String>> supertypes = new ConcurrentHashMap<String, Set<String>>();

        LoaderTypes(TypeDescriptionCache owner) {
            this.owner = owner;
        }

        @Override
        public TypePool.Resolution find(String name) {
            Entry e = types.get(name);
            if (e == null) {
                return null;
            }
            if (!e.askedFor) {
                e.askedFor = true; // a plain write: a lost one only costs the type its place
            }
            return e.resolution;
        }

        @Override
        public TypePool.Resolution register(String name, TypePool.Resolution resolution) {
            Entry raced = types.putIfAbsent(name, new Entry(resolution));
            if (raced != null) {
                return raced.resolution;
            }
            owner.added();
            return resolution;
        }

        @Override
        public void clear() {
            types.clear();
            supertypes.clear();
        }

        /** Removes the types not asked for since the last call; returns how many are left. */
        int keepOnlyAskedFor() {
            if (supertypes.size() > MAX_TYPES * 4) {
                supertypes.clear(); // names and shared sets, small: bounded all the same
            }
            for (Iterator<Entry> i = types.values().iterator(); i.hasNext(); ) {
                Entry e = i.next();
                if (e.askedFor) {
                    e.askedFor = false;
                } else {
                    i.remove();
                }
            }
            return types.size();
        }
    }

    private static final class Entry {
        final TypePool.Resolution resolution;
        boolean askedFor;

        Entry(TypePool.Resolution resolution) {
            this.resolution = resolution;
        }
    }
}
