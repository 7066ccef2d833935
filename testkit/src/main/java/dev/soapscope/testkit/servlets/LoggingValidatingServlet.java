package dev.soapscope.testkit.servlets;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.logging.SimpleFormatter;
import java.util.logging.StreamHandler;

import javax.xml.XMLConstants;
import javax.xml.transform.stream.StreamSource;
import javax.xml.validation.Schema;
import javax.xml.validation.SchemaFactory;

import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.xml.sax.SAXException;

/**
 * Validates each request against the SOAP 1.1 envelope's schema with the JDK's {@code javax.xml.validation}, and
 * logs the whole message through {@code java.util.logging} at FINE: at {@code /logged} the logger is at FINE, at
 * {@code /quiet} at INFO, so the same calls are a disabled DEBUG line there. Answers {@code <validated>N</validated>}.
 */
public class LoggingValidatingServlet extends HttpServlet {

    private static final long serialVersionUID = 1L;
    /** A lax envelope schema: any body content, so the echo requests validate. */
    private static final String ENVELOPE_XSD = "<xs:schema xmlns:xs='http://www.w3.org/2001/XMLSchema'"
            + " targetNamespace='http://schemas.xmlsoap.org/soap/envelope/' elementFormDefault='qualified'>"
            + "<xs:element name='Envelope'><xs:complexType><xs:sequence>"
            + "<xs:element name='Header' minOccurs='0'><xs:complexType><xs:sequence>"
            + "<xs:any processContents='lax' minOccurs='0' maxOccurs='unbounded'/></xs:sequence></xs:complexType></xs:element>"
            + "<xs:element name='Body'><xs:complexType><xs:sequence>"
            + "<xs:any processContents='lax' minOccurs='0' maxOccurs='unbounded'/></xs:sequence></xs:complexType></xs:element>"
            + "</xs:sequence></xs:complexType></xs:element></xs:schema>";
    /** Enough lines that logging is most of the request, as with a framework logging at DEBUG. */
    private static final int LINES = 20;

    private transient Schema schema;
    private transient Logger logged;
    private transient Logger quiet;

    @Override
    public void init() throws ServletException {
        try {
            schema = SchemaFactory.newInstance(XMLConstants.W3C_XML_SCHEMA_NS_URI)
                    .newSchema(new StreamSource(new StringReader(ENVELOPE_XSD)));
        } catch (SAXException e) {
            throw new ServletException(e);
        }
        logged = logger("soapscope.test.logged", Level.FINE);
        quiet = logger("soapscope.test.quiet", Level.INFO);
    }

    /** A logger that formats every line it takes and writes it nowhere: the cost of logging, not of a disk. */
    private static Logger logger(String name, Level level) {
        Logger l = Logger.getLogger(name);
        l.setUseParentHandlers(false);
        l.setLevel(level);
        StreamHandler h = new StreamHandler(OutputStream.nullOutputStream(), new SimpleFormatter());
        h.setLevel(Level.ALL);
        l.addHandler(h);
        return l;
    }

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws IOException {
        byte[] body = request.getInputStream().readAllBytes();
        Logger log = request.getServletPath().startsWith("/logged") ? logged : quiet;
        String message = new String(body, StandardCharsets.UTF_8);
        for (int i = 0; i < LINES; i++) {
            log.log(Level.FINE, "request {0} of {1} bytes: {2}", new Object[] {i, body.length, message});
        }
        try {
            schema.newValidator().validate(new StreamSource(new ByteArrayInputStream(body)));
        } catch (SAXException e) {
            SoapResponses.send(response, 500, SoapResponses.payload("invalid", "reason", e.getMessage()));
            return;
        }
        SoapResponses.send(response, 200, SoapResponses.payload("validated", "bytes", Integer.toString(body.length)));
    }
}
