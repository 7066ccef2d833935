package dev.soapscope.demo.scenario.axis1;

import java.io.ByteArrayInputStream;
import java.util.HashMap;
import java.util.Map;

import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

import dev.soapscope.demo.scenario.ResponseValidator;

/**
 * A response is right when it is HTTP 200 with a SOAP 1.1 envelope whose body holds Axis's RPC answer
 * {@code <ns:quoteResponse><quoteReturn><quoteId/><lineCount/><total/></quoteReturn></ns:quoteResponse>} (fields in any
 * order, unqualified, as Axis writes them without multiRefs) carrying the request's quote id, its line count and the sum
 * of quantity times unit price with exactly two decimals.
 */
public final class QuoteResponseValidator implements ResponseValidator<ExpectedQuote> {

    private static final int MAX_REASON = 160;
    private static final XMLInputFactory XML = newFactory();

    @Override
    public String problem(int status, byte[] body, ExpectedQuote expected) {
        Answer answer = Answer.read(body);
        if (status != 200) {
            return "HTTP " + status + (answer != null && answer.fault != null ? ", SOAP fault: " + answer.fault : "");
        }
        if (answer == null) {
            return "the response is not XML";
        }
        if (!answer.soap11) {
            return "the response is not a SOAP 1.1 envelope";
        }
        if (answer.fault != null) {
            return "SOAP fault: " + answer.fault;
        }
        if (!answer.quoteResponse) {
            return "no quoteResponse in the SOAP body";
        }
        String problem = differs("quoteId", answer.fields.get("quoteId"), expected.quoteId());
        if (problem == null) {
            problem = differs("lineCount", answer.fields.get("lineCount"), String.valueOf(expected.lineCount()));
        }
        return problem != null ? problem : differs("total", answer.fields.get("total"), expected.total().toPlainString());
    }

    private static String differs(String name, String actual, String expected) {
        return expected.equals(actual) ? null : name + " " + actual + ", expected " + expected;
    }

    /** What one pass over the response finds, by depth: Envelope 1, Body 2, quoteResponse or Fault 3, below them 4 and 5. */
    private static final class Answer {
        boolean soap11;
        boolean quoteResponse;
        String fault;
        final Map<String, String> fields = new HashMap<>();

        /** Null when the body is not well-formed XML. */
        static Answer read(byte[] body) {
            if (body == null || body.length == 0) {
                return null;
            }
            Answer answer = new Answer();
            XMLStreamReader reader = null;
            try {
                reader = XML.createXMLStreamReader(new ByteArrayInputStream(body));
                int depth = 0;
                boolean inBody = false;
                boolean inFault = false;
                while (reader.hasNext()) {
                    int event = reader.next();
                    if (event == XMLStreamConstants.END_ELEMENT) {
                        depth--;
                        continue;
                    }
                    if (event != XMLStreamConstants.START_ELEMENT) {
                        continue;
                    }
                    depth++;
                    String ns = reader.getNamespaceURI();
                    String name = reader.getLocalName();
                    if (depth == 1) {
                        answer.soap11 = "Envelope".equals(name) && QuoteRequests.SOAP11_NAMESPACE.equals(ns);
                    } else if (depth == 2) {
                        inBody = "Body".equals(name) && QuoteRequests.SOAP11_NAMESPACE.equals(ns);
                    } else if (depth == 3 && inBody) {
                        inFault = "Fault".equals(name) && QuoteRequests.SOAP11_NAMESPACE.equals(ns);
                        answer.quoteResponse |= "quoteResponse".equals(name) && QuoteRequests.NAMESPACE.equals(ns);
                    } else if (depth == 4 && inFault && "faultstring".equals(name)) {
                        answer.fault = abbreviate(reader.getElementText().strip());
                        depth--; // getElementText consumed the end tag
                    } else if (depth == 5 && answer.quoteResponse) {
                        answer.fields.put(name, reader.getElementText().strip());
                        depth--;
                    }
                }
                if (inFault && answer.fault == null) {
                    answer.fault = "(no faultstring)";
                }
                return answer;
            } catch (XMLStreamException e) {
                return null;
            } finally {
                close(reader);
            }
        }

        private static String abbreviate(String text) {
            return text.length() > MAX_REASON ? text.substring(0, MAX_REASON) + "..." : text;
        }

        private static void close(XMLStreamReader reader) {
            if (reader != null) {
                try {
                    reader.close();
                } catch (XMLStreamException e) {
                    // nothing was left to read
                }
            }
        }
    }

    private static XMLInputFactory newFactory() {
        XMLInputFactory factory = XMLInputFactory.newFactory();
        factory.setProperty(XMLInputFactory.SUPPORT_DTD, false);
        factory.setProperty(XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES, false);
        return factory;
    }
}
