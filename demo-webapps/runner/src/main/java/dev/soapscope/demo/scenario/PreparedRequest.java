package dev.soapscope.demo.scenario;

/** A request ready to send, with the check its response must pass: all the load driver knows of a scenario. */
public record PreparedRequest(byte[] body, Check check) {

    /** Null when the response is right, else a short reason. */
    @FunctionalInterface
    public interface Check {
        String problem(int status, byte[] body);
    }
}
