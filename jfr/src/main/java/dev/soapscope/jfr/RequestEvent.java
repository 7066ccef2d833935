package dev.soapscope.jfr;

import dev.soapscope.recorder.Phase;
import jdk.jfr.Category;
import jdk.jfr.DataAmount;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;
import jdk.jfr.Timespan;

/**
 * {@value SoapEvents#REQUEST}: a request this JVM served. A class of its own, not {@link jdk.jfr.EventFactory}'s: JFR
 * writes its fields with no boxing and no look-up by index, which matters because it is written for every request while
 * a recording (a profile) runs. Its phase fields are {@link Phase}'s server phases, each its tag in camel case
 * ({@code soap.parse}: {@code soapParse}), labelled with the tag; {@code SoapEventsTest} holds them to {@link Phase}.
 * {@link CallEvent} repeats the common fields rather than sharing a superclass: JFR lists a superclass's fields after
 * the subclass's, which would put the operation after the phases in JMC and {@code jfr print}. The hot-spot counts,
 * which come last, are the superclass's ({@link HotSpotCounts}).
 */
@Name(SoapEvents.REQUEST)
@Label("SOAP Request")
@Description("A SOAP request this JVM served: its operation, outcome, and the self time of each phase")
@Category({"SOAP", "Requests"})
@StackTrace(false)
final class RequestEvent extends HotSpotCounts {
    @Label("Operation")
    @Description("the WSDL operation, or what named it")
    String operation;

    @Label("Request Id")
    @Description("this request's id, unique in the JVM")
    @RequestId
    long requestId;

    @Label("Outcome")
    @Description("how it ended: success, fault, timeout, ...")
    String outcome;

    @Label("Bytes In")
    @Description("message bytes read")
    @DataAmount
    long bytesIn;

    @Label("Bytes Out")
    @Description("message bytes written")
    @DataAmount
    long bytesOut;

    @Label("Allocation Measured")
    @Description("whether Allocated is a figure (false: allocation off, or a virtual thread)")
    boolean allocationMeasured;

    @Label("Allocated")
    @Description("bytes its thread allocated")
    @DataAmount
    long allocated;

    @Label("transport.read") @Timespan long transportRead;
    @Label("soap.parse") @Timespan long soapParse;
    @Label("attachments") @Timespan long attachments;
    @Label("handlers") @Timespan long handlers;
    @Label("security") @Timespan long security;
    @Label("unmarshal") @Timespan long unmarshal;
    @Label("invoke") @Timespan long invoke;
    @Label("marshal") @Timespan long marshal;
    @Label("soap.serialize") @Timespan long soapSerialize;
    @Label("transport.write") @Timespan long transportWrite;
    @Label("logging") @Timespan long logging;
    @Label("validation") @Timespan long validation;
    @Label("downstream") @Timespan long downstream;
    @Label("other") @Timespan long other;

    /** Sets {@code phase}'s field; false for a phase a server never has (it has no field here). */
    boolean phase(Phase phase, long nanos) {
        switch (phase) {
            case TRANSPORT_READ: transportRead = nanos; return true;
            case SOAP_PARSE: soapParse = nanos; return true;
            case ATTACHMENTS: attachments = nanos; return true;
            case HANDLERS: handlers = nanos; return true;
            case SECURITY: security = nanos; return true;
            case UNMARSHAL: unmarshal = nanos; return true;
            case INVOKE: invoke = nanos; return true;
            case MARSHAL: marshal = nanos; return true;
            case SOAP_SERIALIZE: soapSerialize = nanos; return true;
            case TRANSPORT_WRITE: transportWrite = nanos; return true;
            case LOGGING: logging = nanos; return true;
            case VALIDATION: validation = nanos; return true;
            case DOWNSTREAM: downstream = nanos; return true;
            case OTHER: other = nanos; return true;
            default: return false;
        }
    }
}
