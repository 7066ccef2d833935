package dev.soapscope.recorder;

/**
 * Told when a request or a SOAP call opens, on its thread, before any of its work. What it returns is kept with the
 * request until it ends ({@link CompletedRequest#startMark}): for what must begin at the real start, such as a JDK
 * Flight Recorder event, which cannot be back-dated. Called on every request: return null fast when not wanted.
 */
public interface OpenListener {
    Object opened(boolean call);
}
