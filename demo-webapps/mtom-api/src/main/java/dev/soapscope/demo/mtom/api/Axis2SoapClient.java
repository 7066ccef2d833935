package dev.soapscope.demo.mtom.api;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.URLDecoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.HashMap;
import java.util.Map;

import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

import org.apache.james.mime4j.MimeException;
import org.apache.james.mime4j.stream.EntityState;
import org.apache.james.mime4j.stream.MimeConfig;
import org.apache.james.mime4j.stream.MimeTokenStream;

/**
 * {@link QueryService}'s two operations as an Axis2 POJO service answers them, over plain SOAP 1.1 with
 * {@code java.net.http}: Axis2's RPC binding names the response's value {@code return} (not JAX-WS's
 * {@code requestID} / {@code tuples}), so a JAX-WS proxy of the interface cannot read it. A batch arrives inline as
 * base64 text, or, from an MTOM endpoint, as a multipart/related XOP package whose root part refers to the bytes by
 * {@code xop:Include}; the package is parsed with Apache Mime4j. Needs {@code apache-mime4j-core} (an optional
 * dependency of this module: only clients use this class).
 */
public final class Axis2SoapClient {

    private static final String XOP_NS = "http://www.w3.org/2004/08/xop/include";
    private static final Duration TIMEOUT = Duration.ofSeconds(180);
    private static final XMLInputFactory XML = XMLInputFactory.newFactory();

    private final URI endpoint;
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(10)).build();
    private volatile String soapAction = "";

    /** @param endpoint the service, e.g. {@code http://127.0.0.1:8080/mtom-axis2/services/query} */
    public Axis2SoapClient(URI endpoint) {
        this.endpoint = endpoint;
    }

    /** The SOAPAction every following request carries (Axis2 dispatches on the body's element whatever it is). */
    public void soapAction(String action) {
        this.soapAction = action == null ? "" : action;
    }

    /**
     * One response's value: the {@code return} element's text, or the bytes of the attachment it refers to; and the
     * response's Content-Type.
     */
    public record Answer(String text, byte[] attachment, String contentType) {

        /** The value as xsd:base64Binary: the attachment, else the text decoded (an empty batch has none). */
        public byte[] bytes() {
            return attachment != null ? attachment : Base64.getMimeDecoder().decode(text);
        }
    }

    /** {@code query(text)}: the request id. */
    public String query(String queryText) throws IOException {
        return call("query", "<q:query>" + escape(queryText) + "</q:query>").text();
    }

    /** {@code getNTuples(tuples, requestID)}: the batch as sent, inline or as an attachment. */
    public Answer getNTuples(int tuples, String requestId) throws IOException {
        return call("getNTuples", "<q:tuples>" + tuples + "</q:tuples><q:requestID>" + escape(requestId)
                + "</q:requestID>");
    }

    private Answer call(String operation, String arguments) throws IOException {
        String envelope = "<soapenv:Envelope xmlns:soapenv=\"http://schemas.xmlsoap.org/soap/envelope/\">"
                + "<soapenv:Body><q:" + operation + " xmlns:q=\"" + QueryService.NS + "\">" + arguments + "</q:"
                + operation + "></soapenv:Body></soapenv:Envelope>";
        HttpRequest request = HttpRequest.newBuilder(endpoint).timeout(TIMEOUT)
                .header("Content-Type", "text/xml; charset=UTF-8")
                .header("SOAPAction", "\"" + soapAction + "\"")
                .POST(HttpRequest.BodyPublishers.ofString(envelope, StandardCharsets.UTF_8)).build();
        HttpResponse<byte[]> response;
        try {
            response = http.send(request, HttpResponse.BodyHandlers.ofByteArray());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        }
        String contentType = response.headers().firstValue("Content-Type").orElse("");
        Map<String, byte[]> attachments = new HashMap<>();
        byte[] root = contentType.toLowerCase().startsWith("multipart/related")
                ? parts(response.body(), contentType, attachments) : response.body();
        Answer answer = read(root, attachments, contentType);
        if (response.statusCode() != 200) {
            throw new IOException("HTTP " + response.statusCode() + " for " + operation);
        }
        return answer;
    }

    /**
     * The value of the response's {@code return} element: its text, or the attachment its {@code xop:Include}
     * names.
     *
     * @throws IOException for a SOAP fault (its faultstring), or a response without a value
     */
    private static Answer read(byte[] xml, Map<String, byte[]> attachments, String contentType) throws IOException {
        try {
            XMLStreamReader reader = XML.createXMLStreamReader(new ByteArrayInputStream(xml));
            try {
                while (reader.hasNext()) {
                    if (reader.next() != XMLStreamConstants.START_ELEMENT) {
                        continue;
                    }
                    String name = reader.getLocalName();
                    if (name.equals("faultstring")) {
                        throw new IOException("SOAP fault: " + reader.getElementText());
                    }
                    if (name.equals("return")) {
                        return value(reader, attachments, contentType);
                    }
                }
            } finally {
                reader.close();
            }
        } catch (XMLStreamException e) {
            throw new IOException("not a SOAP response: " + e.getMessage(), e);
        }
        throw new IOException("no return element in the response");
    }

    private static Answer value(XMLStreamReader reader, Map<String, byte[]> attachments, String contentType)
            throws XMLStreamException, IOException {
        StringBuilder text = new StringBuilder();
        while (true) {
            int event = reader.next();
            if (event == XMLStreamConstants.END_ELEMENT) {
                return new Answer(text.toString().strip(), null, contentType);
            }
            if (event == XMLStreamConstants.CHARACTERS || event == XMLStreamConstants.CDATA) {
                text.append(reader.getText());
            } else if (event == XMLStreamConstants.START_ELEMENT && reader.getLocalName().equals("Include")
                    && XOP_NS.equals(reader.getNamespaceURI())) {
                String href = reader.getAttributeValue(null, "href");
                String id = href == null ? "" : URLDecoder.decode(href.replaceFirst("^cid:", ""),
                        StandardCharsets.UTF_8);
                byte[] bytes = attachments.get(id);
                if (bytes == null) {
                    throw new IOException("xop:Include of " + href + ": no such attachment in " + attachments.keySet());
                }
                return new Answer("", bytes, contentType);
            }
        }
    }

    /** The parts of a multipart/related package: the root part's bytes returned, the others by their Content-ID. */
    private static byte[] parts(byte[] body, String contentType, Map<String, byte[]> attachments) throws IOException {
        MimeTokenStream parts = new MimeTokenStream(MimeConfig.custom().setMaxLineLen(-1).setMaxHeaderLen(-1)
                .build());
        parts.parseHeadless(new ByteArrayInputStream(body), contentType);
        byte[] root = null;
        String id = null;
        try {
            for (EntityState state = parts.getState(); state != EntityState.T_END_OF_STREAM; state = parts.next()) {
                if (state == EntityState.T_START_BODYPART) {
                    id = null;
                } else if (state == EntityState.T_FIELD && parts.getField().getName().equalsIgnoreCase("Content-ID")) {
                    id = parts.getField().getBody().strip().replaceAll("^<|>$", "");
                } else if (state == EntityState.T_BODY) {
                    try (InputStream in = parts.getDecodedInputStream()) {
                        byte[] bytes = in.readAllBytes();
                        if (root == null) {
                            root = bytes; // XOP: the root part comes first
                        } else if (id != null) {
                            attachments.put(id, bytes);
                        }
                    }
                }
            }
        } catch (MimeException e) {
            throw new IOException("not a MIME package: " + e.getMessage(), e);
        }
        if (root == null) {
            throw new IOException("no parts in the multipart response");
        }
        return root;
    }

    private static String escape(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }
}
