package dev.soapscope.demo.cxf;

import demo.hw.client.TestAsyncHandler;
import jakarta.xml.ws.Response;
import org.apache.hello_world_async_soap_http.GreeterAsync;
import org.apache.hello_world_async_soap_http.SOAPService;
import org.apache.hello_world_async_soap_http.types.GreetMeSometimeResponse;

import javax.xml.namespace.QName;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * Makes the asynchronous calls CXF's jaxws_async client ({@code demo.hw.client.Client}) makes, many times: its
 * {@code main} makes each once and ends with {@code System.exit(0)}. Built as the sample builds them: its generated
 * {@code SOAPService} from the WSDL URL given, a fixed pool of 5 threads as the service's executor, its
 * {@code GreeterAsync} port; each round, {@code greetMeSometimeAsync} with the sample's own {@code TestAsyncHandler}
 * (callback), then without (polling the {@code Response}, then {@code get}), waiting for each as the sample does
 * ({@code isDone} in a sleep loop: 5 ms here, not the sample's 100, so the runs stay short) and checking the answer.
 *
 * <p>Args: the WSDL URL; warm-up rounds; measured rounds; a file {@code F}. Makes the warm-up rounds and prints
 * {@link #WARM}; once {@code F} exists, the measured rounds, and prints {@link #DONE}; then waits for its standard input
 * to close, so the agent's endpoint can be read.
 */
public final class AsyncClientDriver {
    public static final String WARM = "soapscope async driver warm";
    public static final String DONE = "soapscope async driver done";
    private static final QName SERVICE_NAME = new QName("http://apache.org/hello_world_async_soap_http", "SOAPService");

    private AsyncClientDriver() {
    }

    public static void main(String[] args) throws Exception {
        int warmUp = Integer.parseInt(args[1]);
        int rounds = Integer.parseInt(args[2]);
        Path go = Path.of(args[3]);
        ExecutorService executor = Executors.newFixedThreadPool(5);
        GreeterAsync port = samplePort(new URL(args[0]), executor);

        int made = run(port, warmUp);
        System.out.println(WARM + ": " + made + " calls");
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
        while (!Files.exists(go)) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("no " + go);
            }
            Thread.sleep(10);
        }
        made += run(port, rounds);
        System.out.println(DONE + ": " + made + " calls");
        while (System.in.read() >= 0) {
            // until the test closes our input
        }
        executor.shutdown();
        System.exit(0); // as the sample's main ends: CXF's transport threads would keep the JVM up
    }

    /** The port as the sample builds it: its generated service from {@code wsdl}, run by {@code executor}. */
    static GreeterAsync samplePort(URL wsdl, ExecutorService executor) {
        SOAPService ss = new SOAPService(wsdl, SERVICE_NAME);
        ss.setExecutor(executor);
        return ss.getSoapPort();
    }

    private static int run(GreeterAsync port, int rounds) throws Exception {
        for (int i = 0; i < rounds; i++) {
            String me = "Bob" + i;
            // callback method
            TestAsyncHandler testAsyncHandler = new TestAsyncHandler();
            Future<?> response = port.greetMeSometimeAsync(me, testAsyncHandler);
            while (!response.isDone()) {
                Thread.sleep(5);
            }
            check(testAsyncHandler.getResponse(), me);
            // polling method
            Response<GreetMeSometimeResponse> greetMeSomeTimeResp = port.greetMeSometimeAsync(me);
            while (!greetMeSomeTimeResp.isDone()) {
                Thread.sleep(5);
            }
            GreetMeSometimeResponse reply = greetMeSomeTimeResp.get();
            check(reply.getResponseType(), me);
        }
        return 2 * rounds;
    }

    private static void check(String answer, String me) {
        if (!("How are you " + me).equals(answer)) {
            throw new IllegalStateException("answered '" + answer + "' for " + me);
        }
    }
}
