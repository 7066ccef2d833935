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
 * {@value SoapEvents#CALL}: a SOAP call this JVM made. Written like {@link RequestEvent}, with the peer and the
 * client's phases ({@code connect} and {@code wait}, no {@code invoke}).
 */
@Name(SoapEvents.CALL)
@Label("SOAP Client Call")
@Description("A SOAP call this JVM made: its operation, peer, outcome, and the self time of each phase")
@Category({"SOAP", "Client Calls"})
@StackTrace(false)
final class CallEvent extends HotSpotCounts {
    @Label("Operation")
    @Description("the WSDL operation, or what named it")
    String operation;

    @Label("Request Id")
    @Description("the request this call was made in; 0: none")
    @RequestId
    long requestId;

    @Label("Peer")
    @Description("host:port of the service called")
    String peer;

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
    @Label("marshal") @Timespan long marshal;
    @Label("soap.serialize") @Timespan long soapSerialize;
    @Label("transport.write") @Timespan long transportWrite;
    @Label("logging") @Timespan long logging;
    @Label("validation") @Timespan long validation;
    @Label("connect") @Timespan long connect;
    @Label("wait") @Timespan long wait;
    @Label("other") @Timespan long other;

    /** Sets {@code phase}'s field; false for a phase a client never has (it has no field here). */
    boolean phase(Phase phase, long nanos) {
        switch (phase) {
            case TRANSPORT_READ: transportRead = nanos; return true;
            case SOAP_PARSE: soapParse = nanos; return true;
            case ATTACHMENTS: attachments = nanos; return true;
            case HANDLERS: handlers = nanos; return true;
            case SECURITY: security = nanos; return true;
            case UNMARSHAL: unmarshal = nanos; return true;
            case MARSHAL: marshal = nanos; return true;
            case SOAP_SERIALIZE: soapSerialize = nanos; return true;
            case TRANSPORT_WRITE: transportWrite = nanos; return true;
            case LOGGING: logging = nanos; return true;
            case VALIDATION: validation = nanos; return true;
            case CONNECT: connect = nanos; return true;
            case WAIT: wait = nanos; return true;
            case OTHER: other = nanos; return true;
            default: return false;
        }
    }
}
