package dev.soapscope.apitest;

import dev.soapscope.recorder.Aggregates;
import dev.soapscope.recorder.ClientCalls;
import dev.soapscope.recorder.HotSpotKind;
import dev.soapscope.recorder.HotSpotSite;
import dev.soapscope.recorder.HotSpots;
import dev.soapscope.recorder.LateReads;
import dev.soapscope.recorder.NameSource;
import dev.soapscope.recorder.OperationStats;
import dev.soapscope.recorder.OperationTable;
import dev.soapscope.recorder.Outcome;
import dev.soapscope.recorder.Phase;
import dev.soapscope.recorder.Recorder;
import dev.soapscope.recorder.Calls;
import dev.soapscope.recorder.Naming;
import dev.soapscope.recorder.RecorderSettings;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.SocketTimeoutException;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** SOAP calls a JVM makes, as the client probes record them: only the recorder's public API. */
class ClientCallsTest {
    @BeforeEach
    void freshRecorder() {
        Recorder.configure(RecorderSettings.DEFAULTS);
    }

    @AfterEach
    void nothingLeftOpen() {
        int token = Recorder.requestStart();
        Recorder.requestEnd(token, 0, false);
        assertEquals(Recorder.OPENED, token, "the test left a call or request open on its thread");
    }

    @Test
    void aCallInsideARequestHasItsOwnPhasesAndTheRequestWaitsDownstream() throws InterruptedException {
        int request = Recorder.requestStart();
        Naming.nameRequest(NameSource.STACK, "{urn:shop}order");
        Recorder.enter(Phase.INVOKE);
        Thread.sleep(5);
        long callStart = System.nanoTime();
        int call = Calls.clientStart();
        Calls.clientPeer("http://user:secret@stock.example:8080/ws?wsdl");
        Naming.nameRequest(NameSource.STACK, "{urn:stock}reserve");
        Recorder.enter(Phase.MARSHAL); // a marshal inside the call is the call's, not the request's
        Thread.sleep(5);
        Recorder.exit(Phase.MARSHAL);
        boolean w = Calls.socketWriteStart();
        Calls.socketWriteEnd(w, 300);
        int first = Calls.socketReadStart();
        Thread.sleep(10);
        Calls.socketReadEnd(first, 100);
        int next = Calls.socketReadStart();
        Calls.socketReadEnd(next, 50);
        Calls.clientEnd(call, null);
        long callNanos = System.nanoTime() - callStart;
        Thread.sleep(2);
        Recorder.exit(Phase.INVOKE);
        Recorder.requestEnd(request, 200, false);

        assertEquals(Phase.WAIT.ordinal(), first, "the first read after the request was sent waits for the answer");
        assertEquals(Phase.TRANSPORT_READ.ordinal(), next);
        Aggregates a = Recorder.aggregates();
        OperationStats served = a.stats(indexOf(a, "{urn:shop}order"));
        assertEquals(1, served.requests());
        assertEquals(0, served.phaseNanos(Phase.MARSHAL), "the call's marshal went to the request");
        ClientCalls calls = a.clients();
        int row = rowOf(calls, "{urn:stock}reserve", "stock.example:8080");
        OperationStats s = calls.stats(row);
        assertEquals(1, s.requests());
        assertEquals(1, s.outcomes(Outcome.SUCCESS));
        long sum = 0;
        for (Phase p : Phase.values()) {
            sum += s.phaseNanos(p);
        }
        assertEquals(s.totalNanos(), sum, "the call's phases add up to the call");
        assertTrue(s.phaseNanos(Phase.MARSHAL) >= 5_000_000L, "marshal " + s.phaseNanos(Phase.MARSHAL));
        assertTrue(s.phaseNanos(Phase.WAIT) >= 10_000_000L, "wait " + s.phaseNanos(Phase.WAIT));
        assertEquals(150, s.bytesIn());
        assertEquals(300, s.bytesOut());
        // the request spent the call's whole time downstream: no more than the call took, no less than it recorded
        long downstream = served.phaseNanos(Phase.DOWNSTREAM);
        assertTrue(downstream >= s.totalNanos() && downstream <= callNanos, downstream + " vs call " + s.totalNanos());
        assertEquals(java.util.Collections.singletonMap("{urn:shop}order", 1L), calls.callers(row));
    }

    @Test
    void nestedBoundariesCountOneCallAndABatchCallIsNoBackgroundWork() {
        for (int i = 0; i < 3; i++) {
            int outer = Calls.clientStart(); // a template over SAAJ: two boundaries, one call
            int inner = Calls.clientStart();
            assertEquals(Recorder.NESTED, inner);
            Calls.clientPeer("https://bank.example/pay");
            Naming.nameRequest(NameSource.STACK, "{urn:bank}pay");
            Recorder.enter(Phase.SOAP_PARSE);
            Recorder.exit(Phase.SOAP_PARSE);
            Calls.clientEnd(inner, null);
            Calls.clientEnd(outer, null);
        }
        Aggregates a = Recorder.aggregates();
        OperationStats s = a.clients().stats(rowOf(a.clients(), "{urn:bank}pay", "bank.example:443"));
        assertEquals(3, s.requests());
        assertEquals(3, s.phaseSeen(Phase.SOAP_PARSE));
        assertNull(a.stats(OperationTable.NO_REQUEST), "a call outside any request is no background work");
        assertEquals(java.util.Collections.emptyMap(), a.clients().callers(rowOf(a.clients(), "{urn:bank}pay", "bank.example:443")));
    }

    @Test
    void theOutcomeComesFromWhatTheCallThrew() {
        call("{urn:o}ok", null);
        call("{urn:o}fault", new SoapFaultLike("Server said no"));
        call("{urn:o}refused", new SoapFaultLike("Could not send", new ConnectException("refused")));
        call("{urn:o}slow", new IllegalStateException(new SocketTimeoutException("read timed out")));
        call("{urn:o}bug", new IllegalArgumentException("null port"));
        call("{urn:o}io", new IOException("reset"));
        call("{urn:o}axis", new RemoteFault("(401)Unauthorized")); // Axis 1's AxisFault is a RemoteException
        call("{urn:o}axisio", new RemoteFault("(0)", new ConnectException("refused")));
        ClientCalls c = Recorder.aggregates().clients();
        assertEquals(1, c.stats(rowOf(c, "{urn:o}ok", ClientCalls.UNKNOWN_PEER)).outcomes(Outcome.SUCCESS));
        assertEquals(1, c.stats(rowOf(c, "{urn:o}fault", ClientCalls.UNKNOWN_PEER)).outcomes(Outcome.FAULT));
        assertEquals(1, c.stats(rowOf(c, "{urn:o}refused", ClientCalls.UNKNOWN_PEER)).outcomes(Outcome.TRANSPORT_ERROR));
        assertEquals(1, c.stats(rowOf(c, "{urn:o}slow", ClientCalls.UNKNOWN_PEER)).outcomes(Outcome.TIMEOUT));
        assertEquals(1, c.stats(rowOf(c, "{urn:o}bug", ClientCalls.UNKNOWN_PEER)).outcomes(Outcome.EXCEPTION));
        assertEquals(1, c.stats(rowOf(c, "{urn:o}io", ClientCalls.UNKNOWN_PEER)).outcomes(Outcome.TRANSPORT_ERROR));
        assertEquals(1, c.stats(rowOf(c, "{urn:o}axis", ClientCalls.UNKNOWN_PEER)).outcomes(Outcome.FAULT));
        assertEquals(1, c.stats(rowOf(c, "{urn:o}axisio", ClientCalls.UNKNOWN_PEER)).outcomes(Outcome.TRANSPORT_ERROR));
    }

    @Test
    void aSecondConnectionToAPeerIsANewConnectionHotSpotOfTheCall() {
        InetSocketAddress peer = InetSocketAddress.createUnresolved("carrier.example", 9443);
        for (int i = 0; i < 3; i++) {
            int call = Calls.clientStart();
            Naming.nameRequest(NameSource.STACK, "{urn:carrier}track");
            connect(peer);
            Calls.clientEnd(call, null);
        }
        Aggregates a = Recorder.aggregates();
        OperationStats s = a.clients().stats(rowOf(a.clients(), "{urn:carrier}track", "carrier.example:9443"));
        assertEquals(3, s.phaseSeen(Phase.CONNECT), "the peer comes from the socket when no probe named it");
        assertTrue(s.hotspots(HotSpotKind.CONNECTION_NEW) >= 2, "connections after the first: " + s.hotspots(HotSpotKind.CONNECTION_NEW));
        HotSpotSite site = null;
        for (HotSpotSite h : a.sites().all()) {
            if (h.kind() == HotSpotKind.CONNECTION_NEW) {
                site = h;
            }
        }
        assertNotNull(site);
        assertTrue(site.caller().contains("ClientCallsTest"), "counted at the application's line: " + site.caller());
    }

    @Test
    void socketIoOutsideACallIsNotRecorded() {
        assertEquals(-1, Calls.socketReadStart());
        assertEquals(false, Calls.socketWriteStart());
        assertEquals(false, Calls.connectStart());
        int request = Recorder.requestStart();
        assertEquals(-1, Calls.socketReadStart(), "a served request's own sockets are the servlet probes' business");
        Recorder.requestEnd(request, 200, false);
    }

    @Test
    void callRowsAreBoundedWhateverPeersAndNamesComeAlong() {
        Recorder.configure(new RecorderSettings(100, 3, 256, 8, true));
        for (int i = 0; i < 50; i++) {
            call("{urn:many}op" + i, null);
        }
        ClientCalls c = Recorder.aggregates().clients();
        assertEquals(4, c.size(), "3 rows and other");
        assertEquals(47, c.stats(ClientCalls.OTHER).requests());
    }

    @Test
    void aRequestStartedInsideACallIsTheCalls() {
        int call = Calls.clientStart();
        int request = Recorder.requestStart(); // an in-JVM transport serving the call on the calling thread
        assertEquals(Recorder.NOT_COUNTED, request);
        Recorder.requestEnd(request, 200, false);
        Calls.clientEnd(call, null);
        assertEquals(1, Recorder.aggregates().clients().calls());
    }

    /** As the advice inlined in {@code Socket.connect}: the frame the event is skipped past to its caller. */
    private static void connect(InetSocketAddress peer) {
        boolean started = Calls.connectStart();
        Calls.connectEnd(started, peer);
    }

    private static void call(String operation, Throwable thrown) {
        int token = Calls.clientStart();
        Naming.nameRequest(NameSource.STACK, operation);
        Calls.clientEnd(token, thrown);
    }

    @Test
    void aCallIsNamedByTheSoapActionItSendsAsTheServerNamesTheRequest() {
        Naming.nameCallFromHeader("SOAPAction", "\"outside\""); // no call open: nothing named
        int call = Calls.clientStart();
        Calls.clientPeer("http://cmis.example:8080/services11/ObjectService");
        Naming.nameRequest(NameSource.STACK, "{http://docs.oasis-open.org/ns/cmis/ws/200908/}getObject");
        Naming.nameCallFromHeader("Accept", "getObject, text/xml");
        Naming.nameCallFromHeader("soapaction", "\"getObject\""); // as CXF sends it: quoted
        Calls.clientEnd(call, null);
        // SOAP 1.2: the action parameter of the content type
        int soap12 = Calls.clientStart();
        Calls.clientPeer("http://cmis.example:8080/services11/ObjectService");
        Naming.nameRequest(NameSource.STACK, "{urn:x}op12");
        Naming.nameCallFromHeader("Content-Type", "application/soap+xml; charset=UTF-8; action=\"urn:op12\"");
        Calls.clientEnd(soap12, null);
        // the operation a server dispatches to ranks above the header, on both sides (Metro)
        int dispatched = Calls.clientStart();
        Calls.clientPeer("http://cmis.example:8080/services11/ObjectService");
        Naming.nameRequest(NameSource.DISPATCH, "{urn:x}add");
        Naming.nameCallFromHeader("SOAPAction", "urn:add");
        Calls.clientEnd(dispatched, null);

        ClientCalls calls = Recorder.aggregates().clients();
        String peer = "cmis.example:8080";
        assertEquals(1, calls.stats(rowOf(calls, "getObject", peer)).requests());
        assertEquals(1, calls.stats(rowOf(calls, "urn:op12", peer)).requests());
        assertEquals(1, calls.stats(rowOf(calls, "{urn:x}add", peer)).requests());
        assertEquals(3, calls.size() - firstRow(calls, "getObject"), "no other row: " + calls.size());
    }

    @Test
    void anAttachmentReadAfterTheCallReturnedIsTheCallsTimeAndBytes() throws InterruptedException {
        Object deserializer = new Object(); // CXF's AttachmentDeserializer, made in the call
        Object another = new Object();
        int call = Calls.clientStart();
        Calls.clientPeer("http://cmis.example:8080/services11/ObjectService");
        Naming.nameRequest(NameSource.STACK, "getContentStream");
        LateReads.keep(deserializer);
        int read = Calls.socketReadStart();
        Calls.socketReadEnd(read, 8192); // the root part, read inside the call
        Calls.clientEnd(call, null);
        long boundaryNanos = statsOf("getContentStream").totalNanos();

        Thread.sleep(20); // the application's own work between the call and its reads: not the call's
        assertEquals(Recorder.NOT_COUNTED, LateReads.readStart(another), "another stream's read is not the call's");
        for (int i = 0; i < 3; i++) { // the application reads the attachment's stream, which reads the socket
            int token = LateReads.readStart(deserializer);
            int socket = Calls.socketReadStart();
            Thread.sleep(5);
            Calls.socketReadEnd(socket, 100_000);
            HotSpots.hotspot(HotSpotKind.STREAM_SINGLE_BYTE_READ, "test.MimeBodyPartInputStream");
            LateReads.readEnd(token, false);
            Thread.sleep(60); // the application between its reads: not the call's
        }
        OperationStats s = statsOf("getContentStream");
        assertEquals(8192, s.bytesIn(), "recorded only once the attachment is read to its end");
        int last = LateReads.readStart(deserializer);
        LateReads.readEnd(last, true); // -1: its end

        assertEquals(1, s.requests(), "reads after the call are no call of their own");
        assertEquals(8192 + 300_000, s.bytesIn());
        assertEquals(3, s.hotspots(HotSpotKind.STREAM_SINGLE_BYTE_READ));
        long late = s.totalNanos() - boundaryNanos;
        assertTrue(late >= 15_000_000 && late < 120_000_000, "the reads' time, not the 180 ms between them: " + late);
        assertTrue(s.phaseNanos(Phase.TRANSPORT_READ) >= 15_000_000, "socket reads: " + s.phaseNanos(Phase.TRANSPORT_READ));
        int closing = LateReads.readStart(deserializer); // the closing boundary, read as the stream is closed
        int socket = Calls.socketReadStart();
        Calls.socketReadEnd(socket, 40);
        LateReads.readEnd(closing, true);
        assertEquals(8192 + 300_000 + 40, s.bytesIn(), "reads after its end are the call's too");
        assertNull(Recorder.aggregates().stats(OperationTable.NO_REQUEST), "nothing of it is background work");

        int next = Calls.clientStart(); // the thread's next call: the last one is no longer followed
        Calls.clientEnd(next, null);
        assertEquals(Recorder.NOT_COUNTED, LateReads.readStart(deserializer), "followed until the thread's next call");
    }

    @Test
    void aProxysCallEndsWhenTheProxyHasMappedItsFault() {
        boolean proxy = Calls.proxyStart(); // a JAX-WS proxy's toString: no call
        Calls.proxyEnd(proxy, null);
        assertEquals(0, Recorder.aggregates().callsRecorded());

        boolean started = Calls.proxyStart();
        int call = Calls.clientStart(); // the stack's own boundary, inside the proxy
        Calls.clientPeer("http://cmis.example:8080/services11/ObjectService");
        Naming.nameRequest(NameSource.STACK, "get_businessDetail");
        Calls.clientEnd(call, new RemoteFault("E_invalidKeyPassed")); // the stack's fault, out of its boundary
        assertEquals(0, Recorder.aggregates().callsRecorded(), "the proxy still works for the call");
        HotSpots.hotspot(HotSpotKind.FACTORY_CREATE, "test.SOAPFactory"); // mapping the fault to its exception
        Calls.proxyEnd(started, new IllegalStateException("SOAPFaultException"));

        OperationStats s = statsOf("get_businessDetail");
        assertEquals(1, s.requests());
        assertEquals(1, s.outcomes(Outcome.FAULT), "the stack's own fault tells the outcome");
        assertEquals(1, s.hotspots(HotSpotKind.FACTORY_CREATE), "the fault's mapping is the call's");
        assertNull(Recorder.aggregates().stats(OperationTable.NO_REQUEST), "nothing of it is background work");
        int next = Calls.clientStart(); // the thread is its own again
        Calls.clientEnd(next, null);
        assertEquals(2, Recorder.aggregates().callsRecorded());
    }

    private static OperationStats statsOf(String operation) {
        ClientCalls calls = Recorder.aggregates().clients();
        return calls.stats(rowOf(calls, operation, "cmis.example:8080"));
    }

    private static int firstRow(ClientCalls calls, String operation) {
        for (int i = 0; i < calls.size(); i++) {
            if (operation.equals(calls.operation(i))) {
                return i;
            }
        }
        return calls.size();
    }

    private static int rowOf(ClientCalls calls, String operation, String peer) {
        for (int i = 0; i < calls.size(); i++) {
            if (operation.equals(calls.operation(i)) && peer.equals(calls.peer(i))) {
                return i;
            }
        }
        throw new AssertionError("no row " + operation + " at " + peer);
    }

    private static int indexOf(Aggregates a, String name) {
        for (int i = 0; i < a.operations().size(); i++) {
            if (name.equals(a.operations().name(i))) {
                return i;
            }
        }
        throw new AssertionError("no operation " + name);
    }

    /** As Axis 1's {@code AxisFault}: a {@code java.rmi.RemoteException}, so an {@code IOException}. */
    static final class RemoteFault extends java.rmi.RemoteException {
        RemoteFault(String message) {
            super(message);
        }

        RemoteFault(String message, Throwable cause) {
            super(message, cause);
        }
    }

    /** Named as the stacks name their SOAP faults ({@code SOAPFaultException}, {@code AxisFault}). */
    static final class SoapFaultLike extends RuntimeException {
        SoapFaultLike(String message) {
            super(message);
        }

        SoapFaultLike(String message, Throwable cause) {
            super(message, cause);
        }
    }
}
