package dev.soapscope.demo.axis1;

import java.io.ByteArrayInputStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

import javax.xml.parsers.DocumentBuilderFactory;

import org.w3c.dom.Element;
import org.w3c.dom.Node;

/**
 * The tests' quote requests (SOAP 1.1, RPC/encoded as Axis 1 clients send them: xsi:type on every value, the lines
 * as a soapenc:Array) and the reading of Axis's answer.
 */
final class QuoteMessages {
    static final String SOAP_ENV = "http://schemas.xmlsoap.org/soap/envelope/";
    static final String CONTENT_TYPE = "text/xml; charset=utf-8";

    private QuoteMessages() {
    }

    /** A request of {@code lines} lines (about 260 bytes each); line i costs (i % 7 + 1) x (1.25 + i) each. */
    static String request(String quoteId, int lines) {
        StringBuilder xml = new StringBuilder(512 + lines * 280);
        xml.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
                .append("<soapenv:Envelope xmlns:soapenv=\"").append(SOAP_ENV).append("\"")
                .append(" xmlns:xsd=\"http://www.w3.org/2001/XMLSchema\"")
                .append(" xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\"")
                .append(" xmlns:soapenc=\"http://schemas.xmlsoap.org/soap/encoding/\"")
                .append(" xmlns:q=\"urn:soapscope:demo:axis1\"><soapenv:Body>\n")
                .append("<q:quote soapenv:encodingStyle=\"http://schemas.xmlsoap.org/soap/encoding/\">")
                .append("<request xsi:type=\"q:QuoteRequest\">")
                .append("<quoteId xsi:type=\"xsd:string\">").append(quoteId).append("</quoteId>")
                .append("<customer xsi:type=\"xsd:string\">Harbour Supplies Ltd, 12 Quay Street, Bergen</customer>\n")
                .append("<lines xsi:type=\"soapenc:Array\" soapenc:arrayType=\"q:QuoteLine[").append(lines).append("]\">\n");
        for (int i = 0; i < lines; i++) {
            xml.append("<item xsi:type=\"q:QuoteLine\"><sku xsi:type=\"xsd:string\">SKU-").append(10000 + i).append("</sku>")
                    .append("<description xsi:type=\"xsd:string\">galvanised steel bracket, pack of ").append(i + 2)
                    .append(", zinc plated</description>")
                    .append("<quantity xsi:type=\"xsd:int\">").append(quantity(i)).append("</quantity>")
                    .append("<unitPrice xsi:type=\"xsd:decimal\">").append(unitPrice(i).toPlainString())
                    .append("</unitPrice></item>\n");
        }
        xml.append("</lines></request></q:quote>\n</soapenv:Body></soapenv:Envelope>\n");
        return xml.toString();
    }

    static BigDecimal expectedTotal(int lines) {
        BigDecimal total = BigDecimal.ZERO.setScale(2);
        for (int i = 0; i < lines; i++) {
            total = total.add(unitPrice(i).multiply(BigDecimal.valueOf(quantity(i))));
        }
        return total;
    }

    private static int quantity(int i) {
        return i % 7 + 1;
    }

    private static BigDecimal unitPrice(int i) {
        return new BigDecimal("1.25").add(BigDecimal.valueOf(i));
    }

    /** quoteId, lineCount and total of Axis's {@code quoteResponse/quoteReturn}; an AssertionError for anything else. */
    static Map<String, String> answer(String body) {
        try {
            DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
            factory.setNamespaceAware(true);
            Element envelope = factory.newDocumentBuilder()
                    .parse(new ByteArrayInputStream(body.getBytes(StandardCharsets.UTF_8))).getDocumentElement();
            Element operation = firstChild(firstChild(envelope, "Body"), null);
            if (operation == null || !"quoteResponse".equals(operation.getLocalName())) {
                throw new AssertionError("no quoteResponse in " + body);
            }
            Map<String, String> fields = new LinkedHashMap<>();
            for (Node n = firstChild(operation, null).getFirstChild(); n != null; n = n.getNextSibling()) {
                if (n instanceof Element e) {
                    fields.put(e.getLocalName(), e.getTextContent().trim());
                }
            }
            return fields;
        } catch (Exception e) {
            throw new AssertionError("not a SOAP envelope: " + body, e);
        }
    }

    private static Element firstChild(Element parent, String localName) {
        for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e && (localName == null || localName.equals(e.getLocalName()))) {
                return e;
            }
        }
        return null;
    }
}
