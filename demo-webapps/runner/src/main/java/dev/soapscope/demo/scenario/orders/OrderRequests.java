package dev.soapscope.demo.scenario.orders;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.Random;

import dev.soapscope.demo.scenario.RequestGenerator;

/**
 * SOAP 1.1 order requests of about 68 KB (about 300 order lines), the same on every run for the same index:
 *
 * <pre>
 * &lt;ord:orderRequest xmlns:ord="urn:soapscope:demo:orders"&gt;&lt;ord:orderId&gt;ORD-1&lt;/ord:orderId&gt;
 *   &lt;ord:customer&gt;name, email, street, city, country&lt;/ord:customer&gt;
 *   &lt;ord:line&gt;&lt;ord:sku&gt;SKU-00001&lt;/ord:sku&gt;&lt;ord:description&gt;..&lt;/ord:description&gt;
 *     &lt;ord:quantity&gt;3&lt;/ord:quantity&gt;&lt;ord:unitPrice&gt;12.50&lt;/ord:unitPrice&gt;&lt;/ord:line&gt;...
 * &lt;/ord:orderRequest&gt;
 * </pre>
 */
public final class OrderRequests implements RequestGenerator<ExpectedOrder> {

    public static final String NAMESPACE = "urn:soapscope:demo:orders";
    static final String SOAP11_NAMESPACE = "http://schemas.xmlsoap.org/soap/envelope/";

    private static final String[] WORDS = {
        "stainless", "steel", "hex", "bolt", "washer", "bracket", "galvanised", "hinge", "oak", "panel", "brass",
        "fitting", "copper", "pipe", "elbow", "rubber", "gasket", "aluminium", "rail", "spring", "clip", "zinc",
        "plated", "screw", "nylon", "anchor", "plug", "threaded", "rod", "coupling", "flange", "seal", "valve",
    };
    private static final String[] CITIES = {"Lyon", "Porto", "Leipzig", "Gent", "Bergen", "Turku", "Graz", "Brno"};
    private static final String[] COUNTRIES = {"FR", "PT", "DE", "BE", "NO", "FI", "AT", "CZ"};

    @Override
    public GeneratedRequest<ExpectedOrder> generate(int index) {
        Random random = new Random(68_000L + index); // java.util.Random's sequence is fixed by its specification
        String orderId = "ORD-" + (index + 1);
        int lines = 296 + Math.floorMod(index, 9); // 296..304 lines: each variant has its own line count and total
        StringBuilder xml = new StringBuilder(72 * 1024);
        xml.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
                .append("<soapenv:Envelope xmlns:soapenv=\"").append(SOAP11_NAMESPACE).append("\">")
                .append("<soapenv:Body>\n")
                .append("<ord:orderRequest xmlns:ord=\"").append(NAMESPACE).append("\">")
                .append("<ord:orderId>").append(orderId).append("</ord:orderId>\n");
        int c = Math.floorMod(index, CITIES.length);
        xml.append("<ord:customer><ord:name>Customer ").append(index + 1).append("</ord:name>")
                .append("<ord:email>customer").append(index + 1).append("@example.org</ord:email>")
                .append("<ord:street>").append(10 + random.nextInt(190)).append(" Harbour Street</ord:street>")
                .append("<ord:city>").append(CITIES[c]).append("</ord:city>")
                .append("<ord:country>").append(COUNTRIES[c]).append("</ord:country></ord:customer>\n");
        BigDecimal total = BigDecimal.ZERO.setScale(2);
        for (int line = 1; line <= lines; line++) {
            int quantity = 1 + random.nextInt(12);
            BigDecimal unitPrice = BigDecimal.valueOf(50 + random.nextInt(25_000), 2);
            total = total.add(unitPrice.multiply(BigDecimal.valueOf(quantity)));
            xml.append("<ord:line><ord:sku>SKU-").append(String.format("%05d", 1 + random.nextInt(99_999)))
                    .append("</ord:sku><ord:description>").append(description(random)).append("</ord:description>")
                    .append("<ord:quantity>").append(quantity).append("</ord:quantity>")
                    .append("<ord:unitPrice>").append(unitPrice.toPlainString()).append("</ord:unitPrice></ord:line>\n");
        }
        xml.append("</ord:orderRequest>\n</soapenv:Body></soapenv:Envelope>\n");
        byte[] body = xml.toString().getBytes(StandardCharsets.UTF_8);
        return new GeneratedRequest<>(body, new ExpectedOrder(orderId, lines, total.setScale(2)));
    }

    /** 60 to 80 characters of words. */
    private static String description(Random random) {
        int target = 60 + random.nextInt(21);
        StringBuilder d = new StringBuilder(target + 12);
        while (d.length() < target) {
            if (d.length() > 0) {
                d.append(' ');
            }
            d.append(WORDS[random.nextInt(WORDS.length)]);
        }
        return d.toString();
    }
}
