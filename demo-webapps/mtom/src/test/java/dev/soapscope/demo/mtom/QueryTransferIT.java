package dev.soapscope.demo.mtom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URLDecoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.IntStream;

import javax.xml.parsers.DocumentBuilderFactory;

import jakarta.xml.ws.soap.SOAPFaultException;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

import dev.soapscope.demo.mtom.api.QueryService;
import dev.soapscope.demo.mtom.api.Tuple;
import dev.soapscope.demo.mtom.api.TupleCodec;
import dev.soapscope.demo.mtom.api.Tuples;
import dev.soapscope.testkit.ForkedServer;

/**
 * The packaged WAR in a forked Tomcat 11: the same query fetched as inline base64, as MTOM attachments (real CXF
 * JAX-WS proxies) and as a JAX-RS stream (java.net.http) yields exactly {@link Tuples#generate(int)} 0, 1, 2, ... in
 * every case; raw requests show what each one puts on the wire.
 */
class QueryTransferIT {

    private static final String XOP_NS = "http://www.w3.org/2004/08/xop/include";

    /** How a client fetches. */
    enum Transport { BASE64, MTOM, REST }

    @TempDir
    static Path webapp;

    private static ForkedServer server;
    private static QueryService base64;
    private static QueryService mtom;
    private static HttpClient http;

    @BeforeAll
    static void deploy() throws IOException {
        server = MtomWebappServer.start(webapp);
        base64 = SoapClients.proxy(QueryService.class, server.uri("/services/query"), false);
        mtom = SoapClients.proxy(QueryService.class, server.uri("/services/query-mtom"), true);
        http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(10))
                .build();
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
    }

    @ParameterizedTest
    @EnumSource(Transport.class)
    void aWholeQueryAtFetchSize1000(Transport transport) {
        fetchAll(transport, "select * from tuples", 1000, Tuples.PER_QUERY);
    }

    @ParameterizedTest
    @EnumSource(Transport.class)
    void aShorterQueryAtFetchSize100(Transport transport) {
        // 50 full batches and one of 50: a last batch shorter than the fetch size
        fetchAll(transport, "select * from tuples limit 5050", 100, 5050);
    }

    @Test
    void oneQueryCanBeFetchedOverEveryTransportInTurn() {
        String id = start(Transport.REST, "select * from tuples limit 3000");
        Expected expected = new Expected();
        Transport[] transports = Transport.values();
        for (int batch = 0; batch < 10; batch++) {
            assertEquals(300, fetch(transports[batch % transports.length], id, 300, expected));
        }
        for (Transport transport : transports) {
            assertEquals(0, fetch(transport, id, 300, expected), transport + " after the end");
        }
        assertEquals(3000, expected.next);
    }

    /** A hand-written SOAP 1.1 request to the MTOM endpoint: the tuples come back as an attachment, not inline. */
    @Test
    void theMtomEndpointAnswersMultipartWithTheTuplesAsAnAttachment() throws Exception {
        String id = base64.query("select * from tuples limit 1000");
        HttpResponse<byte[]> response = postSoap("/services/query-mtom", getNTuplesRequest(1000, id));

        assertEquals(200, response.statusCode(), () -> new String(response.body(), StandardCharsets.UTF_8));
        String contentType = response.headers().firstValue("Content-Type").orElse("");
        assertTrue(contentType.startsWith("multipart/related"), contentType);
        assertTrue(contentType.contains("type=\"application/xop+xml\""), contentType);

        List<Multipart.Part> parts = Multipart.parse(response.body(), Multipart.boundary(contentType));
        assertEquals(2, parts.size(), "root part and one attachment");
        Multipart.Part root = parts.get(0);
        assertTrue(root.header("Content-Type").orElse("").startsWith("application/xop+xml"), root.headers()::toString);
        Element tuples = tuplesElement(root.body());
        NodeList includes = tuples.getElementsByTagNameNS(XOP_NS, "Include");
        assertEquals(1, includes.getLength(), root::text);
        assertTrue(root.text().contains("<xop:Include"), root::text);
        assertEquals("", textOutsideElements(tuples), "nothing inline besides the xop:Include");

        String href = ((Element) includes.item(0)).getAttribute("href");
        assertTrue(href.startsWith("cid:"), href);
        Multipart.Part attachment =
                Multipart.byContentId(parts, URLDecoder.decode(href.substring(4), StandardCharsets.UTF_8));
        assertEquals("application/octet-stream", attachment.header("Content-Type").orElse(""));
        assertEquals(1000 * TupleCodec.ASCII_TUPLE_BYTES + 1, attachment.body().length, "raw bytes, no encoding");
        assertTuples(0, 1000, TupleCodec.decode(attachment.body()));
        System.out.printf("MTOM response for 1000 tuples: %,d bytes (attachment %,d)%n", response.body().length,
                attachment.body().length);
    }

    /** The same request to the plain endpoint: one text/xml envelope, the tuples inline as base64. */
    @Test
    void thePlainEndpointAnswersTextXmlWithTheTuplesInlineAsBase64() throws Exception {
        String id = base64.query("select * from tuples limit 1000");
        HttpResponse<byte[]> response = postSoap("/services/query", getNTuplesRequest(1000, id));

        assertEquals(200, response.statusCode(), () -> new String(response.body(), StandardCharsets.UTF_8));
        String contentType = response.headers().firstValue("Content-Type").orElse("");
        assertTrue(contentType.startsWith("text/xml"), contentType);
        assertFalse(contentType.contains("multipart"), contentType);
        String body = new String(response.body(), StandardCharsets.UTF_8);
        assertFalse(body.contains("Include"), "no xop:Include");
        assertFalse(body.contains("--uuid:"), "no MIME boundary");

        Element tuples = tuplesElement(response.body());
        assertEquals(0, tuples.getElementsByTagNameNS(XOP_NS, "Include").getLength());
        byte[] batch = Base64.getMimeDecoder().decode(tuples.getTextContent());
        assertEquals(1000 * TupleCodec.ASCII_TUPLE_BYTES + 1, batch.length);
        assertTuples(0, 1000, TupleCodec.decode(batch));
        // base64 costs a third more on the wire than the attachment's raw bytes
        assertTrue(response.body().length > batch.length * 4 / 3, "base64 inflates by 4/3");
        System.out.printf("base64 response for 1000 tuples: %,d bytes (%,d bytes of tuples)%n",
                response.body().length, batch.length);
    }

    /** JAX-RS writes the batch as it drains the queue: chunked, no Content-Length computed from a full buffer. */
    @Test
    void theRestEndpointStreamsTheBatch() throws Exception {
        String id = start(Transport.REST, "select * from tuples limit 2000");
        HttpResponse<InputStream> response = http.send(
                HttpRequest.newBuilder(server.uri("/rest/" + id + "/1000")).timeout(Duration.ofSeconds(30)).build(),
                HttpResponse.BodyHandlers.ofInputStream());
        assertEquals(200, response.statusCode());
        assertEquals("application/octet-stream", response.headers().firstValue("Content-Type").orElse(""));
        assertEquals("chunked", response.headers().firstValue("Transfer-Encoding").orElse("(none)"),
                response.headers().map()::toString);
        assertFalse(response.headers().firstValue("Content-Length").isPresent());
        Expected expected = new Expected();
        try (InputStream body = response.body()) {
            assertEquals(1000, TupleCodec.read(body, expected));
            assertEquals(-1, body.read(), "nothing after the end marker");
        }
    }

    @Test
    void anUnknownRequestIdIsAFaultAndA404() throws Exception {
        SOAPFaultException fault = assertThrows(SOAPFaultException.class, () -> base64.getNTuples(10, "q-none"));
        assertTrue(fault.getMessage().contains("no query with request id q-none"), fault.getMessage());
        assertThrows(SOAPFaultException.class, () -> mtom.getNTuples(10, "q-none"));
        HttpResponse<byte[]> response = http.send(HttpRequest.newBuilder(server.uri("/rest/q-none/10")).build(),
                HttpResponse.BodyHandlers.ofByteArray());
        assertEquals(404, response.statusCode());
    }

    /** Fetches the whole query at {@code fetchSize}, checking every tuple and the size of every batch. */
    private static void fetchAll(Transport transport, String queryText, int fetchSize, int total) {
        long started = System.nanoTime();
        String id = start(transport, queryText);
        Expected expected = new Expected();
        int batches = 0;
        for (int count; (count = fetch(transport, id, fetchSize, expected)) > 0; batches++) {
            int remaining = total - (expected.next - count);
            assertEquals(Math.min(fetchSize, remaining), count, "batch " + batches);
        }
        assertEquals(total, expected.next, "tuples in the query");
        assertEquals(0, fetch(transport, id, fetchSize, expected), "an exhausted query stays exhausted");
        long millis = (System.nanoTime() - started) / 1_000_000;
        System.out.printf("%-6s %,7d tuples at fetch size %,5d: %,4d batches, %,6d ms, %5.1f MB/s of tuples%n",
                transport, total, fetchSize, batches, millis,
                total * (double) TupleCodec.ASCII_TUPLE_BYTES / 1e6 / Math.max(millis, 1) * 1000);
    }

    /** Starts a query and returns its request id. */
    private static String start(Transport transport, String queryText) {
        switch (transport) {
            case BASE64: return base64.query(queryText);
            case MTOM: return mtom.query(queryText);
            default:
                HttpResponse<String> response = send(HttpRequest.newBuilder(server.uri("/rest/query"))
                        .header("Content-Type", "text/plain").POST(HttpRequest.BodyPublishers.ofString(queryText))
                        .build(), HttpResponse.BodyHandlers.ofString());
                assertEquals(200, response.statusCode(), response::body);
                assertTrue(response.headers().firstValue("Content-Type").orElse("").startsWith("text/plain"));
                return response.body();
        }
    }

    /** Fetches one batch and hands its tuples to {@code sink}; returns how many there were. */
    private static int fetch(Transport transport, String id, int tuples, Consumer<Tuple> sink) {
        try {
            switch (transport) {
                case BASE64:
                case MTOM:
                    QueryService client = transport == Transport.MTOM ? mtom : base64;
                    byte[] batch = client.getNTuples(tuples, id);
                    assertNotNull(batch, "an exhausted query is an empty array, not a missing one");
                    String contentType = SoapClients.responseContentType(client);
                    if (transport == Transport.MTOM) {
                        assertTrue(contentType.startsWith("multipart/related"), contentType);
                    } else {
                        assertTrue(contentType.startsWith("text/xml"), contentType);
                    }
                    return TupleCodec.read(new ByteArrayInputStream(batch), sink);
                default:
                    HttpResponse<InputStream> response = send(HttpRequest.newBuilder(
                            server.uri("/rest/" + id + "/" + tuples)).build(), HttpResponse.BodyHandlers.ofInputStream());
                    try (InputStream body = response.body()) {
                        assertEquals(200, response.statusCode());
                        return TupleCodec.read(body, sink); // checked as the stream arrives
                    }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static <T> HttpResponse<T> send(HttpRequest request, HttpResponse.BodyHandler<T> handler) {
        try {
            return http.send(request, handler);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /**
     * POSTs a SOAP 1.1 envelope with a SOAPAction of the kind load drivers send to label their requests: the
     * operations declare none, and the endpoints accept any (allowNonMatchingToDefaultSoapAction).
     */
    private static HttpResponse<byte[]> postSoap(String path, String envelope) throws Exception {
        return http.send(HttpRequest.newBuilder(server.uri(path)).timeout(Duration.ofSeconds(30))
                .header("Content-Type", "text/xml; charset=utf-8")
                .header("SOAPAction", "\"urn:soapscope:demo:mtom" + path.replace('/', ':') + "\"")
                .POST(HttpRequest.BodyPublishers.ofString(envelope)).build(), HttpResponse.BodyHandlers.ofByteArray());
    }

    private static String getNTuplesRequest(int tuples, String requestId) {
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>"
                + "<soapenv:Envelope xmlns:soapenv=\"http://schemas.xmlsoap.org/soap/envelope/\"><soapenv:Body>"
                + "<q:getNTuples xmlns:q=\"" + QueryService.NS + "\"><tuples>" + tuples + "</tuples>"
                + "<requestID>" + requestId + "</requestID></q:getNTuples>"
                + "</soapenv:Body></soapenv:Envelope>";
    }

    /** The {@code <tuples>} element of a getNTuplesResponse envelope. */
    private static Element tuplesElement(byte[] xml) throws Exception {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setNamespaceAware(true);
        Document document = factory.newDocumentBuilder().parse(new ByteArrayInputStream(xml));
        NodeList responses = document.getElementsByTagNameNS(QueryService.NS, "getNTuplesResponse");
        assertEquals(1, responses.getLength(), () -> new String(xml, StandardCharsets.UTF_8));
        NodeList tuples = ((Element) responses.item(0)).getElementsByTagName("tuples");
        assertEquals(1, tuples.getLength());
        return (Element) tuples.item(0);
    }

    private static String textOutsideElements(Element element) {
        StringBuilder text = new StringBuilder();
        for (var node = element.getFirstChild(); node != null; node = node.getNextSibling()) {
            if (node.getNodeType() == org.w3c.dom.Node.TEXT_NODE) {
                text.append(node.getNodeValue());
            }
        }
        return text.toString().trim();
    }

    private static void assertTuples(int from, int count, List<Tuple> actual) {
        assertEquals(IntStream.range(from, from + count).mapToObj(Tuples::generate).toList(), actual);
    }

    /** Checks that the tuples it is handed are generate(0), generate(1), ... */
    static final class Expected implements Consumer<Tuple> {
        int next;

        @Override
        public void accept(Tuple tuple) {
            Tuple expected = Tuples.generate(next);
            if (!expected.equals(tuple)) {
                throw new AssertionError("tuple " + next + " differs\nexpected: " + expected + "\nactual:   " + tuple);
            }
            next++;
        }
    }
}
