package dev.soapscope.demo.scenario.mtom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class FetchLoopTest {

    @ParameterizedTest
    @CsvSource({
        // tuples, fetch size, requests: the query, the full batches, then a short one or an empty one
        "1000, 100, 12",
        "1050, 100, 12",
        "1000, 1000, 3",
        "1000, 100000, 2",
        "7, 10, 2",
        "10, 1, 12"})
    void fetchesTheWholeResultAndStopsAtTheFirstShortBatch(int tuples, int fetchSize, int requests) throws Exception {
        FakeQueryService service = new FakeQueryService(tuples, FakeQueryService.Fault.NONE);
        List<Long> latencies = new ArrayList<>();
        FetchLoop.Run run = FetchLoop.run(service, "select limit " + tuples, tuples, fetchSize, latencies::add);
        assertEquals(tuples, run.tuples());
        assertEquals(requests, run.requests());
        assertEquals(requests, latencies.size());
        assertEquals(requests, service.calls.size());
        assertEquals("query select limit " + tuples + " null", service.calls.get(0));
        assertTrue(service.calls.subList(1, requests).stream().allMatch(c -> c.equals("fetch q1 " + fetchSize)));
        assertTrue(run.nanos() > 0 && run.seconds() == run.nanos() / 1e9);
        assertTrue(run.chars() > tuples * 100L, "every tuple formatted: " + run.chars());
    }

    @Test
    void aWrongTupleFailsTheRunSayingWhich() {
        FetchLoop.Failure f = fail(FakeQueryService.Fault.WRONG_TUPLE);
        assertEquals("batch 0: wrong tuple: tuple 7 differs from Tuples.generate(7): got a=8, b="
                + dev.soapscope.demo.mtom.api.Tuples.generate(8).b(), f.getMessage());
        assertEquals(2, f.requests());
    }

    @Test
    void aBatchShorterThanAskedBeforeTheEndFails() {
        FetchLoop.Failure f = fail(FakeQueryService.Fault.SHORT_BATCH);
        assertEquals("batch 0: 99 tuples, expected 100", f.getMessage());
    }

    @Test
    void moreTuplesThanTheQueryHasFail() {
        FetchLoop.Failure f = fail(FakeQueryService.Fault.EXTRA_TUPLES);
        assertEquals("batch 4: wrong tuple: tuple 500 received, the query has 500", f.getMessage());
        assertEquals(6, f.requests());
    }

    @Test
    void anIoErrorFailsTheRunAfterTheRequestsSent() {
        FetchLoop.Failure f = fail(FakeQueryService.Fault.FAIL_ON_THIRD_FETCH);
        assertEquals("batch 2: IOException: connection reset", f.getMessage());
        assertEquals(4, f.requests());
    }

    @Test
    void noRequestIdOrAMiscountFail() {
        assertEquals("query: no request id", fail(FakeQueryService.Fault.NO_ID).getMessage());
        assertEquals("batch 0: the client counted 101 tuples, the checker 100",
                fail(FakeQueryService.Fault.MISCOUNT).getMessage());
    }

    @Test
    void fetchSizeMustBePositive() {
        assertThrows(IllegalArgumentException.class, () -> FetchLoop.run(
                new FakeQueryService(10, FakeQueryService.Fault.NONE), "q", 10, 0, l -> { }));
    }

    private static FetchLoop.Failure fail(FakeQueryService.Fault fault) {
        return assertThrows(FetchLoop.Failure.class, () -> FetchLoop.run(new FakeQueryService(500, fault), "q", 500,
                100, l -> { }));
    }
}
