package dev.soapscope.metrics;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/**
 * The endpoint's page: {@code page/page.html} with its style sheet and script written inline, so it is one
 * self-contained document (no CDN, no second request, and it works under any mount point, such as the filter's
 * {@code /context/soapscope} with or without a trailing slash). Read from the jar once.
 */
final class Page {
    private static volatile String template;

    private Page() {
    }

    /** The page; {@code profiling}: whether this endpoint also serves the profiling routes (the agent's does). */
    static String html(boolean profiling) {
        String t = template;
        if (t == null) {
            t = resource("page.html")
                    .replace("/*{{css}}*/", resource("page.css"))
                    .replace("/*{{js}}*/", resource("page.js"));
            template = t;
        }
        return t.replace("{{profiling}}", String.valueOf(profiling));
    }

    static String resource(String name) {
        try (InputStream in = Page.class.getResourceAsStream("page/" + name)) {
            if (in == null) {
                throw new IllegalStateException("soapscope: page/" + name + " is missing from the jar");
            }
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            byte[] b = new byte[8192];
            for (int n; (n = in.read(b)) > 0; ) {
                out.write(b, 0, n);
            }
            return new String(out.toByteArray(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException("soapscope: cannot read page/" + name + " from the jar", e);
        }
    }
}
