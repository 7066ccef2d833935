package dev.soapscope.demo.mtom;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Path;
import java.util.Map;
import java.util.SplittableRandom;

import jakarta.activation.DataHandler;
import jakarta.activation.DataSource;
import jakarta.xml.ws.BindingProvider;
import jakarta.xml.ws.Holder;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import dev.soapscope.demo.mtom.api.MtomEcho;
import dev.soapscope.testkit.ForkedServer;

/**
 * 12 MB of binary data through the echo service and back, with MTOM on ({@code /services/echo-mtom}) and off
 * ({@code /services/echo}: 16 MB of inline base64 each way), in a forked Tomcat with its default -Xmx512m.
 */
class MtomEchoIT {

    private static final int SIZE = 12 * 1024 * 1024;

    @TempDir
    static Path webapp;

    private static ForkedServer server;
    private static byte[] data;

    @BeforeAll
    static void deploy() throws IOException {
        server = MtomWebappServer.start(webapp);
        data = new byte[SIZE];
        new SplittableRandom(42).nextBytes(data); // incompressible, every byte value
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
    }

    @ParameterizedTest
    @ValueSource(booleans = {true, false})
    void echoes12MbIntact(boolean mtom) throws IOException {
        String path = mtom ? "/services/echo-mtom" : "/services/echo";
        MtomEcho echo = SoapClients.proxy(MtomEcho.class, server.uri(path), mtom);
        // a load driver's label: the operation declares no SOAPAction, the endpoint accepts any
        Map<String, Object> request = ((BindingProvider) echo).getRequestContext();
        request.put(BindingProvider.SOAPACTION_USE_PROPERTY, Boolean.TRUE);
        request.put(BindingProvider.SOAPACTION_URI_PROPERTY, "urn:soapscope:demo:mtom" + path.replace('/', ':'));
        // a small call first, so that the time printed below is the transfer's, not the proxy's first call
        echo.testMtom(new Holder<>("warm-up"), new Holder<>(new DataHandler(new BytesDataSource(new byte[1024]))));

        Holder<String> text = new Holder<>("twelve megabytes <&> back");
        Holder<DataHandler> payload = new Holder<>(new DataHandler(new BytesDataSource(data)));

        long started = System.nanoTime();
        echo.testMtom(text, payload);
        byte[] echoed;
        assertNotNull(payload.value, "the echoed data");
        try (InputStream in = payload.value.getInputStream()) {
            echoed = in.readAllBytes();
        }
        long millis = (System.nanoTime() - started) / 1_000_000;

        assertEquals("twelve megabytes <&> back", text.value);
        assertEquals(data.length, echoed.length);
        assertArrayEquals(data, echoed);
        // both directions, as sent
        String requestType = SoapClients.requestContentType(echo);
        assertTrue(requestType.startsWith(mtom ? "multipart/related" : "text/xml"), requestType);
        String responseType = SoapClients.responseContentType(echo);
        assertTrue(responseType.startsWith(mtom ? "multipart/related" : "text/xml"), responseType);
        assertTrue(server.isAlive(), server::output);
        System.out.printf("echo of %,d bytes with MTOM %s: %,d ms%n", SIZE, mtom ? "on" : "off", millis);
    }

    /** The bytes as an activation DataSource (jakarta.activation has no ByteArrayDataSource). */
    record BytesDataSource(byte[] bytes) implements DataSource {
        @Override
        public InputStream getInputStream() {
            return new ByteArrayInputStream(bytes);
        }

        @Override
        public OutputStream getOutputStream() throws IOException {
            throw new IOException("read-only");
        }

        @Override
        public String getContentType() {
            return "application/octet-stream";
        }

        @Override
        public String getName() {
            return "data";
        }
    }
}
