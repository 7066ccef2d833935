package dev.soapscope.agent.probe;

import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.pool.TypePool;
import org.junit.jupiter.api.Test;

import java.net.URL;
import java.net.URLClassLoader;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TypeDescriptionCacheTest {
    private static final TypePool.Resolution OBJECT =
            new TypePool.Resolution.Simple(TypeDescription.ForLoadedType.of(Object.class));

    @Test
    void oneCachePerLoaderTheBootstrapLoaderIncluded() throws Exception {
        TypeDescriptionCache cache = new TypeDescriptionCache();
        try (URLClassLoader a = new URLClassLoader(new URL[0]); URLClassLoader b = new URLClassLoader(new URL[0])) {
            assertSame(cache.locate(a), cache.locate(a));
            assertNotSame(cache.locate(a), cache.locate(b));
        }
        assertSame(cache.locate(null), cache.locate(null));
    }

    /** Each description costs about 14 KB: the bound is on all loaders together, not per loader. */
    @Test
    void theTypesOfAllLoadersTogetherStayUnderTheCap() throws Exception {
        TypeDescriptionCache cache = new TypeDescriptionCache();
        List<ClassLoader> webapps = new ArrayList<ClassLoader>();
        for (int w = 0; w < 20; w++) {
            webapps.add(new URLClassLoader(new URL[0]));
        }
        for (ClassLoader webapp : webapps) {
            TypePool.CacheProvider types = cache.locate(webapp);
            for (int i = 0; i < 3000; i++) {
                types.register("com.example.T" + i, OBJECT);
            }
        }
        int cached = 0;
        for (ClassLoader webapp : webapps) {
            for (int i = 0; i < 3000; i++) {
                if (cache.locate(webapp).find("com.example.T" + i) != null) {
                    cached++;
                }
            }
        }
        assertTrue(cached > 0, "something is cached");
        assertTrue(cached <= TypeDescriptionCache.MAX_TYPES, cached + " types cached over 20 loaders");
    }

    /** The hierarchy roots every loaded class asks for stay when room is made; the leaves read once go. */
    @Test
    void typesAskedForAgainOutliveTheCap() {
        TypeDescriptionCache cache = new TypeDescriptionCache();
        TypePool.CacheProvider types = cache.locate(null);
        types.register("java.lang.Object", OBJECT);
        for (int i = 0; i < 3 * TypeDescriptionCache.MAX_TYPES; i++) {
            types.register("com.example.Leaf" + i, OBJECT);
            assertSame(OBJECT, types.find("java.lang.Object"));
        }
        assertTrue(cache.size() <= TypeDescriptionCache.MAX_TYPES, cache.size() + " types cached");
        assertNull(types.find("com.example.Leaf0"), "a leaf read once is gone");
    }

    @Test
    void keptWhileClassesLoadInBulkThenEmptied() throws Exception {
        TypeDescriptionCache cache = new TypeDescriptionCache();
        try (URLClassLoader webapp = new URLClassLoader(new URL[0])) {
            TypePool.CacheProvider types = cache.locate(webapp);
            for (int i = 0; i < TypeDescriptionCache.BULK; i++) {
                types.register("com.example.T" + i, OBJECT);
            }
            cache.tick();
            assertEquals(TypeDescriptionCache.BULK, cache.size(), "still loading in bulk");
            types.register("com.example.Late", OBJECT);
            cache.tick();
            assertEquals(0, cache.size(), "one type since the last tick is not bulk loading");
            assertNull(cache.locate(webapp).find("com.example.T0"));
        }
    }
}
