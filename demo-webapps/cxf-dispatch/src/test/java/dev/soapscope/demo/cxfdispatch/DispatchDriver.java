package dev.soapscope.demo.cxfdispatch;

import demo.hwDispatch.client.Client;
import jakarta.xml.soap.MessageFactory;
import jakarta.xml.soap.SOAPMessage;
import jakarta.xml.ws.Dispatch;
import jakarta.xml.ws.Service;
import jakarta.xml.ws.Service.Mode;
import org.apache.hello_world_soap_http.SOAPService1;
import org.apache.hello_world_soap_http.SOAPService2;
import org.apache.hello_world_soap_http.SOAPService3;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

import javax.xml.namespace.QName;
import javax.xml.transform.dom.DOMSource;
import java.io.File;
import java.io.InputStream;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * Makes the Dispatch calls CXF's jaxws_dispatch_provider client ({@code demo.hwDispatch.client.Client}) makes, many
 * times: its {@code main} cannot be looped, as it ends with {@code System.exit(0)}. Each call is built as the sample
 * builds it: the same generated Service ({@code SOAPService1..3} from its WSDL), port, {@code Dispatch} type and mode,
 * and a request made from the sample's own {@code GreetMeDocLiteralReqN.xml} for every call (as the sample makes one
 * per run, its stream left open as the sample leaves it); the answer is checked for the text the sample prints. Each Service and Dispatch is built once and reused,
 * as an application would.
 *
 * <p>Args: the calls, comma-separated ({@link Call} names, in the order made each round); the WSDL file; warm-up
 * rounds; measured rounds; a file {@code F}. Makes the warm-up rounds and prints {@link #WARM}; once {@code F.control}
 * exists, builds the requests of as many rounds as are measured without sending them (the application's own SAAJ
 * work, a control for the background work the calls leave) and prints {@link #CONTROL}; once {@code F} exists, makes
 * the measured rounds and prints {@link #DONE}, then waits for its standard input to close, so the agent's endpoint
 * can be read.
 */
public final class DispatchDriver {
    public static final String WARM = "soapscope dispatch driver warm";
    public static final String CONTROL = "soapscope dispatch driver control";
    public static final String DONE = "soapscope dispatch driver done";
    private static final String NS = "http://apache.org/hello_world_soap_http";

    /** The sample client's three calls, in its order. */
    public enum Call {
        /** {@code Dispatch<SOAPMessage>}, {@code Mode.MESSAGE}, SOAPService1 / SoapPort1, GreetMeDocLiteralReq1.xml. */
        SOAP_MESSAGE("/GreetMeDocLiteralReq1.xml", "Hi Gil"),
        /** {@code Dispatch<DOMSource>} (a SAAJ SOAPPart), {@code Mode.MESSAGE}, SOAPService2 / SoapPort2, Req2. */
        DOM_SOURCE_MESSAGE("/GreetMeDocLiteralReq2.xml", "Hi Scott"),
        /** {@code Dispatch<DOMSource>} (the body's content as a Document), {@code Mode.PAYLOAD}, SOAPService3, Req3. */
        DOM_SOURCE_PAYLOAD("/GreetMeDocLiteralReq3.xml", "Hi Heron"),
        /** As {@link #SOAP_MESSAGE}, called with {@code invokeAsync}, the answer taken with {@code Future.get} (ours). */
        SOAP_MESSAGE_FUTURE("/GreetMeDocLiteralReq1.xml", "Hi Gil"),
        /** As {@link #DOM_SOURCE_PAYLOAD}, called with {@code invokeAsync} and an {@code AsyncHandler} (ours). */
        DOM_SOURCE_PAYLOAD_HANDLER("/GreetMeDocLiteralReq3.xml", "Hi Heron");

        public final String request;
        final String answer;

        Call(String request, String answer) {
            this.request = request;
            this.answer = answer;
        }
    }

    private DispatchDriver() {
    }

    public static void main(String[] args) throws Exception {
        List<Call> calls = new ArrayList<>();
        for (String name : args[0].split(",")) {
            calls.add(Call.valueOf(name));
        }
        URL wsdlURL = new File(args[1]).toURI().toURL();
        int warmUp = Integer.parseInt(args[2]);
        int rounds = Integer.parseInt(args[3]);
        Path go = Path.of(args[4]);

        List<Caller> callers = new ArrayList<>();
        for (Call call : calls) {
            callers.add(caller(call, wsdlURL));
        }
        int made = run(callers, warmUp);
        System.out.println(WARM + ": " + made + " calls");
        await(go.resolveSibling(go.getFileName() + ".control"));
        for (int i = 0; i < rounds; i++) {
            for (Caller c : callers) {
                c.request();
            }
        }
        System.out.println(CONTROL + ": " + rounds * callers.size() + " requests built, not sent");
        await(go);
        made += run(callers, rounds);
        System.out.println(DONE + ": " + made + " calls");
        while (System.in.read() >= 0) {
            // until the test closes our input
        }
    }

    private static void await(Path file) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
        while (!Files.exists(file)) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("no " + file);
            }
            Thread.sleep(10);
        }
    }

    private static int run(List<Caller> callers, int rounds) throws Exception {
        int made = 0;
        for (int i = 0; i < rounds; i++) {
            for (Caller c : callers) {
                String answer = c.invoke(c.request());
                made++;
                if (answer == null || !answer.contains(c.call.answer)) {
                    throw new IllegalStateException(c.call + ": answered '" + answer + "', not " + c.call.answer);
                }
            }
        }
        return made;
    }

    private abstract static class Caller {
        final Call call;

        Caller(Call call) {
            this.call = call;
        }

        /** The request, built as the sample builds it from its request file (application work, before the call). */
        abstract Object request() throws Exception;

        /** The Dispatch call; the text of its answer the sample prints. */
        abstract String invoke(Object request) throws Exception;

        InputStream file() {
            InputStream is = Client.class.getResourceAsStream(call.request);
            if (is == null) {
                throw new IllegalStateException("no " + call.request + " on the class path");
            }
            return is;
        }
    }

    /** What Client.main does for each call: the same Service, port, Dispatch, request and reading of the answer. */
    private static Caller caller(Call call, URL wsdlURL) throws Exception {
        MessageFactory factory = MessageFactory.newInstance();
        switch (call) {
            case SOAP_MESSAGE:
            case SOAP_MESSAGE_FUTURE: {
                SOAPService1 service1 = new SOAPService1(wsdlURL, new QName(NS, "SOAPService1"));
                Dispatch<SOAPMessage> dispSOAPMsg = service1.createDispatch(new QName(NS, "SoapPort1"),
                        SOAPMessage.class, Mode.MESSAGE);
                return new Caller(call) {
                    @Override
                    Object request() throws Exception {
                        InputStream is1 = file();
                        return factory.createMessage(null, is1);
                    }

                    @Override
                    String invoke(Object soapReq1) throws Exception {
                        SOAPMessage soapResp = call == Call.SOAP_MESSAGE ? dispSOAPMsg.invoke((SOAPMessage) soapReq1)
                                : dispSOAPMsg.invokeAsync((SOAPMessage) soapReq1).get(30, TimeUnit.SECONDS);
                        return soapResp.getSOAPBody().getTextContent();
                    }
                };
            }
            case DOM_SOURCE_MESSAGE: {
                SOAPService2 service2 = new SOAPService2(wsdlURL, new QName(NS, "SOAPService2"));
                Dispatch<DOMSource> dispDOMSrcMessage = service2.createDispatch(new QName(NS, "SoapPort2"),
                        DOMSource.class, Mode.MESSAGE);
                return new Caller(call) {
                    @Override
                    Object request() throws Exception {
                        InputStream is2 = file();
                        SOAPMessage soapReq2 = factory.createMessage(null, is2);
                        return new DOMSource(soapReq2.getSOAPPart());
                    }

                    @Override
                    String invoke(Object domReqMessage) throws Exception {
                        DOMSource domRespMessage = dispDOMSrcMessage.invoke((DOMSource) domReqMessage);
                        return domRespMessage.getNode().getLastChild().getTextContent();
                    }
                };
            }
            case DOM_SOURCE_PAYLOAD:
            case DOM_SOURCE_PAYLOAD_HANDLER: {
                SOAPService3 service3 = new SOAPService3(wsdlURL, new QName(NS, "SOAPService3"));
                Dispatch<DOMSource> dispDOMSrcPayload = service3.createDispatch(new QName(NS, "SoapPort3"),
                        DOMSource.class, Service.Mode.PAYLOAD);
                return new Caller(call) {
                    @Override
                    Object request() throws Exception {
                        InputStream is3 = file();
                        SOAPMessage soapReq3 = MessageFactory.newInstance().createMessage(null, is3);
                        return new DOMSource(soapReq3.getSOAPBody().extractContentAsDocument());
                    }

                    @Override
                    String invoke(Object domReqPayload) throws Exception {
                        DOMSource domRespPayload;
                        if (call == Call.DOM_SOURCE_PAYLOAD) {
                            domRespPayload = dispDOMSrcPayload.invoke((DOMSource) domReqPayload);
                        } else {
                            CompletableFuture<DOMSource> handed = new CompletableFuture<>();
                            dispDOMSrcPayload.invokeAsync((DOMSource) domReqPayload, response -> {
                                try {
                                    handed.complete(response.get());
                                } catch (Exception e) {
                                    handed.completeExceptionally(e);
                                }
                            });
                            domRespPayload = handed.get(30, TimeUnit.SECONDS);
                        }
                        Element response = fetchElementByName(domRespPayload.getNode(), "greetMeResponse");
                        return response == null ? null : response.getTextContent();
                    }
                };
            }
            default:
                throw new IllegalArgumentException(call.name());
        }
    }

    /** The sample client's own helper (private there). */
    private static Element fetchElementByName(Node parent, String name) {
        Node node = parent.getFirstChild();
        while (node != null) {
            if (node instanceof Element && ((Element) node).getLocalName().equals(name)) {
                return (Element) node;
            }
            node = node.getNextSibling();
        }
        return null;
    }
}
