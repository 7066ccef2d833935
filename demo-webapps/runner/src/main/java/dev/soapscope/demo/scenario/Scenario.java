package dev.soapscope.demo.scenario;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;

/**
 * One thing the runner measures: a path in a demo WAR, and either how to make its requests and check its responses
 * (driven by the load driver: N requests at concurrency C) or a {@link Workload} of its own (the transfer scenarios,
 * one request at a time); and the classic figures. Named {@code group/name}; the first scenario of a group is the one
 * the others are compared with.
 *
 * @param classicRps     requests per second of the classic measurement (Resin, Java 5, 2000 requests at 200
 *                       concurrent), or NaN when there is none
 * @param requestFactory the load driver's requests; null for a workload scenario
 * @param webapp         the WAR it needs
 * @param workload       null for a load-driven scenario
 * @param classicSeconds the classic figures of a workload scenario, per size (seconds); empty when there are none
 * @param endpoint       what the report shows as its address, e.g. {@code POST /saaj/orders}
 * @param maxConcurrency the most concurrent requests the stack survives (0: whatever the run asks); see
 *                       {@link #concurrency(int)}
 * @param dispatch       how the stack names the requests when it names them by where it dispatched them (Metro,
 *                       Axis2), whatever SOAPAction they carry; null when the runner's SOAPAction labels name them
 */
public record Scenario(String name, String path, String description, double classicRps,
                       IntFunction<PreparedRequest> requestFactory, Webapp webapp, Workload workload,
                       Map<Integer, Double> classicSeconds, String endpoint, int maxConcurrency,
                       StackDispatch dispatch) {

    /** The SOAPAction prefix; the agent names operations by SOAPAction, so each scenario gets its own operation. */
    public static final String ACTION_PREFIX = "urn:soapscope:demo:";
    /** Warm-up requests go to this operation so they never count in a measured one. */
    public static final String WARMUP_ACTION = ACTION_PREFIX + "warmup";

    /**
     * A stack that names each request after its dispatch, a name that wins over the SOAPAction in the agent (Metro:
     * the WSDL operation; Axis2: {@code service.operation}). Warm-up and measured requests then share operations, and
     * so do the scenarios of one service: the runner tells them apart by reading the agent's figures before and after
     * the measured requests.
     *
     * @param soapAction the stack's own SOAPAction (unquoted) every request, warm-up included, must carry, e.g.
     *                   {@code urn:getQuote} (Axis2 finds the operation from it before Rampart's Security phase; any
     *                   other action is a fault); null: the runner's labels, which the stack ignores
     * @param operations the operations the agent counts the scenario's requests under, e.g. a query and its batches
     */
    public record StackDispatch(String soapAction, List<String> operations) {
        public StackDispatch {
            operations = List.copyOf(operations);
        }
    }

    public Scenario {
        classicSeconds = classicSeconds == null ? Map.of() : new LinkedHashMap<>(classicSeconds);
    }

    /**
     * A load-driven scenario on the payload-caching WAR: {@code POST path} with the generator's requests, each response
     * validated.
     */
    public static <E> Scenario of(String name, String path, double classicRps, String description,
                                  RequestGenerator<E> generator, ResponseValidator<E> validator) {
        return of(name, Webapp.PAYLOAD_CACHING, path, classicRps, description, generator, validator);
    }

    /** A load-driven scenario on {@code webapp}; {@code path} includes its context. */
    public static <E> Scenario of(String name, Webapp webapp, String path, double classicRps, String description,
                                  RequestGenerator<E> generator, ResponseValidator<E> validator) {
        return new Scenario(name, path, description, classicRps, index -> {
            RequestGenerator.GeneratedRequest<E> r = generator.generate(index);
            return new PreparedRequest(r.body(), (status, body) -> validator.problem(status, body, r.expected()));
        }, webapp, null, Map.of(), "POST " + path, 0, null);
    }

    /** A scenario with a workload of its own. */
    public static Scenario transfer(String name, Webapp webapp, String path, String endpoint, String description,
                                    Workload workload, Map<Integer, Double> classicSeconds) {
        return new Scenario(name, path, description, Double.NaN, null, webapp, workload, classicSeconds, endpoint, 0,
                null);
    }

    /** This scenario, never driven at more than {@code max} concurrent requests. */
    public Scenario atMostConcurrent(int max) {
        return new Scenario(name, path, description, classicRps, requestFactory, webapp, workload, classicSeconds,
                endpoint, max, dispatch);
    }

    /**
     * This scenario on a stack that names requests by the operation it dispatched them to, whatever SOAPAction they
     * carry: its figures are those of {@code operations} between before and after it ran.
     */
    public Scenario namedByDispatch(String... operations) {
        return dispatchedBy(new StackDispatch(null, List.of(operations)));
    }

    /** This scenario, named by its stack's dispatch as {@code stack} says (and sent with its SOAPAction, if any). */
    public Scenario dispatchedBy(StackDispatch stack) {
        return new Scenario(name, path, description, classicRps, requestFactory, webapp, workload, classicSeconds,
                endpoint, maxConcurrency, stack);
    }

    /** The concurrency it runs at when the run asks for {@code requested}. */
    public int concurrency(int requested) {
        return maxConcurrency > 0 ? Math.min(requested, maxConcurrency) : requested;
    }

    public boolean isWorkload() {
        return workload != null;
    }

    /** The part before the first '/', e.g. {@code payload-caching}. */
    public String group() {
        int slash = name.indexOf('/');
        return slash < 0 ? name : name.substring(0, slash);
    }

    /** The part after the group, e.g. {@code saaj}. */
    public String shortName() {
        int slash = name.indexOf('/');
        return slash < 0 ? name : name.substring(slash + 1);
    }

    /** The SOAPAction (unquoted) the measured requests carry: the runner's label, or the one the stack needs. */
    public String soapAction() {
        return stackAction() != null ? stackAction() : ACTION_PREFIX + name;
    }

    /** The SOAPAction (unquoted) the warm-up requests carry: {@link #WARMUP_ACTION}, or the one the stack needs. */
    public String warmupAction() {
        return stackAction() != null ? stackAction() : WARMUP_ACTION;
    }

    private String stackAction() {
        return dispatch == null ? null : dispatch.soapAction();
    }

    /** The operations the stack names the requests by; empty when the runner's SOAPAction labels name them. */
    public List<String> dispatched() {
        return dispatch == null ? List.of() : dispatch.operations();
    }

    /** The operations the agent counts the measured requests under. */
    public List<String> operations() {
        return dispatch == null ? List.of(soapAction()) : dispatch.operations();
    }

    /** Whether the agent counts the warm-up requests under the measured operation too. */
    public boolean sharesOperationWithWarmup() {
        return dispatch != null;
    }

    /** {@code count} distinct requests; the driver cycles through them. */
    public List<PreparedRequest> prepare(int count) {
        if (requestFactory == null) {
            throw new IllegalStateException(name + " has a workload of its own, no requests for the load driver");
        }
        List<PreparedRequest> prepared = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            prepared.add(requestFactory.apply(i));
        }
        return prepared;
    }
}
