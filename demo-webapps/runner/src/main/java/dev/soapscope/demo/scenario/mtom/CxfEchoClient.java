package dev.soapscope.demo.scenario.mtom;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URI;
import java.util.Arrays;

import jakarta.activation.DataHandler;
import jakarta.activation.DataSource;
import jakarta.xml.ws.Holder;
import jakarta.xml.ws.WebServiceException;

import dev.soapscope.demo.mtom.api.MtomEcho;

/** {@link MtomEcho} through a CXF JAX-WS proxy: sends a text and bytes, checks both come back unchanged. */
public final class CxfEchoClient implements AutoCloseable {

    private final MtomEcho proxy;

    /** @param address e.g. {@code http://127.0.0.1:8080/mtom/services/echo-mtom}; {@code mtom} for the request too */
    public CxfEchoClient(URI address, boolean mtom) {
        this.proxy = Cxf.proxy(MtomEcho.class, address, mtom);
    }

    public void label(String soapAction) {
        Cxf.label(proxy, soapAction);
    }

    /** One round trip; the echoed data is read to its end. Null when both came back unchanged, else what differs. */
    public String echo(String text, byte[] data) throws IOException {
        Holder<String> textHolder = new Holder<>(text);
        Holder<DataHandler> dataHolder = new Holder<>(new DataHandler(new BytesDataSource(data)));
        try {
            proxy.testMtom(textHolder, dataHolder);
        } catch (WebServiceException e) {
            throw Cxf.failure(e);
        }
        if (dataHolder.value == null) {
            return "no data in the response";
        }
        byte[] echoed;
        try (InputStream in = dataHolder.value.getInputStream()) {
            echoed = in.readAllBytes();
        }
        return problem(text, data, textHolder.value, echoed);
    }

    static String problem(String text, byte[] data, String echoedText, byte[] echoed) {
        if (!text.equals(echoedText)) {
            return "the text came back as " + (echoedText == null ? "nothing" : "a different one");
        }
        if (echoed.length != data.length) {
            return echoed.length + " bytes came back of " + data.length;
        }
        int at = Arrays.mismatch(data, echoed);
        return at < 0 ? null : "the data came back changed at byte " + at;
    }

    @Override
    public void close() {
        Cxf.close(proxy);
    }

    /** The bytes as an activation DataSource (jakarta.activation has no ByteArrayDataSource). */
    record BytesDataSource(byte[] bytes) implements DataSource {
        @Override
        public InputStream getInputStream() {
            return new ByteArrayInputStream(bytes);
        }

        @Override
        public OutputStream getOutputStream() throws IOException {
            throw new IOException("read-only");
        }

        @Override
        public String getContentType() {
            return "application/octet-stream";
        }

        @Override
        public String getName() {
            return "data";
        }
    }
}
