package dev.soapscope.junit5;

import java.util.ArrayList;
import java.util.List;

/** The text of a failed check: a count line, then a block per limit not met (QuickPerf's shape, which users know). */
final class Verdict {
    private Verdict() {
    }

    /** Null when every limit holds. */
    static String of(List<Limit> limits, Recording recording, String where) {
        List<String> failed = new ArrayList<String>();
        for (Limit l : limits) {
            String f = l.failure(recording);
            if (f != null) {
                failed.add(f);
            }
        }
        if (failed.isEmpty()) {
            return null;
        }
        StringBuilder b = new StringBuilder().append(failed.size()).append(" of ").append(limits.size())
                .append(limits.size() == 1 ? " SOAP expectation" : " SOAP expectations").append(" not met in ")
                .append(where).append(" (").append(recording.summary()).append(")");
        for (String f : failed) {
            b.append('\n').append(f);
        }
        if (recording.served().count() == 0 && recording.calls().count() == 0) {
            b.append("\nsoapscope saw no SOAP request or call at all: a mock transport (Spring-WS's MockWebServiceClient, "
                    + "CXF's local:// transport, Spring Boot's MOCK web environment) bypasses the servlet and the HTTP "
                    + "client soapscope watches; test against a real server (webEnvironment = RANDOM_PORT, an embedded "
                    + "server) and a real client.");
        }
        return b.toString();
    }
}
