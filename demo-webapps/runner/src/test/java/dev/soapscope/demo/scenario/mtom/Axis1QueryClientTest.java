package dev.soapscope.demo.scenario.mtom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.stream.IntStream;

import org.junit.jupiter.api.Test;

import dev.soapscope.demo.mtom.api.Tuple;
import dev.soapscope.demo.mtom.api.TupleCodec;
import dev.soapscope.demo.mtom.api.Tuples;

/** The Axis 1.4 client's request and its reading of Axis's RPC/encoded responses (their shape as Axis 1.4 sends it). */
class Axis1QueryClientTest {

    private static InputStream response(String bodyContent) {
        return new ByteArrayInputStream(("<?xml version=\"1.0\" encoding=\"UTF-8\"?><soapenv:Envelope xmlns:soapenv="
                + "\"http://schemas.xmlsoap.org/soap/envelope/\" xmlns:xsd=\"http://www.w3.org/2001/XMLSchema\" "
                + "xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\"><soapenv:Body>" + bodyContent
                + "</soapenv:Body></soapenv:Envelope>").getBytes(StandardCharsets.UTF_8));
    }

    private static String rpcResponse(String operation, String result, String type, String text) {
        return "<ns1:" + operation + "Response soapenv:encodingStyle=\"http://schemas.xmlsoap.org/soap/encoding/\" "
                + "xmlns:ns1=\"urn:soapscope:demo:query\"><" + result + " xsi:type=\"" + type + "\">" + text + "</"
                + result + "></ns1:" + operation + "Response>";
    }

    @Test
    void readsTheBatchOfAnRpcResponse() throws IOException {
        List<Tuple> sent = IntStream.range(0, 3).mapToObj(Tuples::generate).toList();
        String base64 = Base64.getEncoder().encodeToString(TupleCodec.encode(sent));
        String text = Axis1QueryClient.result(response(rpcResponse("getNTuples", "tuples", "soapenc:base64Binary",
                base64)), "tuples");
        List<Tuple> got = new ArrayList<>();
        TupleCodec.read(new ByteArrayInputStream(Base64.getMimeDecoder().decode(text)), got::add);
        assertEquals(sent, got);
        assertEquals("", Axis1QueryClient.result(response(rpcResponse("getNTuples", "tuples",
                "soapenc:base64Binary", "")), "tuples"), "the exhausted query's empty batch");
        assertEquals("q7", Axis1QueryClient.result(response(rpcResponse("query", "requestID", "xsd:string", "q7")),
                "requestID"));
    }

    @Test
    void aFaultOrAnotherResultIsAnError() {
        IOException fault = assertThrows(IOException.class, () -> Axis1QueryClient.result(response(
                "<soapenv:Fault><faultcode>soapenv:Server.userException</faultcode><faultstring>java.lang."
                        + "IllegalArgumentException: no query with request id q9</faultstring></soapenv:Fault>"),
                "tuples"));
        assertTrue(fault.getMessage().startsWith("SOAP fault: java.lang.IllegalArgumentException: no query"),
                fault.getMessage());
        assertThrows(IOException.class, () -> Axis1QueryClient.result(response(rpcResponse("query", "requestID",
                "xsd:string", "q7")), "tuples"));
        assertThrows(IOException.class, () -> Axis1QueryClient.result(response(
                "<ns1:getNTuplesResponse xmlns:ns1=\"urn:soapscope:demo:query\"><tuples xsi:nil=\"true\"/>"
                        + "</ns1:getNTuplesResponse>"), "tuples"));
    }

    @Test
    void theRequestIsAnRpcEncodedCallOfTheOperation() throws IOException {
        String request = new String(Axis1QueryClient.request("getNTuples", "tuples", "int", "500", "requestID",
                "string", "q<1"), StandardCharsets.UTF_8);
        assertTrue(request.contains("<q:getNTuples xmlns:q=\"urn:soapscope:demo:query\" soapenv:encodingStyle="
                + "\"http://schemas.xmlsoap.org/soap/encoding/\"><tuples xsi:type=\"xsd:int\">500</tuples>"
                + "<requestID xsi:type=\"xsd:string\">q&lt;1</requestID></q:getNTuples>"), request);
    }
}
