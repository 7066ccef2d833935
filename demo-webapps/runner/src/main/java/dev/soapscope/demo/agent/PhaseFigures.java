package dev.soapscope.demo.agent;

/**
 * One phase of one operation as the agent's {@code /phases} reports it: self time per request (mean over all requests,
 * p50/p99 over those that entered the phase), its share of all request time, and bytes allocated in it per request.
 */
public record PhaseFigures(double meanUs, double p50Us, double p99Us, double share, long allocBytes, long requests) {
}
