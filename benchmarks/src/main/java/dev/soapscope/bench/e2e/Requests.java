package dev.soapscope.bench.e2e;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import dev.soapscope.bench.app.MinimalSoapServlet;
import dev.soapscope.demo.scenario.RequestGenerator;
import dev.soapscope.demo.scenario.orders.ExpectedOrder;
import dev.soapscope.demo.scenario.orders.OrderRequests;
import dev.soapscope.demo.scenario.orders.OrderResponseValidator;

/**
 * The payload-caching scenario's requests, from the demo runner's own generator and checked by its own validator:
 * the 68 KB orders of about 300 lines the runner sends, and (for piling up requests quickly, where only the count
 * matters) one-line orders of the same shape.
 */
final class Requests {
    /** The runner's SOAPAction prefix ({@code Scenario.ACTION_PREFIX}): the agent names operations by it. */
    static final String ACTION_PREFIX = "urn:soapscope:demo:payload-caching/";
    private static final OrderResponseValidator VALIDATOR = new OrderResponseValidator();

    /** The minimal servlet app's SOAPAction (it reads none; the agents may name the request by it). */
    static final String ECHO_ACTION = "urn:soapscope:bench:echo";

    /** What a right answer is: null when the response is right, else why not. */
    interface Check {
        String problem(int status, byte[] response);
    }

    record Request(byte[] body, Check check) {
        String problem(int status, byte[] response) {
            return check.problem(status, response);
        }
    }

    private Requests() {
    }

    /** The runner's orders 0..n-1 (about 68 KB each). */
    static List<Request> orders(int n) {
        OrderRequests generator = new OrderRequests();
        List<Request> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            RequestGenerator.GeneratedRequest<ExpectedOrder> r = generator.generate(i);
            ExpectedOrder expected = r.expected();
            out.add(new Request(r.body(), (status, response) -> VALIDATOR.problem(status, response, expected)));
        }
        return out;
    }

    /** One-line orders (about 700 bytes): the same endpoint, phases and hot spots, a fraction of the work. */
    static List<Request> small(int n) {
        List<Request> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            String id = "SMALL-" + (i + 1);
            int quantity = 1 + i % 7;
            BigDecimal price = BigDecimal.valueOf(125 + i, 2);
            String xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                    + "<soapenv:Envelope xmlns:soapenv=\"http://schemas.xmlsoap.org/soap/envelope/\"><soapenv:Body>\n"
                    + "<ord:orderRequest xmlns:ord=\"" + OrderRequests.NAMESPACE + "\"><ord:orderId>" + id + "</ord:orderId>\n"
                    + "<ord:customer><ord:name>Customer " + (i + 1) + "</ord:name><ord:email>c" + (i + 1)
                    + "@example.org</ord:email><ord:street>1 Harbour Street</ord:street><ord:city>Lyon</ord:city>"
                    + "<ord:country>FR</ord:country></ord:customer>\n"
                    + "<ord:line><ord:sku>SKU-00001</ord:sku><ord:description>stainless steel hex bolt</ord:description>"
                    + "<ord:quantity>" + quantity + "</ord:quantity><ord:unitPrice>" + price.toPlainString()
                    + "</ord:unitPrice></ord:line>\n"
                    + "</ord:orderRequest>\n</soapenv:Body></soapenv:Envelope>\n";
            BigDecimal total = price.multiply(BigDecimal.valueOf(quantity)).setScale(2);
            ExpectedOrder expected = new ExpectedOrder(id, 1, total);
            out.add(new Request(xml.getBytes(StandardCharsets.UTF_8),
                    (status, response) -> VALIDATOR.problem(status, response, expected)));
        }
        return out;
    }

    /**
     * The minimal servlet app's requests: a SOAP 1.1 envelope of about 2 KB whose {@code echo/text} (letters and
     * digits, different in each) must come back in {@code echoResponse/text}.
     */
    static List<Request> echoes(int n) {
        List<Request> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            StringBuilder text = new StringBuilder("echo" + i + "x");
            while (text.length() < 1800) {
                text.append(Integer.toString(text.length() * 31 + i, 36));
            }
            String xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                    + "<soapenv:Envelope xmlns:soapenv=\"http://schemas.xmlsoap.org/soap/envelope/\"><soapenv:Body>"
                    + "<echo xmlns=\"" + MinimalSoapServlet.NS + "\"><text>" + text + "</text></echo>"
                    + "</soapenv:Body></soapenv:Envelope>\n";
            String expected = "<text>" + text + "</text>";
            out.add(new Request(xml.getBytes(StandardCharsets.UTF_8), (status, response) -> {
                if (status != 200) {
                    return "status " + status;
                }
                return new String(response, StandardCharsets.UTF_8).contains(expected) ? null
                        : "the echo is not the text sent";
            }));
        }
        return out;
    }
}
