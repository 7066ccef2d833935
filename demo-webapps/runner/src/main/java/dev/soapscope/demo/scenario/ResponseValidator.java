package dev.soapscope.demo.scenario;

/**
 * Decides whether a response is the right answer to a generated request.
 *
 * @param <E> what the generator said the response must carry
 */
@FunctionalInterface
public interface ResponseValidator<E> {

    /** Null when the response is right, else a short reason (no response body, no URLs): it is shown in the report. */
    String problem(int status, byte[] body, E expected);
}
