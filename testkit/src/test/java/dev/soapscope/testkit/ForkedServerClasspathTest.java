package dev.soapscope.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.function.Predicate;

import org.junit.jupiter.api.Test;

import dev.soapscope.testkit.ForkedServer.Container;

/** Each container's main class and class path file, without forking anything. */
class ForkedServerClasspathTest {

    @Test
    void containersNameTheirMainClasses() {
        assertEquals(TomcatMain.class.getName(), Container.TOMCAT.mainClass);
        assertEquals(JettyMain.class.getName(), Container.JETTY.mainClass);
        assertEquals(ServerMain.PORT_LINE_PREFIX, TomcatMain.PORT_LINE_PREFIX);
        assertEquals(ServerMain.PORT_LINE_PREFIX, JettyMain.PORT_LINE_PREFIX);
    }

    @Test
    void tomcatsClasspathHoldsNoJetty() {
        List<String> jars = ForkedServer.Builder.runtimeDependencies(Container.TOMCAT);
        assertHas(jars, "/tomcat-embed-core-");
        assertHas(jars, "/saaj-impl-");
        assertHasNo(jars, "/org/eclipse/jetty/");
        assertHasNo(jars, "/jakarta.servlet-api-"); // Tomcat brings its own copy
        assertHasNo(jars, "/slf4j-");
        assertNoTestJars(jars);
    }

    @Test
    void jettysClasspathHoldsNoTomcat() {
        List<String> jars = ForkedServer.Builder.runtimeDependencies(Container.JETTY);
        for (String jar : new String[] {"/jetty-server-", "/jetty-ee11-webapp-", "/jetty-ee11-servlet-",
                "/jetty-ee11-annotations-", "/jetty-ee11-plus-", "/jakarta.servlet-api-6.1.0.jar",
                "/jakarta.xml.soap-api-", "/saaj-impl-", "/jetty-slf4j-impl-"}) {
            assertHas(jars, jar);
        }
        assertHasNo(jars, "/org/apache/tomcat/");
        assertNoTestJars(jars);
    }

    @Test
    void tomcat9sClasspathIsTomcat9Alone() {
        List<String> jars = ForkedServer.Builder.runtimeDependencies(Container.TOMCAT9);
        assertEquals(2, jars.size(), jars::toString);
        assertHas(jars, "/tomcat-embed-core-9.0.");
        assertHas(jars, "/tomcat-annotations-api-9.0.");
        assertEquals(TomcatMain.class.getName(), Container.TOMCAT9.mainClass);
    }

    @Test
    void eachBuilderRunsItsOwnMainOnItsOwnClasspath() {
        for (Container container : Container.values()) {
            List<String> command = ForkedServer.on(container).servlet("a.B", "/b").command();
            int cp = command.indexOf("-cp");
            String classpath = command.get(cp + 1);
            assertEquals(container.mainClass, command.get(cp + 2));
            assertEquals(List.of("--servlet", "a.B=/b"), command.subList(cp + 3, command.size()));
            assertTrue(classpath.contains(container == Container.JETTY ? "jetty-server" : "tomcat-embed-core"),
                    classpath);
            assertFalse(classpath.contains(container == Container.JETTY ? "tomcat-embed-core" : "jetty-server"),
                    classpath);
            assertFalse(classpath.contains("test-classes"), classpath);
        }
    }

    private static void assertNoTestJars(List<String> jars) {
        assertHasNo(jars, "junit");
        assertHasNo(jars, "opentest4j");
        assertHasNo(jars, "apiguardian");
    }

    private static void assertHas(List<String> jars, String part) {
        assertTrue(jars.stream().anyMatch(contains(part)), () -> part + " missing from " + jars);
    }

    private static void assertHasNo(List<String> jars, String part) {
        assertFalse(jars.stream().anyMatch(contains(part)), () -> part + " in " + jars);
    }

    private static Predicate<String> contains(String part) {
        return jar -> jar.replace('\\', '/').contains(part);
    }
}
