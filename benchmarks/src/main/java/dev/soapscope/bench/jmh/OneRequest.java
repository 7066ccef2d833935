package dev.soapscope.bench.jmh;

import dev.soapscope.recorder.HotSpotKind;
import dev.soapscope.recorder.Phase;
import dev.soapscope.recorder.Recorder;
import dev.soapscope.recorder.Streams;
import dev.soapscope.recorder.HotSpots;
import dev.soapscope.recorder.Naming;

/**
 * Everything the probes tell the recorder about one Spring-WS-like request, in the order they would: the servlet
 * opens and names it (a quoted SOAPAction, as clients send it), seven phases are entered and left with
 * {@code enter}/{@code exit}, the body is read twice from inside {@code unmarshal} (a streaming parser pulling from
 * the socket), the response is written once from inside {@code soap.serialize}, and three hot spots are hit at sites
 * the recorder already knows (a factory and a conversion while parsing, a regex in the endpoint). Ten phase
 * switches in and ten out, plus {@code other} for the gaps: more than the eight phases the target speaks of.
 */
public final class OneRequest {
    static final String SOAP_ACTION = "\"urn:soapscope:demo:payload-caching/axiom-streaming\"";
    static final String CONTENT_TYPE = "text/xml; charset=utf-8";
    static final String SERVLET_PATH = "/axiom-streaming";
    static final String FACTORY_SITE = "javax.xml.parsers.DocumentBuilderFactory.newInstance";
    static final String CONVERSION_SITE = "stream -> envelope";
    static final String REGEX_SITE = "java.util.regex.Pattern.compile";

    private static final int FACTORY = HotSpotKind.FACTORY_CREATE.ordinal();
    private static final int CONVERSION = HotSpotKind.SOAP_CONVERSION.ordinal();
    private static final int REGEX = HotSpotKind.REGEX_COMPILE.ordinal();
    private static final int PARSE = Phase.SOAP_PARSE.ordinal();
    private static final int ATTACHMENTS = Phase.ATTACHMENTS.ordinal();
    private static final int SECURITY = Phase.SECURITY.ordinal();
    private static final int UNMARSHAL = Phase.UNMARSHAL.ordinal();
    private static final int INVOKE = Phase.INVOKE.ordinal();
    private static final int MARSHAL = Phase.MARSHAL.ordinal();
    private static final int SERIALIZE = Phase.SOAP_SERIALIZE.ordinal();

    private OneRequest() {
    }

    /** One whole request on the calling thread, as the servlet, stream and stack probes would report it. */
    public static void serve() {
        int token = Recorder.requestStart();
        Naming.nameFromHttp(SOAP_ACTION, CONTENT_TYPE, SERVLET_PATH);

        Recorder.enter(PARSE);
        HotSpots.callStart(FACTORY);
        HotSpots.callEnd(FACTORY, FACTORY_SITE);
        HotSpots.callStart(CONVERSION);
        HotSpots.callEnd(CONVERSION, CONVERSION_SITE);
        Recorder.exit(PARSE);

        Recorder.enter(ATTACHMENTS);
        Recorder.exit(ATTACHMENTS);
        Recorder.enter(SECURITY);
        Recorder.exit(SECURITY);

        Recorder.enter(UNMARSHAL);
        Streams.readStart();
        Streams.readEnd(8192, false, null);
        Streams.readStart();
        Streams.readEnd(-1, false, null);
        Recorder.exit(UNMARSHAL);

        Recorder.enter(INVOKE);
        HotSpots.callStart(REGEX);
        HotSpots.callEnd(REGEX, REGEX_SITE);
        Recorder.exit(INVOKE);

        Recorder.enter(MARSHAL);
        Recorder.exit(MARSHAL);

        Recorder.enter(SERIALIZE);
        Streams.writeStart();
        Streams.writeEnd(512);
        Recorder.exit(SERIALIZE);

        Recorder.requestEnd(token, 200, false);
    }

    /** A request that enters no phase: the per-request part of the cost, without the per-switch part. */
    public static void serveEmpty() {
        int token = Recorder.requestStart();
        Naming.nameFromHttp(SOAP_ACTION, CONTENT_TYPE, SERVLET_PATH);
        Recorder.requestEnd(token, 200, false);
    }
}
