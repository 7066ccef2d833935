package dev.soapscope.demo.wssecurity.api;

/**
 * The key material the build generates into this jar (keytool, see pom.xml; never committed): the client's key pair
 * in {@code wssecurity/client.p12}, its certificate as the service's only trusted one in
 * {@code wssecurity/service-trust.p12}, and a WSS4J crypto properties file for each side.
 */
public final class DemoKeys {

    /** The client's signing crypto (Merlin over client.p12). */
    public static final String CLIENT_CRYPTO = "wssecurity/client-sign.properties";
    /** The service's signature verification crypto (Merlin over service-trust.p12). */
    public static final String SERVICE_CRYPTO = "wssecurity/service-verify.properties";
    /** The client's key alias and its password (a demo secret, generated with the key store). */
    public static final String CLIENT_ALIAS = "client";
    public static final String CLIENT_KEY_PASSWORD = "soapscope-demo";

    private DemoKeys() {
    }
}
