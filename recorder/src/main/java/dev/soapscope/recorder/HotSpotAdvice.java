package dev.soapscope.recorder;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/**
 * Why each {@link HotSpotKind} costs and what to do instead, from {@code hotspot-advice.properties} beside this class:
 * what the live page shows beside a hot spot and the JUnit extension under a failed expectation. Read once, on first
 * use, never on a request's path.
 */
public final class HotSpotAdvice {
    private static volatile Properties advice;

    private HotSpotAdvice() {
    }

    /** Why the kind costs; null when the advice file lacks it. */
    public static String why(HotSpotKind kind) {
        return advice().getProperty(kind.tag() + ".why");
    }

    /** What to do instead; null when the advice file lacks it. */
    public static String instead(HotSpotKind kind) {
        return advice().getProperty(kind.tag() + ".instead");
    }

    private static Properties advice() {
        Properties p = advice;
        if (p == null) {
            p = new Properties();
            // on the bootstrap path this class has no loader of its own: the system loader finds the file there too
            try (InputStream in = HotSpotAdvice.class.getResourceAsStream("hotspot-advice.properties")) {
                if (in != null) {
                    p.load(in);
                }
            } catch (IOException e) {
                // no advice lines, rather than no page
            }
            advice = p;
        }
        return p;
    }
}
