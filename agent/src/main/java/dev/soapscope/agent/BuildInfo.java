package dev.soapscope.agent;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/**
 * The release this jar is and the commit it was built from: {@code build.properties} beside this class, written by
 * the build (agent/pom.xml, execution build-info). A commit ending in {@code +dirty} had changes not committed.
 */
final class BuildInfo {
    static final String VERSION;
    static final String COMMIT;

    static {
        Properties build = new Properties();
        try (InputStream in = BuildInfo.class.getResourceAsStream("build.properties")) {
            if (in != null) {
                build.load(in);
            }
        } catch (IOException ignored) {
            // a jar that cannot be read gives the defaults below, never a failed start
        }
        VERSION = build.getProperty("version", "(dev)");
        COMMIT = build.getProperty("commit", "unknown");
    }

    private BuildInfo() {
    }

    /** {@code 0.5.0 (commit 306d0ec1a2b3)}: the start line's, the commit abbreviated as git does. */
    static String brief() {
        String commit = COMMIT.matches("[0-9a-f]{40}.*") ? COMMIT.substring(0, 12) + COMMIT.substring(40) : COMMIT;
        return VERSION + " (commit " + commit + ")";
    }

    /** {@code soapscope-agent 0.5.0 (commit <40 hex digits>)}: what {@code --version} prints. */
    static String full() {
        return "soapscope-agent " + VERSION + " (commit " + COMMIT + ")";
    }
}
