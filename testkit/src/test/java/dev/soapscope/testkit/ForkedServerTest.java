package dev.soapscope.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.soapscope.testkit.servlets.CachedStaxServlet;
import dev.soapscope.testkit.servlets.SaajFactoryPerRequestServlet;
import dev.soapscope.testkit.servlets.SingleByteReadServlet;

/** The one test that really forks a server: proves the harness end to end. */
class ForkedServerTest {

    @Test
    void servesSoapFromAForkedTomcatAndStops() {
        ForkedServer.Builder builder = ForkedServer.tomcat()
                .servlet(SaajFactoryPerRequestServlet.class, "/echo")
                .servlet(CachedStaxServlet.class, "/stax")
                .servlet(SingleByteReadServlet.class.getName(), "/bytes")
                .jvmArg("-Dsoapscope.testkit.marker=1");
        assertChildClasspathIsTheTestkitsOnly(builder.command());

        ForkedServer server = builder.start();
        try (server) {
            assertTrue(server.port() > 0);
            assertEquals("http://127.0.0.1:" + server.port(), server.baseUri().toString());

            String text = Soap.paddedText("hello <&> é", 4096);
            String request = Soap.echoRequest(text);
            for (String path : new String[] {"/echo", "/stax"}) {
                Http.Response response = Http.postSoap(server.uri(path), request);
                assertEquals(200, response.status(), path + ": " + response);
                assertTrue(response.header("content-type").orElse("").startsWith("text/xml"), response::toString);
                Soap.assertEnvelopeWithText(response.body(), text);
            }

            Http.Response count = Http.postSoap(server.uri("/bytes"), request);
            assertEquals(200, count.status(), count::toString);
            Soap.assertEnvelopeWithText(count.body(), String.valueOf(Soap.utf8Length(request)));

            Http.Response fault = Http.postSoap(server.uri("/echo"), "not a SOAP message");
            assertEquals(500, fault.status(), fault::toString);
            assertTrue(Soap.isFault(fault.body()), fault::toString);

            assertTrue(server.waitForOutput(TomcatMain.PORT_LINE_PREFIX + server.port(), Duration.ofSeconds(1)),
                    server::output);
            assertFalse(server.waitForOutput("no such text", Duration.ofMillis(50)));
        }
        assertFalse(server.isAlive(), "closed server still runs");
    }

    @Test
    void tomcat9ServesAJavaxWebapp(@TempDir Path webapp) throws IOException {
        Files.createDirectories(webapp.resolve("WEB-INF"));
        Files.writeString(webapp.resolve("WEB-INF/web.xml"), "<web-app xmlns=\"http://xmlns.jcp.org/xml/ns/javaee\""
                + " version=\"4.0\"/>");
        Files.writeString(webapp.resolve("hello.txt"), "hello from a javax webapp");
        try (ForkedServer server = ForkedServer.tomcat9().webapp(webapp).start()) {
            Http.Response response = Http.get(server.uri("/hello.txt"));
            assertEquals(200, response.status(), response::toString);
            assertEquals("hello from a javax webapp", response.body());
            assertTrue(server.output().contains("Apache Tomcat/9.0."), server::output);
        }
    }

    private static void assertChildClasspathIsTheTestkitsOnly(List<String> command) {
        String classpath = command.get(command.indexOf("-cp") + 1);
        assertTrue(classpath.contains("tomcat-embed-core") && classpath.contains("saaj-impl"), classpath);
        assertFalse(classpath.contains("test-classes"), classpath);
        assertFalse(classpath.contains("junit"), classpath);
        assertEquals("-Xmx512m", command.get(1));
        assertEquals(TomcatMain.class.getName(), command.get(command.indexOf("-cp") + 2));
    }
}
