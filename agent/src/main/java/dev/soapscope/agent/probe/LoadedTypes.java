package dev.soapscope.agent.probe;

import dev.soapscope.recorder.Log;

import java.lang.instrument.Instrumentation;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The direct supertypes of a class a loader has already loaded, from its {@code Class}: what the class being loaded
 * asks of supertypes loaded before it, without reading their class files. On Spring-WS's echo Boot jar 105 of the 113
 * class files read at start were of classes loaded already, each a resource lookup through the application's loader
 * (about a millisecond in a Boot jar) that also made the JDK's and Boot's resource code hot enough for C2.
 * <p>
 * A loader's loaded class is the one {@code ClassLoader.findLoadedClass} gives: the JVM records a loader as initiating
 * each class it resolved through it, the supertypes of the classes it defined among them, so the answer is what that
 * loader resolves the name to, even for a child-first loader. Nothing is loaded here: not asked of the JDK's own
 * loaders, for which the JVM's lookup may load from a class data sharing archive ({@link #isBuiltIn}). The JDK's
 * classes loaded before the agent are taken from the start's snapshot (every {@code java.*} class is the bootstrap or
 * the platform loader's). Anything else is read from its class file, as before.
 */
final class LoadedTypes {
    /** {@code ClassLoader.findLoadedClass(String)}, once opened at start; null if it cannot be (then all is read). */
    private static volatile MethodHandle findLoadedClass;
    /** The system class loader and its ancestors ({@link #isBuiltIn}), as at start. */
    private static volatile ClassLoader[] builtIn = new ClassLoader[0];
    /** Every class loaded before the agent's start; made {@link #jdkAtStart} when first asked. */
    private static volatile Class<?>[] atStart = new Class<?>[0];
    /** The bootstrap and platform loaders' classes of {@link #atStart}, by name; null until asked. */
    private static volatile Map<String, Class<?>> jdkAtStart;

    private LoadedTypes() {
    }

    /**
     * Opens {@code ClassLoader.findLoadedClass} to the agent (Java 9 and later: {@code java.lang} opened to the
     * agent's module alone) and keeps, of {@code loaded}, the JDK's classes.
     */
    static void open(Instrumentation inst, Class<?>[] loaded) {
        synchronized (LoadedTypes.class) {
            atStart = loaded; // indexed when first asked, on a thread loading classes: not premain's
            jdkAtStart = null;
        }
        List<ClassLoader> jdkLoaders = new ArrayList<ClassLoader>();
        for (ClassLoader l = ClassLoader.getSystemClassLoader(); l != null; l = l.getParent()) {
            jdkLoaders.add(l);
        }
        builtIn = jdkLoaders.toArray(new ClassLoader[0]);
        try {
            ModuleReads.openPackageOf(inst, ClassLoader.class, LoadedTypes.class);
            Method m = ClassLoader.class.getDeclaredMethod("findLoadedClass", String.class);
            m.setAccessible(true);
            findLoadedClass = MethodHandles.lookup().unreflect(m);
        } catch (Throwable e) {
            Log.debug("supertypes of loaded classes are read from their class files: " + e);
        }
    }

    /**
     * The binary names of the direct supertypes (superclass first, then the interfaces) of {@code name} as
     * {@code loader} has loaded it; null if it has not (or this cannot tell).
     */
    static String[] supertypes(String name, ClassLoader loader) {
        Class<?> c = name.startsWith("java.") || loader == null ? jdkAtStart().get(name) : null;
        if (c == null && loader != null) {
            c = loaded(name, loader);
        }
        if (c == null || c.isArray() || c.isPrimitive()) {
            return null;
        }
        Class<?> superclass = c.getSuperclass();
        Class<?>[] interfaces = c.getInterfaces();
        int first = superclass == null ? 0 : 1;
        String[] names = new String[first + interfaces.length];
        if (superclass != null) {
            names[0] = superclass.getName();
        }
        for (int i = 0; i < interfaces.length; i++) {
            names[first + i] = interfaces[i].getName();
        }
        return names;
    }

    /** Locked only to be made: every lookup of a JDK name comes here, from every thread loading classes. */
    private static Map<String, Class<?>> jdkAtStart() {
        Map<String, Class<?>> made = jdkAtStart;
        return made != null ? made : indexAtStart();
    }

    private static synchronized Map<String, Class<?>> indexAtStart() {
        if (jdkAtStart == null) {
            Map<String, Class<?>> jdk = new HashMap<String, Class<?>>();
            ClassLoader platform = platformLoader();
            for (Class<?> c : atStart) {
                ClassLoader l = c.getClassLoader();
                if ((l == null || l == platform) && !c.isArray() && !c.isPrimitive()) {
                    jdk.put(c.getName(), c);
                }
            }
            jdkAtStart = jdk;
            atStart = null;
        }
        return jdkAtStart;
    }

    private static Class<?> loaded(String name, ClassLoader loader) {
        MethodHandle find = findLoadedClass;
        if (find == null || isBuiltIn(loader)) {
            return null;
        }
        try {
            return (Class<?>) find.invokeExact(loader, name);
        } catch (Throwable e) {
            return null; // a name the loader rejects: read, as before
        }
    }

    /**
     * The system class loader and its ancestors: with an application's class data sharing archive, the JVM's
     * {@code findLoadedClass} for these loads a class from the archive when it is not loaded yet (so it can define,
     * inside a transform, the very class being loaded); for any other loader it only looks.
     */
    private static boolean isBuiltIn(ClassLoader loader) {
        for (ClassLoader l : builtIn) {
            if (l == loader) {
                return true;
            }
        }
        String type = loader.getClass().getName();
        return type.startsWith("jdk.internal.loader.") || type.startsWith("sun.misc.Launcher$");
    }

    /**
     * The top of the system loader's ancestry: the platform loader (the extension loader on Java 8). Not asked through
     * {@code getPlatformClassLoader} by reflection: on Java 17 a reflective call of a caller-sensitive JDK method makes
     * an annotation proxy, and one more proxy than the application makes renumbers all of its own, so none of those an
     * application's class data sharing archive holds (49 on Spring-WS's echo jar) is used.
     */
    private static ClassLoader platformLoader() {
        ClassLoader top = null;
        for (ClassLoader l : builtIn) {
            top = l;
        }
        return top;
    }
}
