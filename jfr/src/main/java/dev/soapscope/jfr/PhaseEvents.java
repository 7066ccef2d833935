package dev.soapscope.jfr;

import dev.soapscope.recorder.Phase;
import dev.soapscope.recorder.SegmentSink;
import jdk.jfr.AnnotationElement;
import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Enabled;
import jdk.jfr.Event;
import jdk.jfr.EventFactory;
import jdk.jfr.EventType;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;
import jdk.jfr.Threshold;

import java.util.List;

/**
 * {@value #PHASE}: each stretch of a request's or call's thread in one phase, as a Flight Recorder event on its
 * thread's lane. Off unless a recording turns it on (one event per phase switch: many per request), and then only
 * stretches of 1 ms or more unless its threshold says otherwise. The recorder tells it of segments only while a
 * recording has it enabled ({@link SoapEvents} installs it then); a thread is in one segment at a time, so the event
 * begun at a segment's start waits in a thread-local until its end.
 */
final class PhaseEvents implements SegmentSink {
    static final String PHASE = "soapscope.Phase";

    final EventFactory factory = EventFactory.create(List.of(
                    new AnnotationElement(Name.class, PHASE),
                    new AnnotationElement(Label.class, "SOAP Phase"),
                    new AnnotationElement(Description.class, "A stretch of time a request's or call's thread spent in "
                            + "one phase (soap.parse, unmarshal, invoke, wait, ...)"),
                    new AnnotationElement(Category.class, new String[] {"SOAP", "Phases"}),
                    new AnnotationElement(StackTrace.class, false),
                    new AnnotationElement(Enabled.class, false),
                    new AnnotationElement(Threshold.class, "1 ms")),
            List.of(SoapEvents.field(String.class, "phase", "Phase", "the phase the thread was in")));
    final EventType type = factory.getEventType();
    private final ThreadLocal<Event> current = new ThreadLocal<>();

    @Override
    public long start() {
        if (!type.isEnabled()) {
            return 0;
        }
        Event event = factory.newEvent();
        event.begin();
        current.set(event);
        return 1;
    }

    @Override
    public void end(long start, int phase) {
        Event event = current.get();
        if (event == null) {
            return;
        }
        current.set(null);
        event.end();
        if (event.shouldCommit()) {
            event.set(0, Phase.of(phase).tag());
            event.commit();
        }
    }
}
