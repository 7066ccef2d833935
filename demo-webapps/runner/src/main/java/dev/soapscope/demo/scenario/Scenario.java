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
 */
public record Scenario(String name, String path, String description, double classicRps,
                       IntFunction<PreparedRequest> requestFactory, Webapp webapp, Workload workload,
                       Map<Integer, Double> classicSeconds, String endpoint) {

    /** The SOAPAction prefix; the agent names operations by SOAPAction, so each scenario gets its own operation. */
    public static final String ACTION_PREFIX = "urn:soapscope:demo:";
    /** Warm-up requests go to this operation so they never count in a measured one. */
    public static final String WARMUP_ACTION = ACTION_PREFIX + "warmup";

    public Scenario {
        classicSeconds = classicSeconds == null ? Map.of() : new LinkedHashMap<>(classicSeconds);
    }

    /** A load-driven scenario: {@code POST path} with the generator's requests, each response validated. */
    public static <E> Scenario of(String name, String path, double classicRps, String description,
                                  RequestGenerator<E> generator, ResponseValidator<E> validator) {
        return new Scenario(name, path, description, classicRps, index -> {
            RequestGenerator.GeneratedRequest<E> r = generator.generate(index);
            return new PreparedRequest(r.body(), (status, body) -> validator.problem(status, body, r.expected()));
        }, Webapp.PAYLOAD_CACHING, null, Map.of(), "POST " + path);
    }

    /** A scenario with a workload of its own. */
    public static Scenario transfer(String name, Webapp webapp, String path, String endpoint, String description,
                                    Workload workload, Map<Integer, Double> classicSeconds) {
        return new Scenario(name, path, description, Double.NaN, null, webapp, workload, classicSeconds, endpoint);
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

    /** The SOAPAction (unquoted) the measured requests carry, and so the agent's operation name. */
    public String soapAction() {
        return ACTION_PREFIX + name;
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
