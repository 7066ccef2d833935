package dev.soapscope.demo.payloadcaching;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringReader;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;

import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamReader;

import jakarta.xml.bind.JAXBContext;

import org.junit.jupiter.api.Test;

import dev.soapscope.demo.payloadcaching.model.OrderRequest;
import dev.soapscope.demo.payloadcaching.model.OrderResponse;

/** The generated request binds to the model and totals as expected, without a server. */
class OrderEndpointTest {

    @Test
    void requestIsAbout68Kilobytes() {
        int bytes = OrderRequests.envelope("ORD-1", OrderRequests.LINES).getBytes(StandardCharsets.UTF_8).length;
        assertTrue(bytes >= 60 * 1024 && bytes <= 75 * 1024, "envelope has " + bytes + " bytes");
    }

    @Test
    void thePlantBurnsItsCpuTimeWhateverTheLoad() {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        long before = threads.getCurrentThreadCpuTime();
        OrderEndpoint.plantedSlowdown(20_000_000);
        long burnt = threads.getCurrentThreadCpuTime() - before;
        // CPU time, not a wall-clock deadline: on a busy machine a deadline would pass with less CPU burnt
        assertTrue(burnt >= 20_000_000, "burnt " + burnt + " ns of CPU time");
    }

    @Test
    void bindsEveryLineAndTotals() throws Exception {
        XMLStreamReader reader = XMLInputFactory.newFactory()
                .createXMLStreamReader(new StringReader(OrderRequests.envelope("ORD-7", OrderRequests.LINES)));
        while (!(reader.isStartElement() && reader.getLocalName().equals("orderRequest"))) {
            reader.next();
        }
        OrderRequest request = (OrderRequest) JAXBContext.newInstance(OrderRequest.class).createUnmarshaller()
                .unmarshal(reader);
        assertEquals("Ada Lovelace", request.customer.name);
        assertEquals("SKU-00300", request.lines.get(299).sku);

        OrderResponse response = new OrderEndpoint().order(request);
        assertEquals("ORD-7", response.orderId);
        assertEquals(OrderRequests.LINES, response.lineCount);
        assertEquals(OrderRequests.expectedTotal(OrderRequests.LINES), response.total.toPlainString());
    }
}
