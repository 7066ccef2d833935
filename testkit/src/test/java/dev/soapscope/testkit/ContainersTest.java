package dev.soapscope.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import dev.soapscope.testkit.ForkedServer.Container;
import dev.soapscope.testkit.fixtures.MarkerInitializer;
import dev.soapscope.testkit.servlets.CachedStaxServlet;
import dev.soapscope.testkit.servlets.SaajFactoryPerRequestServlet;

/** Each forked container serves the testkit's SOAP servlets and runs ServletContainerInitializers of WEB-INF/lib. */
class ContainersTest {

    @ParameterizedTest
    @EnumSource(value = Container.class, names = {"TOMCAT", "JETTY"}) // jakarta servlets; TOMCAT9 in ForkedServerTest
    void servesSoapAndRunsInitializersFromWebInfLib(Container container, @TempDir Path dir) throws IOException {
        Path webapp = webappWithInitializerJar(dir);
        ForkedServer server = ForkedServer.on(container).webapp(webapp)
                .servlet(SaajFactoryPerRequestServlet.class, "/echo")
                .servlet(CachedStaxServlet.class, "/stax")
                .start();
        try (server) {
            assertEquals(container, server.container());
            assertTrue(server.waitForOutput(ServerMain.PORT_LINE_PREFIX + server.port(), Duration.ofSeconds(1)),
                    server::output);

            String text = Soap.paddedText("hello <&> é on " + container, 2048);
            for (String path : new String[] {"/echo", "/stax"}) {
                Http.Response response = Http.postSoap(server.uri(path), Soap.echoRequest(text));
                assertEquals(200, response.status(), () -> container + " " + path + ": " + response);
                assertTrue(response.header("content-type").orElse("").startsWith("text/xml"), response::toString);
                Soap.assertEnvelopeWithText(response.body(), text);
            }
            Http.Response fault = Http.postSoap(server.uri("/echo"), "not a SOAP message");
            assertEquals(500, fault.status(), fault::toString);
            assertTrue(Soap.isFault(fault.body()), fault::toString);

            Http.Response marker = Http.get(server.uri(MarkerInitializer.PATH));
            assertEquals(200, marker.status(), () -> container + ": " + marker + "\n" + server.output());
            assertEquals(MarkerInitializer.BODY, marker.body());
        }
        assertFalse(server.isAlive(), "closed server still runs");
    }

    @ParameterizedTest
    @EnumSource(value = Container.class, names = {"TOMCAT", "JETTY"}) // jakarta servlets; TOMCAT9 in ForkedServerTest
    void withoutTheJarTheInitializerDoesNotRun(Container container) {
        try (ForkedServer server = ForkedServer.on(container).servlet(CachedStaxServlet.class, "/stax").start()) {
            assertEquals(404, Http.get(server.uri(MarkerInitializer.PATH)).status(), server::output);
        }
    }

    @ParameterizedTest
    @EnumSource(value = Container.class, names = {"TOMCAT", "JETTY"}) // jakarta servlets; TOMCAT9 in ForkedServerTest
    void aServletThatCannotLoadFailsTheStart(Container container) {
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> ForkedServer.on(container).servlet("dev.soapscope.testkit.NoSuchServlet", "/none").start());
        assertTrue(e.getMessage().contains("exit code " + ServerMain.EXIT_START_FAILED), e::getMessage);
        assertTrue(e.getMessage().contains("NoSuchServlet"), e::getMessage);
    }

    /** {@code dir/webapp} whose WEB-INF/lib holds one jar: only the service file naming {@link MarkerInitializer}. */
    static Path webappWithInitializerJar(Path dir) throws IOException {
        Path lib = Files.createDirectories(dir.resolve("webapp/WEB-INF/lib"));
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        try (OutputStream file = Files.newOutputStream(lib.resolve("marker-initializer.jar"));
             JarOutputStream jar = new JarOutputStream(file, manifest)) {
            jar.putNextEntry(new JarEntry(MarkerInitializer.SERVICE_FILE));
            jar.write(MarkerInitializer.serviceFileContent().getBytes(StandardCharsets.UTF_8));
            jar.closeEntry();
        }
        return dir.resolve("webapp");
    }
}
