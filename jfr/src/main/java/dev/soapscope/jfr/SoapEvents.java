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
import jdk.jfr.EventType;
import jdk.jfr.FlightRecorder;
import jdk.jfr.FlightRecorderListener;
import jdk.jfr.Recording;

/**
 * Each request served and each SOAP call made as a JDK Flight Recorder event, {@value #REQUEST} and {@value #CALL},
 * and each hot spot met as an instant {@value #HOT_SPOT} (kind, site, the application's line, operation). A request
 * or call is begun when it opens (JFR cannot back-date an event) and committed when the recorder has its figures:
 * operation, outcome, bytes, allocation, the self time of each phase and the times it met each hot-spot kind (a field
 * each). Each event is a class of its own ({@link RequestEvent}, {@link CallEvent},
 * {@link HotSpotEvent}, {@link PhaseEvent}): written for every request while a profile runs, an event whose fields
 * JFR's generated code writes directly costs about half of one built with {@code EventFactory} (boxed values set by
 * index, a constructor called through a method handle). Nothing is allocated for a request unless a recording has
 * the event enabled.
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
    /** {@link Phase#values()} copies its array at every call. */
    private static final Phase[] PHASES = Phase.values();

    /** Kept: the type's own flag costs nothing, a look-up of the type about 160 ns. */
    private EventType requestType;
    private EventType callType;
    private EventType hotSpotType;
    private final PhaseEvents phases = new PhaseEvents();
    /**
     * The recorder tells the phase events of segments only while a recording has them on: any segment sink costs a
     * call per phase switch, on every request.
     */
    private final FlightRecorderListener phaseSwitch = new FlightRecorderListener() {
        @Override
        public void recordingStateChanged(Recording recording) {
            Recorder.setPhaseEventSink(phases.enabled() ? phases : null);
        }
    };
    private final RequestListener requests = SoapEvents::requestEnded;
    private final RequestListener calls = SoapEvents::callEnded;

    private static SoapEvents installed;

    /**
     * Installs the events once Flight Recorder is initialized: at once when a recording started with the JVM, else
     * when one first starts ({@code jcmd PID JFR.start}). A JVM that never records pays only for the listener (about
     * 20 ms, loading {@code jdk.jfr}), not for registering the event types (and JFR's own start: 270-310 ms in all
     * when done eagerly).
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
        FlightRecorder.register(RequestEvent.class);
        FlightRecorder.register(CallEvent.class);
        FlightRecorder.register(HotSpotEvent.class);
        FlightRecorder.register(PhaseEvent.class);
        events.requestType = EventType.getEventType(RequestEvent.class);
        events.callType = EventType.getEventType(CallEvent.class);
        events.hotSpotType = EventType.getEventType(HotSpotEvent.class);
        events.phases.type = EventType.getEventType(PhaseEvent.class);
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
        Recorder.removeListener(requests);
        Recorder.removeCallListener(calls);
        FlightRecorder.unregister(PhaseEvent.class);
        FlightRecorder.unregister(RequestEvent.class);
        FlightRecorder.unregister(CallEvent.class);
        FlightRecorder.unregister(HotSpotEvent.class);
    }

    @Override
    public Object opened(boolean call) {
        if (call) {
            if (!callType.isEnabled()) {
                return null;
            }
            CallEvent event = new CallEvent();
            event.begin();
            return event;
        }
        if (!requestType.isEnabled()) {
            return null;
        }
        RequestEvent event = new RequestEvent();
        event.begin();
        return event;
    }

    @Override
    public void hotSpot(HotSpotSite site, String operation, long requestId) {
        if (!hotSpotType.isEnabled()) {
            return;
        }
        HotSpotEvent event = new HotSpotEvent();
        if (event.shouldCommit()) {
            event.kind = site.kind().tag();
            event.site = site.detail();
            event.caller = site.caller();
            event.operation = operation;
            event.requestId = requestId;
            event.commit();
        }
    }

    private static void requestEnded(CompletedRequest r) {
        Object mark = r.startMark();
        if (!(mark instanceof RequestEvent)) {
            return;
        }
        RequestEvent event = (RequestEvent) mark;
        event.end();
        if (!event.shouldCommit()) {
            return;
        }
        event.operation = r.operation();
        event.requestId = r.requestId();
        event.outcome = r.outcome().tag();
        event.bytesIn = r.bytesIn();
        event.bytesOut = r.bytesOut();
        event.allocationMeasured = r.allocationMeasured();
        event.allocated = r.allocationMeasured() ? r.allocatedBytes() : 0;
        for (Phase p : PHASES) {
            long nanos = r.phaseNanos(p.ordinal());
            if (nanos != 0) {
                event.phase(p, nanos);
            }
        }
        event.countHotSpots(r);
        event.commit();
    }

    private static void callEnded(CompletedRequest r) {
        Object mark = r.startMark();
        if (!(mark instanceof CallEvent)) {
            return;
        }
        CallEvent event = (CallEvent) mark;
        event.end();
        if (!event.shouldCommit()) {
            return;
        }
        event.operation = r.operation();
        event.requestId = r.requestId();
        event.peer = r.peer();
        event.outcome = r.outcome().tag();
        event.bytesIn = r.bytesIn();
        event.bytesOut = r.bytesOut();
        event.allocationMeasured = r.allocationMeasured();
        event.allocated = r.allocationMeasured() ? r.allocatedBytes() : 0;
        for (Phase p : PHASES) {
            long nanos = r.phaseNanos(p.ordinal());
            if (nanos != 0) {
                event.phase(p, nanos);
            }
        }
        event.countHotSpots(r);
        event.commit();
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
