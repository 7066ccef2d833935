package dev.soapscope.demo.scenario;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;

/**
 * One thing the runner measures: a path in the demo WAR, how to make its requests and how to check its responses,
 * and the figure the classic measurement gave. Named {@code group/name}; the first scenario of a group is the one
 * the others are compared with.
 *
 * @param classicRps requests per second of the classic measurement (Resin, Java 5, 2000 requests at 200 concurrent),
 *                   or NaN when there is none
 */
public record Scenario(String name, String path, String description, double classicRps,
                       IntFunction<PreparedRequest> requestFactory) {

    /** The SOAPAction prefix; the agent names operations by SOAPAction, so each scenario gets its own operation. */
    public static final String ACTION_PREFIX = "urn:soapscope:demo:";
    /** Warm-up requests go to this operation so they never count in a measured one. */
    public static final String WARMUP_ACTION = ACTION_PREFIX + "warmup";

    public static <E> Scenario of(String name, String path, double classicRps, String description,
                                  RequestGenerator<E> generator, ResponseValidator<E> validator) {
        return new Scenario(name, path, description, classicRps, index -> {
            RequestGenerator.GeneratedRequest<E> r = generator.generate(index);
            return new PreparedRequest(r.body(), (status, body) -> validator.problem(status, body, r.expected()));
        });
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
        List<PreparedRequest> prepared = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            prepared.add(requestFactory.apply(i));
        }
        return prepared;
    }
}
