package dev.soapscope.demo.agent;

import java.util.List;

/** A hot-spot call site seen in one operation: its count there, per request, and the first stack the agent kept. */
public record HotspotSite(String kind, String site, long count, double perRequest, List<String> firstStack) {
}
