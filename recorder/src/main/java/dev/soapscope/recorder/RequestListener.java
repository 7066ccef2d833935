package dev.soapscope.recorder;

/** Told of every completed request, on the request's own thread: keep it short and allocation-free. */
public interface RequestListener {
    void onRequest(CompletedRequest request);
}
