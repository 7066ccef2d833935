package dev.soapscope.demo.scenario.client;

import java.io.IOException;
import java.net.URI;

import jakarta.xml.soap.MessageFactory;
import jakarta.xml.soap.SOAPBody;
import jakarta.xml.soap.SOAPConnection;
import jakarta.xml.soap.SOAPConnectionFactory;
import jakarta.xml.soap.SOAPElement;
import jakarta.xml.soap.SOAPException;
import jakarta.xml.soap.SOAPMessage;

import dev.soapscope.demo.mtom.api.QueryCaller;
import dev.soapscope.demo.mtom.api.QueryService;

/**
 * SAAJ by hand: a {@link SOAPConnection} from the factory, each request built as a {@link SOAPMessage} and sent with
 * {@code call}. Every {@code createConnection} makes a {@code MessageFactory} of its own.
 */
public final class SaajQueryCaller implements QueryCaller {

    private final URI address;
    private final SOAPConnection connection;
    private final MessageFactory messages;

    public SaajQueryCaller(URI address) throws SOAPException {
        this.address = address;
        this.connection = SOAPConnectionFactory.newInstance().createConnection();
        this.messages = MessageFactory.newInstance();
    }

    @Override
    public String query(String text) throws IOException {
        try {
            SOAPMessage request = messages.createMessage();
            SOAPElement query = request.getSOAPBody().addChildElement("query", "q", QueryService.NS);
            query.addChildElement("query").addTextNode(text);
            request.saveChanges();
            SOAPBody body = connection.call(request, address.toURL()).getSOAPBody();
            if (body.hasFault()) {
                throw new IOException("SOAP fault: " + body.getFault().getFaultString());
            }
            org.w3c.dom.Node id = body.getElementsByTagName("requestID").item(0);
            if (id == null) {
                throw new IOException("no requestID in the answer");
            }
            return id.getTextContent();
        } catch (SOAPException e) {
            throw new IOException(e.toString(), e);
        }
    }

    @Override
    public void close() {
        try {
            connection.close();
        } catch (SOAPException e) {
            // closing anyway
        }
    }
}
