package dev.soapscope.demo.scenario.orders;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.Set;

import javax.xml.parsers.DocumentBuilderFactory;

import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

import dev.soapscope.demo.scenario.RequestGenerator.GeneratedRequest;

class OrderRequestsTest {

    private static final String SOAP11 = "http://schemas.xmlsoap.org/soap/envelope/";
    private final OrderRequests generator = new OrderRequests();

    @Test
    void aboutSixtyEightKilobytesAndThreeHundredLines() {
        for (int i = 0; i < 9; i++) {
            GeneratedRequest<ExpectedOrder> r = generator.generate(i);
            assertTrue(r.body().length > 64 * 1024 && r.body().length < 72 * 1024, i + ": " + r.body().length + " bytes");
            assertTrue(r.expected().lineCount() >= 290 && r.expected().lineCount() <= 310, "lines " + r.expected().lineCount());
        }
    }

    @Test
    void sameIndexSameBytesDifferentIndexDifferentOrder() {
        assertArrayEquals(generator.generate(4).body(), new OrderRequests().generate(4).body());
        assertNotEquals(generator.generate(4).expected(), generator.generate(5).expected());
        Set<Integer> lineCounts = new HashSet<>();
        for (int i = 0; i < 9; i++) {
            lineCounts.add(generator.generate(i).expected().lineCount());
        }
        assertEquals(9, lineCounts.size(), "each variant has its own line count");
    }

    @Test
    void expectedTotalIsTheSumOfQuantityTimesUnitPriceWithTwoDecimals() throws Exception {
        for (int i = 0; i < 3; i++) {
            GeneratedRequest<ExpectedOrder> r = generator.generate(i);
            Document doc = parse(r.body());
            Element envelope = doc.getDocumentElement();
            assertEquals(SOAP11, envelope.getNamespaceURI());
            assertEquals("Envelope", envelope.getLocalName());
            Element order = (Element) doc.getElementsByTagNameNS(OrderRequests.NAMESPACE, "orderRequest").item(0);
            assertEquals("Body", order.getParentNode().getLocalName());
            assertEquals("ORD-" + (i + 1), text(order, "orderId"));
            assertEquals(r.expected().orderId(), text(order, "orderId"));
            for (String field : new String[] {"name", "email", "street", "city", "country"}) {
                assertFalse(text(order, field).isBlank(), field);
            }

            NodeList lines = order.getElementsByTagNameNS(OrderRequests.NAMESPACE, "line");
            assertEquals(r.expected().lineCount(), lines.getLength());
            BigDecimal total = BigDecimal.ZERO;
            for (int l = 0; l < lines.getLength(); l++) {
                Element line = (Element) lines.item(l);
                assertTrue(text(line, "sku").matches("SKU-\\d{5}"), text(line, "sku"));
                assertFalse(text(line, "description").isBlank());
                BigDecimal unitPrice = new BigDecimal(text(line, "unitPrice"));
                assertEquals(2, unitPrice.scale());
                total = total.add(unitPrice.multiply(new BigDecimal(text(line, "quantity"))));
            }
            assertEquals(total.setScale(2).toPlainString(), r.expected().total().toPlainString());
            assertEquals(2, r.expected().total().scale());
        }
    }

    @Test
    void utf8XmlWithTheOrdersNamespacePrefix() {
        String xml = new String(generator.generate(0).body(), StandardCharsets.UTF_8);
        assertTrue(xml.startsWith("<?xml version=\"1.0\" encoding=\"UTF-8\"?>"));
        assertTrue(xml.contains("<ord:orderRequest xmlns:ord=\"urn:soapscope:demo:orders\"><ord:orderId>ORD-1</ord:orderId>"));
        assertTrue(xml.contains("<ord:line><ord:sku>SKU-"));
    }

    static Document parse(byte[] body) throws Exception {
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setNamespaceAware(true);
        return f.newDocumentBuilder().parse(new ByteArrayInputStream(body));
    }

    private static String text(Element parent, String name) {
        return parent.getElementsByTagNameNS(OrderRequests.NAMESPACE, name).item(0).getTextContent();
    }
}
