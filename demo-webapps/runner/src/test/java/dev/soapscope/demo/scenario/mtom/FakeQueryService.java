package dev.soapscope.demo.scenario.mtom;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

import dev.soapscope.demo.mtom.api.Tuple;
import dev.soapscope.demo.mtom.api.Tuples;

/**
 * An in-memory query service behind the {@link QueryClient} interface, as the mtom WAR behaves (tuple i is
 * Tuples.generate(i), batches of at most n, fewer only at the end, then empty), with faults to switch on.
 */
final class FakeQueryService implements QueryClient {

    /** What to get wrong. */
    enum Fault { NONE, WRONG_TUPLE, SHORT_BATCH, EXTRA_TUPLES, FAIL_ON_THIRD_FETCH, NO_ID, MISCOUNT }

    private final int total;
    private final Fault fault;
    private final Map<String, Integer> positions = new HashMap<>();
    final List<String> calls = new ArrayList<>();
    String label;

    FakeQueryService(int total, Fault fault) {
        this.total = total;
        this.fault = fault;
    }

    @Override
    public String start(String queryText) {
        calls.add("query " + queryText + " " + label);
        if (fault == Fault.NO_ID) {
            return "";
        }
        String id = "q" + (positions.size() + 1);
        positions.put(id, 0);
        return id;
    }

    @Override
    public int fetch(String requestId, int tuples, Consumer<Tuple> sink) throws IOException {
        calls.add("fetch " + requestId + " " + tuples);
        if (fault == Fault.FAIL_ON_THIRD_FETCH && calls.stream().filter(c -> c.startsWith("fetch")).count() == 3) {
            throw new IOException("connection reset");
        }
        int position = positions.get(requestId);
        int count = Math.min(tuples, total - position);
        if (fault == Fault.SHORT_BATCH && position == 0 && count > 1) {
            count--;
        }
        if (fault == Fault.EXTRA_TUPLES && position + count == total) {
            count++;
        }
        for (int i = 0; i < count; i++) {
            Tuple t = Tuples.generate(position + i);
            if (fault == Fault.WRONG_TUPLE && position + i == 7) {
                t = Tuples.generate(8);
            }
            sink.accept(t);
        }
        positions.put(requestId, position + count);
        return fault == Fault.MISCOUNT ? count + 1 : count;
    }

    @Override
    public void label(String soapAction) {
        label = soapAction;
    }

    @Override
    public void close() {
    }
}
