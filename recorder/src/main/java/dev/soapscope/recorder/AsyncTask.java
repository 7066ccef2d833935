package dev.soapscope.recorder;

/**
 * A task an asynchronous request handed to another thread ({@code AsyncContext.start}), wrapped so that its work is
 * recorded as the request's (a shard of it, {@link AsyncRequest}) on whatever thread runs it.
 */
final class AsyncTask implements Runnable {
    private final AsyncRequest request;
    private final Runnable task;

    AsyncTask(AsyncRequest request, Runnable task) {
        this.request = request;
        this.task = task;
    }

    @Override
    public void run() {
        int token = AsyncRequests.asyncAttach(request);
        try {
            task.run();
        } finally {
            AsyncRequests.asyncRelease(token);
        }
    }

    @Override
    public String toString() {
        return task.toString();
    }
}
