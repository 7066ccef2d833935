package dev.soapscope.metrics;

import dev.soapscope.recorder.HotSpotAdvice;
import dev.soapscope.recorder.HotSpotKind;
import dev.soapscope.recorder.Phase;

/**
 * {@code /kinds}: the vocabulary the page explains, from its one declaration: each {@link Phase} with its
 * description, and each {@link HotSpotKind} with its description, why it costs and what to do instead (the last
 * two from {@link HotSpotAdvice}).
 */
final class KindsJson {
    private KindsJson() {
    }

    static String render() {
        Json j = new Json().beginObject().name("phases").beginArray();
        for (Phase p : Phase.values()) {
            j.beginObject().name("tag").value(p.tag()).name("description").value(p.description())
                    .name("colour").value(p.colour()).endObject();
        }
        j.endArray().name("hotspot_kinds").beginArray();
        for (HotSpotKind k : HotSpotKind.values()) {
            j.beginObject().name("tag").value(k.tag()).name("description").value(k.description())
                    .name("why").value(why(k)).name("instead").value(instead(k)).endObject();
        }
        return j.endArray().endObject().toString();
    }

    static String why(HotSpotKind k) {
        return HotSpotAdvice.why(k);
    }

    static String instead(HotSpotKind k) {
        return HotSpotAdvice.instead(k);
    }
}
