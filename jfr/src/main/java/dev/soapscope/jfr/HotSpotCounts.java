package dev.soapscope.jfr;

import dev.soapscope.recorder.CompletedRequest;
import dev.soapscope.recorder.HotSpotKind;
import jdk.jfr.Event;
import jdk.jfr.Label;

/**
 * What {@link RequestEvent} and {@link CallEvent} share: how many times the request or call met each hot-spot kind, a
 * field per kind named after its tag in camel case and labelled with it ({@code SoapEventsTest} holds them to
 * {@link HotSpotKind}). Counts, not a text such as {@code factory.create=1 soap.conversion=4}: a text that varies from
 * request to request is a new entry in Flight Recorder's string pool at almost every request. A superclass's fields come
 * after the subclass's in JMC and {@code jfr print}: after the phases, where they belong.
 */
abstract class HotSpotCounts extends Event {
    private static final HotSpotKind[] KINDS = HotSpotKind.values();

    @Label("factory.create") int factoryCreate;
    @Label("regex.compile") int regexCompile;
    @Label("uuid.random") int uuidRandom;
    @Label("crypto.load") int cryptoLoad;
    @Label("stream.single_byte_read") int streamSingleByteRead;
    @Label("soap.conversion") int soapConversion;
    @Label("payload.cached") int payloadCached;
    @Label("message.logged") int messageLogged;
    @Label("client.create") int clientCreate;
    @Label("connection.new") int connectionNew;
    @Label("exception.thrown") int exceptionThrown;

    /** Sets the count of each kind {@code r} met. */
    final void countHotSpots(CompletedRequest r) {
        for (HotSpotKind k : KINDS) {
            int n = r.hotspots(k.ordinal());
            if (n > 0) {
                hotSpots(k, n);
            }
        }
    }

    /** Sets {@code kind}'s count. */
    final void hotSpots(HotSpotKind kind, int count) {
        switch (kind) {
            case FACTORY_CREATE: factoryCreate = count; return;
            case REGEX_COMPILE: regexCompile = count; return;
            case UUID_RANDOM: uuidRandom = count; return;
            case CRYPTO_LOAD: cryptoLoad = count; return;
            case STREAM_SINGLE_BYTE_READ: streamSingleByteRead = count; return;
            case SOAP_CONVERSION: soapConversion = count; return;
            case PAYLOAD_CACHED: payloadCached = count; return;
            case MESSAGE_LOGGED: messageLogged = count; return;
            case CLIENT_CREATE: clientCreate = count; return;
            case CONNECTION_NEW: connectionNew = count; return;
            case EXCEPTION_THROWN: exceptionThrown = count; return;
            default: throw new IllegalArgumentException("no field for " + kind);
        }
    }
}
