package dev.soapscope.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;

/** What the figures were measured on. */
public final class Machine {
    private Machine() {
    }

    public static String describe() {
        return String.format("%d CPUs (%s), %s RAM, %s %s (%s), %s %s; load average %s at %s",
                Runtime.getRuntime().availableProcessors(), cpuModel(), memory(),
                System.getProperty("java.vm.name"), System.getProperty("java.runtime.version"),
                System.getProperty("java.vendor"), System.getProperty("os.name"), System.getProperty("os.version"),
                loadAverage(), ZonedDateTime.now().format(DateTimeFormatter.ISO_OFFSET_DATE_TIME).replaceAll("\\.\\d+", ""));
    }

    /** The 1-minute load average, or "?". */
    public static String loadAverage() {
        try {
            return Files.readString(Path.of("/proc/loadavg")).split("\\s+")[0];
        } catch (IOException | RuntimeException e) {
            return "?";
        }
    }

    private static String cpuModel() {
        try {
            List<String> lines = Files.readAllLines(Path.of("/proc/cpuinfo"));
            for (String l : lines) {
                if (l.startsWith("model name")) {
                    return l.substring(l.indexOf(':') + 1).trim();
                }
            }
        } catch (IOException | RuntimeException e) {
            // not Linux
        }
        return "unknown model";
    }

    private static String memory() {
        try {
            for (String l : Files.readAllLines(Path.of("/proc/meminfo"))) {
                if (l.startsWith("MemTotal:")) {
                    long kb = Long.parseLong(l.replaceAll("\\D", ""));
                    return Math.round(kb / 1024.0 / 1024.0) + " GB";
                }
            }
        } catch (IOException | RuntimeException e) {
            // not Linux
        }
        return "? GB";
    }
}
