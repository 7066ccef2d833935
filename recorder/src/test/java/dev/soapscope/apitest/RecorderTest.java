package dev.soapscope.apitest;

import dev.soapscope.recorder.Aggregates;
import dev.soapscope.recorder.CompletedRequest;
import dev.soapscope.recorder.HotSpotKind;
import dev.soapscope.recorder.HotSpotSite;
import dev.soapscope.recorder.HotSpotSites;
import dev.soapscope.recorder.Log;
import dev.soapscope.recorder.NameSource;
import dev.soapscope.recorder.OperationStats;
import dev.soapscope.recorder.OperationTable;
import dev.soapscope.recorder.Outcome;
import dev.soapscope.recorder.Phase;
import dev.soapscope.recorder.Recorder;
import dev.soapscope.recorder.Streams;
import dev.soapscope.recorder.HotSpots;
import dev.soapscope.recorder.Naming;
import dev.soapscope.recorder.RecorderSettings;
import dev.soapscope.recorder.RequestListener;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The recorder as probes use it: only its public API.
 *
 * <p>This class lives outside {@code dev.soapscope.recorder} on purpose: hot-spot stacks drop the recorder's own
 * frames (everything under that package), and a site's first stack must start at the caller, here this test.
 *
 * <p>Timings never rely on how long a sleep lasts: each stretch of work is timed inside the phase expected to be
 * on top, which makes it a lower bound on what the recorder must charge to that phase (see {@link #spend}).
 */
class RecorderTest {
    /** Copies of what listeners saw: {@link CompletedRequest} is reused, so it is copied inside the callback. */
    private final List<Seen> seen = new CopyOnWriteArrayList<Seen>();
    private final List<RequestListener> registered = new ArrayList<RequestListener>();
    /** Per phase: time this test spent with that phase on top of the stack. */
    private final long[] atLeast = new long[Phase.COUNT];

    @BeforeEach
    void freshRecorder() {
        Recorder.configure(RecorderSettings.DEFAULTS);
    }

    @AfterEach
    void cleanUp() {
        for (RequestListener l : registered) {
            Recorder.removeListener(l);
        }
        Log.setLevel(Log.Level.INFO);
        // Per-thread state outlives a test: a request left open here would make the next test's requests nest.
        int token = Recorder.requestStart();
        Recorder.requestEnd(token, 0, false);
        assertEquals(Recorder.OPENED, token, "the test left a request open on its thread");
    }

    // ---- phases ----

    @Test
    void nestedPhasesChargeSelfTimeAndAddUpToTheRequest() {
        listen();
        long before = System.nanoTime();
        int token = Recorder.requestStart();
        Recorder.enter(Phase.INVOKE);
        spend(Phase.INVOKE, 10);
        Recorder.enter(Phase.UNMARSHAL);
        spend(Phase.UNMARSHAL, 10);
        Streams.readStart();
        spend(Phase.TRANSPORT_READ, 30); // blocked in the stream while unmarshalling: read's time, not unmarshal's
        Streams.readEnd(512, false, "test.stream");
        spend(Phase.UNMARSHAL, 10);
        Recorder.exit(Phase.UNMARSHAL);
        spend(Phase.INVOKE, 10);
        Recorder.exit(Phase.INVOKE);
        Recorder.requestEnd(token, 200, false);
        long outer = System.nanoTime() - before;

        Seen r = only();
        assertSelfTimes(r, outer);
        // unmarshal's self time must leave room for the read nested in it
        assertTrue(r.phase(Phase.UNMARSHAL) <= outer - atLeast[Phase.TRANSPORT_READ.ordinal()] - atLeast[Phase.INVOKE.ordinal()],
                "transport.read time was also charged to unmarshal");
        assertEquals(512, r.bytesIn);

        // the aggregate is this one request
        OperationStats stats = statsOf("/");
        assertEquals(1, stats.requests());
        assertEquals(r.totalNanos, stats.totalNanos());
        for (Phase p : Phase.values()) {
            assertEquals(r.phase(p), stats.phaseNanos(p), p.tag());
        }
        assertEquals(1, stats.readCalls());
        assertEquals(512, stats.bytesIn());
    }

    /**
     * A transport that reads a request's head in one call and serves it in the one around it (Axis2's own server): the
     * idle wait before the head's first bytes is no request's, the rest of the head is transport.read, the status is
     * the one sent, and the request ends with the outer call. An idle read that ends the connection opens nothing.
     */
    @Test
    void aHeldRequestOpensAtItsHeadsFirstBytesAndEndsWithTheOuterCall() {
        listen();
        Recorder.awaitHead();
        Recorder.headArrived(-1); // the connection closed while idle
        Recorder.headRead(false);
        Recorder.requestEndHeld(false);
        assertEquals(0, seen.size(), "an idle connection's end is no request");

        Recorder.awaitHead();
        sleep(20); // the keep-alive wait
        Recorder.headArrived(0);
        long before = System.nanoTime();
        Recorder.headArrived(300); // the head's first bytes
        spend(Phase.TRANSPORT_READ, 10);
        Recorder.headRead(true);
        Naming.nameRequest(NameSource.STACK, "Version.getVersion");
        Recorder.enter(Phase.INVOKE);
        spend(Phase.INVOKE, 10);
        Recorder.exit(Phase.INVOKE);
        Recorder.responseStatus(100); // a 100-continue is not the answer
        Recorder.responseStatus(500);
        Recorder.requestEndHeld(false);
        long outer = System.nanoTime() - before;

        Seen r = only();
        assertEquals("Version.getVersion", r.operation);
        assertEquals(Outcome.SERVER_ERROR, r.outcome);
        assertTrue(r.totalNanos <= outer, "the idle wait is outside the request: " + r.totalNanos + " > " + outer);
        assertSelfTimes(r, outer);
        Recorder.requestEndHeld(false); // a second end ends nothing
        assertEquals(1, seen.size());
    }

    @Test
    void reEntryAndMismatchedExitsKeepTheStackSane() {
        listen();
        long before = System.nanoTime();
        int token = Recorder.requestStart();
        Recorder.enter(Phase.INVOKE);
        spend(Phase.INVOKE, 10);
        Recorder.enter(Phase.INVOKE); // re-entered, e.g. a service calling another in-process
        spend(Phase.INVOKE, 10);
        Recorder.exit(Phase.INVOKE);
        spend(Phase.INVOKE, 10); // still inside the outer entry
        Recorder.enter(Phase.MARSHAL);
        spend(Phase.MARSHAL, 10);
        Recorder.enter(Phase.SOAP_SERIALIZE);
        spend(Phase.SOAP_SERIALIZE, 10);
        Recorder.exit(Phase.MARSHAL); // serialize's exit was lost: unwind past it to marshal's entry
        spend(Phase.INVOKE, 20);
        Recorder.exit(Phase.SECURITY); // never entered: ignored
        spend(Phase.INVOKE, 10);
        Recorder.exit(Phase.SOAP_SERIALIZE); // already unwound: ignored
        spend(Phase.INVOKE, 10);
        Recorder.exit(Phase.INVOKE);
        spend(Phase.OTHER, 10); // nothing on the stack
        Recorder.requestEnd(token, 200, false);
        long outer = System.nanoTime() - before;

        assertSelfTimes(only(), outer);
    }

    @Test
    void phaseOnAThreadWithoutRequestIsCountedAsNoRequestOnceTheStackEmpties() throws Exception {
        listen();
        final AtomicInteger seenAfterInnerExit = new AtomicInteger(-1);
        final long[] parse = new long[1];
        onNewThread(() -> {
            Recorder.enter(Phase.SOAP_PARSE);
            long t0 = System.nanoTime();
            sleep(10);
            parse[0] = System.nanoTime() - t0;
            Recorder.enter(Phase.UNMARSHAL);
            Naming.nameRequest(NameSource.SOAP_ACTION, "urn:Ignored"); // background work has no name
            HotSpots.hotspot(HotSpotKind.UUID_RANDOM, "background.uuid");
            Recorder.exit(Phase.UNMARSHAL);
            seenAfterInnerExit.set(seen.size());
            Recorder.exit(Phase.SOAP_PARSE);
        });

        assertEquals(0, seenAfterInnerExit.get(), "closed before its stack emptied");
        Seen r = only();
        assertEquals(OperationTable.NO_REQUEST_NAME, r.operation);
        assertEquals(OperationTable.NO_REQUEST, r.operationIndex);
        assertTrue(r.phase(Phase.SOAP_PARSE) >= parse[0]);
        assertEquals(r.totalNanos, r.phaseSum());
        // a hot spot in background work is counted once, under (no request), not per request
        assertEquals(0, r.hotspots[HotSpotKind.UUID_RANDOM.ordinal()]);
        Aggregates a = Recorder.aggregates();
        assertEquals(1, a.stats(OperationTable.NO_REQUEST).requests());
        assertEquals(1, a.stats(OperationTable.NO_REQUEST).hotspots(HotSpotKind.UUID_RANDOM));
        assertEquals(1, site(HotSpotKind.UUID_RANDOM, "background.uuid").count(OperationTable.NO_REQUEST));
        assertEquals(-1, indexOf("urn:Ignored"));
    }

    @Test
    void aPhaseEnteredOnlyInRequestsCountsInsideARequestAndOpensNothingOutside() {
        listen();
        // logging at start-up or on a background thread: no request opened, nothing counted
        Recorder.enterInRequest(Phase.LOGGING.ordinal());
        Recorder.exit(Phase.LOGGING.ordinal());
        assertEquals(0, seen.size(), "a phase outside any request opened one");
        assertNull(Recorder.aggregates().stats(OperationTable.NO_REQUEST));

        long before = System.nanoTime();
        int token = Recorder.requestStart();
        Recorder.enter(Phase.INVOKE);
        spend(Phase.INVOKE, 10);
        Recorder.enterInRequest(Phase.LOGGING.ordinal()); // the service logs
        spend(Phase.LOGGING, 10);
        Recorder.exit(Phase.LOGGING.ordinal());
        spend(Phase.INVOKE, 10);
        Recorder.exit(Phase.INVOKE);
        Recorder.requestEnd(token, 200, false);
        assertSelfTimes(only(), System.nanoTime() - before);
    }

    @Test
    void workNestedInLoggingIsLoggingExceptTheConnection() {
        listen();
        long before = System.nanoTime();
        int token = Recorder.requestStart();
        Recorder.enter(Phase.INVOKE);
        Recorder.enterInRequest(Phase.LOGGING.ordinal()); // message tracing
        spend(Phase.LOGGING, 10);
        Recorder.enter(Phase.SOAP_SERIALIZE); // the message serialized only for the log line
        spend(Phase.LOGGING, 10);
        Streams.readStart(); // a log tap reading the request body: blocked on the connection
        spend(Phase.TRANSPORT_READ, 10);
        Streams.readEnd(10, false, "test.stream");
        Recorder.exit(Phase.SOAP_SERIALIZE);
        Recorder.exit(Phase.LOGGING.ordinal());
        Recorder.enter(Phase.SOAP_SERIALIZE); // the response, serialized for the client
        spend(Phase.SOAP_SERIALIZE, 10);
        Recorder.exit(Phase.SOAP_SERIALIZE);
        Recorder.exit(Phase.INVOKE);
        Recorder.requestEnd(token, 200, false);
        assertSelfTimes(only(), System.nanoTime() - before);
    }

    @Test
    void requestStartClosesBackgroundWorkAlreadyOpenOnTheThread() {
        listen();
        Recorder.enter(Phase.SOAP_PARSE); // opens an implicit request
        int token = Recorder.requestStart();
        assertEquals(Recorder.OPENED, token);
        assertEquals(1, seen.size());
        assertEquals(OperationTable.NO_REQUEST_NAME, seen.get(0).operation);
        Recorder.requestEnd(token, 200, false);
        assertEquals(2, seen.size());
        assertEquals("/", seen.get(1).operation);
    }

    // ---- requests ----

    @Test
    void onlyTheOutermostRequestEndCloses() {
        listen();
        int outer = Recorder.requestStart();
        int inner = Recorder.requestStart(); // a filter and HttpServlet#service both start the same request
        assertEquals(Recorder.OPENED, outer);
        assertEquals(Recorder.NESTED, inner);
        Recorder.enter(Phase.INVOKE);
        Recorder.exit(Phase.INVOKE);
        Recorder.requestEnd(inner, 500, false);
        assertTrue(seen.isEmpty(), "the nested end closed the request");
        Recorder.requestEnd(Recorder.NOT_COUNTED, 404, true); // must neither close nor change the outcome
        assertTrue(seen.isEmpty(), "a NOT_COUNTED end closed the request");
        Recorder.requestEnd(outer, 0, false); // status unknown here: the inner end's status stands

        Seen r = only();
        assertEquals(Outcome.SERVER_ERROR, r.outcome);
        OperationStats stats = statsOf("/");
        assertEquals(1, stats.requests());
        assertEquals(1, stats.outcomes(Outcome.SERVER_ERROR));
        assertEquals(0, stats.outcomes(Outcome.EXCEPTION));
    }

    @Test
    void recorderCallsFromAListenerAreNotCounted() {
        final AtomicInteger tokenInListener = new AtomicInteger(-1);
        addListener(request -> {
            // the recorder is busy finishing a request: this must not become a request of its own
            int t = Recorder.requestStart();
            tokenInListener.set(t);
            Recorder.enter(Phase.INVOKE);
            HotSpots.hotspot(HotSpotKind.REGEX_COMPILE, "listener.regex");
            Recorder.exit(Phase.INVOKE);
            Recorder.requestEnd(t, 500, true);
        });
        listen();
        int token = Recorder.requestStart();
        Recorder.requestEnd(token, 200, false);

        assertEquals(Recorder.NOT_COUNTED, tokenInListener.get());
        assertEquals(1, seen.size());
        assertEquals(Outcome.SUCCESS, seen.get(0).outcome);
        assertEquals(1, statsOf("/").requests());
        assertNull(Recorder.aggregates().stats(OperationTable.NO_REQUEST));
        assertTrue(Recorder.aggregates().sites().all().isEmpty());
    }

    @ParameterizedTest
    @CsvSource({"200, false, SUCCESS", "0, false, SUCCESS", "404, false, CLIENT_ERROR", "500, false, SERVER_ERROR",
            "200, true, EXCEPTION", "500, true, EXCEPTION"})
    void outcomeFollowsStatusAndException(int status, boolean threw, Outcome expected) {
        listen();
        int token = Recorder.requestStart();
        Recorder.requestEnd(token, status, threw);
        assertEquals(expected, only().outcome);
        OperationStats stats = statsOf("/");
        for (Outcome o : Outcome.values()) {
            assertEquals(o == expected ? 1 : 0, stats.outcomes(o), o.tag());
        }
    }

    /** Listeners are told in the order they came, and a removed one no more. */
    @Test
    void listenersAreToldInOrderUntilRemoved() {
        List<String> told = new ArrayList<String>();
        RequestListener first = r -> told.add("first");
        RequestListener second = r -> told.add("second");
        RequestListener third = r -> told.add("third");
        addListener(first);
        addListener(second);
        addListener(third);
        Recorder.requestEnd(Recorder.requestStart(), 200, false);
        Recorder.removeListener(second);
        Recorder.removeListener(second); // not there any more: nothing changes
        Recorder.requestEnd(Recorder.requestStart(), 200, false);
        assertEquals(Arrays.asList("first", "second", "third", "first", "third"), told);
    }

    @Test
    void aListenerThatThrowsDoesNotBreakRecording() {
        Log.setLevel(Log.Level.OFF); // the failure is logged once; keep the test output quiet
        addListener(request -> {
            throw new IllegalStateException("listener failure");
        });
        listen(); // registered after the failing one: must still be told
        for (int i = 0; i < 3; i++) {
            int token = Recorder.requestStart();
            Naming.nameRequest(NameSource.SOAP_ACTION, "urn:Survives");
            Recorder.enter(Phase.INVOKE);
            HotSpots.hotspot(HotSpotKind.REGEX_COMPILE, "survives.regex");
            Recorder.exit(Phase.INVOKE);
            Recorder.requestEnd(token, 200, false);
        }
        assertEquals(3, seen.size());
        for (Seen r : seen) {
            assertEquals("urn:Survives", r.operation);
            assertEquals(1, r.hotspots[HotSpotKind.REGEX_COMPILE.ordinal()]);
        }
        OperationStats stats = statsOf("urn:Survives");
        assertEquals(3, stats.requests());
        assertEquals(3, stats.hotspots(HotSpotKind.REGEX_COMPILE));
        assertEquals(3, site(HotSpotKind.REGEX_COMPILE, "survives.regex").total());
    }

    @Test
    void anEndWithNoOpenRequestDoesNotLeakIntoTheNextRequest() throws Exception {
        listen();
        onNewThread(() -> {
            Recorder.requestEnd(Recorder.OPENED, 500, true); // this thread never started a request
            int token = Recorder.requestStart();
            Recorder.requestEnd(token, 200, false);
        });
        assertEquals(Outcome.SUCCESS, only().outcome);
    }

    // ---- naming ----

    @Test
    void soapActionHeaderNamesTheRequestWithoutItsQuotes() {
        listen();
        assertEquals("urn:GetQuote", operationNamedBy(http("\"urn:GetQuote\"", "text/xml; charset=utf-8", "/services/quote")));
        assertEquals("urn:GetQuote", operationNamedBy(http("urn:GetQuote", null, "/services/quote")));
    }

    @Test
    void emptySoapActionFallsBackToTheSoap12ActionParameter() {
        listen();
        assertEquals("urn:Foo", operationNamedBy(http("", "application/soap+xml; charset=utf-8; action=\"urn:Foo\"", "/svc")));
        assertEquals("urn:Foo", operationNamedBy(http("\"\"", "application/soap+xml;action=urn:Foo;charset=utf-8", "/svc")));
    }

    @Test
    void withoutAnyActionTheServletPathNamesTheRequest() {
        listen();
        assertEquals("/svc", operationNamedBy(http("\"\"", "text/xml; charset=utf-8", "/svc")));
        assertEquals("/", operationNamedBy(http(null, null, "")));
        assertEquals("/", operationNamedBy(http(null, null, null)));
    }

    @Test
    void aNameOnlyReplacesOneFromALowerRankedSource() {
        listen();
        assertEquals("GetQuote", operationNamedBy(() -> {
            Naming.nameRequest(NameSource.STACK, "GetQuote");
            Naming.nameRequest(NameSource.SERVLET_PATH, "/svc"); // lower: ignored
            Naming.nameRequest(NameSource.STACK, "Other"); // same rank: ignored
        }));
        assertEquals("urn:Action", operationNamedBy(() -> {
            Naming.nameRequest(NameSource.SERVLET_PATH, "/svc");
            Naming.nameRequest(NameSource.STACK, "GetQuote");
            Naming.nameRequest(NameSource.SOAP_ACTION, "urn:Action"); // highest: replaces
            Naming.nameFromHttp(null, null, "/late"); // servlet path: ignored
        }));
    }

    @Test
    void getsOfWsdlXsdAndPagesAreNamedApartFromSoapCalls() {
        listen();
        assertEquals("urn:add", operationNamedBy(get("POST", null, "/calc")));
        assertEquals("GET /calc?wsdl", operationNamedBy(get("GET", "wsdl", "/calc")));
        assertEquals("GET /calc?wsdl", operationNamedBy(get("get", "WSDL", "/calc")));
        assertEquals("GET /calc?xsd", operationNamedBy(get("GET", "xsd=1", "/calc")));
        assertEquals("GET /calc?wsdl", operationNamedBy(get("GET", "wsdl=Calc.wsdl&x=<junk>", "/calc")));
        assertEquals("GET /calc", operationNamedBy(() -> Naming.nameFromHttp("GET", "id=" + System.nanoTime(),
                null, null, "/calc")), "no query string beyond the markers");
        assertEquals("GET /calc", operationNamedBy(() -> Naming.nameFromHttp("GET", null, null, null, "/calc")));
        assertEquals("HEAD /", operationNamedBy(() -> Naming.nameFromHttp("HEAD", null, null, null, "")));
        // a client that labels its GET (a REST call) keeps its label; a WSDL fetch is named apart whatever it carries
        assertEquals("urn:add", operationNamedBy(get("GET", "id=1", "/calc")));
        assertEquals("urn:add", operationNamedBy(get("BREW", "wsdl", "/calc")), "an unknown method is no name");
    }

    /** The servlet probe asks for the content type only when the SOAPAction header names nothing. */
    @Test
    void theContentTypeIsNeededOnlyWhenTheSoapActionNamesNothing() {
        assertTrue(Naming.needsContentType(null));
        assertTrue(Naming.needsContentType("\"\""));
        assertTrue(Naming.needsContentType("  "));
        assertFalse(Naming.needsContentType("\"urn:a\""));
        assertFalse(Naming.needsContentType("urn:a"));
    }

    /** Names a thread met lately are matched in place: each spelling still gets exactly the name cleaning gives it. */
    @Test
    void aSoapActionMatchedAgainstRecentNamesIsNamedAsCleaningWouldName() {
        listen();
        String[][] cases = {{"\"urn:a\"", "urn:a"}, {"urn:a", "urn:a"}, {"\"urn:ab\"", "urn:ab"}, {"\"urn:a", "\"urn:a"},
                {" \"urn:a\" ", "urn:a"}, {"\"urn:b\"", "urn:b"}, {"\"urn:c\"", "urn:c"}, {"\"urn:d\"", "urn:d"},
                {"\"urn:e\"", "urn:e"}, {"\"urn:a\"", "urn:a"}, {"x\"urn:a\"", "x\"urn:a\""}, {"\"urn:a\"x", "\"urn:a\"x"}};
        for (int round = 0; round < 2; round++) {
            for (String[] c : cases) {
                assertEquals(c[1], operationNamedBy(http(c[0], "text/xml", "/svc")), c[0]);
            }
        }
    }

    @Test
    void theOperationTheStackDispatchedToReplacesWhateverSoapActionTheClientSent() {
        listen();
        assertEquals("{urn:calc}add", operationNamedBy(() -> {
            Naming.nameFromHttp("wrongAction", "text/xml", "/calc");
            Naming.nameRequest(NameSource.DISPATCH, "{urn:calc}add");
        }));
        assertEquals("{urn:calc}add", operationNamedBy(() -> {
            Naming.nameFromHttp("\"\"", "text/xml", "/calc");
            Naming.nameRequest(NameSource.DISPATCH, "{urn:calc}add");
            Naming.nameRequest(NameSource.SOAP_ACTION, "urn:late"); // lower: ignored
        }));
    }

    /**
     * A switch that stays in the phase (the next interceptor in handlers, a detail inside its phase) reads no
     * allocation counter: what the phase allocated is charged when it ends, all of it to that phase.
     */
    @Test
    void allocationAcrossSwitchesInOnePhaseIsThatPhases() {
        Recorder.configure(new RecorderSettings(4, 256, 8, true));
        listen();
        int token = Recorder.requestStart();
        Recorder.enter(Phase.HANDLERS);
        keep = new byte[1 << 20];
        Recorder.enter(Phase.HANDLERS); // the next interceptor, inside the first
        keep = new byte[1 << 20];
        Recorder.exit(Phase.HANDLERS);
        keep = new byte[1 << 20];
        Recorder.exit(Phase.HANDLERS);
        Recorder.enter(Phase.INVOKE);
        keep = new byte[1 << 19];
        Recorder.exit(Phase.INVOKE);
        Recorder.requestEnd(token, 200, false);
        Seen r = only();
        assertEquals(r.allocatedBytes, r.phaseAllocSum(), "phase allocations do not add up to the request");
        long handlers = r.phaseAlloc[Phase.HANDLERS.ordinal()];
        long invoke = r.phaseAlloc[Phase.INVOKE.ordinal()];
        assertTrue(handlers >= 3 << 20 && handlers < (3 << 20) + (1 << 18), "handlers allocated " + handlers);
        assertTrue(invoke >= 1 << 19 && invoke < (1 << 19) + (1 << 18), "invoke allocated " + invoke);
    }

    /**
     * A stream's reads and writes read no allocation counter (hundreds a large MTOM message): what they allocate is
     * charged to the phase they were made in, whose figure stays whole. A transport phase a stack enters itself (CXF's
     * send interceptors, a client's connection) keeps its own allocation.
     */
    @Test
    void aStreamsReadsAndWritesAreChargedToThePhaseTheyWereMadeIn() {
        Recorder.configure(new RecorderSettings(4, 256, 8, true));
        listen();
        int token = Recorder.requestStart();
        Recorder.enter(Phase.ATTACHMENTS);
        keep = new byte[1 << 19];
        Streams.readStart();
        keep = new byte[1 << 20]; // inside the read
        Streams.readEnd(4096, false, null);
        keep = new byte[1 << 19];
        Object recording = Streams.enterWrite();
        keep = new byte[1 << 20]; // inside the write
        Streams.writeEnd(recording, 4096);
        Recorder.exit(Phase.ATTACHMENTS);
        Recorder.enter(Phase.TRANSPORT_WRITE);
        keep = new byte[1 << 19];
        Recorder.exit(Phase.TRANSPORT_WRITE);
        Recorder.requestEnd(token, 200, false);
        Seen r = only();
        assertEquals(r.allocatedBytes, r.phaseAllocSum(), "phase allocations do not add up to the request");
        long attachments = r.phaseAlloc[Phase.ATTACHMENTS.ordinal()];
        assertTrue(attachments >= 3 << 20 && attachments < (3 << 20) + (1 << 18), "attachments allocated " + attachments);
        assertEquals(0, r.phaseAlloc[Phase.TRANSPORT_READ.ordinal()], "the stream's read is counted in attachments");
        long write = r.phaseAlloc[Phase.TRANSPORT_WRITE.ordinal()];
        assertTrue(write >= 1 << 19 && write < (1 << 19) + (1 << 18), "transport.write allocated " + write);
        assertTrue(r.phaseNanos[Phase.TRANSPORT_READ.ordinal()] > 0, "the read's time is still its own");
    }

    /** Kept in a field, so that the JIT cannot drop an allocation the test counts. */
    static volatile Object keep;

    @Test
    void aClientCannotClaimTheReservedBucketsOrCrowdOutTheStacksNames() {
        Recorder.configure(new RecorderSettings(4, 256, 8, true));
        listen();
        for (String reserved : new String[] {"other", "(no request)", "\"other\""}) {
            int token = Recorder.requestStart();
            Naming.nameFromHttp(reserved, "text/xml", "/svc");
            Recorder.requestEnd(token, 200, false);
        }
        assertEquals("/svc", seen.get(0).operation, "a reserved SOAPAction falls back to the servlet path");
        assertNull(Recorder.aggregates().stats(OperationTable.OTHER), "nothing was counted as other");
        assertNull(Recorder.aggregates().stats(OperationTable.NO_REQUEST), "nothing was counted as (no request)");
        for (int i = 0; i < 1000; i++) { // junk actions, each sent once, on a real operation
            int token = Recorder.requestStart();
            Naming.nameFromHttp("urn:junk:" + i, "text/xml", "/svc");
            Naming.nameRequest(NameSource.STACK, "{urn:orders}placeOrder");
            Recorder.requestEnd(token, 200, false);
        }
        int real = indexOf("{urn:orders}placeOrder");
        assertTrue(real > OperationTable.OTHER, "the stack's name got no row");
        assertTrue(Recorder.aggregates().stats(real).requests() >= 990, "junk actions counted elsewhere");
    }

    @Test
    void operationsPastTheCapShareOther() {
        Recorder.configure(new RecorderSettings(3, 256, 8, true));
        listen();
        for (int op = 0; op < 5; op++) {
            for (int n = 0; n <= op; n++) { // op i gets i+1 requests
                int token = Recorder.requestStart();
                Naming.nameRequest(NameSource.STACK, "urn:op" + op); // names the stack resolved fill the whole table
                Recorder.requestEnd(token, 200, false);
            }
        }

        Aggregates a = Recorder.aggregates();
        for (int op = 0; op < 3; op++) {
            int index = indexOf("urn:op" + op);
            assertTrue(index > OperationTable.OTHER, "urn:op" + op + " has no index of its own");
            assertEquals(op + 1, a.stats(index).requests(), "urn:op" + op);
        }
        assertEquals(-1, indexOf("urn:op3"));
        assertEquals(-1, indexOf("urn:op4"));
        assertEquals(4 + 5, a.stats(OperationTable.OTHER).requests());
        assertEquals(a.operations().capacity(), a.operations().size());

        long reportedAsOther = 0;
        for (Seen r : seen) {
            if (r.operationIndex == OperationTable.OTHER) {
                assertEquals(OperationTable.OTHER_NAME, r.operation);
                reportedAsOther++;
            }
        }
        assertEquals(4 + 5, reportedAsOther);
        assertEquals(1 + 2 + 3 + 4 + 5, seen.size());
    }

    // ---- hot spots ----

    @Test
    void hotSpotsAreCountedPerRequestPerSiteAndPerOperation() {
        listen();
        for (int request = 0; request < 2; request++) {
            int token = Recorder.requestStart();
            Naming.nameRequest(NameSource.SOAP_ACTION, "urn:Hot");
            Recorder.enter(Phase.INVOKE);
            for (int i = 0; i < 3; i++) {
                HotSpots.hotspot(HotSpotKind.REGEX_COMPILE, "test.regex");
            }
            HotSpots.hotspot(HotSpotKind.UUID_RANDOM, "test.uuid");
            Recorder.exit(Phase.INVOKE);
            Recorder.requestEnd(token, 200, false);
        }

        assertEquals(2, seen.size());
        for (Seen r : seen) {
            for (HotSpotKind k : HotSpotKind.values()) {
                int expected = k == HotSpotKind.REGEX_COMPILE ? 3 : k == HotSpotKind.UUID_RANDOM ? 1 : 0;
                assertEquals(expected, r.hotspots[k.ordinal()], k.tag());
            }
        }
        int op = indexOf("urn:Hot");
        assertEquals(6, statsOf("urn:Hot").hotspots(HotSpotKind.REGEX_COMPILE));
        assertEquals(2, statsOf("urn:Hot").hotspots(HotSpotKind.UUID_RANDOM));

        HotSpotSite regex = site(HotSpotKind.REGEX_COMPILE, "test.regex");
        assertEquals(6, regex.total());
        assertEquals(6, regex.count(op));
        assertEquals(0, regex.count(OperationTable.NO_REQUEST));
        // the stack starts at the caller: the recorder's own frames are left out
        assertTrue(regex.firstStack().startsWith(RecorderTest.class.getName() + ".hotSpotsAreCountedPerRequestPerSiteAndPerOperation"),
                regex.firstStack());
        assertTrue(regex.firstStack().split("\n").length <= 8, "more frames than stack.depth");
        assertEquals(2, site(HotSpotKind.UUID_RANDOM, "test.uuid").count(op));
    }

    @Test
    void eachNamedRequestKeepsTheFirstStackItMetASiteWith() {
        for (String name : new String[] {"urn:Cached", "urn:PerRequest", "urn:PerRequest"}) {
            int token = Recorder.requestStart();
            Naming.nameRequest(NameSource.SOAP_ACTION, name);
            if (name.equals("urn:Cached")) {
                loadCryptoTheCachedWay();
            } else {
                loadCryptoPerRequest();
            }
            Recorder.requestEnd(token, 200, false);
        }
        HotSpotSite s = site(HotSpotKind.CRYPTO_LOAD, "test.crypto");
        assertTrue(s.firstStack().contains(RecorderTest.class.getName() + ".loadCryptoTheCachedWay"), s.firstStack());
        assertEquals(s.firstStack(), s.firstStack("urn:Cached"));
        assertTrue(s.firstStack("urn:PerRequest").contains(RecorderTest.class.getName() + ".loadCryptoPerRequest"),
                s.firstStack("urn:PerRequest"));
        assertEquals(s.firstStack(), s.firstStack("urn:Unseen"), "an operation without its own: the site's first");
        assertEquals(2, s.count(indexOf("urn:PerRequest")));
    }

    private static void loadCryptoTheCachedWay() {
        loadCrypto();
    }

    private static void loadCryptoPerRequest() {
        loadCrypto();
    }

    /** One caller reached two ways: one site, with the first stack of each way. */
    private static void loadCrypto() {
        instrumented(HotSpotKind.CRYPTO_LOAD, "test.crypto");
    }

    /** Stands for the instrumented method (a JDK call such as {@code UUID.randomUUID}): never its own caller. */
    private static void instrumented(HotSpotKind kind, String detail) {
        HotSpots.hotspot(kind, detail);
    }

    @Test
    void stacksPerOperationAreBounded() {
        for (int i = 0; i < HotSpotSite.MAX_OPERATION_STACKS + 4; i++) {
            int token = Recorder.requestStart();
            Naming.nameRequest(NameSource.SOAP_ACTION, "urn:Op" + i);
            HotSpots.hotspot(HotSpotKind.UUID_RANDOM, "bounded.uuid");
            Recorder.requestEnd(token, 200, false);
        }
        HotSpotSite s = site(HotSpotKind.UUID_RANDOM, "bounded.uuid");
        assertTrue(s.firstStack("urn:Op" + (HotSpotSite.MAX_OPERATION_STACKS - 1)).contains("stacksPerOperationAreBounded"));
        assertEquals(HotSpotSite.MAX_OPERATION_STACKS, s.operationStacksKept());
    }

    @Test
    void hotSpotOutsideAnyRequestIsCountedUnderNoRequest() {
        HotSpots.hotspot(HotSpotKind.FACTORY_CREATE, "outside.factory");
        HotSpots.hotspot(HotSpotKind.FACTORY_CREATE, null); // no detail: an "unknown" site, still counted

        HotSpotSite s = site(HotSpotKind.FACTORY_CREATE, "outside.factory");
        assertEquals(1, s.total());
        assertEquals(1, s.count(OperationTable.NO_REQUEST));
        OperationStats none = Recorder.aggregates().stats(OperationTable.NO_REQUEST);
        assertEquals(2, none.hotspots(HotSpotKind.FACTORY_CREATE));
        assertEquals(0, none.requests(), "a hot spot is not a request");
        assertEquals(2, Recorder.aggregates().sites().all().size());
    }

    @Test
    void sitesPastTheCapShareAnOverflowSite() {
        Recorder.configure(new RecorderSettings(100, 2, 8, true));
        HotSpots.hotspot(HotSpotKind.REGEX_COMPILE, "a");
        HotSpots.hotspot(HotSpotKind.REGEX_COMPILE, "b");
        HotSpots.hotspot(HotSpotKind.REGEX_COMPILE, "c");
        HotSpots.hotspot(HotSpotKind.UUID_RANDOM, "d");
        HotSpots.hotspot(HotSpotKind.REGEX_COMPILE, "a"); // known sites keep counting

        assertEquals(2, site(HotSpotKind.REGEX_COMPILE, "a").total());
        assertEquals(1, site(HotSpotKind.REGEX_COMPILE, HotSpotSites.OVERFLOW_DETAIL).total());
        assertEquals(1, site(HotSpotKind.UUID_RANDOM, HotSpotSites.OVERFLOW_DETAIL).total());
        assertNull(find(HotSpotKind.REGEX_COMPILE, "c"));
    }

    @Test
    void aSiteFirstSeenAtStartUpPointsAtItsFirstCallInsideARequest() {
        startUpCall();
        assertTrue(site(HotSpotKind.FACTORY_CREATE, "shared.factory").firstStack().contains("startUpCall"));
        int token = Recorder.requestStart();
        requestCall();
        Recorder.requestEnd(token, 200, false);
        String stack = site(HotSpotKind.FACTORY_CREATE, "shared.factory").firstStack();
        assertTrue(stack.contains("requestCall") && !stack.contains("startUpCall"), stack);
    }

    private static void startUpCall() {
        createFactory();
    }

    private static void requestCall() {
        createFactory();
    }

    private static void createFactory() {
        instrumented(HotSpotKind.FACTORY_CREATE, "shared.factory");
    }

    @Test
    void eventsAreCountedPerCaller() {
        listen();
        for (int request = 0; request < 3; request++) {
            int token = Recorder.requestStart();
            Naming.nameRequest(NameSource.SOAP_ACTION, "urn:Callers");
            exchangeId();
            messageId();
            messageId();
            Recorder.requestEnd(token, 200, false);
        }
        int op = indexOf("urn:Callers");
        HotSpotSite once = siteAt(HotSpotKind.UUID_RANDOM, "callers.uuid", ".exchangeId(");
        HotSpotSite twice = siteAt(HotSpotKind.UUID_RANDOM, "callers.uuid", ".messageId(");
        assertEquals(3, once.count(op));
        assertEquals(6, twice.count(op));
        assertEquals(3, twice.requests(op), "three requests met it, twice each");
        assertTrue(twice.caller().matches(RecorderTest.class.getName().replace(".", "\\.")
                + "\\.messageId\\(RecorderTest\\.java:\\d+\\)"), twice.caller());
        assertFalse(twice.oneOff());
        assertEquals(9, statsOf("urn:Callers").hotspots(HotSpotKind.UUID_RANDOM));
    }

    /** Stands for an instrumented constructor, a client's, say. */
    static class Template {
        Template() {
            HotSpots.hotspot(HotSpotKind.CLIENT_CREATE, "test.template");
        }
    }

    /** Chains to its super class's constructor, as a generated JAX-WS {@code Service} does. */
    static final class GeneratedTemplate extends Template {
        GeneratedTemplate() {
            super();
        }
    }

    /** Builds a template in its own constructor, as a generated stub builds its ServiceClient. */
    static final class Stub {
        final Template template;

        Stub() {
            template = new Template();
        }
    }

    /** The code to act on builds the object whose constructor builds the client: a stub built per call, say. */
    @Test
    void aClientBuiltInAConstructorIsCountedAtTheCodeThatBuildsThatObject() {
        listen();
        int token = Recorder.requestStart();
        Naming.nameRequest(NameSource.SOAP_ACTION, "urn:Constructors");
        assertTrue(new Stub().template != null);
        assertTrue(new GeneratedTemplate() != null);
        Recorder.requestEnd(token, 200, false);
        List<HotSpotSite> sites = Recorder.aggregates().sites().all().stream()
                .filter(x -> x.detail().equals("test.template")).collect(Collectors.toList());
        assertEquals(2, sites.size(), "one per line that built an object");
        for (HotSpotSite site : sites) {
            assertTrue(site.caller().contains(".aClientBuiltInAConstructorIsCountedAtTheCodeThatBuildsThatObject("),
                    "past the stub's and the subclass's constructors: " + site.caller());
        }
    }

    private static void exchangeId() {
        instrumented(HotSpotKind.UUID_RANDOM, "callers.uuid");
    }

    private static void messageId() {
        instrumented(HotSpotKind.UUID_RANDOM, "callers.uuid");
    }

    /** Creates an id once, when the class is initialized, as {@code private static final String ID = ...} does. */
    static final class InitializedOnce {
        static final boolean DONE;

        static {
            instrumented(HotSpotKind.UUID_RANDOM, "once.uuid");
            DONE = true;
        }
    }

    @Test
    void eventsInAClassInitializerAreOneOffAndOutOfTheRates() {
        listen();
        for (int request = 0; request < 2; request++) {
            int token = Recorder.requestStart();
            Naming.nameRequest(NameSource.SOAP_ACTION, "urn:Once");
            assertTrue(InitializedOnce.DONE);
            instrumented(HotSpotKind.UUID_RANDOM, "once.uuid");
            Recorder.requestEnd(token, 200, false);
        }
        HotSpotSite init = siteAt(HotSpotKind.UUID_RANDOM, "once.uuid", "$InitializedOnce.<clinit>(");
        assertTrue(init.oneOff());
        assertEquals(1, init.total());
        HotSpotSite steady = siteAt(HotSpotKind.UUID_RANDOM, "once.uuid", ".eventsInAClassInitializerAreOneOff");
        assertFalse(steady.oneOff());
        assertEquals(2, steady.total());
        assertEquals(2, statsOf("urn:Once").hotspots(HotSpotKind.UUID_RANDOM), "the class initializer's is not a rate");
        assertEquals(1, seen.get(0).hotspots[HotSpotKind.UUID_RANDOM.ordinal()]);
    }

    /**
     * A detail with one steady caller is settled (its events no longer walked each, only one in about
     * {@link HotSpotSites#WALK_ONE_IN}, then fewer down to one in {@link HotSpotSites#WALK_AT_MOST_ONE_IN}); a second
     * caller is found by one of those checks, and from then on every event is walked again, so each caller's count
     * is exact.
     */
    @Test
    void aSettledDetailFindsANewCallerAndCountsEachCallerExactlyAfterwards() {
        int steady = HotSpotSites.SETTLE_AFTER + 20 * HotSpotSites.WALK_AT_MOST_ONE_IN;
        int newcomer = 20 * HotSpotSites.WALK_AT_MOST_ONE_IN;
        int both = 500;
        request("urn:Steady", () -> {
            for (int i = 0; i < steady; i++) {
                compileHere();
            }
        });
        request("urn:Newcomer", () -> {
            for (int i = 0; i < newcomer; i++) {
                compileThere();
            }
        });
        request("urn:Both", () -> {
            for (int i = 0; i < both; i++) {
                compileHere();
                compileThere();
                compileThere();
            }
        });
        HotSpotSite here = siteAt(HotSpotKind.REGEX_COMPILE, "settle.regex", ".compileHere(");
        HotSpotSite there = siteAt(HotSpotKind.REGEX_COMPILE, "settle.regex", ".compileThere(");
        assertEquals(steady, here.count(indexOf("urn:Steady")), "one caller: every event at it");
        int newcomerOp = indexOf("urn:Newcomer");
        assertEquals(newcomer, here.count(newcomerOp) + there.count(newcomerOp), "no event lost");
        // the new caller's events before the first check that walked one went to the settled caller: about
        // WALK_AT_MOST_ONE_IN of them once the steady caller was checked often enough (ten times that: e^-10)
        assertTrue(there.count(newcomerOp) >= newcomer - 10 * HotSpotSites.WALK_AT_MOST_ONE_IN,
                "the new caller was not found by the checks: " + there.count(newcomerOp));
        int bothOp = indexOf("urn:Both");
        assertEquals(both, here.count(bothOp), "two callers: each event walked");
        assertEquals(2 * both, there.count(bothOp), "two callers: each event walked");
    }

    /**
     * A detail met from two lines in the same order in each request (CXF compiles its base-path pattern and others per
     * request) settles per position of the event in its request: once settled, its events are walked only to check
     * (a few in a thousand requests here), and each line's count stays exact.
     */
    @Test
    void aDetailMetFromTwoLinesInEachRequestSettlesPerPositionAndCountsEachLineExactly() {
        int settling = HotSpotSites.SETTLE_AFTER;
        int more = 1000;
        Runnable twice = () -> {
            compileFirst();
            compileSecond();
        };
        for (int r = 0; r < settling; r++) {
            request("urn:Twice", twice);
        }
        long walked = Recorder.aggregates().sites().walks();
        for (int r = 0; r < more; r++) {
            request("urn:Twice", twice);
        }
        long walks = Recorder.aggregates().sites().walks() - walked;
        assertTrue(walks <= 2 * more / HotSpotSites.WALK_ONE_IN, walks + " walks for " + 2 * more + " events");
        int op = indexOf("urn:Twice");
        assertEquals(settling + more, siteAt(HotSpotKind.REGEX_COMPILE, "twice.regex", ".compileFirst(").count(op));
        assertEquals(settling + more, siteAt(HotSpotKind.REGEX_COMPILE, "twice.regex", ".compileSecond(").count(op));
    }

    private static void compileFirst() {
        instrumented(HotSpotKind.REGEX_COMPILE, "twice.regex");
    }

    private static void compileSecond() {
        instrumented(HotSpotKind.REGEX_COMPILE, "twice.regex");
    }

    private static void request(String name, Runnable work) {
        int token = Recorder.requestStart();
        Naming.nameRequest(NameSource.SOAP_ACTION, name);
        work.run();
        Recorder.requestEnd(token, 200, false);
    }

    private static void compileHere() {
        instrumented(HotSpotKind.REGEX_COMPILE, "settle.regex");
    }

    private static void compileThere() {
        instrumented(HotSpotKind.REGEX_COMPILE, "settle.regex");
    }

    @Test
    void singleByteReadsOfARequestGoToTheCallerOfItsFirstReadAtThatStream() {
        int token = Recorder.requestStart();
        for (int i = 0; i < 5; i++) {
            readByte();
        }
        instrumented(HotSpotKind.STREAM_SINGLE_BYTE_READ, "bytes.stream");
        Recorder.requestEnd(token, 200, false);
        assertEquals(6, siteAt(HotSpotKind.STREAM_SINGLE_BYTE_READ, "bytes.stream", ".readByte(").total());
    }

    @Test
    void singleByteReadsAtStreamsReadInTurnWalkTheStackOncePerStream() {
        int token = Recorder.requestStart();
        long walked = Recorder.aggregates().sites().walks();
        for (int i = 0; i < 200; i++) { // a MIME part, the boundary's stream under it, the servlet stream: in turn
            HotSpots.hotspot(HotSpotKind.STREAM_SINGLE_BYTE_READ, "test.Part");
            HotSpots.hotspot(HotSpotKind.STREAM_SINGLE_BYTE_READ, "test.Boundary");
            HotSpots.hotspot(HotSpotKind.STREAM_SINGLE_BYTE_READ, "test.Servlet");
        }
        long walks = Recorder.aggregates().sites().walks() - walked;
        Recorder.requestEnd(token, 200, false);
        assertEquals(3, walks, "one walk per stream, not one per byte");
        assertEquals(200, find(HotSpotKind.STREAM_SINGLE_BYTE_READ, "test.Part").total());
    }

    /** Runs of bytes at one stream, then another, then the first again, over two requests: each byte counted once. */
    @Test
    void runsOfSingleByteReadsAreCountedPerStreamAndPerRequest() {
        listen();
        for (int request = 0; request < 2; request++) {
            int token = Recorder.requestStart();
            for (String stream : new String[] {"test.RunA", "test.RunB", "test.RunA"}) {
                for (int i = 0; i < 50; i++) {
                    HotSpots.hotspot(HotSpotKind.STREAM_SINGLE_BYTE_READ, stream);
                }
            }
            Recorder.requestEnd(token, 200, false);
            assertEquals(150, seen.get(request).hotspots[HotSpotKind.STREAM_SINGLE_BYTE_READ.ordinal()], "request " + request);
        }
        assertEquals(200, find(HotSpotKind.STREAM_SINGLE_BYTE_READ, "test.RunA").total());
        assertEquals(100, find(HotSpotKind.STREAM_SINGLE_BYTE_READ, "test.RunB").total());
        HotSpots.hotspot(HotSpotKind.STREAM_SINGLE_BYTE_READ, "test.RunA"); // outside a request: not the last request's
        assertEquals(201, find(HotSpotKind.STREAM_SINGLE_BYTE_READ, "test.RunA").total());
        assertEquals(150, seen.get(1).hotspots[HotSpotKind.STREAM_SINGLE_BYTE_READ.ordinal()]);
    }

    @Test
    void operationsWhoseFirstEventsOfADetailAreAtLinesOfTheirOwnSettleEach() {
        for (int r = 0; r < HotSpotSites.SETTLE_AFTER; r++) {
            queryRequest();
            childrenRequest();
        }
        long walked = Recorder.aggregates().sites().walks();
        for (int r = 0; r < 200; r++) {
            queryRequest();
            childrenRequest();
        }
        long walks = Recorder.aggregates().sites().walks() - walked;
        // shared between the operations, the first position would see two callers and walk all 400 events
        assertTrue(walks < 40, "walks once settled, checks only: " + walks);
        assertEquals(HotSpotSites.SETTLE_AFTER + 200, siteAt(HotSpotKind.REGEX_COMPILE, "op.regex", ".queryRequest(").total());
        assertEquals(HotSpotSites.SETTLE_AFTER + 200, siteAt(HotSpotKind.REGEX_COMPILE, "op.regex", ".childrenRequest(").total());
    }

    private static void queryRequest() {
        int token = Recorder.requestStart();
        Naming.nameRequest(NameSource.SOAP_ACTION, "query");
        instrumented(HotSpotKind.REGEX_COMPILE, "op.regex");
        Recorder.requestEnd(token, 200, false);
    }

    private static void childrenRequest() {
        int token = Recorder.requestStart();
        Naming.nameRequest(NameSource.SOAP_ACTION, "getChildren");
        instrumented(HotSpotKind.REGEX_COMPILE, "op.regex");
        Recorder.requestEnd(token, 200, false);
    }

    private static void readByte() {
        instrumented(HotSpotKind.STREAM_SINGLE_BYTE_READ, "bytes.stream");
    }

    private static HotSpotSite siteAt(HotSpotKind kind, String detail, String callerPart) {
        for (HotSpotSite s : Recorder.aggregates().sites().all()) {
            if (s.kind() == kind && s.detail().equals(detail) && s.caller().contains(callerPart)) {
                return s;
            }
        }
        throw new AssertionError("no " + kind.tag() + " site " + detail + " at " + callerPart + " in "
                + Recorder.aggregates().sites().all().stream().map(HotSpotSite::caller).collect(Collectors.toList()));
    }

    @Test
    void siteCountsPastThePerRequestTableFollowTheRequestsOperation() {
        listen();
        int token = Recorder.requestStart();
        for (int i = 0; i <= 64; i++) { // 65 distinct sites: one more than a request keeps
            HotSpots.hotspot(HotSpotKind.REGEX_COMPILE, "site" + i);
        }
        Recorder.requestEnd(token, 200, false);

        assertEquals("/", only().operation);
        int op = only().operationIndex;
        for (int i = 0; i < 64; i++) {
            assertEquals(1, site(HotSpotKind.REGEX_COMPILE, "site" + i).count(op), "site" + i);
        }
        // the 65th is kept under the kind's overflow site, for the same operation as the request
        HotSpotSite last = find(HotSpotKind.REGEX_COMPILE, "site64");
        assertTrue(last == null || last.count(op) == 0);
        assertEquals(1, site(HotSpotKind.REGEX_COMPILE, HotSpotSites.OVERFLOW_DETAIL).count(op));
    }

    // ---- streams ----

    @Test
    void singleByteReadsAreHotSpotsAndNestedReadsCountOnce() {
        listen();
        int token = Recorder.requestStart();
        for (int i = 0; i < 5; i++) {
            Streams.readStart();
            Streams.readEnd(1, true, "test.SlowStream");
        }
        // a wrapper stream reading through another: one read call, its bytes once
        Streams.readStart();
        Streams.readStart();
        Streams.readEnd(100, false, "test.InnerStream");
        Streams.readEnd(100, false, "test.WrapperStream");
        // a single-byte read through a wrapper: one hot spot, at the outermost stream
        Streams.readStart();
        Streams.readStart();
        Streams.readEnd(1, true, "test.InnerStream");
        Streams.readEnd(1, true, "test.WrapperStream");
        Streams.readStart();
        Streams.readEnd(-1, false, "test.WrapperStream"); // end of stream: a call, no bytes
        Streams.readEnd(50, true, "test.Stray"); // no matching start: ignored
        Recorder.requestEnd(token, 200, false);

        Seen r = only();
        assertEquals(5 + 1, r.hotspots[HotSpotKind.STREAM_SINGLE_BYTE_READ.ordinal()]);
        assertEquals(5 + 100 + 1, r.bytesIn);
        assertEquals(5, site(HotSpotKind.STREAM_SINGLE_BYTE_READ, "test.SlowStream").total());
        assertEquals(1, site(HotSpotKind.STREAM_SINGLE_BYTE_READ, "test.WrapperStream").total());
        assertNull(find(HotSpotKind.STREAM_SINGLE_BYTE_READ, "test.InnerStream"));
        assertNull(find(HotSpotKind.STREAM_SINGLE_BYTE_READ, "test.Stray"));
        OperationStats stats = statsOf("/");
        assertEquals(5 + 1 + 1 + 1, stats.readCalls());
        assertEquals(5 + 100 + 1, stats.bytesIn());
        assertEquals(5 + 1, stats.hotspots(HotSpotKind.STREAM_SINGLE_BYTE_READ));
    }

    @Test
    void aSingleByteReadOverTheRequestsStreamCountsOnceAtTheOutermostStream() {
        listen();
        int token = Recorder.requestStart();
        Recorder.enter(Phase.ATTACHMENTS);
        for (int i = 0; i < 4; i++) { // CXF's PushbackInputStream over two servlet streams: one byte, one event
            Object counted = Streams.byteReadStartIn(Phase.ATTACHMENTS.ordinal());
            Object wrapper = Streams.enterRead(); // the application's wrapper, then the container's stream
            Object container = Streams.enterRead();
            Streams.readEnd(container, 1, true, "test.ServletStream");
            Streams.readEnd(wrapper, 1, true, "test.WrapperStream");
            Streams.byteReadEnd(counted, "test.Pushback");
        }
        Recorder.exit(Phase.ATTACHMENTS);
        // the same stream outside its phase is no finding: the servlet stream beneath counts its byte
        Object counted = Streams.byteReadStartIn(Phase.ATTACHMENTS.ordinal());
        Streams.readStart();
        Streams.readEnd(1, true, "test.ServletStream");
        Streams.byteReadEnd(counted, "test.Pushback");
        Recorder.requestEnd(token, 200, false);

        assertNull(counted);
        assertEquals(4 + 1, only().hotspots[HotSpotKind.STREAM_SINGLE_BYTE_READ.ordinal()]);
        assertEquals(4 + 1, only().bytesIn);
        assertEquals(4, site(HotSpotKind.STREAM_SINGLE_BYTE_READ, "test.Pushback").total());
        assertEquals(1, site(HotSpotKind.STREAM_SINGLE_BYTE_READ, "test.ServletStream").total());
        assertNull(find(HotSpotKind.STREAM_SINGLE_BYTE_READ, "test.WrapperStream"));
    }

    @Test
    void theAgentsOwnWorkInsideARequestIsNoHotSpotNorPhaseOfIt() {
        listen();
        long before = System.nanoTime();
        int token = Recorder.requestStart();
        Recorder.enter(Phase.INVOKE);
        spend(Phase.INVOKE, 10);
        boolean paused = Recorder.agentWorkStart(); // the weaver, on a class first loaded here
        long agentStart = System.nanoTime();
        Recorder.enter(Phase.SOAP_PARSE); // a probe's class woven, say, whose advice runs in the weaver
        instrumented(HotSpotKind.REGEX_COMPILE, "weaver.regex");
        sleep(30);
        Recorder.exit(Phase.SOAP_PARSE);
        long agentNanos = System.nanoTime() - agentStart;
        Recorder.agentWorkEnd(paused);
        spend(Phase.INVOKE, 10);
        Recorder.exit(Phase.INVOKE);
        Recorder.requestEnd(token, 200, false);
        long outer = System.nanoTime() - before;

        assertTrue(paused);
        Seen r = only();
        assertEquals(0, r.hotspots[HotSpotKind.REGEX_COMPILE.ordinal()]);
        assertNull(find(HotSpotKind.REGEX_COMPILE, "weaver.regex"));
        assertEquals(0, r.phase(Phase.SOAP_PARSE));
        assertTrue(r.totalNanos <= outer - agentNanos, "the agent's " + agentNanos + " ns left out of " + r.totalNanos);
        assertSelfTimes(r, outer - agentNanos);
        boolean outerPause = Recorder.agentWorkStart();
        boolean innerPause = Recorder.agentWorkStart(); // the weaver loading a class while it weaves
        Recorder.agentWorkEnd(innerPause);
        Recorder.agentWorkEnd(outerPause);
        assertTrue(outerPause);
        assertFalse(innerPause, "a pause inside a pause is no pause of its own");
    }

    @Test
    void writesRecordBytesOutAndTimeToFirstByte() {
        listen();
        long before = System.nanoTime();
        int token = Recorder.requestStart();
        long afterStart = System.nanoTime();
        Recorder.enter(Phase.INVOKE);
        spend(Phase.INVOKE, 10);
        Recorder.exit(Phase.INVOKE);
        Streams.writeStart();
        Streams.writeStart(); // nested: one write
        spend(Phase.TRANSPORT_WRITE, 10);
        long beforeFirstEnd = System.nanoTime();
        Streams.writeEnd(40);
        Streams.writeEnd(40);
        Streams.writeStart();
        Streams.writeEnd(60);
        Recorder.requestEnd(token, 200, false);
        long outer = System.nanoTime() - before;

        Seen r = only();
        assertEquals(40 + 60, r.bytesOut);
        assertTrue(r.ttfb >= beforeFirstEnd - afterStart, "time to first byte " + r.ttfb);
        assertTrue(r.ttfb <= r.totalNanos, "time to first byte past the end of the request");
        assertSelfTimes(r, outer);
        assertEquals(100, statsOf("/").bytesOut());

        // no bytes written: no first byte
        int t = Recorder.requestStart();
        Streams.writeStart();
        Streams.writeEnd(0);
        Recorder.requestEnd(t, 200, false);
        assertEquals(-1, seen.get(1).ttfb);
    }

    @Test
    void flushAndCloseAreWritesOnlyInsideARequest() {
        listen();
        int token = Recorder.requestStart();
        boolean started = Streams.flushStart();
        spend(Phase.TRANSPORT_WRITE, 10); // Tomcat sends a small response here
        Streams.writeEnd(started, 0);
        Recorder.requestEnd(token, 200, false);
        Seen r = only();
        assertTrue(started);
        assertTrue(r.phase(Phase.TRANSPORT_WRITE) >= atLeast[Phase.TRANSPORT_WRITE.ordinal()]);
        assertEquals(-1, r.ttfb, "a flush writes no byte of its own");

        // a container closing the stream after the request: no "(no request)" work for it
        boolean after = Streams.flushStart();
        Streams.writeEnd(after, 0);
        assertFalse(after);
        assertEquals(1, seen.size());
    }

    @Test
    void theResponseWriterAndRequestReaderCountBytesInTheirEncoding() {
        listen();
        Object writer = new Object();
        Object reader = new Object();
        Object otherWriter = new Object();
        Streams.responseWriter(writer, "ISO-8859-1"); // no request: not the response's writer
        int token = Recorder.requestStart();
        Streams.responseWriter(writer, "UTF-8");
        Streams.responseWriter(otherWriter, "UTF-8"); // a wrapper's, returned after the container's: ignored
        Streams.requestReader(reader, "utf-8");
        boolean r1 = Streams.readerStart(reader);
        Streams.readerEnd(r1, Streams.readBytes("naïve".toCharArray(), 0, 5));
        boolean r2 = Streams.readerStart(reader);
        Streams.readerEnd(r2, Streams.readBytes(-1)); // end of the body: a call, no bytes
        assertFalse(Streams.writerStart(otherWriter));
        boolean w1 = Streams.writerStart(writer);
        boolean nested = Streams.flushStart(); // Jetty's writer writing into its stream: counted once, outside
        Streams.writeEnd(nested, 99);
        Streams.writeEnd(w1, Streams.writtenBytes("€ ✓", 0, 3));
        boolean w2 = Streams.writerStart(writer);
        Streams.writeEnd(w2, Streams.writtenBytes('x'));
        Recorder.requestEnd(token, 200, false);

        Seen r = only();
        assertEquals(6, r.bytesIn);
        assertEquals(3 + 1 + 3 + 1, r.bytesOut);
        assertTrue(r.ttfb >= 0);
        assertEquals(2, statsOf("/").readCalls());
        // the next request starts with no writer: the old one is not the response's any more
        int next = Recorder.requestStart();
        assertFalse(Streams.writerStart(writer));
        assertFalse(Streams.readerStart(reader));
        Recorder.requestEnd(next, 200, false);
    }

    // ---- concurrency ----

    @Test
    void concurrentRequestsAreCountedExactly() throws Exception {
        final int threads = 8;
        final int perThread = 2000;
        final AtomicBoolean mismatch = new AtomicBoolean();
        final AtomicLong told = new AtomicLong();
        addListener(r -> {
            long sum = 0;
            for (int p = 0; p < Phase.COUNT; p++) {
                sum += r.phaseNanos(p);
            }
            if (sum != r.totalNanos() || r.hotspots(HotSpotKind.REGEX_COMPILE.ordinal()) != 1) {
                mismatch.set(true);
            }
            told.incrementAndGet();
        });
        final CountDownLatch go = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<?>> done = new ArrayList<Future<?>>();
            for (int t = 0; t < threads; t++) {
                done.add(pool.submit(() -> {
                    await(go);
                    for (int i = 0; i < perThread; i++) {
                        int token = Recorder.requestStart();
                        Naming.nameRequest(NameSource.SOAP_ACTION, "urn:Concurrent");
                        Recorder.enter(Phase.INVOKE);
                        Recorder.enter(Phase.UNMARSHAL);
                        Streams.readStart();
                        Streams.readEnd(10, false, "concurrent.stream");
                        Recorder.exit(Phase.UNMARSHAL);
                        HotSpots.hotspot(HotSpotKind.REGEX_COMPILE, "concurrent.regex");
                        Recorder.exit(Phase.INVOKE);
                        Recorder.requestEnd(token, 200, false);
                    }
                }));
            }
            go.countDown();
            for (Future<?> f : done) {
                f.get(30, TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
        }

        long n = (long) threads * perThread;
        assertEquals(n, told.get());
        assertFalse(mismatch.get(), "a request's phases did not add up to its total, or its hot spot was lost");
        OperationStats stats = statsOf("urn:Concurrent");
        assertEquals(n, stats.requests());
        assertEquals(n, stats.outcomes(Outcome.SUCCESS));
        assertEquals(n, stats.totalHistogram().count());
        assertEquals(n, stats.hotspots(HotSpotKind.REGEX_COMPILE));
        assertEquals(n, stats.readCalls());
        assertEquals(10 * n, stats.bytesIn());
        HotSpotSite s = site(HotSpotKind.REGEX_COMPILE, "concurrent.regex");
        assertEquals(n, s.total());
        assertEquals(n, s.count(indexOf("urn:Concurrent")));
        long phases = 0;
        for (Phase p : Phase.values()) {
            phases += stats.phaseNanos(p);
        }
        assertEquals(stats.totalNanos(), phases);
    }

    // ---- helpers ----

    private void listen() {
        addListener(r -> {
            seen.add(new Seen(r));
        });
    }

    private void addListener(RequestListener l) {
        registered.add(l);
        Recorder.addListener(l);
    }

    private Seen only() {
        assertEquals(1, seen.size(), "requests recorded");
        return seen.get(0);
    }

    /** Spends about {@code millis} with {@code onTop} expected on top of the stack, and notes the time spent. */
    private void spend(Phase onTop, long millis) {
        long t0 = System.nanoTime();
        sleep(millis);
        atLeast[onTop.ordinal()] += System.nanoTime() - t0;
    }

    /**
     * Each phase got at least the time spent in it, and no more than the request's wall time minus what the
     * other phases must have got; the phases (time and allocation) add up to the request exactly.
     */
    private void assertSelfTimes(Seen r, long outerNanos) {
        assertEquals(r.totalNanos, r.phaseSum(), "phases do not add up to the request");
        assertEquals(r.allocatedBytes, r.phaseAllocSum(), "phase allocations do not add up to the request");
        assertTrue(r.totalNanos <= outerNanos, "request longer than its wall time");
        long spent = 0;
        for (long t : atLeast) {
            spent += t;
        }
        for (Phase p : Phase.values()) {
            long low = atLeast[p.ordinal()];
            long high = outerNanos - (spent - low);
            assertTrue(r.phase(p) >= low, p.tag() + " got " + r.phase(p) + " ns, less than the " + low + " ns spent in it");
            assertTrue(r.phase(p) <= high, p.tag() + " got " + r.phase(p) + " ns, more than the " + high + " ns left for it");
        }
    }

    private String operationNamedBy(Runnable naming) {
        int before = seen.size();
        int token = Recorder.requestStart();
        naming.run();
        Recorder.requestEnd(token, 200, false);
        assertEquals(before + 1, seen.size());
        return seen.get(before).operation;
    }

    /** A request with the SOAPAction {@code urn:add}, whatever its method. */
    private static Runnable get(final String method, final String query, final String servletPath) {
        return () -> Naming.nameFromHttp(method, query, "urn:add", "text/xml", servletPath);
    }

    private static Runnable http(final String soapAction, final String contentType, final String servletPath) {
        return () -> Naming.nameFromHttp(soapAction, contentType, servletPath);
    }

    /** The index of an operation name, or -1; read from the public table so that looking never adds a name. */
    private static int indexOf(String name) {
        OperationTable ops = Recorder.aggregates().operations();
        for (int i = 0; i < ops.size(); i++) {
            if (name.equals(ops.name(i))) {
                return i;
            }
        }
        return -1;
    }

    private static OperationStats statsOf(String operation) {
        int index = indexOf(operation);
        assertTrue(index >= 0, "no operation " + operation);
        OperationStats s = Recorder.aggregates().stats(index);
        assertNotNull(s, "no stats for " + operation);
        return s;
    }

    private static HotSpotSite find(HotSpotKind kind, String detail) {
        for (HotSpotSite s : Recorder.aggregates().sites().all()) {
            if (s.kind() == kind && s.detail().equals(detail)) {
                return s;
            }
        }
        return null;
    }

    private static HotSpotSite site(HotSpotKind kind, String detail) {
        HotSpotSite s = find(kind, detail);
        assertNotNull(s, "no " + kind.tag() + " site " + detail);
        return s;
    }

    /** Runs on a thread of its own (fresh per-thread state), rethrowing what failed there. */
    private static void onNewThread(final Runnable r) throws Exception {
        final AtomicReference<Throwable> failure = new AtomicReference<Throwable>();
        Thread t = new Thread(() -> {
            try {
                r.run();
            } catch (Throwable e) {
                failure.set(e);
            }
        });
        t.start();
        t.join(10_000);
        assertFalse(t.isAlive(), "worker thread did not finish");
        if (failure.get() instanceof Error) {
            throw (Error) failure.get();
        }
        if (failure.get() != null) {
            throw new AssertionError(failure.get());
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    /** A copy of a {@link CompletedRequest}, taken in the callback. */
    private static final class Seen {
        final String operation;
        final int operationIndex;
        final Outcome outcome;
        final long totalNanos;
        final long allocatedBytes;
        final long[] phaseNanos = new long[Phase.COUNT];
        final long[] phaseAlloc = new long[Phase.COUNT];
        final int[] hotspots = new int[HotSpotKind.COUNT];
        final long bytesIn;
        final long bytesOut;
        final long ttfb;

        Seen(CompletedRequest r) {
            operation = r.operation();
            operationIndex = r.operationIndex();
            outcome = r.outcome();
            totalNanos = r.totalNanos();
            allocatedBytes = r.allocatedBytes();
            for (int p = 0; p < Phase.COUNT; p++) {
                phaseNanos[p] = r.phaseNanos(p);
                phaseAlloc[p] = r.phaseAllocatedBytes(p);
            }
            for (int k = 0; k < HotSpotKind.COUNT; k++) {
                hotspots[k] = r.hotspots(k);
            }
            bytesIn = r.bytesIn();
            bytesOut = r.bytesOut();
            ttfb = r.timeToFirstByteNanos();
        }

        long phase(Phase p) {
            return phaseNanos[p.ordinal()];
        }

        long phaseSum() {
            long sum = 0;
            for (long n : phaseNanos) {
                sum += n;
            }
            return sum;
        }

        long phaseAllocSum() {
            long sum = 0;
            for (long n : phaseAlloc) {
                sum += n;
            }
            return sum;
        }
    }
}
