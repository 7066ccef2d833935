package dev.soapscope.flamegraphs;

import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class JsonReaderTest {
    @Test
    void readsValues() throws Exception {
        Object v = JsonReader.parse(" {\"a\": [1, -2.5e2, true, false, null], \"b\": \"x\\\"\\u00e9\\n\", \"c\": {}} ");
        Map<String, Object> expected = new LinkedHashMap<>();
        expected.put("a", Arrays.asList(1.0, -250.0, true, false, null));
        expected.put("b", "x\"\u00e9\n");
        expected.put("c", Map.of());
        assertEquals(expected, v);
        assertEquals(List.of(), JsonReader.parse("[]"));
    }

    @Test
    void errorsSayWhere() {
        assertEquals("line 2, column 9: expected ':'", message("{\"a\":1\n  , \"b\" 2}"));
        assertEquals("line 1, column 8: expected ',' or '}'", message("{\"a\":1 \"b\":2}"));
        assertEquals("line 1, column 8: expected a member name in double quotes", message("{\"a\":1,}"));
        assertEquals("line 1, column 7: unexpected end of input, expected ',' or '}'", message("{\"a\":1"));
        assertEquals("line 1, column 2: unexpected end of input, expected a value", message("["));
        assertEquals("line 1, column 4: unexpected ']' after the document", message("[1]]"));
        assertEquals("line 1, column 1: unexpected end of input, expected a value", message(""));
        assertEquals("line 1, column 3: malformed number", message("[-]"));
        assertEquals("line 1, column 8: unterminated string", message("[\"abcde"));
    }

    private static String message(String json) {
        return assertThrows(JsonReader.SyntaxException.class, () -> JsonReader.parse(json)).getMessage();
    }
}
