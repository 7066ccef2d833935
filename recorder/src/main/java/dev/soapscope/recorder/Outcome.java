package dev.soapscope.recorder;

/** How a request ended: a small fixed set, so it is safe as a metric tag. */
public enum Outcome {
    SUCCESS("success"),
    CLIENT_ERROR("client_error"),
    SERVER_ERROR("server_error"),
    EXCEPTION("exception");

    public static final int COUNT = values().length;

    private final String tag;

    Outcome(String tag) {
        this.tag = tag;
    }

    public String tag() {
        return tag;
    }

    /** An HTTP status (0 when unknown) and whether the request threw. */
    static Outcome of(int status, boolean threw) {
        if (threw) {
            return EXCEPTION;
        }
        if (status >= 500) {
            return SERVER_ERROR;
        }
        if (status >= 400) {
            return CLIENT_ERROR;
        }
        return SUCCESS;
    }
}
