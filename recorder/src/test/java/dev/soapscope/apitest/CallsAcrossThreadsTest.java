package dev.soapscope.apitest;

import dev.soapscope.recorder.Aggregates;
import dev.soapscope.recorder.ClientCalls;
import dev.soapscope.recorder.HotSpotKind;
import dev.soapscope.recorder.NameSource;
import dev.soapscope.recorder.OperationStats;
import dev.soapscope.recorder.OperationTable;
import dev.soapscope.recorder.Outcome;
import dev.soapscope.recorder.Phase;
import dev.soapscope.recorder.Recorder;
import dev.soapscope.recorder.HotSpots;
import dev.soapscope.recorder.Calls;
import dev.soapscope.recorder.Naming;
import dev.soapscope.recorder.RecorderSettings;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Calls whose work is spread over threads, as the client probes record them (CXF's asynchronous calls, a JMS answer
 * read on the listener's thread): one call each, its phases its threads' work, {@code wait} the time none worked on it.
 */
class CallsAcrossThreadsTest {
    private static final String PEER = "http://stock.example:8080/ws";
    private final ExecutorService pool = Executors.newSingleThreadExecutor();

    @BeforeEach
    void freshRecorder() {
        Recorder.configure(RecorderSettings.DEFAULTS);
    }

    @AfterEach
    void nothingLeftOpen() {
        pool.shutdownNow();
        int token = Recorder.requestStart();
        Recorder.requestEnd(token, 0, false);
        assertEquals(Recorder.OPENED, token, "the test left a call or request open on its thread");
    }

    @Test
    void anAsynchronousCallIsOneCallEndingWhenItsAnswerIsHandedOver() throws Exception {
        long start = System.nanoTime();
        Object handle = startCall("{urn:stock}reserve");
        Recorder.enter(Phase.MARSHAL);
        Thread.sleep(5);
        Recorder.exit(Phase.MARSHAL);
        Calls.clientGoesAsync();
        Calls.clientEnd(Recorder.OPENED, null);
        assertNull(Calls.callHandle(), "the caller is out of the call");
        assertNull(stats("{urn:stock}reserve"), "not recorded before its answer");

        Thread.sleep(20); // nobody works on it: wait
        pool.submit(() -> {
            int token = Calls.callAttach(handle);
            assertEquals(Recorder.ASYNC, token);
            Recorder.enter(Phase.UNMARSHAL);
            sleep(5);
            Recorder.exit(Phase.UNMARSHAL);
            Calls.callAnswered(null);
            sleep(30); // the application's handler, after the answer: not the call's
            Calls.callRelease(token);
            return null;
        }).get(5, TimeUnit.SECONDS);
        long elapsed = System.nanoTime() - start;

        OperationStats s = stats("{urn:stock}reserve");
        assertEquals(1, s.requests());
        assertEquals(1, s.outcomes(Outcome.SUCCESS));
        assertTrue(s.phaseNanos(Phase.MARSHAL) >= 5_000_000L, "the caller's marshal");
        long unmarshal = s.phaseNanos(Phase.UNMARSHAL);
        assertTrue(unmarshal >= 5_000_000L && unmarshal < 30_000_000L, "the answer's unmarshal, not the handler's: " + unmarshal);
        assertTrue(s.phaseNanos(Phase.WAIT) >= 20_000_000L, "the time no thread worked on it: " + s.phaseNanos(Phase.WAIT));
        assertTrue(s.totalNanos() < elapsed - 25_000_000L, "the call ended when the answer was handed over: " + s.totalNanos());
        assertEquals(s.totalNanos(), sum(s), "its phases add up to the call");
        assertNull(Recorder.aggregates().stats(OperationTable.NO_REQUEST), "nothing of it in the background");
    }

    @Test
    void aFaultHandedToAnAsynchronousCallerIsAFault() throws Exception {
        Object handle = startCall("{urn:stock}reserve");
        Calls.clientGoesAsync();
        Calls.clientEnd(Recorder.OPENED, null);
        pool.submit(() -> {
            int token = Calls.callAttach(handle);
            int nested = Calls.clientStart(); // a call's boundary met while reading its answer nests in it
            assertEquals(Recorder.NESTED, nested);
            Calls.clientEnd(nested, null);
            assertNotNull(Calls.callHandle(), "the thread still works for the call");
            Calls.callAnswered(new ClientCallsTest.SoapFaultLike("no stock"));;
            Calls.callRelease(token);
        }).get(5, TimeUnit.SECONDS);
        OperationStats s = stats("{urn:stock}reserve");
        assertEquals(1, s.requests());
        assertEquals(1, s.outcomes(Outcome.FAULT));
    }

    @Test
    void aTimeoutHandedToAnAsynchronousCallerIsATimeoutAndACallWithoutAHandleEndsWithItsBoundary() throws Exception {
        Object handle = startCall("{urn:stock}reserve");
        Calls.clientGoesAsync();
        Calls.clientEnd(Recorder.OPENED, null);
        pool.submit(() -> {
            int token = Calls.callAttach(handle);
            Calls.callAnswered(new java.io.IOException(new java.net.SocketTimeoutException("read timed out")));
            Calls.callRelease(token);
        }).get(5, TimeUnit.SECONDS);
        assertEquals(1, stats("{urn:stock}reserve").outcomes(Outcome.TIMEOUT));

        int token = Calls.clientStart(); // no handle asked for: going asynchronous cannot outlive the boundary
        Calls.clientPeer(PEER);
        Naming.nameRequest(NameSource.STACK, "{urn:stock}cancel");
        Calls.clientGoesAsync();
        Calls.clientEnd(token, null);
        assertEquals(1, stats("{urn:stock}cancel").requests());
    }

    @Test
    void anAnswerHandedOverOnTheCallersOwnThreadEndsTheCallWithItsBoundary() throws Exception {
        startCall("{urn:stock}reserve");
        Calls.callAnswered(null); // a response the caller's thread read itself (a work queue that refused the task)
        Recorder.enter(Phase.HANDLERS);
        Thread.sleep(3);
        Recorder.exit(Phase.HANDLERS);
        Calls.clientGoesAsync();
        Calls.clientEnd(Recorder.OPENED, null);
        OperationStats s = stats("{urn:stock}reserve");
        assertEquals(1, s.requests());
        assertEquals(s.totalNanos(), sum(s), "the boundary's work after the answer is in the call, which ends with it");
        assertTrue(s.phaseNanos(Phase.HANDLERS) >= 3_000_000L);
    }

    @Test
    void anAnswerHandedOverBeforeTheCallersBoundaryReturnsEndsTheCallThere() throws Exception {
        Object handle = startCall("{urn:stock}reserve");
        CountDownLatch answered = new CountDownLatch(1);
        Future<?> reader = pool.submit(() -> {
            int token = Calls.callAttach(handle);
            Recorder.enter(Phase.SOAP_PARSE);
            Recorder.exit(Phase.SOAP_PARSE);
            Calls.callAnswered(null);
            Calls.callRelease(token);
            answered.countDown();
        });
        assertTrue(answered.await(5, TimeUnit.SECONDS));
        reader.get();
        assertNull(stats("{urn:stock}reserve"), "the caller's boundary has not returned");
        Calls.clientGoesAsync();
        Calls.clientEnd(Recorder.OPENED, null);
        OperationStats s = stats("{urn:stock}reserve");
        assertEquals(1, s.requests());
        assertEquals(1, s.phaseSeen(Phase.SOAP_PARSE));
    }

    @Test
    void aSynchronousCallsAnswerReadOnAnotherThreadIsTheCallsWhicheverEndsLast() throws Exception {
        for (boolean listenerLast : new boolean[] {false, true}) {
            Object handle = startCall("{urn:jms}get");
            Recorder.enter(Phase.WAIT); // the caller waits for the listener (CXF's waitResponse) while it works
            CountDownLatch attached = new CountDownLatch(1);
            CountDownLatch callerDone = new CountDownLatch(1);
            Future<?> listener = pool.submit(() -> {
                int token = Calls.callAttach(handle);
                Recorder.enter(Phase.UNMARSHAL);
                sleep(3);
                Recorder.exit(Phase.UNMARSHAL);
                attached.countDown();
                if (listenerLast) {
                    Recorder.enter(Phase.WAIT); // blocked, working for nobody, until the caller is done: no work to add
                    await(callerDone);
                    Recorder.exit(Phase.WAIT);
                }
                Calls.callRelease(token);
                return null;
            });
            assertTrue(attached.await(5, TimeUnit.SECONDS));
            if (!listenerLast) {
                listener.get(5, TimeUnit.SECONDS);
            }
            Thread.sleep(2);
            Recorder.exit(Phase.WAIT);
            Calls.clientEnd(Recorder.OPENED, null);
            callerDone.countDown();
            listener.get(5, TimeUnit.SECONDS);
        }
        OperationStats s = stats("{urn:jms}get");
        assertEquals(2, s.requests(), "one call each, however the threads end");
        assertEquals(2, s.phaseSeen(Phase.UNMARSHAL));
        assertEquals(s.totalNanos(), sum(s), "the listener's work is taken out of the caller's wait");
        assertNull(Recorder.aggregates().stats(OperationTable.NO_REQUEST));
        // the thread's next call records as usual
        Object next = startCall("{urn:jms}get");
        assertNotNull(next);
        Calls.clientEnd(Recorder.OPENED, null);
        assertEquals(3, stats("{urn:jms}get").requests());
    }

    @Test
    void workForACallAlreadyOnItsThreadOrAfterItsEndAttachesNothing() throws Exception {
        Object handle = startCall("{urn:stock}reserve");
        assertSame(handle, Calls.callHandle(), "one handle per call");
        assertEquals(Recorder.NOT_COUNTED, Calls.callAttach(handle), "a synchronous answer read by its caller");
        Calls.clientEnd(Recorder.OPENED, null);
        assertEquals(Recorder.NOT_COUNTED, pool.submit(() -> Calls.callAttach(handle)).get(), "a late thread");
        assertEquals(1, stats("{urn:stock}reserve").requests());
        assertEquals(Recorder.NOT_COUNTED, Calls.callAttach("not a handle"));;
    }

    @Test
    void aCallNeverAnsweredIsNeverRecordedAndHoldsTheThreadNot() throws Exception {
        for (int i = 0; i < 1_000; i++) {
            startCall("{urn:stock}reserve");
            Calls.clientGoesAsync();
            Calls.clientEnd(Recorder.OPENED, null);
        }
        assertNull(stats("{urn:stock}reserve"));
        int request = Recorder.requestStart();
        assertEquals(Recorder.OPENED, request, "the thread is free");
        Recorder.requestEnd(request, 200, false);
    }

    @Test
    void aBusBuiltBeforeAnyCallIsNoClientBuilt() {
        int request = Recorder.requestStart();
        HotSpots.hotspotOnceCalling(HotSpotKind.CLIENT_CREATE.ordinal(), "CXF Bus built");
        Recorder.requestEnd(request, 200, false);
        Aggregates a = Recorder.aggregates();
        long before = clientsBuilt(a);
        int call = Calls.clientStart();
        Calls.clientEnd(call, null);
        request = Recorder.requestStart();
        HotSpots.hotspotOnceCalling(HotSpotKind.CLIENT_CREATE.ordinal(), "CXF Bus built");
        Recorder.requestEnd(request, 200, false);
        assertEquals(0, before, "a Bus at start-up");
        assertEquals(1, clientsBuilt(a), "a Bus once calls are made");
    }

    @Test
    void aNewConnectionIsBlamedOnTheApplicationsLineNotOnTheHttpClient() {
        int call = Calls.clientStart();
        org.apache.hc.client5.fake.FakeConnector.connect(HotSpotKind.CONNECTION_NEW); // the application's line
        org.apache.hc.client5.fake.FakeConnector.connect(HotSpotKind.FACTORY_CREATE);
        Calls.clientEnd(call, null);
        for (dev.soapscope.recorder.HotSpotSite site : Recorder.aggregates().sites().all()) {
            if (site.detail().equals("fake connect")) {
                String caller = site.caller();
                if (site.kind() == HotSpotKind.CONNECTION_NEW) {
                    assertTrue(caller.startsWith(getClass().getName() + ".aNewConnectionIsBlamedOnTheApplicationsLine"), caller);
                } else {
                    assertTrue(caller.startsWith("org.apache.hc.client5.fake.FakeConnector.connect"),
                            "other kinds blame the first frame past the JDK: " + caller);
                }
            }
        }
        assertEquals(2, Recorder.aggregates().sites().all().stream().filter(s -> s.detail().equals("fake connect")).count());
    }

    private static Object startCall(String operation) {
        int token = Calls.clientStart();
        assertEquals(Recorder.OPENED, token);
        Calls.clientPeer(PEER);
        Naming.nameRequest(NameSource.STACK, operation);
        Object handle = Calls.callHandle();
        assertNotNull(handle);
        return handle;
    }

    private static long clientsBuilt(Aggregates a) {
        return a.sites().all().stream().filter(site -> site.kind() == HotSpotKind.CLIENT_CREATE)
                .mapToLong(site -> site.total()).sum();
    }

    private static ClientCalls calls() {
        return Recorder.aggregates().clients();
    }

    /** The call's row, null when no call of it was recorded. */
    private static OperationStats stats(String operation) {
        ClientCalls calls = calls();
        for (int i = 0; i < calls.size(); i++) {
            if (operation.equals(calls.operation(i)) && "stock.example:8080".equals(calls.peer(i))) {
                return calls.stats(i);
            }
        }
        return null;
    }

    private static long sum(OperationStats s) {
        long sum = 0;
        for (Phase p : Phase.values()) {
            sum += s.phaseNanos(p);
        }
        return sum;
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
