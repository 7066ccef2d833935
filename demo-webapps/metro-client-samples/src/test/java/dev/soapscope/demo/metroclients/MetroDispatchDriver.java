package dev.soapscope.demo.metroclients;

import dispatch.client.AddNumbersClient;
import dispatch.client.AddNumbersService;
import jakarta.xml.ws.Service;

import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * Runs the calls of Metro's dispatch sample client ({@code dispatch.client.AddNumbersClient}) many times: its own
 * methods, unmodified, reached by reflection (they are private, and its {@code main} makes each once): each builds a
 * Dispatch and calls it, synchronously ({@code Source} payload, JAXB payload, {@code SOAPMessage}) and polled
 * ({@code invokeAsync} with the same three). The callback kinds (each sleeps 1 s) are left to the sample's own main.
 *
 * <p>Args: warm-up rounds; measured rounds; a file {@code F}. Makes the warm-up rounds and prints {@link #WARM}; once
 * {@code F} exists, the measured rounds, and prints {@link #DONE}; then waits for its standard input to close.
 */
public final class MetroDispatchDriver {
    public static final String WARM = "soapscope metro dispatch driver warm";
    public static final String DONE = "soapscope metro dispatch driver done";
    /** The sample's calls, by its own method names and argument kinds, in its order. */
    static final int CALLS_PER_ROUND = 6;

    private MetroDispatchDriver() {
    }

    public static void main(String[] args) throws Exception {
        int warmUp = Integer.parseInt(args[0]);
        int rounds = Integer.parseInt(args[1]);
        Path go = Path.of(args[2]);
        Field service = AddNumbersClient.class.getDeclaredField("service");
        service.setAccessible(true);
        service.set(null, new AddNumbersService()); // as its main does
        AddNumbersClient client = new AddNumbersClient();
        String request = (String) field("request");
        String smRequest = (String) field("smRequest");
        Method[] calls = {
            method("invokeAddNumbers", String.class, Service.Mode.class),
            method("invokeAddNumbers"),
            method("invokeAddNumbers", String.class),
            method("invokeAsyncPollAddNumbers", String.class, Service.Mode.class),
            method("invokeAsyncPollAddNumbers"),
            method("invokeAsyncPollAddNumbers", String.class)};
        Object[][] arguments = {{request, Service.Mode.PAYLOAD}, {}, {smRequest}, {request, Service.Mode.PAYLOAD}, {}, {smRequest}};
        run(client, calls, arguments, warmUp);
        System.out.println(WARM + ": " + warmUp * CALLS_PER_ROUND + " calls");
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
        while (!Files.exists(go)) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("no " + go);
            }
            Thread.sleep(10);
        }
        run(client, calls, arguments, rounds);
        System.out.println(DONE + ": " + (warmUp + rounds) * CALLS_PER_ROUND + " calls");
        while (System.in.read() >= 0) {
            // until the test closes our input
        }
        System.exit(0);
    }

    private static void run(AddNumbersClient client, Method[] calls, Object[][] arguments, int rounds) throws Exception {
        for (int r = 0; r < rounds; r++) {
            for (int i = 0; i < calls.length; i++) {
                calls[i].invoke(client, arguments[i]);
            }
        }
    }

    private static Method method(String name, Class<?>... types) throws NoSuchMethodException {
        Method m = AddNumbersClient.class.getDeclaredMethod(name, types);
        m.setAccessible(true);
        return m;
    }

    private static Object field(String name) throws ReflectiveOperationException {
        Field f = AddNumbersClient.class.getDeclaredField(name);
        f.setAccessible(true);
        return f.get(null);
    }
}
