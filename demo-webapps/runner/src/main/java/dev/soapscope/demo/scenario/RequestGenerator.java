package dev.soapscope.demo.scenario;

/**
 * Makes the request bodies of a scenario, deterministically: the same index gives the same request on every run.
 *
 * @param <E> what a correct response must say about this request
 */
@FunctionalInterface
public interface RequestGenerator<E> {

    GeneratedRequest<E> generate(int index);

    /** A request body and what its response must carry. */
    record GeneratedRequest<E>(byte[] body, E expected) {
    }
}
