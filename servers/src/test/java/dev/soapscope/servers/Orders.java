package dev.soapscope.servers;

import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * The payload-caching WAR's request contract (as its own tests' OrderRequests): a SOAP 1.1 envelope around an
 * {@code <ord:orderRequest>} of {@value #LINES} lines, about 68 KB, deterministic, so the expected total is known.
 */
final class Orders {

    static final String NS = "urn:soapscope:demo:orders";
    static final int LINES = 300;

    private Orders() {
    }

    static String envelope(String orderId, int lines) {
        StringBuilder xml = new StringBuilder(256 * lines + 1024);
        xml.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>")
                .append("<soapenv:Envelope xmlns:soapenv=\"http://schemas.xmlsoap.org/soap/envelope/\">")
                .append("<soapenv:Header/><soapenv:Body>")
                .append("<ord:orderRequest xmlns:ord=\"").append(NS).append("\">")
                .append("<ord:orderId>").append(orderId).append("</ord:orderId>")
                .append("<ord:customer><ord:name>Ada Lovelace</ord:name><ord:email>ada@example.org</ord:email>")
                .append("<ord:street>12 St James's Square</ord:street><ord:city>London</ord:city>")
                .append("<ord:country>GB</ord:country></ord:customer>");
        for (int i = 1; i <= lines; i++) {
            xml.append("<ord:line><ord:sku>").append(String.format("SKU-%05d", i)).append("</ord:sku>")
                    .append("<ord:description>Item ").append(i)
                    .append(": stainless steel fastener, zinc plated, DIN 933, M8 x 40 mm, box of 100</ord:description>")
                    .append("<ord:quantity>").append(quantity(i)).append("</ord:quantity>")
                    .append("<ord:unitPrice>").append(unitPrice(i).toPlainString()).append("</ord:unitPrice>")
                    .append("</ord:line>");
        }
        return xml.append("</ord:orderRequest></soapenv:Body></soapenv:Envelope>").toString();
    }

    /** sum(quantity * unitPrice) with two fraction digits, as the service prints it. */
    static String expectedTotal(int lines) {
        BigDecimal total = BigDecimal.ZERO;
        for (int i = 1; i <= lines; i++) {
            total = total.add(unitPrice(i).multiply(BigDecimal.valueOf(quantity(i))));
        }
        return total.setScale(2, RoundingMode.HALF_UP).toPlainString();
    }

    private static int quantity(int i) {
        return 1 + i % 7;
    }

    private static BigDecimal unitPrice(int i) {
        return new BigDecimal("0.99").add(new BigDecimal("0.25").multiply(BigDecimal.valueOf(i % 196)));
    }
}
