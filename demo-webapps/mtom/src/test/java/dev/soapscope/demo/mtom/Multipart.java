package dev.soapscope.demo.mtom;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Just enough of RFC 2046 multipart to look inside an MTOM response in a test. */
final class Multipart {

    /** One body part: its headers (names in any case) and its bytes. */
    record Part(Map<String, String> headers, byte[] body) {
        Optional<String> header(String name) {
            return Optional.ofNullable(headers.get(name));
        }

        String text() {
            return new String(body, StandardCharsets.UTF_8);
        }
    }

    private static final Pattern BOUNDARY = Pattern.compile("boundary=(?:\"([^\"]+)\"|([^;\\s]+))");

    private Multipart() {
    }

    /** The boundary parameter of a multipart Content-Type. */
    static String boundary(String contentType) {
        Matcher m = BOUNDARY.matcher(contentType);
        if (!m.find()) {
            throw new AssertionError("no boundary in " + contentType);
        }
        return m.group(1) != null ? m.group(1) : m.group(2);
    }

    /** The parts between the first delimiter and the close delimiter. */
    static List<Part> parse(byte[] body, String boundary) {
        byte[] delimiter = ("--" + boundary).getBytes(StandardCharsets.US_ASCII);
        List<Part> parts = new ArrayList<>();
        int at = indexOf(body, delimiter, 0);
        if (at < 0) {
            throw new AssertionError("no delimiter --" + boundary + " in the body");
        }
        while (true) {
            int after = at + delimiter.length;
            if (startsWith(body, after, "--")) {
                return parts; // close delimiter
            }
            int headersStart = after + 2; // CRLF after the delimiter
            int headersEnd = indexOf(body, "\r\n\r\n".getBytes(StandardCharsets.US_ASCII), headersStart);
            int next = indexOf(body, ("\r\n--" + boundary).getBytes(StandardCharsets.US_ASCII), headersEnd);
            if (headersEnd < 0 || next < 0) {
                throw new AssertionError("a truncated multipart body after " + parts.size() + " parts");
            }
            Map<String, String> headers = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
            String headerText = new String(body, headersStart, headersEnd - headersStart, StandardCharsets.US_ASCII);
            for (String line : headerText.split("\r\n")) {
                int colon = line.indexOf(':');
                if (colon > 0) {
                    headers.put(line.substring(0, colon).trim(), line.substring(colon + 1).trim());
                }
            }
            parts.add(new Part(headers, Arrays.copyOfRange(body, headersEnd + 4, next)));
            at = next + 2;
        }
    }

    /** The part whose Content-ID is {@code <cid>} (for an {@code href="cid:..."}, URL-decoded by the caller). */
    static Part byContentId(List<Part> parts, String cid) {
        return parts.stream()
                .filter(p -> p.header("Content-ID").map(id -> id.equals("<" + cid + ">")).orElse(false))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no part with Content-ID <" + cid + "> among "
                        + parts.stream().map(Part::headers).toList()));
    }

    private static boolean startsWith(byte[] body, int from, String ascii) {
        byte[] prefix = ascii.getBytes(StandardCharsets.US_ASCII);
        return from + prefix.length <= body.length
                && Arrays.equals(body, from, from + prefix.length, prefix, 0, prefix.length);
    }

    private static int indexOf(byte[] body, byte[] pattern, int from) {
        outer:
        for (int i = Math.max(from, 0); i <= body.length - pattern.length; i++) {
            for (int j = 0; j < pattern.length; j++) {
                if (body[i + j] != pattern[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }
}
