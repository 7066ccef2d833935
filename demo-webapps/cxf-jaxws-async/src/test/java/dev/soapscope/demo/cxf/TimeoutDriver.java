package dev.soapscope.demo.cxf;

import demo.hw.client.TestAsyncHandler;
import jakarta.xml.ws.BindingProvider;
import jakarta.xml.ws.Response;
import org.apache.cxf.frontend.ClientProxy;
import org.apache.cxf.transport.http.HTTPConduit;
import org.apache.cxf.transports.http.configuration.HTTPClientPolicy;
import org.apache.hello_world_async_soap_http.GreeterAsync;
import org.apache.hello_world_async_soap_http.types.GreetMeSometimeResponse;

import java.net.URL;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * The jaxws_async sample's port, built as {@link AsyncClientDriver} builds it, calling an address that takes requests
 * and never answers, with a receive timeout as CXF's documentation sets one (an {@code HTTPClientPolicy} on the port's
 * {@code HTTPConduit}): each round a synchronous {@code greetMeSometime}, an
 * asynchronous one with the sample's {@code TestAsyncHandler} and one polled through its {@code Response}, each ending
 * when CXF gives up on the answer.
 *
 * <p>Args: the WSDL URL; the address that does not answer; rounds; the timeout in ms. Prints {@link #DONE} with the
 * number of calls that timed out, then waits for its standard input to close, so the agent's endpoint can be read.
 */
public final class TimeoutDriver {
    public static final String DONE = "soapscope timeout driver done";

    private TimeoutDriver() {
    }

    public static void main(String[] args) throws Exception {
        String silent = args[1];
        int rounds = Integer.parseInt(args[2]);
        long timeoutMs = Long.parseLong(args[3]);
        ExecutorService executor = Executors.newFixedThreadPool(5);
        GreeterAsync port = AsyncClientDriver.samplePort(new URL(args[0]), executor);
        Map<String, Object> context = ((BindingProvider) port).getRequestContext();
        context.put(BindingProvider.ENDPOINT_ADDRESS_PROPERTY, silent);
        HTTPClientPolicy policy = new HTTPClientPolicy();
        policy.setReceiveTimeout(timeoutMs);
        ((HTTPConduit) ClientProxy.getClient(port).getConduit()).setClient(policy);

        int timedOut = 0;
        for (int i = 0; i < rounds; i++) {
            String me = "Bob" + i;
            try {
                port.greetMeSometime(me);
            } catch (RuntimeException e) {
                timedOut += timedOut(e);
            }
            TestAsyncHandler handler = new TestAsyncHandler();
            Future<?> handled = port.greetMeSometimeAsync(me, handler);
            while (!handled.isDone()) {
                Thread.sleep(5);
            }
            try {
                handled.get();
            } catch (ExecutionException e) {
                timedOut += timedOut(e);
            }
            Response<GreetMeSometimeResponse> polled = port.greetMeSometimeAsync(me);
            try {
                polled.get();
            } catch (ExecutionException e) {
                timedOut += timedOut(e);
            }
        }
        System.out.println(DONE + ": " + timedOut + " of " + 3 * rounds + " calls timed out");
        while (System.in.read() >= 0) {
            // until the test closes our input
        }
        executor.shutdown();
        System.exit(0); // CXF's transport threads would keep the JVM up
    }

    /** 1 if a cause of {@code e} is a timeout, else 0 (and what it was, on standard error). */
    private static int timedOut(Exception e) {
        for (Throwable c = e; c != null; c = c.getCause()) {
            if (c instanceof java.net.SocketTimeoutException || c.getClass().getName().endsWith("TimeoutException")) {
                return 1;
            }
        }
        e.printStackTrace();
        return 0;
    }
}
