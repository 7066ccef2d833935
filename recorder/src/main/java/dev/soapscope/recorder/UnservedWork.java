package dev.soapscope.recorder;

/**
 * Says once when a SOAP stack serves on a transport where soapscope opens no request: the service's own code ran
 * ({@code invoke}) outside any request, again and again for a minute, and no request opened in that minute (the count
 * restarts when a minute is up and requests were served: said one to two minutes after the last request). Then
 * every figure of that work is background, and one line naming the stack and its entry says so instead of silence.
 * Asked only when a span of work outside any request ends, and does nothing once said.
 */
final class UnservedWork {
    /** How long the work must go on with no request opened before it is said; 0: never ({@code unserved.warn.seconds}). */
    private static volatile long quietNanos = 60_000_000_000L;
    /** Spans of service code outside any request it takes in that time: a one-off is not a transport. */
    static final int MIN_SPANS = 10;

    /** The frames of the thread whose work is seen: replaced in tests. */
    static java.util.concurrent.Callable<StackTraceElement[]> frames = new java.util.concurrent.Callable<StackTraceElement[]>() {
        @Override
        public StackTraceElement[] call() {
            return Thread.currentThread().getStackTrace();
        }
    };

    private static volatile boolean said;
    /** When the spans being counted began, -1 before the first; the requests served then. */
    private static long since = -1;
    private static long requestsSince;
    private static int spans;

    /** Requests served so far: read at the start of a count and when the minute is up, never per span. */
    interface Served {
        long requests();
    }

    private UnservedWork() {
    }

    /**
     * A span of work outside any request ended on this thread, {@code invokeNanos} of it the service's own. Per such
     * span: a lock no request takes, a count and a clock comparison; the requests served are summed and the stack
     * read only when a minute of spans is up.
     */
    static void ended(long invokeNanos, final Aggregates aggregates) {
        if (said || invokeNanos == 0 || quietNanos == 0) {
            return;
        }
        String line;
        try {
            synchronized (UnservedWork.class) {
                line = observe(System.nanoTime(), new Served() {
                    @Override
                    public long requests() {
                        return requestsServed(aggregates);
                    }
                });
            }
        } catch (Exception e) {
            line = null;
        }
        if (line != null) {
            Log.warn(line);
        }
    }

    /**
     * One more span at {@code now}; the line to say, once, or null. When a minute of spans is up and a request was
     * served meanwhile, the count starts afresh: that work goes through a transport that is covered (or is work a
     * request handed off, a one-way call's), not through one where soapscope sees nothing.
     */
    static String observe(long now, Served served) throws Exception {
        if (said) {
            return null;
        }
        if (since < 0) {
            since = now;
            requestsSince = served.requests();
            spans = 0;
        }
        spans++;
        if (spans < MIN_SPANS || now - since < quietNanos) {
            return null;
        }
        long requests = served.requests();
        if (requests != requestsSince) {
            since = now;
            requestsSince = requests;
            spans = 0;
            return null;
        }
        said = true; // said or not, never asked again: a stack read once
        String entry = entryOf(frames.call());
        if (entry == null) {
            return null;
        }
        return Stack.servingWith(entry).title() + " served work outside any request (" + spans + " times in "
                + (now - since) / 1_000_000_000L + " s, on threads such as '" + Thread.currentThread().getName()
                + "') and no request opened: it enters through " + entry + ", a transport where soapscope opens no"
                + " request, so its time is counted as background and no operation is listed (docs/servers.md, 'Where requests"
                + " open', lists the transports covered)";
    }

    /** The outermost frame of a serving stack's own classes: where the transport hands the work to the stack. */
    static String entryOf(StackTraceElement[] frames) {
        String outermost = null;
        for (int i = 0; i < frames.length; i++) {
            String c = frames[i].getClassName();
            if (Stack.servingWith(c) != null) {
                outermost = c + "." + frames[i].getMethodName();
            }
        }
        return outermost;
    }

    private static long requestsServed(Aggregates a) {
        long served = 0;
        OperationTable ops = a.operations();
        for (int i = 0; i < ops.size(); i++) {
            OperationStats s = a.stats(i);
            if (i != OperationTable.NO_REQUEST && s != null) {
                served += s.requests();
            }
        }
        return served;
    }

    /** After how many seconds of unserved work it is said; 0: never. */
    static void sayAfter(long seconds) {
        quietNanos = seconds * 1_000_000_000L;
    }

    /** Forgets what was seen and said: for tests. */
    static synchronized void reset() {
        said = false;
        since = -1;
        spans = 0;
    }
}
