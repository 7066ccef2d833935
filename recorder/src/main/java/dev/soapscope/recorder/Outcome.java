package dev.soapscope.recorder;

/**
 * How a request or a SOAP call ended: a small fixed set, so it is safe as a metric tag. A served request ends by its
 * HTTP status; a call by what the stack made of the answer (a SOAP fault, a transport error, a timeout).
 */
public enum Outcome implements Sides.Sided {
    SUCCESS("success", Sides.BOTH),
    CLIENT_ERROR("client_error", Sides.SERVER),
    SERVER_ERROR("server_error", Sides.SERVER),
    FAULT("fault", Sides.CLIENT),
    TRANSPORT_ERROR("transport_error", Sides.CLIENT),
    TIMEOUT("timeout", Sides.CLIENT),
    EXCEPTION("exception", Sides.BOTH);

    public static final int COUNT = values().length;
    private static final Outcome[] BY_ORDINAL = values();

    private final String tag;
    private final int sides;

    Outcome(String tag, int sides) {
        this.tag = tag;
        this.sides = sides;
    }

    public String tag() {
        return tag;
    }

    public boolean onServer() {
        return Sides.on(sides, false);
    }

    public boolean onClient() {
        return Sides.on(sides, true);
    }

    @Override
    public int sides() {
        return sides;
    }

    /** How many outcomes a side can have: what sizes its metric series. */
    public static int count(boolean client) {
        return Sides.count(BY_ORDINAL, client);
    }

    public static Outcome of(int ordinal) {
        return BY_ORDINAL[ordinal];
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

    /**
     * How a call ended that threw {@code t} (null: it returned). The causes decide first, as stacks wrap what the
     * transport threw in their own faults (Axis's {@code AxisFault}, CXF's {@code Fault}): a timeout, else another I/O
     * failure, else a SOAP fault: by its class name, or a checked exception, which is what a JAX-WS call throws for a
     * fault its WSDL declares ({@code NoSuchCustomerException}); else anything else. Reads a few causes' classes only.
     */
    static Outcome ofCall(Throwable t) {
        if (t == null) {
            return SUCCESS;
        }
        boolean io = false;
        boolean fault = false;
        Throwable c = t;
        for (int i = 0; i < 8 && c != null; i++) {
            String name = c.getClass().getName();
            if (c instanceof java.net.SocketTimeoutException || name.endsWith("TimeoutException")) {
                return TIMEOUT;
            }
            boolean faultType = name.contains("Fault"); // SOAPFaultException, SoapFault, AxisFault, SoapFaultClientException
            io |= c instanceof java.io.IOException && !faultType; // AxisFault is a RemoteException, an IOException
            fault |= faultType || i == 0 && !(c instanceof RuntimeException) && !(c instanceof Error);
            Throwable next = c.getCause();
            c = next == c ? null : next;
        }
        return io ? TRANSPORT_ERROR : fault ? FAULT : EXCEPTION;
    }
}
