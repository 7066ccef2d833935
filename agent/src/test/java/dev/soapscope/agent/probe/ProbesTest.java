package dev.soapscope.agent.probe;

import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ProbesTest {
    /** A type description that knows only its name, and fails the test when asked anything else. */
    static final class NameOnly {
        static net.bytebuddy.description.type.TypeDescription of(String name) {
            return (net.bytebuddy.description.type.TypeDescription) java.lang.reflect.Proxy.newProxyInstance(
                    ProbesTest.class.getClassLoader(), new Class<?>[] {net.bytebuddy.description.type.TypeDescription.class},
                    (proxy, method, args) -> {
                        switch (method.getName()) {
                            case "getName":
                            case "getActualName":
                            case "getTypeName":
                            case "toString":
                                return name;
                            case "hashCode":
                                return name.hashCode();
                            case "equals":
                                return proxy == args[0];
                            default:
                                throw new AssertionError("asked " + name + "'s " + method.getName() + ": more than its name");
                        }
                    });
        }
    }

    @Test
    void disablingByNameOrFamily() {
        assertTrue(Probes.isDisabled("regex", List.of("regex")));
        assertTrue(Probes.isDisabled("servlet.javax", List.of("servlet")));
        assertFalse(Probes.isDisabled("servlet.javax", List.of("servlet.jakarta")));
        assertFalse(Probes.isDisabled("streams.javax", List.of("stream")));
    }

    /** A typo in probes.disabled disables nothing: one line says so and lists the names. */
    @Test
    void aDisabledNameThatMatchesNoProbeIsReported() {
        List<String> probes = List.of("servlet.jakarta", "servlet.javax", "regex");
        assertEquals("probes.disabled: 'nonsense' names no probe, so disables nothing; the probes are "
                + "servlet.jakarta, servlet.javax, regex (a family name such as servlet names all of its probes)",
                Probes.unmatched(List.of("regex", "nonsense"), probes));
        assertEquals("probes.disabled: 'serv', 'regex.x' name no probe, so disables nothing; the probes are "
                + "servlet.jakarta, servlet.javax, regex (a family name such as servlet names all of its probes)",
                Probes.unmatched(List.of("serv", "regex.x"), probes));
        assertNull(Probes.unmatched(List.of("servlet", "servlet.javax", "regex"), probes));
        assertNull(Probes.unmatched(List.of(), probes));
        assertNull(Probes.unmatched(List.of("servlet", "streams", "cxf", "cxf-interceptors", "jaxb"), Probes.names()));
    }

    /**
     * Classes of unknown packages cost a name check: no probe asks about a JDK class it does not name by its
     * modifiers or hierarchy (which would make Byte Buddy parse it and read its supertypes' class files), although
     * the servlet API and Byte Buddy are on this JVM's class path.
     */
    @Test
    void aJdkClassNoProbeNamesIsDecidedByItsNameAlone() {
        for (Probe probe : Probes.all()) {
            for (String jdkClass : List.of("java.util.ArrayList", "java.io.FilterReader", "sun.nio.ch.FileChannelImpl")) {
                assertFalse(probe.matcher().matches(NameOnly.of(jdkClass), null, null, null, null),
                        probe.name() + " on " + jdkClass);
            }
        }
    }

    /** A servlet that overrides nothing the servlet probe advises. */
    static class InheritsService extends jakarta.servlet.http.HttpServlet {
        private static final long serialVersionUID = 1L;

        void unrelated() {
        }
    }

    /** A servlet that declares the method the servlet probe advises. */
    static class DeclaresService extends jakarta.servlet.http.HttpServlet {
        private static final long serialVersionUID = 1L;

        @Override
        public void service(jakarta.servlet.ServletRequest request, jakarta.servlet.ServletResponse response) {
        }
    }

    /**
     * A class of a probe's types that declares none of the methods the probe advises is not rewritten (it would be
     * parsed and written back unchanged: 20 of the 85 classes woven at payload-caching's start-up once were); one that
     * declares one is.
     */
    @Test
    void aMatchedClassWithNothingToAdviseIsLeftAlone() {
        Probe servlet = Probes.all().stream().filter(p -> p.name().equals("servlet.jakarta")).findFirst().orElseThrow();
        ClassWeaver weaver = new ClassWeaver(List.of(servlet), List.of(servlet.weaving()));
        ClassLoader loader = getClass().getClassLoader();
        assertTrue(servlet.matcher().matches(net.bytebuddy.description.type.TypeDescription.ForLoadedType.of(
                InheritsService.class), loader, null, null, null), "of the probe's types");
        try {
            assertNull(weaver.weave(InheritsService.class.getName(), loader, null,
                    AdviceSet.classFile(InheritsService.class.getName())));
            assertNotNull(weaver.weave(DeclaresService.class.getName(), loader, null,
                    AdviceSet.classFile(DeclaresService.class.getName())));
        } finally {
            Supertypes.loaded();
        }
    }

    /**
     * The pass over the classes loaded before the transformer asks only the probes that may match classes of each
     * class's loader, and wants exactly what asking every probe wants.
     */
    @Test
    void thePassOverLoadedClassesWantsWhatAskingEveryProbeWants() {
        List<Probe> probes = Probes.all();
        List<Weaving> weavings = new ArrayList<>();
        probes.forEach(p -> weavings.add(p.weaving()));
        ClassWeaver weaver = new ClassWeaver(probes, weavings);
        java.util.Map<Class<?>, net.bytebuddy.description.type.TypeDescription> described = new java.util.HashMap<>();
        java.util.Map<ClassLoader, LoaderProbes> byLoader = new java.util.HashMap<>();
        int wanted = 0;
        for (Class<?> c : List.of(java.util.regex.Pattern.class, NoSuchMethodException.class, NoSuchFieldException.class,
                java.io.PrintWriter.class, java.io.BufferedReader.class, java.util.logging.Logger.class,
                java.net.ServerSocket.class, java.net.Socket.class, javax.xml.parsers.DocumentBuilderFactory.class,
                javax.xml.parsers.SAXParserFactory.class, java.util.UUID.class, java.security.KeyStore.class,
                String.class, java.util.ArrayList.class, java.io.FilterReader.class, jakarta.servlet.http.HttpServlet.class,
                jakarta.servlet.ServletInputStream.class, InheritsService.class, DeclaresService.class, ProbesTest.class)) {
            boolean asked = false;
            for (Probe p : probes) {
                asked |= p.matcher().matches(ClassWeaver.described(c, described), c.getClassLoader(), null, c, null);
            }
            assertEquals(asked, weaver.wants(c, described, byLoader), c.getName());
            wanted += asked ? 1 : 0;
        }
        assertTrue(wanted >= 8, "wanted " + wanted); // the JDK's and the servlet API's classes the probes name
        assertTrue(byLoader.get(null).asked() < probes.size(), "the JDK's classes are not asked of every probe");
        assertEquals(0, byLoader.get(null).named("java.lang.String").length + byLoader.get(null).anyName().length,
                "no probe is asked about String");
    }

    /**
     * The pass over the JDK's classes loaded before the agent asks a probe about the classes it names only: every probe
     * that may match a JDK class names its classes but the servlet streams' (below the servlet API's types).
     */
    @Test
    void theProbesOfJdkClassesNameTheirClasses() {
        List<String> unnamed = new ArrayList<>();
        for (Probe p : Probes.all()) {
            if (p.mayMatchClassesOf(null) && p.classNames(null) == null) {
                unnamed.add(p.name());
            }
        }
        assertEquals(List.of(), unnamed);
        assertEquals(java.util.Set.of("java.util.regex.Pattern"), probe("regex").classNames(null));
        assertEquals(java.util.Set.of("java.io.PrintWriter", "java.io.BufferedReader"),
                probe("streams.jakarta").classNames(null), "the JDK's streams only, by name");
        assertEquals(java.util.Set.of("java.io.PushbackInputStream"), probe("cxf").classNames(null),
                "the rule of the JDK's classes only");
        assertNull(probe("cxf").classNames(ProbesTest.class.getClassLoader()), "CXF's own are below its types");
    }

    /**
     * A probe's loaders are asked about every class its methods' names make a candidate: a loader check keeps its
     * answers per loader only if the probe hands out the same one each time (a new one would look each loader up again).
     */
    @Test
    void aProbesLoaderCheckIsOneInstance() {
        for (Probe p : Probes.all()) {
            if (p.loaders() instanceof SeesType) {
                assertSame(p.loaders(), p.loaders(), p.name());
            }
        }
    }

    /** The JDK classes the probes name still match, by name. */
    @Test
    void theJdkClassesProbesNameMatch() {
        java.util.Map<String, String> named = java.util.Map.of("java.util.regex.Pattern", "regex",
                "java.io.PushbackInputStream", "cxf", "java.io.PrintWriter", "streams.jakarta",
                "java.io.BufferedReader", "streams.javax", "java.util.logging.Logger", "logging.jul");
        named.forEach((type, name) -> {
            Probe probe = Probes.all().stream().filter(p -> p.name().equals(name)).findFirst().orElseThrow();
            assertTrue(probe.matcher().matches(net.bytebuddy.description.type.TypeDescription.ForLoadedType.of(
                    forName(type)), null, null, null, null), name + " on " + type);
        });
    }

    private static Probe probe(String name) {
        return Probes.all().stream().filter(p -> p.name().equals(name)).findFirst().orElseThrow();
    }

    private static Class<?> forName(String type) {
        try {
            return Class.forName(type);
        } catch (ClassNotFoundException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void probeNamesAreUnique() {
        List<String> names = Probes.names();
        assertEquals(names.size(), new HashSet<>(names).size(), names.toString());
    }

    /** The settings page's list for probes.disabled names every probe, in the order the agent installs them. */
    @Test
    void theSettingsPageListsEveryProbe() throws Exception {
        String readme = Files.readString(Path.of("..", "docs", "settings.md"));
        int start = readme.indexOf("Probe names for `probes.disabled`:");
        assertTrue(start >= 0, "docs/settings.md lists the probe names");
        String list = readme.substring(start, readme.indexOf(" (a family name", start));
        List<String> listed = new ArrayList<>();
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("`([a-z0-9.-]+)`").matcher(list);
        while (m.find()) {
            listed.add(m.group(1));
        }
        listed.remove("probes.disabled");
        assertEquals(Probes.names(), listed);
    }
}
