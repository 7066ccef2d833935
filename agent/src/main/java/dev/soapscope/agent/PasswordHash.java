package dev.soapscope.agent;

import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;

import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.PBEKeySpec;

/**
 * A password kept as a salted PBKDF2-HMAC-SHA256 hash, written {@code pbkdf2-sha256:ITERATIONS:SALT:HASH} (salt and
 * hash in base64), so the setting itself gives nobody the password. {@code hash-password} makes one.
 */
final class PasswordHash {
    static final String PREFIX = "pbkdf2-sha256";
    /** OWASP's figure for PBKDF2-HMAC-SHA256 (2023). */
    static final int ITERATIONS = 600_000;
    private static final int MIN_ITERATIONS = 10_000;

    private final int iterations;
    private final byte[] salt;
    private final byte[] hash;

    private PasswordHash(int iterations, byte[] salt, byte[] hash) {
        this.iterations = iterations;
        this.salt = salt;
        this.hash = hash;
    }

    /** @throws IllegalArgumentException not such a hash, with the one line to say so */
    static PasswordHash parse(String s) {
        String[] parts = s.split(":");
        try {
            if (parts.length == 4 && PREFIX.equals(parts[0])) {
                int iterations = Integer.parseInt(parts[1]);
                byte[] salt = Base64.getDecoder().decode(parts[2]);
                byte[] hash = Base64.getDecoder().decode(parts[3]);
                if (iterations >= MIN_ITERATIONS && salt.length >= 16 && hash.length >= 32) {
                    return new PasswordHash(iterations, salt, hash);
                }
            }
        } catch (IllegalArgumentException malformed) {
            // said below
        }
        throw new IllegalArgumentException("auth.password.hash is not a hash java -jar soapscope-agent.jar "
                + "hash-password prints (" + PREFIX + ":ITERATIONS>=" + MIN_ITERATIONS + ":SALT:HASH, base64)");
    }

    static String of(char[] password) {
        byte[] salt = new byte[16];
        new SecureRandom().nextBytes(salt);
        return PREFIX + ":" + ITERATIONS + ":" + Base64.getEncoder().encodeToString(salt) + ":"
                + Base64.getEncoder().encodeToString(derive(password, salt, ITERATIONS, 32));
    }

    boolean matches(String password) {
        return MessageDigest.isEqual(hash, derive(password.toCharArray(), salt, iterations, hash.length));
    }

    private static byte[] derive(char[] password, byte[] salt, int iterations, int bytes) {
        try {
            PBEKeySpec spec = new PBEKeySpec(password, salt, iterations, bytes * 8);
            return SecretKeyFactory.getInstance("PBKDF2WithHmacSHA256").generateSecret(spec).getEncoded();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("PBKDF2WithHmacSHA256 is not available on this JVM", e);
        }
    }
}
