package dev.soapscope.bench.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.junit.jupiter.api.Test;

class AgentCpuShareTest {
    @Test
    void countsRequestThreadSamplesAndThoseWithAnAgentFrame() {
        AgentCpuShare.Share share = AgentCpuShare.of(List.of(
                "[http-nio-127.0.0.1-8080-exec-1 tid=10];java/lang/Thread.run;dev/soapscope/bench/app/MinimalSoapServlet.doPost 90",
                "[http-nio-127.0.0.1-8080-exec-2 tid=11];java/lang/Thread.run;dev/soapscope/recorder/Recorder.enter;java/lang/System.nanoTime 7",
                "[http-nio-127.0.0.1-8080-exec-2 tid=11];java/lang/Thread.run;jakarta/servlet/http/HttpServlet.service;dev/soapscope/agent/probe/Advices.x 3",
                // not a request thread: the agent's history thread
                "[soapscope-history tid=12];dev/soapscope/recorder/Recorder.aggregates 50",
                "garbage line"));
        assertEquals(100, share.requestSamples());
        assertEquals(150, share.allSamples(), "every thread's, the garbage line left out");
        assertEquals(10, share.agentSamples());
        assertEquals(10.0, share.percent(), 1e-9);
    }

    @Test
    void noRequestSamplesIsNoShareRatherThanZero() {
        assertEquals(true, Double.isNaN(AgentCpuShare.of(List.of()).percent()));
    }
}
