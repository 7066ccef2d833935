package dev.soapscope.jfr;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Enabled;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;
import jdk.jfr.Threshold;

/** {@value PhaseEvents#PHASE}: a stretch of one thread in one phase ({@link PhaseEvents} writes them). */
@Name(PhaseEvents.PHASE)
@Label("SOAP Phase")
@Description("A stretch of time a request's or call's thread spent in one phase (soap.parse, unmarshal, invoke, wait, ...)")
@Category({"SOAP", "Phases"})
@StackTrace(false)
@Enabled(false)
@Threshold("1 ms")
final class PhaseEvent extends Event {
    @Label("Phase")
    @Description("the phase the thread was in")
    String phase;
}
