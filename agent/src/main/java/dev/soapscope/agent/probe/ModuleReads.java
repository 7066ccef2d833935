package dev.soapscope.agent.probe;

import dev.soapscope.recorder.Log;

import java.lang.instrument.Instrumentation;
import java.lang.reflect.Method;
import java.util.Collections;
import java.util.Map;
import java.util.Set;

/**
 * Lets the JDK's named modules read the recorder, which lives in the bootstrap loader's unnamed module: advice
 * inlined into {@code java.base} or {@code java.xml} calls it, and a named module reads only what it declares. Done
 * once at start for every module of the boot layer, by reflection: the agent is compiled for Java 8, which has no
 * modules (there, nothing to do). Also opens a JDK package to the agent alone where it must call a protected method
 * ({@link #openPackageOf}).
 */
final class ModuleReads {
    private ModuleReads() {
    }

    static void recorderReadByBootModules(Instrumentation inst, Class<?> recorder) {
        try {
            Method getModule = Class.class.getMethod("getModule");
            Class<?> moduleType = getModule.getReturnType();
            Object unnamed = getModule.invoke(recorder);
            Class<?> layerType = Class.forName("java.lang.ModuleLayer");
            Object boot = layerType.getMethod("boot").invoke(null);
            Set<?> modules = (Set<?>) layerType.getMethod("modules").invoke(boot);
            Method redefine = redefineModule(moduleType);
            Method canRead = moduleType.getMethod("canRead", moduleType);
            for (Object module : modules) {
                if (!(Boolean) canRead.invoke(module, unnamed)) {
                    redefine.invoke(inst, module, Collections.singleton(unnamed), Collections.emptyMap(),
                            Collections.emptyMap(), Collections.emptySet(), Collections.emptyMap());
                }
            }
        } catch (NoSuchMethodException | ClassNotFoundException java8) {
            // no modules: every class reads the bootstrap loader's
        } catch (Throwable e) {
            Log.warn("the JDK's modules cannot be made to read the recorder; probes of JDK classes may record nothing: " + e);
        }
    }

    /**
     * Opens the package of {@code inPackage}, in its module, to the module of {@code to} alone, for deep reflection;
     * on Java 8 there is nothing to open.
     */
    static void openPackageOf(Instrumentation inst, Class<?> inPackage, Class<?> to) throws Exception {
        Method getModule;
        try {
            getModule = Class.class.getMethod("getModule");
        } catch (NoSuchMethodException java8) {
            return;
        }
        Class<?> moduleType = getModule.getReturnType();
        Object module = getModule.invoke(inPackage);
        String pkg = inPackage.getName().substring(0, inPackage.getName().lastIndexOf('.'));
        Map<String, Set<Object>> opens = Collections.singletonMap(pkg, Collections.singleton(getModule.invoke(to)));
        redefineModule(moduleType).invoke(inst, module, Collections.emptySet(), Collections.emptyMap(), opens,
                Collections.emptySet(), Collections.emptyMap());
    }

    /** {@code Instrumentation.redefineModule} (Java 9 and later), for {@code Module} as {@code moduleType}. */
    private static Method redefineModule(Class<?> moduleType) throws NoSuchMethodException {
        return Instrumentation.class.getMethod("redefineModule", moduleType, Set.class, Map.class, Map.class, Set.class,
                Map.class);
    }
}
