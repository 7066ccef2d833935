package dev.soapscope.demo.scenario.client;

import java.io.IOException;
import java.net.MalformedURLException;
import java.net.URI;

import javax.xml.namespace.QName;

import jakarta.xml.ws.BindingProvider;
import jakarta.xml.ws.Service;
import jakarta.xml.ws.WebServiceException;

import dev.soapscope.demo.mtom.api.QueryCaller;
import dev.soapscope.demo.mtom.api.QueryService;

/**
 * The portable JAX-WS client, as the specification and most tutorials write it: {@code Service.create} from the
 * service's WSDL ({@code ?wsdl}, fetched and parsed), then {@code getPort}. Whichever JAX-WS implementation is on the
 * class path runs it: CXF in the runner's JVM, Metro when its jars come first and it is chosen as the provider.
 */
public final class JaxWsQueryCaller implements QueryCaller {

    private static final QName SERVICE = new QName(QueryService.NS, "QueryService");
    private static final QName PORT = new QName(QueryService.NS, "QueryPort");

    private final QueryService port;

    public JaxWsQueryCaller(URI address) throws MalformedURLException {
        Service service = Service.create(URI.create(address + "?wsdl").toURL(), SERVICE);
        this.port = service.getPort(PORT, QueryService.class);
        ((BindingProvider) port).getRequestContext().put(BindingProvider.ENDPOINT_ADDRESS_PROPERTY, address.toString());
    }

    @Override
    public String query(String text) throws IOException {
        try {
            return port.query(text);
        } catch (WebServiceException e) {
            throw new IOException(e.toString(), e);
        }
    }

    @Override
    public void close() {
        if (port instanceof AutoCloseable closeable) { // CXF's and Metro's proxies both are
            try {
                closeable.close();
            } catch (Exception e) {
                // closing anyway
            }
        }
    }
}
