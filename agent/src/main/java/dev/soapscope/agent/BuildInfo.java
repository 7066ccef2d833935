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
        try (InputStream in = OwnJar.open("dev/soapscope/agent/build.properties")) {
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

    /**
     * {@code 0.5.0 (commit 306d0ec1a2b3)}: the start line's, the commit abbreviated as git does. No regular expression:
     * the agent's probes are in place by then, and its own work must count as no hot spot (ColdBurstIT).
     */
    static String brief() {
        boolean sha = COMMIT.length() >= 40;
        for (int i = 0; sha && i < 40; i++) {
            char c = COMMIT.charAt(i);
            sha = c >= '0' && c <= '9' || c >= 'a' && c <= 'f';
        }
        return VERSION + " (commit " + (sha ? COMMIT.substring(0, 12) + COMMIT.substring(40) : COMMIT) + ")";
    }

    /** {@code soapscope-agent 0.5.0 (commit <40 hex digits>)}: what {@code --version} prints. */
    static String full() {
        return "soapscope-agent " + VERSION + " (commit " + COMMIT + ")";
    }
}
