package dev.soapscope.demo.scenario.wssecurity;

import dev.soapscope.demo.scenario.RequestGenerator;
import dev.soapscope.demo.wssecurity.api.Prices;
import dev.soapscope.demo.wssecurity.api.QuoteEnvelope;
import dev.soapscope.demo.wssecurity.api.RequestSigner;

/**
 * Signed SOAP 1.1 quote requests for the ws-security demo (about 3.5 KB, most of it the WS-Security header):
 *
 * <pre>
 * &lt;wsse:Security&gt;&lt;wsse:BinarySecurityToken/&gt;&lt;ds:Signature/&gt;&lt;/wsse:Security&gt;  (over the body)
 * &lt;q:getQuote xmlns:q="urn:soapscope:demo:quotes"&gt;&lt;symbol&gt;ACME7&lt;/symbol&gt;&lt;quantity&gt;120&lt;/quantity&gt;&lt;/q:getQuote&gt;
 * </pre>
 *
 * Signed here, when the runner prepares its requests, with the client key the ws-security-api jar carries (the
 * same generated key pair whose certificate the WAR trusts). Without a Timestamp, a signed request stays valid, so
 * the driver may send it any number of times. The body for an index is the same on every run; the signature's ids
 * are random, so the bytes are not.
 */
public final class SignedQuoteRequests implements RequestGenerator<ExpectedQuote> {

    private static final String[] SYMBOLS = {"ACME", "GLOBEX", "INITECH", "UMBRELLA", "HOOLI", "STARK", "WAYNE", "TYRELL"};

    @Override
    public GeneratedRequest<ExpectedQuote> generate(int index) {
        String symbol = SYMBOLS[Math.floorMod(index, SYMBOLS.length)] + (index + 1);
        int quantity = 1 + Math.floorMod(index * 37, 500);
        byte[] body = Signer.INSTANCE.sign(QuoteEnvelope.of(symbol, quantity));
        return new GeneratedRequest<>(body,
                new ExpectedQuote(symbol, quantity, Prices.unitPrice(symbol), Prices.total(symbol, quantity)));
    }

    /** Loads the client key on first use: a runner that does not run these scenarios never reads it. */
    private static final class Signer {
        static final RequestSigner INSTANCE = new RequestSigner();
    }
}
