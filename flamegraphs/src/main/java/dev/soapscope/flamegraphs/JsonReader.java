package dev.soapscope.flamegraphs;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A small JSON parser for the agent's documents, so the agent jar needs no JSON library. Objects become
 * {@link LinkedHashMap}s (member order kept), arrays {@link ArrayList}s, numbers {@link Double}s, and
 * {@code true}, {@code false}, {@code null} themselves. Errors name the line and column.
 */
final class JsonReader {
    /** Deeper nesting than this is refused rather than overflowing the stack. */
    private static final int MAX_DEPTH = 256;

    private final String text;
    private int pos;
    private int depth;

    private JsonReader(String text) {
        this.text = text;
    }

    /** Parses one JSON value filling the whole text; the exception message says where and what went wrong. */
    static Object parse(String text) throws SyntaxException {
        JsonReader r = new JsonReader(text);
        r.skipSpace();
        Object value = r.value();
        r.skipSpace();
        if (r.pos < text.length()) {
            throw r.error("unexpected '" + text.charAt(r.pos) + "' after the document");
        }
        return value;
    }

    private Object value() throws SyntaxException {
        if (pos >= text.length()) {
            throw error("unexpected end of input, expected a value");
        }
        char c = text.charAt(pos);
        switch (c) {
            case '{':
                return object();
            case '[':
                return array();
            case '"':
                return string();
            case 't':
                return literal("true", Boolean.TRUE);
            case 'f':
                return literal("false", Boolean.FALSE);
            case 'n':
                return literal("null", null);
            default:
                if (c == '-' || (c >= '0' && c <= '9')) {
                    return number();
                }
                throw error("unexpected '" + c + "', expected a value");
        }
    }

    private Map<String, Object> object() throws SyntaxException {
        enter();
        pos++;
        Map<String, Object> members = new LinkedHashMap<>();
        skipSpace();
        if (peek() == '}') {
            pos++;
            depth--;
            return members;
        }
        while (true) {
            skipSpace();
            if (peek() != '"') {
                throw error("expected a member name in double quotes");
            }
            String name = string();
            skipSpace();
            expect(':');
            skipSpace();
            members.put(name, value());
            skipSpace();
            char c = peek();
            pos++;
            if (c == '}') {
                depth--;
                return members;
            }
            if (c != ',') {
                pos--;
                throw error("expected ',' or '}'");
            }
        }
    }

    private List<Object> array() throws SyntaxException {
        enter();
        pos++;
        List<Object> items = new ArrayList<>();
        skipSpace();
        if (peek() == ']') {
            pos++;
            depth--;
            return items;
        }
        while (true) {
            skipSpace();
            items.add(value());
            skipSpace();
            char c = peek();
            pos++;
            if (c == ']') {
                depth--;
                return items;
            }
            if (c != ',') {
                pos--;
                throw error("expected ',' or ']'");
            }
        }
    }

    private String string() throws SyntaxException {
        pos++;
        StringBuilder sb = new StringBuilder();
        while (true) {
            if (pos >= text.length()) {
                throw error("unterminated string");
            }
            char c = text.charAt(pos++);
            if (c == '"') {
                return sb.toString();
            }
            if (c < 0x20) {
                pos--;
                throw error("control character in a string");
            }
            if (c != '\\') {
                sb.append(c);
                continue;
            }
            if (pos >= text.length()) {
                throw error("unterminated string");
            }
            char e = text.charAt(pos++);
            switch (e) {
                case '"':
                case '\\':
                case '/':
                    sb.append(e);
                    break;
                case 'b':
                    sb.append('\b');
                    break;
                case 'f':
                    sb.append('\f');
                    break;
                case 'n':
                    sb.append('\n');
                    break;
                case 'r':
                    sb.append('\r');
                    break;
                case 't':
                    sb.append('\t');
                    break;
                case 'u':
                    sb.append(unicodeEscape());
                    break;
                default:
                    pos--;
                    throw error("bad escape '\\" + e + "'");
            }
        }
    }

    private char unicodeEscape() throws SyntaxException {
        if (pos + 4 > text.length()) {
            throw error("bad \\u escape");
        }
        try {
            char c = (char) Integer.parseInt(text.substring(pos, pos + 4), 16);
            pos += 4;
            return c;
        } catch (NumberFormatException e) {
            throw error("bad \\u escape");
        }
    }

    private Double number() throws SyntaxException {
        int start = pos;
        if (peek() == '-') {
            pos++;
        }
        digits();
        if (peek() == '.') {
            pos++;
            digits();
        }
        if (peek() == 'e' || peek() == 'E') {
            pos++;
            if (peek() == '+' || peek() == '-') {
                pos++;
            }
            digits();
        }
        return Double.valueOf(text.substring(start, pos));
    }

    private void digits() throws SyntaxException {
        int start = pos;
        while (pos < text.length() && text.charAt(pos) >= '0' && text.charAt(pos) <= '9') {
            pos++;
        }
        if (pos == start) {
            throw error("malformed number");
        }
    }

    private Object literal(String word, Object value) throws SyntaxException {
        if (!text.startsWith(word, pos)) {
            throw error("unexpected '" + text.charAt(pos) + "', expected a value");
        }
        pos += word.length();
        return value;
    }

    private void enter() throws SyntaxException {
        if (++depth > MAX_DEPTH) {
            throw error("nested deeper than " + MAX_DEPTH + " levels");
        }
    }

    private void expect(char c) throws SyntaxException {
        if (peek() != c) {
            throw error("expected '" + c + "'");
        }
        pos++;
    }

    /** The character at the position, or 0 at the end. */
    private char peek() {
        return pos < text.length() ? text.charAt(pos) : 0;
    }

    private void skipSpace() {
        while (pos < text.length()) {
            char c = text.charAt(pos);
            if (c != ' ' && c != '\t' && c != '\n' && c != '\r') {
                return;
            }
            pos++;
        }
    }

    private SyntaxException error(String what) {
        int line = 1;
        int column = 1;
        for (int i = 0; i < pos && i < text.length(); i++) {
            if (text.charAt(i) == '\n') {
                line++;
                column = 1;
            } else {
                column++;
            }
        }
        if (pos >= text.length() && !what.startsWith("unexpected end") && !what.startsWith("unterminated")) {
            what = "unexpected end of input, " + what;
        }
        return new SyntaxException("line " + line + ", column " + column + ": " + what);
    }

    /** Malformed JSON; the message starts with the line and column. */
    static final class SyntaxException extends Exception {
        private static final long serialVersionUID = 1L;

        SyntaxException(String message) {
            super(message);
        }
    }
}
