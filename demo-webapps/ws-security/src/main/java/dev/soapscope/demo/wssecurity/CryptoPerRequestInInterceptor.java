package dev.soapscope.demo.wssecurity;

import java.util.Map;
import java.util.Properties;

import org.apache.cxf.ws.security.wss4j.WSS4JInInterceptor;
import org.apache.wss4j.common.crypto.Crypto;
import org.apache.wss4j.common.crypto.CryptoFactory;
import org.apache.wss4j.common.ext.WSSecurityException;
import org.apache.wss4j.dom.handler.RequestData;

/**
 * The deliberate mistake: a WSS4JInInterceptor that builds its signature verification Crypto for every message.
 * WSS4J's handler normally keeps one Crypto per properties file; code that hands it fresh properties per request
 * (or builds a new interceptor, or calls CryptoFactory itself) reopens and decrypts the key store each time, which
 * is what the original Axis2/Rampart report measured. This override does exactly that, on purpose.
 */
public class CryptoPerRequestInInterceptor extends WSS4JInInterceptor {

    private final Properties cryptoProperties;

    public CryptoPerRequestInInterceptor(Map<String, Object> config, String cryptoPropertiesFile) {
        super(config);
        try {
            this.cryptoProperties = CryptoFactory.getProperties(cryptoPropertiesFile, getClass().getClassLoader());
        } catch (WSSecurityException e) {
            throw new IllegalStateException("cannot read " + cryptoPropertiesFile, e);
        }
    }

    @Override
    public Crypto loadSignatureVerificationCrypto(RequestData data) throws WSSecurityException {
        return CryptoFactory.getInstance(cryptoProperties, getClass().getClassLoader(), null);
    }
}
