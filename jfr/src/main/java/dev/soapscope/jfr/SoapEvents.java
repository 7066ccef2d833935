package dev.soapscope.jfr;

import dev.soapscope.recorder.CompletedRequest;
import dev.soapscope.recorder.HotSpotKind;
import dev.soapscope.recorder.HotSpotListener;
import dev.soapscope.recorder.HotSpotSite;
import dev.soapscope.recorder.Log;
import dev.soapscope.recorder.OpenListener;
import dev.soapscope.recorder.Phase;
import dev.soapscope.recorder.Recorder;
import dev.soapscope.recorder.RequestListener;
import jdk.jfr.AnnotationElement;
import jdk.jfr.Category;
import jdk.jfr.DataAmount;
import jdk.jfr.Description;
import jdk.jfr.Event;
import jdk.jfr.Enabled;
import jdk.jfr.EventFactory;
import jdk.jfr.EventType;
import jdk.jfr.FlightRecorder;
import jdk.jfr.FlightRecorderListener;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.Recording;
import jdk.jfr.StackTrace;
import jdk.jfr.Timespan;
import jdk.jfr.ValueDescriptor;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Each request served and each SOAP call made as a JDK Flight Recorder event, {@value #REQUEST} and {@value #CALL},
 * and each hot spot met as an instant {@value #HOT_SPOT} (kind, site, the application's line, operation). A request
 * or call is begun when it opens (JFR cannot back-date an event) and committed when the recorder has its figures:
 * operation, outcome, bytes, allocation, the self time of each phase (a field each) and the hot-spot kinds it met
 * (one field, {@code kind=count}). The fields come from the recorder's own vocabularies ({@link Phase},
 * {@link HotSpotKind}), so the events are built with {@link EventFactory}: a phase added to the recorder is a field
 * here with no other change. Nothing is allocated for a request unless a recording has the event enabled.
 */
public final class SoapEvents implements OpenListener, HotSpotListener {
    public static final String REQUEST = "soapscope.Request";
    public static final String CALL = "soapscope.ClientCall";
    public static final String HOT_SPOT = "soapscope.HotSpot";
    /**
     * What async-profiler's {@code jfrsync} records beside its samples, in its own file: one event a request or call;
     * not the hot spots nor the phases, off unless a recording turns them on.
     */
    public static final String PROFILER_SYNC = "+" + REQUEST + "+" + CALL;
    /** {@link HotSpotKind#values()} copies its array at every call. */
    private static final HotSpotKind[] KINDS = HotSpotKind.values();

    /** An instant: kind, site, the application's line, operation (fields in this order). */
    private final EventFactory hotSpots = EventFactory.create(List.of(
                    new AnnotationElement(Name.class, HOT_SPOT),
                    new AnnotationElement(Label.class, "SOAP Hot Spot"),
                    new AnnotationElement(Description.class, "A known SOAP cost met (a factory or client built, a "
                            + "message converted, a key store loaded...), at the application's line that caused it"),
                    new AnnotationElement(Category.class, new String[] {"SOAP", "Hot Spots"}),
                    new AnnotationElement(StackTrace.class, false),
                    // off unless a recording turns it on: several a request (12 on Spring-WS's echo sample), where
                    // the request's own event already counts them by kind
                    new AnnotationElement(Enabled.class, false)),
            List.of(field(String.class, "kind", "Kind", "the hot-spot kind: factory.create, client.create, ..."),
                    field(String.class, "site", "Site", "what was met there (the class or method soapscope saw)"),
                    field(String.class, "caller", "Caller", "the application's line that caused it"),
                    field(String.class, "operation", "Operation", "the request's or call's operation, if named yet"),
                    requestId("the request it was met in (in a call, the request that made it); 0: none")));
    /** Kept: {@link EventFactory#getEventType()} costs about 160 ns a call, the type's own flag nothing. */
    private final EventType hotSpotType = hotSpots.getEventType();
    private final PhaseEvents phases = new PhaseEvents();
    /**
     * The recorder tells the phase events of segments only while a recording has them on: any segment sink costs a
     * call per phase switch, on every request.
     */
    private final FlightRecorderListener phaseSwitch = new FlightRecorderListener() {
        @Override
        public void recordingStateChanged(Recording recording) {
            Recorder.setPhaseEventSink(phases.type.isEnabled() ? phases : null);
        }
    };

    private final Kind requests = new Kind(REQUEST, "SOAP Request", "Requests",
            "A SOAP request this JVM served: its operation, outcome, and the self time of each phase", false);
    private final Kind calls = new Kind(CALL, "SOAP Client Call", "Client Calls",
            "A SOAP call this JVM made: its operation, peer, outcome, and the self time of each phase", true);

    private static SoapEvents installed;

    /**
     * Installs the events once Flight Recorder is initialized: at once when a recording started with the JVM, else
     * when one first starts ({@code jcmd PID JFR.start}). A JVM that never records pays only for the listener (about
     * 20 ms, loading {@code jdk.jfr}), not for building and registering the event types (about 120 ms more, and JFR's
     * own start: 270-310 ms in all when done eagerly).
     */
    public static void installWhenRecorderStarts() {
        FlightRecorder.addListener(new FlightRecorderListener() {
            @Override
            public void recorderInitialized(FlightRecorder recorder) {
                try {
                    installOnce();
                } catch (Throwable t) {
                    Log.warnOnce("jfr", "jfr: could not register soapscope's Flight Recorder events; requests are "
                            + "recorded all the same (jfr=off to not try)", t);
                }
            }
        });
    }

    private static synchronized void installOnce() {
        if (installed == null) {
            installed = install();
        }
    }

    /** Makes the event types known to Flight Recorder (for {@code jfr}, JMC and event settings) and starts them. */
    public static SoapEvents install() {
        SoapEvents events = new SoapEvents();
        events.requests.factory.register();
        events.calls.factory.register();
        events.hotSpots.register();
        events.phases.factory.register();
        FlightRecorder.addListener(events.phaseSwitch);
        events.phaseSwitch.recordingStateChanged(null);
        Recorder.addListener(events.requests);
        Recorder.addCallListener(events.calls);
        Recorder.setOpenListener(events);
        Recorder.setHotSpotListener(events);
        return events;
    }

    /** Stops: no event is begun or committed after it (for tests, and an agent that stops). */
    public void uninstall() {
        Recorder.setOpenListener(null);
        Recorder.setHotSpotListener(null);
        FlightRecorder.removeListener(phaseSwitch);
        Recorder.setPhaseEventSink(null);
        phases.factory.unregister();
        Recorder.removeListener(requests);
        Recorder.removeCallListener(calls);
        requests.factory.unregister();
        calls.factory.unregister();
        hotSpots.unregister();
    }

    @Override
    public Object opened(boolean call) {
        Kind kind = call ? calls : requests;
        if (!kind.type.isEnabled()) {
            return null;
        }
        Event event = kind.factory.newEvent();
        event.begin();
        return event;
    }

    @Override
    public void hotSpot(HotSpotSite site, String operation, long requestId) {
        if (!hotSpotType.isEnabled()) {
            return;
        }
        Event event = hotSpots.newEvent();
        event.begin();
        if (event.shouldCommit()) {
            event.set(0, site.kind().tag());
            event.set(1, site.detail());
            event.set(2, site.caller());
            event.set(3, operation);
            event.set(4, requestId);
            event.commit();
        }
    }

    /** One event type, its fields' positions, and the listener that commits its events. */
    private static final class Kind implements RequestListener {
        final EventFactory factory;
        final EventType type;
        private final boolean call;
        /** A phase's field, by the phase's ordinal; -1 for a phase this side never has. */
        private final int[] phaseField = new int[Phase.COUNT];
        private final int hotSpotsField;

        Kind(String name, String label, String category, String description, boolean call) {
            this.call = call;
            List<ValueDescriptor> fields = new ArrayList<>();
            fields.add(field(String.class, "operation", "Operation", "the WSDL operation, or what named it"));
            fields.add(requestId(call ? "the request this call was made in; 0: none" : "this request's id, unique in the JVM"));
            if (call) {
                fields.add(field(String.class, "peer", "Peer", "host:port of the service called"));
            }
            fields.add(field(String.class, "outcome", "Outcome", "how it ended: success, fault, timeout, ..."));
            fields.add(field(long.class, "bytesIn", "Bytes In", "message bytes read", bytes()));
            fields.add(field(long.class, "bytesOut", "Bytes Out", "message bytes written", bytes()));
            fields.add(field(boolean.class, "allocationMeasured", "Allocation Measured",
                    "whether Allocated is a figure (false: allocation off, or a virtual thread)"));
            fields.add(field(long.class, "allocated", "Allocated", "bytes its thread allocated", bytes()));
            Arrays.fill(phaseField, -1);
            for (Phase p : Phase.values()) {
                if (call ? p.onClient() : p.onServer()) {
                    phaseField[p.ordinal()] = fields.size();
                    fields.add(field(long.class, camel(p.tag()), p.tag(), p.description(),
                            new AnnotationElement(Timespan.class, Timespan.NANOSECONDS)));
                }
            }
            hotSpotsField = fields.size(); // one column, not one per kind: a table of requests stays readable
            fields.add(field(String.class, "hotSpots", "Hot Spots",
                    "how many times it met each hot-spot kind, as kind=count (factory.create=1 soap.conversion=4)"));
            List<AnnotationElement> annotations = List.of(
                    new AnnotationElement(Name.class, name),
                    new AnnotationElement(Label.class, label),
                    new AnnotationElement(Description.class, description),
                    new AnnotationElement(Category.class, new String[] {"SOAP", category}),
                    new AnnotationElement(StackTrace.class, false));
            factory = EventFactory.create(annotations, fields);
            this.type = factory.getEventType();
        }

        @Override
        public void onRequest(CompletedRequest r) {
            Object mark = r.startMark();
            if (!(mark instanceof Event)) {
                return;
            }
            Event event = (Event) mark;
            event.end();
            if (!event.shouldCommit()) {
                return;
            }
            // a field set boxes its value and goes through reflection: a fresh event's fields are 0 already, and
            // most phases are 0 in any one request, so only the others are set (the cost is the agent's, per request)
            int i = 0;
            event.set(i++, r.operation());
            setUnlessZero(event, i++, r.requestId());
            if (call) {
                event.set(i++, r.peer());
            }
            event.set(i++, r.outcome().tag());
            setUnlessZero(event, i++, r.bytesIn());
            setUnlessZero(event, i++, r.bytesOut());
            if (r.allocationMeasured()) {
                event.set(i++, Boolean.TRUE);
                setUnlessZero(event, i, r.allocatedBytes());
            }
            for (int p = 0; p < Phase.COUNT; p++) {
                if (phaseField[p] >= 0) {
                    setUnlessZero(event, phaseField[p], r.phaseNanos(p));
                }
            }
            event.set(hotSpotsField, hotSpots(r));
            event.commit();
        }

        private static void setUnlessZero(Event event, int field, long value) {
            if (value != 0) {
                event.set(field, value);
            }
        }
    }

    /** The hot-spot kinds met, with their counts, in the vocabulary's order; empty when none. */
    static String hotSpots(CompletedRequest r) {
        StringBuilder met = null;
        for (HotSpotKind k : KINDS) {
            int n = r.hotspots(k.ordinal());
            if (n > 0) {
                met = met == null ? new StringBuilder() : met.append(' ');
                met.append(k.tag()).append('=').append(n);
            }
        }
        return met == null ? "" : met.toString();
    }

    static ValueDescriptor field(Class<?> type, String name, String label, String description,
                                         AnnotationElement... more) {
        List<AnnotationElement> annotations = new ArrayList<>();
        annotations.add(new AnnotationElement(Label.class, label));
        annotations.add(new AnnotationElement(Description.class, description));
        annotations.addAll(Arrays.asList(more));
        return new ValueDescriptor(type, name, annotations);
    }

    private static ValueDescriptor requestId(String description) {
        return field(long.class, "requestId", "Request Id", description, new AnnotationElement(RequestId.class));
    }

    private static AnnotationElement bytes() {
        return new AnnotationElement(DataAmount.class, DataAmount.BYTES);
    }

    /** A tag as a field name: {@code soap.parse} is {@code soapParse}, {@code factory.create} {@code factoryCreate}. */
    static String camel(String tag) {
        StringBuilder name = new StringBuilder(tag.length());
        boolean upper = false;
        for (char c : tag.toCharArray()) {
            if (c == '.' || c == '_' || c == '-') {
                upper = true;
            } else {
                name.append(upper ? Character.toUpperCase(c) : c);
                upper = false;
            }
        }
        return name.toString();
    }
}
