package dev.soapscope.agent;

import dev.soapscope.testkit.Jdks;
import org.junit.jupiter.api.Test;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The recorder's state is per thread, so a virtual thread per request holds its own while the request runs: with
 * 10,000 requests in flight on virtual threads (JDK 25), the heap the recorder adds stays a few KB a request and is
 * all released when they end.
 */
class VirtualThreadMemoryIT {
    private static final int THREADS = 10_000;

    @Test
    void tenThousandParkedRequestsHoldAFewKilobytesEachAndNothingAfter() throws Exception {
        Path jdk25 = Jdks.java25().orElse(null);
        assumeTrue(jdk25 != null, "no Java 25 on this machine: virtual threads need Java 21+");
        Process p = new ProcessBuilder(List.of(jdk25.resolve("bin/java").toString(), "-Xmx1g", "-cp",
                System.getProperty("java.class.path"), ParkedVirtualRequests.class.getName(), String.valueOf(THREADS)))
                .redirectErrorStream(true).start();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "the measuring JVM did not end");
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.exitValue(), out);
        long[] bare = figures(out, "bare ");
        long[] recorded = figures(out, "recorded ");
        double perRequest = (recorded[0] - bare[0]) / (double) THREADS;
        System.out.printf("[vthreads] %d parked requests: %.0f B each for the recorder (%d B each bare); %d B left after%n",
                THREADS, perRequest, bare[0] / THREADS, recorded[1]);
        assertTrue(perRequest < 8_192, perRequest + " B per parked request\n" + out);
        assertTrue(recorded[1] < 4_000_000, recorded[1] + " B left once the requests ended\n" + out);
    }

    private static long[] figures(String out, String prefix) {
        for (String line : out.split("\\R")) {
            if (line.startsWith(prefix)) {
                String[] f = line.substring(prefix.length()).trim().split(" ");
                return new long[] {Long.parseLong(f[0]), Long.parseLong(f[1])};
            }
        }
        throw new AssertionError("no '" + prefix + "' line in:\n" + out);
    }
}
