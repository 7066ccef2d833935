package dev.soapscope.agent;

import dev.soapscope.config.Config;
import dev.soapscope.config.ConfigKey;

import java.io.File;
import java.io.FileInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.security.KeyFactory;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.Base64;
import java.util.Collection;

import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/**
 * The endpoint's HTTPS, with the JDK's own TLS: a PKCS12 key store ({@code tls.keystore}), or a PEM certificate
 * chain and its unencrypted PKCS#8 key ({@code tls.cert}, {@code tls.key}) as cert-manager and Kubernetes secrets
 * hold them; with {@code tls.client.ca}, clients must show a certificate one of those authorities signed.
 */
final class EndpointTls {
    final SSLContext context;
    final boolean clientCertificates;

    private EndpointTls(SSLContext context, boolean clientCertificates) {
        this.context = context;
        this.clientCertificates = clientCertificates;
    }

    /**
     * The TLS the settings ask for, or null for plain HTTP.
     *
     * @throws IllegalArgumentException a setting that cannot be used: its message is the one line to log
     */
    static EndpointTls from(Config config) {
        String keystore = config.get(ConfigKey.TLS_KEYSTORE);
        String cert = config.get(ConfigKey.TLS_CERT);
        String key = config.get(ConfigKey.TLS_KEY);
        String clientCa = config.get(ConfigKey.TLS_CLIENT_CA);
        if (keystore.isEmpty() && cert.isEmpty() && key.isEmpty()) {
            if (!clientCa.isEmpty()) {
                throw new IllegalArgumentException("tls.client.ca needs tls.keystore, or tls.cert and tls.key");
            }
            return null;
        }
        if (!keystore.isEmpty() && !(cert.isEmpty() && key.isEmpty())) {
            throw new IllegalArgumentException("set tls.keystore, or tls.cert and tls.key, not both");
        }
        if (keystore.isEmpty() && (cert.isEmpty() || key.isEmpty())) {
            throw new IllegalArgumentException("tls.cert and tls.key go together");
        }
        try {
            KeyStore keys;
            char[] password;
            if (!keystore.isEmpty()) {
                String passwordFile = config.get(ConfigKey.TLS_KEYSTORE_PASSWORD_FILE);
                password = passwordFile.isEmpty() ? new char[0]
                        : Credentials.secret(ConfigKey.TLS_KEYSTORE_PASSWORD_FILE, passwordFile).toCharArray();
                keys = KeyStore.getInstance("PKCS12");
                try (InputStream in = new FileInputStream(keystore)) {
                    keys.load(in, password);
                }
            } else {
                password = new char[0];
                keys = KeyStore.getInstance("PKCS12");
                keys.load(null, null);
                Collection<? extends Certificate> chain = certificates(ConfigKey.TLS_CERT, cert);
                keys.setKeyEntry("endpoint", privateKey(key), password, chain.toArray(new Certificate[0]));
            }
            KeyManagerFactory km = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
            km.init(keys, password);
            TrustManagerFactory tm = null;
            if (!clientCa.isEmpty()) {
                KeyStore trusted = KeyStore.getInstance("PKCS12");
                trusted.load(null, null);
                int i = 0;
                for (Certificate c : certificates(ConfigKey.TLS_CLIENT_CA, clientCa)) {
                    trusted.setCertificateEntry("ca-" + i++, c);
                }
                tm = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
                tm.init(trusted);
            }
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(km.getKeyManagers(), tm == null ? null : tm.getTrustManagers(), null);
            return new EndpointTls(context, tm != null);
        } catch (IllegalArgumentException said) {
            throw said;
        } catch (Exception e) {
            throw new IllegalArgumentException("cannot use " + (keystore.isEmpty() ? "tls.cert and tls.key ("
                    + cert + ", " + key + ")" : "tls.keystore=" + keystore) + ": " + e);
        }
    }

    private static Collection<? extends Certificate> certificates(ConfigKey setting, String path) {
        try (InputStream in = new FileInputStream(path)) {
            Collection<? extends Certificate> found = CertificateFactory.getInstance("X.509").generateCertificates(in);
            if (found.isEmpty()) {
                throw new IllegalArgumentException(setting.key() + "=" + path + " holds no PEM certificate");
            }
            return found;
        } catch (IllegalArgumentException said) {
            throw said;
        } catch (Exception e) {
            throw new IllegalArgumentException(setting.key() + "=" + path + " is not a readable PEM certificate file ("
                    + e + ")");
        }
    }

    /** An unencrypted PKCS#8 PEM key, RSA or EC. */
    static PrivateKey privateKey(String path) {
        String pem;
        try {
            pem = new String(Files.readAllBytes(new File(path).toPath()), StandardCharsets.US_ASCII);
        } catch (Exception e) {
            throw new IllegalArgumentException("tls.key=" + path + " cannot be read (" + e + ")");
        }
        String begin = "-----BEGIN PRIVATE KEY-----";
        int start = pem.indexOf(begin);
        int end = pem.indexOf("-----END PRIVATE KEY-----");
        if (start < 0 || end < start) {
            throw new IllegalArgumentException("tls.key=" + path + " is not an unencrypted PKCS#8 PEM key (BEGIN PRIVATE"
                    + " KEY); convert it with: openssl pkcs8 -topk8 -nocrypt -in KEY -out tls.key");
        }
        byte[] der = Base64.getMimeDecoder().decode(pem.substring(start + begin.length(), end));
        for (String algorithm : new String[] {"RSA", "EC"}) {
            try {
                return KeyFactory.getInstance(algorithm).generatePrivate(new PKCS8EncodedKeySpec(der));
            } catch (Exception tryNext) {
                // the key says its algorithm only inside: try the next
            }
        }
        throw new IllegalArgumentException("tls.key=" + path + " is neither an RSA nor an EC key");
    }
}
