package dev.soapscope.agent.probe;

import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.pool.TypePool;
import org.junit.jupiter.api.Test;

import java.net.URL;
import java.net.URLClassLoader;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

class TypeDescriptionCacheTest {

    @Test
    void oneCachePerLoaderTheBootstrapLoaderIncluded() throws Exception {
        TypeDescriptionCache cache = new TypeDescriptionCache();
        try (URLClassLoader a = new URLClassLoader(new URL[0]); URLClassLoader b = new URLClassLoader(new URL[0])) {
            assertSame(cache.locate(a), cache.locate(a));
            assertNotSame(cache.locate(a), cache.locate(b));
        }
        assertSame(cache.locate(null), cache.locate(null));
    }

    @Test
    void aFullCacheStartsOver() {
        TypeDescriptionCache.Bounded cache = new TypeDescriptionCache.Bounded();
        TypePool.Resolution object = new TypePool.Resolution.Simple(TypeDescription.ForLoadedType.of(Object.class));
        for (int i = 0; i < TypeDescriptionCache.MAX_TYPES_PER_LOADER; i++) {
            cache.register("t" + i, object);
        }
        assertEquals(TypeDescriptionCache.MAX_TYPES_PER_LOADER, cache.size());
        assertSame(object, cache.find("t0"));
        cache.register("one.more", object);
        assertEquals(1, cache.size(), "emptied, then the new one kept");
        assertEquals(null, cache.find("t0"));
        assertSame(object, cache.find("one.more"));
    }
}
