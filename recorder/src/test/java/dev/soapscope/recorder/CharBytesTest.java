package dev.soapscope.recorder;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;

class CharBytesTest {
    private static final String TEXT = "a ï € ✓ \uD83D\uDE00 \uD800x"; // 1-, 2-, 3-, 4-byte chars and an unpaired surrogate

    @Test
    void countsWhatTheEncoderWrites() {
        assertEquals(TEXT.getBytes(StandardCharsets.UTF_8).length,
                CharBytes.length(CharBytes.of("UTF-8"), TEXT, 0, TEXT.length()));
        assertEquals(TEXT.getBytes(StandardCharsets.UTF_8).length,
                CharBytes.length(CharBytes.of(" utf8"), TEXT.toCharArray(), 0, TEXT.length()));
        assertEquals(TEXT.getBytes(StandardCharsets.UTF_16LE).length,
                CharBytes.length(CharBytes.of("UTF-16LE"), TEXT, 0, TEXT.length()));
        // a single-byte encoding has no surrogate pairs: one byte per char ('?' for what it cannot encode)
        String bmp = "a ï € ✓";
        assertEquals(bmp.getBytes(StandardCharsets.ISO_8859_1).length,
                CharBytes.length(CharBytes.of(null), bmp, 0, bmp.length()));
        assertEquals(bmp.length(), CharBytes.length(CharBytes.of("windows-1252"), bmp.toCharArray(), 0, bmp.length()));
    }

    @Test
    void countsOnlyTheRangeAndSingleChars() {
        assertEquals(2 + 1, CharBytes.length(CharBytes.UTF_8, TEXT, 2, 2)); // "ï "
        assertEquals(0, CharBytes.length(CharBytes.UTF_8, (String) null, 0, 3));
        assertEquals(0, CharBytes.length(CharBytes.UTF_8, TEXT.toCharArray(), 0, -1));
        assertEquals(3, CharBytes.length(CharBytes.UTF_8, '€'));
        assertEquals(2, CharBytes.length(CharBytes.UTF_16, 'a'));
        assertEquals(-1, CharBytes.length(CharBytes.UTF_8, -1));
    }
}
