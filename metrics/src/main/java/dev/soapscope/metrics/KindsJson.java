package dev.soapscope.metrics;

import dev.soapscope.recorder.HotSpotKind;
import dev.soapscope.recorder.Phase;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/**
 * {@code /kinds}: the vocabulary the page explains, from its one declaration: each {@link Phase} with its
 * description, and each {@link HotSpotKind} with its description, why it costs and what to do instead (the last
 * two from {@code page/hotspot-advice.properties}).
 */
final class KindsJson {
    private static volatile Properties advice;

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

    /** Why a kind costs; null when the advice file lacks it. */
    static String why(HotSpotKind k) {
        return advice().getProperty(k.tag() + ".why");
    }

    /** What to do instead; null when the advice file lacks it. */
    static String instead(HotSpotKind k) {
        return advice().getProperty(k.tag() + ".instead");
    }

    private static Properties advice() {
        Properties p = advice;
        if (p == null) {
            p = new Properties();
            try (InputStream in = KindsJson.class.getResourceAsStream("page/hotspot-advice.properties")) {
                if (in != null) {
                    p.load(in);
                }
            } catch (IOException e) {
                // an empty file's answer: no advice lines
            }
            advice = p;
        }
        return p;
    }
}
