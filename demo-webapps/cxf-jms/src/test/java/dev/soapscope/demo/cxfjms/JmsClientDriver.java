package dev.soapscope.demo.cxfjms;

import com.example.customerservice.Customer;
import com.example.customerservice.CustomerService;
import com.example.customerservice.NoSuchCustomerException;
import org.apache.activemq.artemis.api.core.client.ActiveMQClient;
import org.springframework.context.support.ClassPathXmlApplicationContext;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Makes the calls of the jms_spring_config sample's client ({@code CustomerServiceSpringClient} and its
 * {@code CustomerServiceTester}) many times, on the port its Spring config ({@code client-applicationContext.xml})
 * builds: {@code getCustomersByName("Smith...")}, and one call in {@link JmsSample#FAULT_EVERY} for "None", which the
 * service answers with its fault, each answer checked as the tester checks it. The tester's one-way
 * {@code updateCustomer} is left to the sample's own main: the service sleeps 10 s in it, holding its one consumer.
 *
 * <p>Args: warm-up calls; measured calls; a file {@code F}. Makes the warm-up calls and prints {@link #WARM}; once
 * {@code F} exists, the measured calls, and prints {@link #DONE} with the faults answered; then waits for its standard
 * input to close (so the agent's endpoint can be read), and closes as the sample's main does.
 */
public final class JmsClientDriver {
    public static final String WARM = "soapscope jms driver warm";
    public static final String DONE = "soapscope jms driver done";

    private JmsClientDriver() {
    }

    public static void main(String[] args) throws Exception {
        int warmUp = Integer.parseInt(args[0]);
        int calls = Integer.parseInt(args[1]);
        Path go = Path.of(args[2]);
        try (ClassPathXmlApplicationContext context
                     = new ClassPathXmlApplicationContext(new String[] {"classpath:client-applicationContext.xml"})) {
            CustomerService port = context.getBean("customerService", CustomerService.class);
            int faults = call(port, 0, warmUp);
            System.out.println(WARM + ": " + warmUp + " calls, " + faults + " faults");
            long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
            while (!Files.exists(go)) {
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException("no " + go);
                }
                Thread.sleep(10);
            }
            faults += call(port, warmUp, warmUp + calls);
            System.out.println(DONE + ": " + (warmUp + calls) + " calls, " + faults + " faults");
            while (System.in.read() >= 0) {
                // until the test closes our input
            }
        }
        ActiveMQClient.clearThreadPools(); // as the sample's client main does
        System.exit(0); // and ends, whatever threads the broker client keeps
    }

    /** Calls {@code from} to {@code to - 1}; returns the faults answered. */
    private static int call(CustomerService port, int from, int to) throws Exception {
        int faults = 0;
        for (int i = from; i < to; i++) {
            if (i % JmsSample.FAULT_EVERY == JmsSample.FAULT_EVERY - 1) {
                try {
                    List<Customer> none = port.getCustomersByName("None");
                    throw new IllegalStateException("call " + i + ": 'None' answered " + none + " instead of the fault");
                } catch (NoSuchCustomerException e) {
                    if (e.getFaultInfo() == null || !"None".equals(e.getFaultInfo().getCustomerName())) {
                        throw new IllegalStateException("call " + i + ": fault info " + e.getFaultInfo(), e);
                    }
                    faults++;
                }
                continue;
            }
            String name = "Smith" + i;
            List<Customer> customers = port.getCustomersByName(name);
            if (customers.size() != 2 || !name.equals(customers.get(0).getName())) {
                throw new IllegalStateException("call " + i + ": answered " + customers.size() + " customers for " + name);
            }
        }
        return faults;
    }
}
