package dev.soapscope.bench.jmh;

import dev.soapscope.recorder.HotSpotKind;
import dev.soapscope.recorder.NameSource;
import dev.soapscope.recorder.Phase;
import dev.soapscope.recorder.Recorder;
import dev.soapscope.recorder.HotSpots;
import dev.soapscope.recorder.Calls;
import dev.soapscope.recorder.Naming;

/**
 * Everything the client probes tell the recorder about one SOAP call, in the order they would for a JAX-WS port on
 * HttpURLConnection: the boundary opens, names and addresses it, the request is marshalled and serialized, written to
 * the socket, the answer awaited and read, parsed and unmarshalled, a factory hot spot is hit while parsing. Eight
 * phase switches in and eight out, as {@link OneRequest} has ten: the two are the same kind of work for the recorder.
 */
public final class OneCall {
    static final String OPERATION = "{http://duke.example.org}addNumbers";
    static final String ADDRESS = "http://127.0.0.1:8080/jaxws-fromwsdl/addnumbers";

    private static final int FACTORY = HotSpotKind.FACTORY_CREATE.ordinal();
    private static final int MARSHAL = Phase.MARSHAL.ordinal();
    private static final int SERIALIZE = Phase.SOAP_SERIALIZE.ordinal();
    private static final int PARSE = Phase.SOAP_PARSE.ordinal();
    private static final int UNMARSHAL = Phase.UNMARSHAL.ordinal();
    private static final int HANDLERS = Phase.HANDLERS.ordinal();

    private OneCall() {
    }

    /** One whole call on the calling thread, as the client, socket and stack probes would report it. */
    public static void call() {
        int token = Calls.clientStart();
        Naming.nameRequest(NameSource.STACK, OPERATION);
        Calls.clientPeer(ADDRESS);
        exchange(true);
        Calls.clientEnd(token, null);
    }

    /** The same call with no hot spot: what every call pays (a hot spot's caller is walked now and then). */
    public static void callWithoutHotSpot() {
        int token = Calls.clientStart();
        Naming.nameRequest(NameSource.STACK, OPERATION);
        Calls.clientPeer(ADDRESS);
        exchange(false);
        Calls.clientEnd(token, null);
    }

    /**
     * The same call as CXF makes it since its answer may be read on other threads: a handle is asked for (and kept in
     * its exchange), the call recorded through it when its boundary returns.
     */
    public static Object callWithHandle() {
        int token = Calls.clientStart();
        Naming.nameRequest(NameSource.STACK, OPERATION);
        Calls.clientPeer(ADDRESS);
        Object handle = Calls.callHandle();
        exchange(false);
        Calls.clientEnd(token, null);
        return handle;
    }

    private static void exchange(boolean hotSpot) {
        Recorder.enter(MARSHAL);
        Recorder.exit(MARSHAL);
        Recorder.enter(HANDLERS);
        Recorder.enter(SERIALIZE);
        boolean write = Calls.socketWriteStart();
        Calls.socketWriteEnd(write, 512);
        Recorder.exit(SERIALIZE);
        int wait = Calls.socketReadStart();
        Calls.socketReadEnd(wait, 4096);
        int read = Calls.socketReadStart();
        Calls.socketReadEnd(read, 100);

        Recorder.enter(PARSE);
        if (hotSpot) {
            HotSpots.callStart(FACTORY);
            HotSpots.callEnd(FACTORY, OneRequest.FACTORY_SITE);
        }
        Recorder.exit(PARSE);
        Recorder.exit(HANDLERS);
        Recorder.enter(UNMARSHAL);
        Recorder.exit(UNMARSHAL);
    }
}
