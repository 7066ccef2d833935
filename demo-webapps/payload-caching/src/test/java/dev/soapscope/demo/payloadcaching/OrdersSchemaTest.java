package dev.soapscope.demo.payloadcaching;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringReader;
import java.io.StringWriter;
import java.math.BigDecimal;

import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.transform.dom.DOMSource;
import javax.xml.transform.stream.StreamSource;
import javax.xml.validation.Schema;
import javax.xml.validation.SchemaFactory;

import jakarta.xml.bind.JAXBContext;

import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.xml.sax.InputSource;
import org.xml.sax.SAXException;

import dev.soapscope.demo.payloadcaching.model.OrderResponse;

/** orders.xsd, as the validation-on dispatcher uses it, accepts the orders the runner sends and the answers to them. */
class OrdersSchemaTest {

    private static Schema schema() throws SAXException {
        return SchemaFactory.newInstance(XMLConstants.W3C_XML_SCHEMA_NS_URI)
                .newSchema(OrdersSchemaTest.class.getClassLoader().getResource(SchemaValidation.SCHEMA));
    }

    /** The {@code ord:orderRequest} element of the envelope, as Spring-WS hands the payload to the validator. */
    private static DOMSource payload(String envelope) throws Exception {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setNamespaceAware(true);
        Document document = factory.newDocumentBuilder().parse(new InputSource(new StringReader(envelope)));
        return new DOMSource(document.getElementsByTagNameNS(OrderRequests.NS, "orderRequest").item(0));
    }

    @Test
    void acceptsTheOrdersAndTheirAnswers() throws Exception {
        schema().newValidator().validate(payload(OrderRequests.envelope("ORD-12", OrderRequests.LINES)));

        OrderResponse response = new OrderResponse();
        response.orderId = "ORD-12";
        response.lineCount = 300;
        response.total = new BigDecimal("1234.50");
        StringWriter xml = new StringWriter();
        JAXBContext.newInstance(OrderResponse.class).createMarshaller().marshal(response, xml);
        schema().newValidator().validate(new StreamSource(new StringReader(xml.toString())));
    }

    @Test
    void rejectsAnOrderLineWithAnUnknownSku() throws Exception {
        String broken = OrderRequests.envelope("ORD-13", 3).replace("SKU-00002", "PART-2");
        SAXException e = assertThrows(SAXException.class, () -> schema().newValidator().validate(payload(broken)));
        assertTrue(e.getMessage().contains("PART-2"), e.getMessage());
    }

    @Test
    void theInterceptorCompilesIt() {
        assertTrue(SchemaValidation.interceptor(true).getSchemas().length == 1);
    }
}
