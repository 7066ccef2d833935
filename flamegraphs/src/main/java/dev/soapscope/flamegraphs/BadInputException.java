package dev.soapscope.flamegraphs;

/** Input the commands cannot use (a missing run, no phases.json, malformed JSON): one message, exit code 2. */
public final class BadInputException extends Exception {
    private static final long serialVersionUID = 1L;

    public BadInputException(String message) {
        super(message);
    }

    public BadInputException(String message, Throwable cause) {
        super(message, cause);
    }
}
