package dev.soapscope.demo.client.springws;

import java.io.IOException;
import java.net.URI;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.springframework.ws.client.WebServiceClientException;
import org.springframework.ws.client.core.WebServiceTemplate;
import org.springframework.xml.transform.StringResult;
import org.springframework.xml.transform.StringSource;

import dev.soapscope.demo.mtom.api.QueryCaller;
import dev.soapscope.demo.mtom.api.QueryService;

/**
 * {@code query} through a {@link WebServiceTemplate} with Spring-WS's defaults (a SAAJ message factory, the JDK's
 * HttpURLConnection sender), the payload as a string source, as Spring-WS's reference guide shows it.
 */
public final class SpringWsQueryCaller implements QueryCaller {

    private static final Pattern REQUEST_ID = Pattern.compile("<(?:\\w+:)?requestID[^>]*>([^<]*)<");

    private final WebServiceTemplate template;

    public SpringWsQueryCaller(URI address) {
        this.template = new WebServiceTemplate();
        template.setDefaultUri(address.toString());
    }

    @Override
    public String query(String text) throws IOException {
        StringResult result = new StringResult();
        try {
            template.sendSourceAndReceiveToResult(new StringSource("<q:query xmlns:q=\"" + QueryService.NS
                    + "\"><query>" + text.replace("&", "&amp;").replace("<", "&lt;") + "</query></q:query>"), result);
        } catch (WebServiceClientException e) {
            throw new IOException(e.toString(), e);
        }
        Matcher m = REQUEST_ID.matcher(result.toString());
        if (!m.find()) {
            throw new IOException("no requestID in the answer: " + result);
        }
        return m.group(1);
    }

    @Override
    public void close() {
        // a template holds no connection: its HttpURLConnection sender opens one per call, kept alive by the JDK
    }
}
