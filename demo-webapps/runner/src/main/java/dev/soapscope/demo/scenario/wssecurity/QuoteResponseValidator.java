package dev.soapscope.demo.scenario.wssecurity;

import java.io.ByteArrayInputStream;
import java.util.HashMap;
import java.util.Map;

import javax.xml.namespace.QName;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

import dev.soapscope.demo.scenario.ResponseValidator;
import dev.soapscope.demo.wssecurity.api.QuoteEnvelope;
import dev.soapscope.demo.wssecurity.api.QuoteService;

/**
 * A response is right when it is HTTP 200 with a SOAP 1.1 envelope whose body holds
 * {@code <q:getQuoteResponse><quote><symbol/><quantity/><unitPrice/><total/></quote></q:getQuoteResponse>} with the
 * request's symbol and quantity, the symbol's price and price times quantity, each with exactly two decimals. A
 * request the service cannot verify (a bad signature, an untrusted key) comes back as HTTP 500 with a
 * {@code wsse:SecurityError} fault, reported with its faultstring.
 */
public final class QuoteResponseValidator implements ResponseValidator<ExpectedQuote> {

    private static final int MAX_REASON = 160;
    private static final QName ENVELOPE = new QName(QuoteEnvelope.SOAP11_NAMESPACE, "Envelope");
    private static final QName BODY = new QName(QuoteEnvelope.SOAP11_NAMESPACE, "Body");
    private static final QName FAULT = new QName(QuoteEnvelope.SOAP11_NAMESPACE, "Fault");
    private static final QName QUOTE_RESPONSE = new QName(QuoteService.NAMESPACE, "getQuoteResponse");
    private static final XMLInputFactory XML = secureFactory();

    @Override
    public String problem(int status, byte[] body, ExpectedQuote expected) {
        Reply reply = Reply.read(body);
        if (status != 200) {
            return "HTTP " + status + (reply != null && reply.fault() != null ? ", SOAP fault: " + reply.fault() : "");
        }
        if (reply == null) {
            return "the response is not XML";
        }
        if (!ENVELOPE.equals(reply.root())) {
            return "the response is not a SOAP 1.1 envelope (root element " + reply.root() + ")";
        }
        if (reply.fault() != null) {
            return "SOAP fault: " + reply.fault();
        }
        if (!QUOTE_RESPONSE.equals(reply.payload())) {
            return "no q:getQuoteResponse in the SOAP body";
        }
        return firstDifference(reply.values(), expected);
    }

    private static String firstDifference(Map<String, String> got, ExpectedQuote expected) {
        String[][] fields = {
            {"symbol", expected.symbol()},
            {"quantity", String.valueOf(expected.quantity())},
            {"unitPrice", expected.unitPrice().toPlainString()},
            {"total", expected.total().toPlainString()},
        };
        for (String[] f : fields) {
            String value = got.get(f[0]);
            if (!f[1].equals(value)) {
                return f[0] + " " + value + ", expected " + f[1];
            }
        }
        return null;
    }

    /**
     * What a response says: its root element, the first element in its SOAP body, the faultstring if that is a fault,
     * and the text of each element inside the payload by local name (the last one wins; the quote has no repeats).
     */
    private record Reply(QName root, QName payload, String fault, Map<String, String> values) {

        /** Null when {@code body} is not well-formed XML. */
        static Reply read(byte[] body) {
            if (body == null || body.length == 0) {
                return null;
            }
            try {
                XMLStreamReader r = XML.createXMLStreamReader(new ByteArrayInputStream(body));
                try {
                    return read(r);
                } finally {
                    r.close();
                }
            } catch (XMLStreamException e) {
                return null;
            }
        }

        private static Reply read(XMLStreamReader r) throws XMLStreamException {
            QName root = null;
            QName payload = null;
            Map<String, String> values = new HashMap<>();
            int depth = 0; // 1 = the envelope, 2 = its header or body, 3 = the payload
            boolean inBody = false;
            String leaf = null; // the innermost open element inside the payload, until a child or its end
            StringBuilder text = new StringBuilder();
            while (r.hasNext()) {
                int event = r.next();
                if (event == XMLStreamConstants.START_ELEMENT) {
                    depth++;
                    QName name = r.getName();
                    if (depth == 1) {
                        root = name;
                    } else if (depth == 2) {
                        inBody = BODY.equals(name);
                    } else if (inBody && depth == 3 && payload == null) {
                        payload = name;
                    }
                    leaf = inBody && depth > 3 ? name.getLocalPart() : null;
                    text.setLength(0);
                } else if (event == XMLStreamConstants.CHARACTERS || event == XMLStreamConstants.CDATA) {
                    text.append(r.getText());
                } else if (event == XMLStreamConstants.END_ELEMENT) {
                    if (leaf != null) {
                        values.put(leaf, text.toString().strip());
                        leaf = null;
                    }
                    depth--;
                }
            }
            String fault = null;
            if (FAULT.equals(payload)) {
                String f = values.getOrDefault("faultstring", "(no faultstring)");
                fault = f.length() > MAX_REASON ? f.substring(0, MAX_REASON) + "..." : f;
            }
            return new Reply(root, payload, fault, values);
        }
    }

    private static XMLInputFactory secureFactory() {
        XMLInputFactory factory = XMLInputFactory.newFactory();
        factory.setProperty(XMLInputFactory.SUPPORT_DTD, Boolean.FALSE);
        factory.setProperty(XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES, Boolean.FALSE);
        return factory;
    }
}
