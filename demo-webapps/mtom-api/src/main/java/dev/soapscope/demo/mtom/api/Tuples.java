package dev.soapscope.demo.mtom.api;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The tuples every query returns, generated from their index alone so a client can check each one it receives:
 * tuple {@code i} of any query equals {@link #generate(int) generate(i)}.
 */
public final class Tuples {

    /** The seed the server uses for every query. */
    public static final long SEED = 0x50A95C0BEL;

    /** Tuples in a query whose text does not say {@code limit N}; also the largest limit. */
    public static final int PER_QUERY = 100_000;

    /** 2020-01-01T00:00:00Z: tuple {@code i}'s date falls in minute {@code i} after it. */
    public static final long EPOCH_2020 = 1_577_836_800_000L;

    private static final char[] ALPHABET =
            "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789 -".toCharArray(); // 64: 6 bits a char

    private static final Pattern LIMIT = Pattern.compile("\\blimit\\s+(\\d{1,9})\\s*$");

    private Tuples() {
    }

    /** {@code generate(SEED, index)}: tuple {@code index} of every query. */
    public static Tuple generate(int index) {
        return generate(SEED, index);
    }

    /**
     * Tuple {@code index} for {@code seed}: the same on every JVM (SplitMix64, not {@code java.util.Random}). Its
     * {@code a} is {@code index}; {@code text} is {@value Tuple#TEXT_LENGTH} ASCII characters.
     */
    public static Tuple generate(long seed, int index) {
        if (index < 0) {
            throw new IllegalArgumentException("index < 0: " + index);
        }
        long state = seed ^ mix(index + 0x9E3779B97F4A7C15L);
        long r1 = mix(state += 0x9E3779B97F4A7C15L);
        long r2 = mix(state += 0x9E3779B97F4A7C15L);
        long r3 = mix(state += 0x9E3779B97F4A7C15L);
        char[] text = new char[Tuple.TEXT_LENGTH];
        long bits = 0;
        for (int i = 0; i < text.length; i++) {
            if (i % 10 == 0) { // 10 characters of 6 bits from each 64-bit word
                bits = mix(state += 0x9E3779B97F4A7C15L);
            }
            text[i] = ALPHABET[(int) (bits & 63)];
            bits >>>= 6;
        }
        return new Tuple(
                index,
                (int) (r1 >>> 32),
                unit(r1) * 1_000_000.0,
                unit(r2) * 2_000.0 - 1_000.0,
                new String(text),
                EPOCH_2020 + index * 60_000L + Math.floorMod(r3, 60_000L));
    }

    /**
     * How many tuples a query yields: {@code N} if its text ends in {@code limit N} (any case, {@code 0 <= N <=
     * PER_QUERY}), else {@link #PER_QUERY}.
     *
     * @throws IllegalArgumentException for a limit above {@link #PER_QUERY}
     */
    public static int limitOf(String query) {
        if (query == null) {
            return PER_QUERY;
        }
        Matcher m = LIMIT.matcher(query.toLowerCase(Locale.ROOT));
        if (!m.find()) {
            return PER_QUERY;
        }
        int limit = Integer.parseInt(m.group(1));
        if (limit > PER_QUERY) {
            throw new IllegalArgumentException("limit " + limit + " is above " + PER_QUERY);
        }
        return limit;
    }

    /** A double in [0, 1) from the top 53 bits. */
    private static double unit(long bits) {
        return (bits >>> 11) * 0x1.0p-53;
    }

    /** SplitMix64's finalizer (Steele, Lea, Flood 2014). */
    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
