package dev.soapscope.jfr;

import dev.soapscope.recorder.HotSpotKind;
import dev.soapscope.recorder.NameSource;
import dev.soapscope.recorder.Phase;
import dev.soapscope.recorder.Recorder;
import dev.soapscope.recorder.HotSpots;
import dev.soapscope.recorder.Calls;
import dev.soapscope.recorder.Naming;
import dev.soapscope.recorder.RecorderSettings;
import jdk.jfr.Configuration;
import jdk.jfr.EventType;
import jdk.jfr.FlightRecorder;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The events in a real Flight Recorder recording of this JVM, read back as {@code jfr} and JMC read them. */
class SoapEventsTest {
    private static final String OP = "{urn:test}getQuote";
    private SoapEvents events;

    @BeforeEach
    void install() {
        Recorder.configure(RecorderSettings.DEFAULTS);
        events = SoapEvents.install();
    }

    @AfterEach
    void uninstall() {
        events.uninstall();
    }

    @Test
    void aRequestIsOneEventSpanningItWithItsPhasesAndHotSpots(@TempDir Path dir) throws Exception {
        List<RecordedEvent> recorded = record(dir, SoapEvents.REQUEST, () -> {
            int token = Recorder.requestStart();
            Naming.nameRequest(NameSource.SOAP_ACTION, OP);
            Recorder.enter(Phase.SOAP_PARSE);
            busy(20_000_000);
            HotSpots.hotspot(HotSpotKind.FACTORY_CREATE, "test");
            Recorder.exit(Phase.SOAP_PARSE);
            Recorder.enter(Phase.INVOKE);
            busy(5_000_000);
            Recorder.exit(Phase.INVOKE);
            Recorder.requestEnd(token, 200, false);
        });
        assertEquals(1, recorded.size(), recorded.toString());
        RecordedEvent e = recorded.get(0);
        assertEquals(OP, e.getString("operation"));
        assertEquals("success", e.getString("outcome"));
        assertTrue(e.getLong("soapParse") >= 20_000_000, e.toString());
        assertTrue(e.getLong("invoke") >= 5_000_000, e.toString());
        assertEquals(1, e.getInt("factoryCreate"), e.toString());
        assertEquals(0, e.getInt("regexCompile"), e.toString());
        // begun when the request opened: the event spans the request, not an instant at its end
        assertTrue(e.getDuration().compareTo(Duration.ofMillis(25)) >= 0, e.getDuration().toString());
        assertEquals(Thread.currentThread().getName(), e.getThread().getJavaName());
        assertFalse(e.getFields().stream().anyMatch(f -> f.getName().equals("connect")), "connect is a client phase");
    }

    @Test
    void aCallIsAClientCallEventWithItsPeerAndClientPhases(@TempDir Path dir) throws Exception {
        List<RecordedEvent> recorded = record(dir, SoapEvents.CALL, () -> {
            int token = Calls.clientStart();
            Naming.nameRequest(NameSource.STACK, OP);
            Calls.clientPeer("http://quotes.example:8080/svc");
            Recorder.enter(Phase.WAIT);
            busy(10_000_000);
            Recorder.exit(Phase.WAIT);
            Calls.clientEnd(token, new java.net.SocketTimeoutException("read timed out"));
        });
        assertEquals(1, recorded.size(), recorded.toString());
        RecordedEvent e = recorded.get(0);
        assertEquals(OP, e.getString("operation"));
        assertEquals("quotes.example:8080", e.getString("peer"));
        assertEquals("timeout", e.getString("outcome"));
        assertTrue(e.getLong("wait") >= 10_000_000, e.toString());
        assertFalse(e.getFields().stream().anyMatch(f -> f.getName().equals("invoke")), "invoke is a server phase");
    }

    @Test
    void aHotSpotIsAnInstantWithItsKindSiteCallerAndOperation(@TempDir Path dir) throws Exception {
        List<RecordedEvent> recorded = record(dir, SoapEvents.HOT_SPOT, () -> {
            int token = Recorder.requestStart();
            Naming.nameRequest(NameSource.SOAP_ACTION, OP);
            HotSpots.hotspot(HotSpotKind.FACTORY_CREATE, "javax.xml.soap.MessageFactory.newInstance");
            HotSpots.hotspot(HotSpotKind.STREAM_SINGLE_BYTE_READ, "java.io.InputStream.read()"); // counted, no event
            Recorder.requestEnd(token, 200, false);
            HotSpots.hotspot(HotSpotKind.FACTORY_CREATE, "javax.xml.soap.MessageFactory.newInstance"); // no request
        });
        assertEquals(2, recorded.size(), recorded.toString());
        RecordedEvent in = recorded.get(0);
        assertEquals("factory.create", in.getString("kind"));
        assertEquals("javax.xml.soap.MessageFactory.newInstance", in.getString("site"));
        assertEquals(OP, in.getString("operation"));
        assertTrue(in.getString("caller").contains("SoapEventsTest"), in.getString("caller"));
        assertNull(recorded.get(1).getString("operation"), recorded.get(1).toString());
    }

    /** A request's id ties the calls it makes and the hot spots met in them to it; what runs outside has 0. */
    @Test
    void aRequestsCallsAndHotSpotsCarryItsId(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("ids.jfr");
        try (Recording recording = new Recording()) {
            for (String type : List.of(SoapEvents.REQUEST, SoapEvents.CALL, SoapEvents.HOT_SPOT)) {
                recording.enable(type).withoutStackTrace();
            }
            recording.start();
            for (int i = 0; i < 2; i++) {
                int token = Recorder.requestStart();
                Naming.nameRequest(NameSource.SOAP_ACTION, OP);
                int call = Calls.clientStart();
                HotSpots.hotspot(HotSpotKind.CLIENT_CREATE, "a port built in the call");
                Calls.clientEnd(call, null);
                Recorder.requestEnd(token, 200, false);
            }
            int outside = Calls.clientStart();
            Calls.clientEnd(outside, null);
            recording.stop();
            recording.dump(file);
        }
        Map<String, List<Long>> ids = new java.util.TreeMap<>();
        for (RecordedEvent e : RecordingFile.readAllEvents(file)) {
            ids.computeIfAbsent(e.getEventType().getName(), k -> new java.util.ArrayList<>()).add(e.getLong("requestId"));
        }
        List<Long> requests = ids.get(SoapEvents.REQUEST);
        assertEquals(2, requests.size(), ids.toString());
        assertTrue(requests.get(0) != 0 && !requests.get(0).equals(requests.get(1)), "unique, never 0: " + ids);
        assertEquals(List.of(requests.get(0), requests.get(1), 0L), ids.get(SoapEvents.CALL), "a call outside any: 0");
        assertEquals(requests, ids.get(SoapEvents.HOT_SPOT), "the hot spot met in a call: the request's id");
        assertTrue(FlightRecorder.getFlightRecorder().getEventTypes().stream()
                .filter(t -> t.getName().equals(SoapEvents.CALL)).findFirst().orElseThrow().getField("requestId")
                .getAnnotationElements().stream().anyMatch(a -> a.getTypeName().equals("soapscope.RequestId")),
                "relational: JMC ties the events by it");
    }

    @Test
    void phasesAreEventsOnlyWhenARecordingTurnsThemOn(@TempDir Path dir) throws Exception {
        Runnable request = () -> {
            int token = Recorder.requestStart();
            Naming.nameRequest(NameSource.SOAP_ACTION, OP);
            Recorder.enter(Phase.SOAP_PARSE);
            busy(3_000_000);
            Recorder.exit(Phase.SOAP_PARSE);
            Recorder.enter(Phase.INVOKE);
            busy(3_000_000);
            Recorder.exit(Phase.INVOKE);
            Recorder.requestEnd(token, 200, false);
        };
        Path file = dir.resolve("default.jfr");
        try (Recording defaults = new Recording(Configuration.getConfiguration("default"))) {
            defaults.start();
            request.run();
            defaults.stop();
            defaults.dump(file);
        }
        assertEquals(List.of(), phases(RecordingFile.readAllEvents(file)), "soapscope.Phase is off by default");

        List<RecordedEvent> recorded = record(dir, PhaseEvents.PHASE, request);
        assertEquals(List.of("soap.parse", "invoke"), phases(recorded), recorded.toString());
        for (RecordedEvent e : recorded) {
            assertTrue(e.getDuration().compareTo(Duration.ofMillis(3)) >= 0, e.toString());
        }
    }

    /** The phases of the soapscope.Phase events, in order (the 1 ms threshold drops the request's short other). */
    private static List<String> phases(List<RecordedEvent> events) {
        return events.stream().filter(e -> e.getEventType().getName().equals(PhaseEvents.PHASE))
                .map(e -> e.getString("phase")).collect(Collectors.toList());
    }

    @Test
    void everyPhaseIsAFieldOfItsSide() {
        List<String> request = fields(SoapEvents.REQUEST);
        List<String> call = fields(SoapEvents.CALL);
        for (Phase p : Phase.values()) {
            assertEquals(p.onServer(), request.contains(SoapEvents.camel(p.tag())), p + " in " + request);
            assertEquals(p.onClient(), call.contains(SoapEvents.camel(p.tag())), p + " in " + call);
        }
        List<String> kinds = java.util.Arrays.stream(HotSpotKind.values()).map(k -> SoapEvents.camel(k.tag()))
                .collect(Collectors.toList());
        for (List<String> side : List.of(request, call)) { // last, after the phases
            assertEquals(kinds, side.subList(side.size() - kinds.size(), side.size()), side.toString());
        }
        assertEquals("soapParse", SoapEvents.camel("soap.parse"));
        assertEquals("transportWrite", SoapEvents.camel("transport.write"));
    }

    /** The events are classes of their own: each side's phase field is named and labelled for its phase, and set. */
    @Test
    void eachPhaseSetsItsOwnFieldLabelledWithItsTag() throws Exception {
        RequestEvent request = new RequestEvent();
        CallEvent call = new CallEvent();
        for (Phase p : Phase.values()) {
            long nanos = 1000 + p.ordinal();
            assertEquals(p.onServer(), request.phase(p, nanos), p + " on a server");
            assertEquals(p.onClient(), call.phase(p, nanos), p + " on a client");
            for (Object event : List.of(request, call)) {
                if (event == request ? p.onServer() : p.onClient()) {
                    java.lang.reflect.Field f = event.getClass().getDeclaredField(SoapEvents.camel(p.tag()));
                    assertEquals(nanos, f.getLong(event), p + " in " + event.getClass().getSimpleName());
                    assertEquals(p.tag(), f.getAnnotation(jdk.jfr.Label.class).value());
                    assertTrue(f.isAnnotationPresent(jdk.jfr.Timespan.class), p.tag());
                }
            }
        }
    }

    /** Each hot-spot kind sets a field of its own on both sides, labelled with its tag. */
    @Test
    void eachHotSpotKindSetsItsOwnFieldLabelledWithItsTag() throws Exception {
        RequestEvent request = new RequestEvent();
        CallEvent call = new CallEvent();
        for (HotSpotKind k : HotSpotKind.values()) {
            int count = 10 + k.ordinal();
            request.hotSpots(k, count);
            call.hotSpots(k, count);
            for (Object event : List.of(request, call)) {
                java.lang.reflect.Field f = HotSpotCounts.class.getDeclaredField(SoapEvents.camel(k.tag()));
                assertEquals(count, f.getInt(event), k + " in " + event.getClass().getSimpleName());
                assertEquals(k.tag(), f.getAnnotation(jdk.jfr.Label.class).value());
            }
        }
    }

    @Test
    void withNoRecordingNothingIsBegun() {
        assertNull(events.opened(false));
        assertNull(events.opened(true));
    }

    @Test
    void uninstalledTheTypesAreGone() {
        events.uninstall();
        assertFalse(fields(SoapEvents.REQUEST).size() > 0, "still registered");
        events = SoapEvents.install(); // for @AfterEach
    }

    private static List<String> fields(String type) {
        return FlightRecorder.getFlightRecorder().getEventTypes().stream().filter(t -> t.getName().equals(type))
                .findFirst().map(EventType::getFields).orElse(List.of()).stream()
                .map(f -> f.getName()).collect(Collectors.toList());
    }

    private static List<RecordedEvent> record(Path dir, String type, Runnable work) throws Exception {
        Path file = dir.resolve("test.jfr");
        try (Recording recording = new Recording()) {
            recording.enable(type).withoutStackTrace();
            recording.start();
            work.run();
            recording.stop();
            recording.dump(file);
        }
        return RecordingFile.readAllEvents(file).stream().filter(e -> e.getEventType().getName().equals(type))
                .collect(Collectors.toList());
    }

    private static void busy(long nanos) {
        long end = System.nanoTime() + nanos;
        while (System.nanoTime() < end) {
            LockSupport.parkNanos(Math.min(1_000_000, end - System.nanoTime()));
        }
    }
}
