package dev.soapscope.bench.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

class RequestsTest {
    @Test
    void anEchoIsRightOnlyWithItsOwnText() {
        List<Requests.Request> echoes = Requests.echoes(2);
        String body = new String(echoes.get(0).body(), StandardCharsets.UTF_8);
        assertTrue(body.length() > 1900 && body.length() < 2300, "about 2 KB: " + body.length());
        Matcher m = Pattern.compile("<text>(\\w+)</text>").matcher(body);
        assertTrue(m.find(), body);
        byte[] answer = ("<echoResponse xmlns=\"urn:soapscope:bench\"><text>" + m.group(1) + "</text></echoResponse>")
                .getBytes(StandardCharsets.UTF_8);
        assertNull(echoes.get(0).problem(200, answer));
        assertNotNull(echoes.get(1).problem(200, answer), "another request's text");
        assertEquals("status 500", echoes.get(0).problem(500, answer));
    }
}
