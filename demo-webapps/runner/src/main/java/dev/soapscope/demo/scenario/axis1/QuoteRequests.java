package dev.soapscope.demo.scenario.axis1;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.Random;

import dev.soapscope.demo.scenario.RequestGenerator;

/**
 * Quote requests for the Axis 1.4 demo ({@code /services/plain} and {@code /services/logging}): SOAP 1.1 RPC/encoded
 * as Axis 1 clients write them, 5 to 7 KB (18 to 26 lines), the same on every run for the same index:
 *
 * <pre>
 * &lt;q:quote soapenv:encodingStyle="...soap/encoding/"&gt;&lt;request xsi:type="q:QuoteRequest"&gt;
 *   &lt;quoteId xsi:type="xsd:string"&gt;Q-1&lt;/quoteId&gt;&lt;customer xsi:type="xsd:string"&gt;..&lt;/customer&gt;
 *   &lt;lines xsi:type="soapenc:Array" soapenc:arrayType="q:QuoteLine[18]"&gt;
 *     &lt;item xsi:type="q:QuoteLine"&gt;sku, description, quantity (xsd:int), unitPrice (xsd:decimal)&lt;/item&gt;...
 * </pre>
 */
public final class QuoteRequests implements RequestGenerator<ExpectedQuote> {

    public static final String NAMESPACE = "urn:soapscope:demo:axis1";
    static final String SOAP11_NAMESPACE = "http://schemas.xmlsoap.org/soap/envelope/";
    private static final String ENCODING = "http://schemas.xmlsoap.org/soap/encoding/";

    private static final String[] PRODUCTS = {
        "hex bolt M8", "flat washer", "corner bracket", "butt hinge", "oak panel", "brass fitting", "copper elbow",
        "rubber gasket", "aluminium rail", "compression spring", "spring clip", "wood screw", "wall anchor",
    };
    private static final String[] FINISHES = {"zinc plated", "galvanised", "stainless", "black oxide", "raw"};
    private static final String[] CUSTOMERS = {
        "Harbour Supplies Ltd, Bergen", "Atelier Meunier, Lyon", "Ferragens do Porto", "Brno Stavebniny s.r.o.",
    };

    @Override
    public GeneratedRequest<ExpectedQuote> generate(int index) {
        Random random = new Random(1_400L + index); // java.util.Random's sequence is fixed by its specification
        String quoteId = "Q-" + (index + 1);
        int lines = 18 + Math.floorMod(index, 9);
        StringBuilder xml = new StringBuilder(8 * 1024);
        xml.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
                .append("<soapenv:Envelope xmlns:soapenv=\"").append(SOAP11_NAMESPACE)
                .append("\" xmlns:soapenc=\"").append(ENCODING)
                .append("\" xmlns:xsd=\"http://www.w3.org/2001/XMLSchema\"")
                .append(" xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\">\n<soapenv:Body>\n")
                .append("<q:quote xmlns:q=\"").append(NAMESPACE).append("\" soapenv:encodingStyle=\"").append(ENCODING)
                .append("\">\n<request xsi:type=\"q:QuoteRequest\">\n");
        typed(xml, "quoteId", "xsd:string", quoteId);
        typed(xml, "customer", "xsd:string", CUSTOMERS[Math.floorMod(index, CUSTOMERS.length)]);
        xml.append("\n<lines xsi:type=\"soapenc:Array\" soapenc:arrayType=\"q:QuoteLine[").append(lines).append("]\">\n");
        BigDecimal total = BigDecimal.ZERO.setScale(2);
        for (int line = 0; line < lines; line++) {
            int quantity = 1 + random.nextInt(12);
            BigDecimal unitPrice = BigDecimal.valueOf(50 + random.nextInt(25_000), 2);
            total = total.add(unitPrice.multiply(BigDecimal.valueOf(quantity)));
            xml.append("<item xsi:type=\"q:QuoteLine\">");
            typed(xml, "sku", "xsd:string", "SKU-" + (10_000 + random.nextInt(90_000)));
            typed(xml, "description", "xsd:string", PRODUCTS[random.nextInt(PRODUCTS.length)] + ", "
                    + FINISHES[random.nextInt(FINISHES.length)] + ", box of " + (10 * (1 + random.nextInt(20))));
            typed(xml, "quantity", "xsd:int", String.valueOf(quantity));
            typed(xml, "unitPrice", "xsd:decimal", unitPrice.toPlainString());
            xml.append("</item>\n");
        }
        xml.append("</lines>\n</request>\n</q:quote>\n</soapenv:Body>\n</soapenv:Envelope>\n");
        return new GeneratedRequest<>(xml.toString().getBytes(StandardCharsets.UTF_8),
                new ExpectedQuote(quoteId, lines, total));
    }

    /** {@code <name xsi:type="type">value</name>}: values here never need escaping. */
    private static void typed(StringBuilder xml, String name, String type, String value) {
        xml.append('<').append(name).append(" xsi:type=\"").append(type).append("\">").append(value)
                .append("</").append(name).append('>');
    }
}
