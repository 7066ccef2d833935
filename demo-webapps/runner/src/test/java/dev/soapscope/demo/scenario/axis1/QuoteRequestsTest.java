package dev.soapscope.demo.scenario.axis1;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.math.BigDecimal;
import java.util.HashSet;
import java.util.Set;

import javax.xml.parsers.DocumentBuilderFactory;

import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

import dev.soapscope.demo.scenario.RequestGenerator.GeneratedRequest;

class QuoteRequestsTest {

    private static final String XSI = "http://www.w3.org/2001/XMLSchema-instance";
    private final QuoteRequests generator = new QuoteRequests();

    @Test
    void aFewKilobytesAndEachVariantItsOwnLineCount() {
        Set<Integer> lineCounts = new HashSet<>();
        for (int i = 0; i < 9; i++) {
            GeneratedRequest<ExpectedQuote> r = generator.generate(i);
            assertTrue(r.body().length > 4 * 1024 && r.body().length < 8 * 1024, i + ": " + r.body().length + " bytes");
            lineCounts.add(r.expected().lineCount());
        }
        assertEquals(9, lineCounts.size());
    }

    @Test
    void sameIndexSameBytes() {
        assertArrayEquals(generator.generate(3).body(), new QuoteRequests().generate(3).body());
        assertNotEquals(generator.generate(3).expected(), generator.generate(4).expected());
    }

    @Test
    void rpcEncodedAsAxisReadsItAndTheExpectedTotalIsTheSumOfTheLines() throws Exception {
        for (int i = 0; i < 4; i++) {
            GeneratedRequest<ExpectedQuote> r = generator.generate(i);
            Document doc = parse(r.body());
            assertEquals(QuoteRequests.SOAP11_NAMESPACE, doc.getDocumentElement().getNamespaceURI());
            Element quote = (Element) doc.getElementsByTagNameNS(QuoteRequests.NAMESPACE, "quote").item(0);
            assertEquals("Body", quote.getParentNode().getLocalName());
            Element request = (Element) quote.getElementsByTagName("request").item(0);
            assertEquals("q:QuoteRequest", request.getAttributeNS(XSI, "type"));
            assertEquals(r.expected().quoteId(), request.getElementsByTagName("quoteId").item(0).getTextContent());

            Element lines = (Element) request.getElementsByTagName("lines").item(0);
            assertEquals("q:QuoteLine[" + r.expected().lineCount() + "]",
                    lines.getAttributeNS("http://schemas.xmlsoap.org/soap/encoding/", "arrayType"));
            NodeList items = lines.getElementsByTagName("item");
            assertEquals(r.expected().lineCount(), items.getLength());
            BigDecimal total = BigDecimal.ZERO;
            for (int n = 0; n < items.getLength(); n++) {
                Element item = (Element) items.item(n);
                BigDecimal price = new BigDecimal(item.getElementsByTagName("unitPrice").item(0).getTextContent());
                assertEquals(2, price.scale());
                total = total.add(price.multiply(new BigDecimal(item.getElementsByTagName("quantity").item(0).getTextContent())));
            }
            assertEquals(total, r.expected().total());
            assertEquals(2, r.expected().total().scale());
        }
    }

    private static Document parse(byte[] body) throws Exception {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setNamespaceAware(true);
        return factory.newDocumentBuilder().parse(new ByteArrayInputStream(body));
    }
}
