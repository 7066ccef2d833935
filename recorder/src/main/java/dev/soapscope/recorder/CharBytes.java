package dev.soapscope.recorder;

/**
 * Bytes that characters take in a body's character encoding, counted without encoding them: what a response
 * {@code getWriter()} writes and a request {@code getReader()} reads is reported in bytes like the streams.
 * Exact for UTF-8, UTF-16 and single-byte encodings (ISO-8859-x, windows-125x, US-ASCII; the Servlet API's
 * default when none is set; a supplementary char, which they write as one '?', counts two); other multi-byte
 * encodings count one byte per char.
 */
public final class CharBytes {
    public static final int SINGLE_BYTE = 0;
    public static final int UTF_8 = 1;
    public static final int UTF_16 = 2;

    private CharBytes() {
    }

    /** The counting for an encoding name, as {@code getCharacterEncoding()} gives it ({@code null}: the default). */
    public static int of(String encoding) {
        if (encoding == null) {
            return SINGLE_BYTE;
        }
        String e = encoding.trim();
        if (e.equalsIgnoreCase("UTF-8") || e.equalsIgnoreCase("UTF8")) {
            return UTF_8;
        }
        // "UTF-16" writes a 2-byte byte-order mark first: not counted
        return e.regionMatches(true, 0, "UTF-16", 0, 6) || e.regionMatches(true, 0, "UTF16", 0, 5) ? UTF_16 : SINGLE_BYTE;
    }

    /** One char on its own ({@code write(int)}, {@code read()}); -1 (the end of a read) stays -1. */
    public static long length(int counting, int c) {
        if (c < 0) {
            return -1;
        }
        return counting == UTF_16 ? 2 : counting == UTF_8 ? utf8((char) c) : 1;
    }

    public static long length(int counting, CharSequence s, int off, int len) {
        if (s == null || len <= 0) {
            return 0;
        }
        if (counting == UTF_16) {
            return 2L * len;
        }
        if (counting != UTF_8) {
            return len;
        }
        long n = 0;
        int end = off + len;
        for (int i = off; i < end; i++) {
            char ch = s.charAt(i);
            if (Character.isHighSurrogate(ch) && i + 1 < end && Character.isLowSurrogate(s.charAt(i + 1))) {
                n += 4;
                i++;
            } else {
                n += utf8(ch);
            }
        }
        return n;
    }

    public static long length(int counting, char[] c, int off, int len) {
        if (c == null || len <= 0) {
            return 0;
        }
        if (counting == UTF_16) {
            return 2L * len;
        }
        if (counting != UTF_8) {
            return len;
        }
        long n = 0;
        int end = off + len;
        for (int i = off; i < end; i++) {
            if (Character.isHighSurrogate(c[i]) && i + 1 < end && Character.isLowSurrogate(c[i + 1])) {
                n += 4;
                i++;
            } else {
                n += utf8(c[i]);
            }
        }
        return n;
    }

    /** A char's UTF-8 bytes outside a surrogate pair; an unpaired surrogate is written as '?'. */
    private static int utf8(char c) {
        if (c < 0x80 || Character.isSurrogate(c)) {
            return 1;
        }
        return c < 0x800 ? 2 : 3;
    }
}
