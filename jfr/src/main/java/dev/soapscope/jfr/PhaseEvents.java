package dev.soapscope.jfr;

import dev.soapscope.recorder.Phase;
import dev.soapscope.recorder.SegmentSink;
import jdk.jfr.EventType;

/**
 * {@value #PHASE}: each stretch of a request's or call's thread in one phase, as a Flight Recorder event
 * ({@link PhaseEvent}) on its thread's lane. Off unless a recording turns it on (one event per phase switch: many per
 * request), and then only stretches of 1 ms or more unless its threshold says otherwise. The recorder tells it of
 * segments only while a recording has it enabled ({@link SoapEvents} installs it then); a thread is in one segment at
 * a time, so the event begun at a segment's start waits in a thread-local until its end.
 */
final class PhaseEvents implements SegmentSink {
    static final String PHASE = "soapscope.Phase";

    /** Set when the events are registered. */
    volatile EventType type;
    private final ThreadLocal<PhaseEvent> current = new ThreadLocal<>();

    boolean enabled() {
        EventType t = type;
        return t != null && t.isEnabled();
    }

    @Override
    public long start(long nanoTime) {
        if (!enabled()) {
            return 0;
        }
        PhaseEvent event = new PhaseEvent();
        event.begin();
        current.set(event);
        return 1;
    }

    @Override
    public void end(long start, long nanoTime, int phase) {
        PhaseEvent event = current.get();
        if (event == null) {
            return;
        }
        current.set(null);
        event.end();
        if (event.shouldCommit()) {
            event.phase = Phase.of(phase).tag();
            event.commit();
        }
    }
}
