package dev.soapscope.metrics;

import dev.soapscope.recorder.Aggregates;
import dev.soapscope.recorder.ClientCalls;
import dev.soapscope.recorder.HotSpotKind;
import dev.soapscope.recorder.HotSpotSite;
import dev.soapscope.recorder.OperationStats;
import dev.soapscope.recorder.OperationTable;

/**
 * {@code /hotspots}: per kind, call site and caller (the first frame outside the JDK and the stacks' known wrappers),
 * the first stack seen there and, per operation, the count, how many requests met it, the rate per request and, when
 * the operation first met the site by another way, its own {@code first_stack}. A site whose caller is a class
 * initializer is {@code one_off}: its events have no rate per request (nor are they in {@code /phases}' rates).
 * Events outside any request are listed under {@code (no request)} with no rate per request; once the JVM makes
 * SOAP calls, with those since its first call per call made after it ({@code per_call_made}).
 */
final class HotSpotsJson {
    private HotSpotsJson() {
    }

    static String render(Aggregates a) {
        OperationTable ops = a.operations();
        Json j = new Json().beginObject().name("hotspots").beginArray();
        for (HotSpotSite site : a.sites().all()) {
            j.beginObject()
                    .name("kind").value(site.kind().tag())
                    .name("site").value(site.detail())
                    .name("caller").value(site.caller())
                    .name("one_off").value(site.oneOff())
                    .name("total").value(site.total());
            String first = site.firstStack();
            stack(j, first);
            j.name("operations").beginArray();
            for (int i = 0; i < ops.size(); i++) {
                long count = site.count(i);
                if (count == 0) {
                    continue;
                }
                OperationStats s = a.stats(i);
                long requests = s == null ? 0 : s.requests();
                j.beginObject().name("operation").value(ops.name(i)).name("count").value(count);
                if (i != OperationTable.NO_REQUEST) {
                    j.name("requests").value(site.requests(i));
                }
                j.name("per_request");
                if (i == OperationTable.NO_REQUEST || requests == 0 || site.oneOff()) {
                    j.value((String) null);
                } else {
                    j.value((double) count / requests, 3);
                }
                if (i == OperationTable.NO_REQUEST) {
                    perCallMade(j, a, site);
                }
                String own = site.firstStack(ops.name(i));
                if (!own.equals(first)) {
                    stack(j, own);
                }
                j.endObject();
            }
            j.endArray();
            clients(j, a, site);
            j.endObject();
        }
        return j.endArray().endObject().toString();
    }

    /**
     * The SOAP calls that met the site inside them ({@code clients}, per operation and peer, with the rate per call),
     * and for a kind that happens outside calls ({@code client.create}), the rate over all calls this JVM made.
     */
    private static void clients(Json j, Aggregates a, HotSpotSite site) {
        ClientCalls calls = a.clients();
        long all = calls.calls();
        if (site.kind() == HotSpotKind.CLIENT_CREATE) {
            j.name("per_call");
            if (all == 0 || site.oneOff()) {
                j.value((String) null);
            } else {
                j.value((double) site.total() / all, 3);
            }
        }
        j.name("clients").beginArray();
        for (int i = 0; i < calls.size(); i++) {
            long count = site.count(a.clientSiteIndex(i));
            if (count == 0) {
                continue;
            }
            OperationStats s = calls.stats(i);
            long n = s == null ? 0 : s.requests();
            j.beginObject().name("operation").value(calls.operation(i)).name("peer").value(calls.peer(i))
                    .name("count").value(count).name("calls").value(site.requests(a.clientSiteIndex(i)))
                    .name("per_call");
            if (n == 0 || site.oneOff()) {
                j.value((String) null);
            } else {
                j.value((double) count / n, 3);
            }
            j.endObject();
        }
        j.endArray();
    }

    /**
     * Outside requests, the events since the JVM's first SOAP call ({@code while_calling}) per call made after it
     * ({@code per_call_made}, null before a second call): a client's per-call cost paid outside the call's boundary.
     */
    private static void perCallMade(Json j, Aggregates a, HotSpotSite site) {
        long calls = a.callsAfterFirst();
        j.name("while_calling").value(site.whileCalling()).name("per_call_made");
        if (calls <= 0 || site.oneOff()) {
            j.value((String) null);
        } else {
            j.value((double) site.whileCalling() / calls, 3);
        }
    }

    /** {@code "first_stack": [frame, ...]}, innermost first. */
    private static void stack(Json j, String stack) {
        j.name("first_stack").beginArray();
        for (String frame : stack.split("\n")) {
            if (!frame.isEmpty()) {
                j.value(frame);
            }
        }
        j.endArray();
    }
}
