package dev.soapscope.demo.axis1;

import dev.soapscope.testkit.ForkedServer;
import dev.soapscope.testkit.Http;
import dev.soapscope.testkit.Wars;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Sends quote requests to the forked Tomcat 9 and checks each answer: Axis really priced the request. */
final class QuoteClient {
    /** About 6 KB per request. */
    static final int LINES = 20;

    private QuoteClient() {
    }

    /** The packaged WAR, exploded for {@link ForkedServer.Builder#webapp} (the root context). */
    static Path explodedWar(Path dir) throws IOException {
        return Wars.explode(Path.of(System.getProperty("axis1.war", "target/axis1.war")), dir);
    }

    /** {@code count} quotes to {@code /services/SERVICE} with this SOAPAction ("" sends an empty one, as Axis clients do). */
    static void quote(ForkedServer server, String service, String soapAction, int count) {
        for (int i = 0; i < count; i++) {
            String quoteId = "Q-" + service + "-" + i;
            Http.Response r = Http.post(server.uri("/services/" + service), QuoteMessages.request(quoteId, LINES),
                    QuoteMessages.CONTENT_TYPE, Map.of("SOAPAction", "\"" + soapAction + "\""));
            assertEquals(200, r.status(), r::toString);
            assertEquals(Map.of("quoteId", quoteId, "lineCount", String.valueOf(LINES),
                    "total", QuoteMessages.expectedTotal(LINES).toPlainString()), QuoteMessages.answer(r.body()), r.body());
        }
    }
}
