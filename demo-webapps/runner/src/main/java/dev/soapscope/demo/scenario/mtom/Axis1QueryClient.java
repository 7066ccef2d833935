package dev.soapscope.demo.scenario.mtom;

import java.io.BufferedInputStream;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Base64;
import java.util.function.Consumer;

import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import javax.xml.stream.XMLStreamWriter;

import dev.soapscope.demo.mtom.api.Tuple;
import dev.soapscope.demo.mtom.api.TupleCodec;

/**
 * The query over Axis 1.4's RPC/encoded SOAP (the mtom-axis1 WAR): JAX-WS clients expect document/literal wrapper
 * elements, so this one writes the RPC request with StAX and POSTs it with {@code java.net.http}, then reads the
 * response with StAX: the text of the result element (the request id, or the batch as {@code xsd:base64Binary}),
 * decoded and checked tuple by tuple; a SOAP fault becomes an IOException carrying its faultstring.
 */
public final class Axis1QueryClient implements QueryClient {

    static final String SOAP_ENV = "http://schemas.xmlsoap.org/soap/envelope/";
    private static final String SOAP_ENC = "http://schemas.xmlsoap.org/soap/encoding/";
    private static final String XSD = "http://www.w3.org/2001/XMLSchema";
    private static final String XSI = "http://www.w3.org/2001/XMLSchema-instance";
    private static final String NS = "urn:soapscope:demo:query";
    private static final Duration TIMEOUT = Duration.ofSeconds(180);
    private static final XMLInputFactory INPUT = XMLInputFactory.newFactory();
    private static final XMLOutputFactory OUTPUT = XMLOutputFactory.newFactory();

    private final URI address;
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(10)).build();
    private volatile String soapAction = "";

    /** @param address the Axis service, e.g. {@code http://127.0.0.1:8080/mtom-axis1/services/query} */
    public Axis1QueryClient(URI address) {
        this.address = address;
    }

    @Override
    public String start(String queryText) throws IOException {
        return call(request("query", "query", "string", queryText), "requestID");
    }

    @Override
    public int fetch(String requestId, int tuples, Consumer<Tuple> sink) throws IOException {
        byte[] batch = Base64.getMimeDecoder().decode(call(request("getNTuples", "tuples", "int",
                String.valueOf(tuples), "requestID", "string", requestId), "tuples"));
        ByteArrayInputStream in = new ByteArrayInputStream(batch);
        int count = TupleCodec.read(in, sink);
        if (in.available() > 0) {
            throw new IOException(in.available() + " bytes after the end of the batch");
        }
        return count;
    }

    /**
     * An RPC/encoded request: {@code operation} in the service's namespace, then per parameter its (unqualified) name,
     * its XML Schema type and its value, as name, type, value triples.
     */
    static byte[] request(String operation, String... params) throws IOException {
        ByteArrayOutputStream body = new ByteArrayOutputStream(512);
        try {
            XMLStreamWriter w = OUTPUT.createXMLStreamWriter(body, "UTF-8");
            w.writeStartDocument("UTF-8", "1.0");
            w.writeStartElement("soapenv", "Envelope", SOAP_ENV);
            w.writeNamespace("soapenv", SOAP_ENV);
            w.writeNamespace("xsd", XSD);
            w.writeNamespace("xsi", XSI);
            w.writeStartElement("soapenv", "Body", SOAP_ENV);
            w.writeStartElement("q", operation, NS);
            w.writeNamespace("q", NS);
            w.writeAttribute("soapenv", SOAP_ENV, "encodingStyle", SOAP_ENC);
            for (int i = 0; i < params.length; i += 3) {
                w.writeStartElement(params[i]);
                w.writeAttribute("xsi", XSI, "type", "xsd:" + params[i + 1]);
                w.writeCharacters(params[i + 2]);
                w.writeEndElement();
            }
            w.writeEndDocument();
            w.close();
        } catch (XMLStreamException e) {
            throw new IOException("cannot write the request: " + e.getMessage(), e);
        }
        return body.toByteArray();
    }

    /** POSTs {@code request}; the text of the response's {@code result} element. */
    private String call(byte[] request, String result) throws IOException {
        HttpRequest.Builder builder = HttpRequest.newBuilder(address).timeout(TIMEOUT)
                .header("Content-Type", "text/xml; charset=utf-8")
                .header("SOAPAction", "\"" + soapAction + "\"")
                .POST(HttpRequest.BodyPublishers.ofByteArray(request));
        HttpResponse<InputStream> response;
        try {
            response = http.send(builder.build(), HttpResponse.BodyHandlers.ofInputStream());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        }
        try (InputStream body = new BufferedInputStream(response.body(), 64 * 1024)) {
            if (response.statusCode() != 200 && response.statusCode() != 500) {
                body.skip(Long.MAX_VALUE);
                throw new IOException("HTTP " + response.statusCode());
            }
            return result(body, result);
        }
    }

    /**
     * The text of the element {@code result} inside the Body's first element (the RPC response), read with StAX; the
     * faultstring of a SOAP fault as an IOException.
     */
    static String result(InputStream body, String result) throws IOException {
        try {
            XMLStreamReader r = INPUT.createXMLStreamReader(body);
            try {
                while (!(r.next() == XMLStreamConstants.START_ELEMENT && r.getLocalName().equals("Body")
                        && SOAP_ENV.equals(r.getNamespaceURI()))) {
                    // the envelope and its header
                }
                r.nextTag();
                if (r.getLocalName().equals("Fault") && SOAP_ENV.equals(r.getNamespaceURI())) {
                    throw new IOException("SOAP fault: " + faultString(r));
                }
                r.nextTag();
                if (!r.isStartElement() || !r.getLocalName().equals(result)) {
                    throw new IOException("no " + result + " in the response (" + r.getLocalName() + ")");
                }
                if ("true".equals(r.getAttributeValue(XSI, "nil"))) {
                    throw new IOException("the response's " + result + " is nil");
                }
                return r.getElementText();
            } finally {
                r.close();
            }
        } catch (XMLStreamException | java.util.NoSuchElementException e) {
            throw new IOException("not an RPC response: " + e.getMessage(), e);
        }
    }

    private static String faultString(XMLStreamReader r) throws XMLStreamException {
        while (r.hasNext()) {
            if (r.next() == XMLStreamConstants.START_ELEMENT && r.getLocalName().equals("faultstring")) {
                return r.getElementText();
            }
        }
        return "(no faultstring)";
    }

    @Override
    public void label(String soapAction) {
        this.soapAction = soapAction;
    }

    @Override
    public void close() {
        // java.net.http.HttpClient has no close before Java 21; its threads end once it is unreachable
    }
}
