package dev.soapscope.agent;

import dev.soapscope.config.Config;
import dev.soapscope.config.ConfigKey;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What a client must send to read the endpoint: HTTP basic (the password from a file, or as a salted PBKDF2 hash)
 * and/or a bearer token from a file. Compared in constant time, on digests of equal length. A header verified
 * against the PBKDF2 hash is remembered (its SHA-256, a few of them), so a scrape every few seconds does not pay
 * the hash's deliberate cost each time.
 */
final class Credentials {
    private static final int REMEMBERED = 16;
    static final int HASHES_PER_SECOND = 4;

    private final String user;
    private final byte[] passwordDigest;
    private final PasswordHash passwordHash;
    private final byte[] tokenDigest;
    /** {@link System#nanoTime()} before which no PBKDF2 hash is computed. */
    private long nextHashAllowed = System.nanoTime();
    private final Map<String, Boolean> verified = Collections.synchronizedMap(
            new LinkedHashMap<String, Boolean>(REMEMBERED, 0.75f, true) {
                @Override
                protected boolean removeEldestEntry(Map.Entry<String, Boolean> eldest) {
                    return size() > REMEMBERED;
                }
            });

    private Credentials(String user, byte[] passwordDigest, PasswordHash passwordHash, byte[] tokenDigest) {
        this.user = user;
        this.passwordDigest = passwordDigest;
        this.passwordHash = passwordHash;
        this.tokenDigest = tokenDigest;
    }

    /**
     * The credentials the settings name, or null when none is set.
     *
     * @throws IllegalArgumentException a file that cannot be read, or is empty, or a hash that is not one: its
     *                                  message is the one line to log
     */
    static Credentials from(Config config) {
        String passwordFile = config.get(ConfigKey.AUTH_PASSWORD_FILE);
        String hash = config.get(ConfigKey.AUTH_PASSWORD_HASH);
        String tokenFile = config.get(ConfigKey.AUTH_TOKEN_FILE);
        if (passwordFile.isEmpty() && hash.isEmpty() && tokenFile.isEmpty()) {
            return null;
        }
        if (!passwordFile.isEmpty() && !hash.isEmpty()) {
            throw new IllegalArgumentException("set auth.password.file or auth.password.hash, not both");
        }
        byte[] password = passwordFile.isEmpty() ? null : sha256(secret(ConfigKey.AUTH_PASSWORD_FILE, passwordFile));
        PasswordHash parsed = hash.isEmpty() ? null : PasswordHash.parse(hash);
        byte[] token = tokenFile.isEmpty() ? null : sha256(secret(ConfigKey.AUTH_TOKEN_FILE, tokenFile));
        return new Credentials(config.get(ConfigKey.AUTH_USER), password, parsed, token);
    }

    /** A secret file's content, its trailing line breaks dropped (as editors and {@code kubectl create secret} leave them). */
    static String secret(ConfigKey key, String path) {
        String s;
        try {
            s = new String(Files.readAllBytes(new File(path).toPath()), StandardCharsets.UTF_8);
        } catch (IOException | RuntimeException e) {
            throw new IllegalArgumentException(key.key() + "=" + path + " cannot be read (" + e + ")");
        }
        int end = s.length();
        while (end > 0 && (s.charAt(end - 1) == '\n' || s.charAt(end - 1) == '\r')) {
            end--;
        }
        if (end == 0) {
            throw new IllegalArgumentException(key.key() + "=" + path + " is empty");
        }
        return s.substring(0, end);
    }

    boolean basic() {
        return passwordDigest != null || passwordHash != null;
    }

    boolean bearer() {
        return tokenDigest != null;
    }

    /** Whether the {@code Authorization} header's value (null: none sent) carries these credentials. */
    boolean accept(String authorization) {
        if (authorization == null) {
            return false;
        }
        int blank = authorization.indexOf(' ');
        if (blank < 0) {
            return false;
        }
        String scheme = authorization.substring(0, blank);
        String value = authorization.substring(blank + 1).trim();
        if (scheme.equalsIgnoreCase("Bearer")) {
            return tokenDigest != null && MessageDigest.isEqual(tokenDigest, sha256(value));
        }
        if (!scheme.equalsIgnoreCase("Basic") || !basic()) {
            return false;
        }
        String pair;
        try {
            pair = new String(Base64.getDecoder().decode(value), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException notBase64) {
            return false;
        }
        int colon = pair.indexOf(':');
        if (colon < 0) {
            return false;
        }
        boolean userMatches = MessageDigest.isEqual(sha256(user), sha256(pair.substring(0, colon)));
        String password = pair.substring(colon + 1);
        if (passwordDigest != null) {
            return MessageDigest.isEqual(passwordDigest, sha256(password)) & userMatches;
        }
        String remembered = Base64.getEncoder().encodeToString(sha256(authorization));
        if (verified.containsKey(remembered)) {
            return true;
        }
        boolean ok = hashMatches(password) & userMatches;
        if (ok) {
            verified.put(remembered, Boolean.TRUE);
        }
        return ok;
    }

    /**
     * PBKDF2 is slow on purpose (a few hundred milliseconds): inside someone's production server, wrong passwords
     * sent in a loop must not take its CPU. One hash at a time, then a pause of 1/{@link #HASHES_PER_SECOND} s; meanwhile
     * a header not remembered is refused unverified. A scraper verified once is remembered, so it keeps its access.
     */
    private synchronized boolean hashMatches(String password) {
        long now = System.nanoTime();
        if (now - nextHashAllowed < 0) {
            return false;
        }
        boolean matches = passwordHash.matches(password);
        nextHashAllowed = System.nanoTime() + 1_000_000_000L / HASHES_PER_SECOND; // a pause after each hash
        return matches;
    }

    /** What a 401 offers, as {@code WWW-Authenticate}. */
    String challenge() {
        return basic() ? "Basic realm=\"soapscope\", charset=\"UTF-8\"" : "Bearer realm=\"soapscope\"";
    }

    static byte[] sha256(String s) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e); // every Java platform has SHA-256
        }
    }
}
