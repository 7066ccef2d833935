package dev.soapscope.jfr;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Enabled;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/** {@value SoapEvents#HOT_SPOT}: an instant, a hot spot met. */
@Name(SoapEvents.HOT_SPOT)
@Label("SOAP Hot Spot")
@Description("A known SOAP cost met (a factory or client built, a message converted, a key store loaded...), at the "
        + "application's line that caused it")
@Category({"SOAP", "Hot Spots"})
@StackTrace(false)
// off unless a recording turns it on: several a request (12 on Spring-WS's echo sample), where the request's own
// event already counts them by kind
@Enabled(false)
final class HotSpotEvent extends Event {
    @Label("Kind")
    @Description("the hot-spot kind: factory.create, client.create, ...")
    String kind;

    @Label("Site")
    @Description("what was met there (the class or method soapscope saw)")
    String site;

    @Label("Caller")
    @Description("the application's line that caused it")
    String caller;

    @Label("Operation")
    @Description("the request's or call's operation, if named yet")
    String operation;

    @Label("Request Id")
    @Description("the request it was met in (in a call, the request that made it); 0: none")
    @RequestId
    long requestId;
}
