package dev.soapscope.demo.report;

import static dev.soapscope.demo.report.Fixtures.agent;
import static dev.soapscope.demo.report.Fixtures.report;
import static dev.soapscope.demo.report.Fixtures.result;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.soapscope.demo.agent.AgentFigures;
import dev.soapscope.demo.agent.HotspotSite;

class ExplanationTest {

    @Test
    void eachScenarioAgainstTheFirstOfItsGroup() {
        List<String> lines = Fixtures.payloadCaching().explanation();
        assertEquals(List.of(
                "saaj: the baseline of payload-caching, 400.0 req/s (classic 34.35 req/s); most time in soap.parse 45%, "
                        + "unmarshal 35%, other 8%; allocates 2.6 MB per request; hot spots per request: factory.create 2.00",
                "axiom-caching vs saaj: 1.11x slower (classic 1.11x slower); soap.parse +200 us, unmarshal +50 us; "
                        + "allocates 332 KB more per request (soap.parse +293 KB, unmarshal +39 KB)",
                "axiom-streaming vs saaj: 3.1x faster (classic 5.3x faster); soap.parse -880 us, unmarshal -412 us; "
                        + "allocates 2.2 MB less per request (soap.parse -1.9 MB, unmarshal -293 KB)"),
                lines);
    }

    @Test
    void saysSoWhenTheNumbersDisagreeWithTheClassicOnes() {
        var base = result("g/a", 100, 100, 0, agent("a", 10, "soap.parse", 500, 0, "invoke", 100, 0));
        var other = result("g/b", 98, 300, 3, agent("b", 10, "soap.parse", 505, 0, "invoke", 100.5, 0));
        assertEquals("b vs a: about as fast (0.98x) (classic 3.0x faster) with 3 errors of 2000 requests; "
                + "soap.parse +5 us", Explanation.line(base, other));
        var slower = result("g/c", 40, 300, 0, agent("c", 10, "soap.parse", 500, 0, "invoke", 100.2, 0));
        assertEquals("c vs a: 2.5x slower (classic 3.0x faster); no phase differs by 1 us or more",
                Explanation.line(base, slower));
    }

    @Test
    void missingAgentFiguresOrClassicFiguresAreSaid() {
        var base = result("g/a", 100, Double.NaN, 0, agent("a", 10, "soap.parse", 500, 2048));
        var none = result("g/b", 200, Double.NaN, 0, null);
        assertEquals("b vs a: 2.0x faster; no agent figures for b, so no phases to compare", Explanation.line(base, none));
        assertEquals("a: the baseline of g, 100.0 req/s; most time in soap.parse 100%; allocates 2 KB per request; "
                + "hot spots per request: factory.create 2.00", Explanation.baselineLine(base));
        var sameAlloc = result("g/c", 100, Double.NaN, 0, agent("c", 10, "soap.parse", 400, 2100));
        assertEquals("c vs a: about as fast (1.00x); soap.parse -100 us; allocates about as much per request (2 KB)",
                Explanation.line(base, sameAlloc));
    }

    @Test
    void extraHotSpotsAreNamedWithTheirSitesAndCallers() {
        var plain = result("axis1/plain", 400, Double.NaN, 0, Fixtures.withHotspots(agent("p", 100, "soap.parse", 500, 0),
                Fixtures.conversion("stream -> envelope (Axis SOAPPart)", 1.0, "org.apache.axis.server.AxisServer.invoke"),
                Fixtures.conversion("envelope -> byte buffer (Axis SOAPPart)", 1.0,
                        "org.apache.axis.attachments.AttachmentsImpl.getAttachmentCount")));
        var logging = result("axis1/logging-handler", 350, Double.NaN, 0, Fixtures.withHotspots(
                agent("l", 100, "soap.parse", 900, 0),
                Fixtures.conversion("envelope -> string (Axis SOAPPart)", 2.0,
                        "dev.soapscope.demo.axis1.MessageLoggingHandler.invoke"),
                Fixtures.conversion("stream -> envelope (Axis SOAPPart)", 1.0, "org.apache.axis.server.AxisServer.invoke"),
                Fixtures.conversion("string -> envelope (Axis SOAPPart)", 1.0,
                        "org.apache.axis.handlers.soap.MustUnderstandChecker.invoke")));
        assertEquals("logging-handler vs plain: 1.14x slower; soap.parse +400 us; hot spots per request: "
                + "soap.conversion +2.00: envelope -> string (Axis SOAPPart) +2.00 at MessageLoggingHandler.invoke(X.java:1), "
                + "string -> envelope (Axis SOAPPart) +1.00 at MustUnderstandChecker.invoke(X.java:1), "
                + "envelope -> byte buffer (Axis SOAPPart) -1.00 at AttachmentsImpl.getAttachmentCount(X.java:1)",
                Explanation.line(plain, logging));
        assertEquals("plain vs plain: about as fast (1.00x); no phase differs by 1 us or more",
                Explanation.line(plain, plain));
    }

    @Test
    void theRampartPairNamesTheCryptoLoadsAndConversionsAtTheirCallersBesideTheClassicFigure() {
        HotspotSite omToDoom = new HotspotSite("soap.conversion", "OM -> DOOM (Rampart)", 100, 1.0, List.of(),
                "org.apache.rampart.RampartMessageData.<init>(RampartMessageData.java:280)", false);
        HotspotSite doomToOm = new HotspotSite("soap.conversion", "DOOM -> OM (Rampart)", 100, 1.0, List.of(),
                "org.apache.rampart.RampartEngine.process(RampartEngine.java:265)", false);
        HotspotSite load = new HotspotSite("crypto.load", "CryptoFactory.getInstance", 300, 3.0, List.of(),
                "org.apache.rampart.util.RampartUtil.createCrypto(RampartUtil.java:347)", false);
        var c = agent("c", 100, "security", 4000, 0, "transport.write", 4000, 0);
        var p = agent("p", 100, "security", 16000, 0, "transport.write", 4000, 0);
        var cached = result("rampart/crypto-cached", 500, Double.NaN, 0, new AgentFigures(c.operation(), 100,
                c.outcomes(), c.durationMeanUs(), c.durationP50Us(), c.durationP99Us(), 0, 0, 0, c.phases(),
                Map.of("soap.conversion", 2.0), List.of(omToDoom, doomToOm)));
        var perRequest = result("rampart/crypto-per-request", 200, Double.NaN, 0, new AgentFigures(p.operation(), 100,
                p.outcomes(), p.durationMeanUs(), p.durationP50Us(), p.durationP99Us(), 0, 0, 0, p.phases(),
                Map.of("soap.conversion", 2.0, "crypto.load", 3.0), List.of(load, omToDoom, doomToOm)));
        assertEquals("crypto-per-request vs crypto-cached: 2.5x slower; crypto-cached -> crypto-per-request: "
                + "security 4.00 ms -> 16.0 ms per request, crypto.load 0.00 -> 3.00 per request; "
                + "soap.conversion per message in both: OM -> DOOM (Rampart) 1.00 at RampartMessageData.<init>("
                + "RampartMessageData.java:280), DOOM -> OM (Rampart) 1.00 at RampartEngine.process(RampartEngine.java:265); "
                + "classic: caching the crypto objects and removing the OM <-> DOOM conversions gained about 20%; "
                + "here crypto-cached gains 150% req/s over crypto-per-request; security +12.0 ms; "
                + "hot spots per request: crypto.load +3.00: CryptoFactory.getInstance +3.00 at "
                + "RampartUtil.createCrypto(RampartUtil.java:347)", Explanation.line(cached, perRequest));
    }

    @Test
    void aPairStatesThePhaseAndHotSpotItIsThereToShowFromBothHalves() {
        var info = result("logging/info", 300, Double.NaN, 0, agent("i", 100, "soap.parse", 900, 0, "unmarshal", 700, 0));
        var d = agent("d", 100, "soap.parse", 905, 0, "unmarshal", 700, 0, "logging", 1420, 0);
        var debug = result("logging/debug", 200, Double.NaN, 0, new AgentFigures(d.operation(), d.requests(),
                d.outcomes(), d.durationMeanUs(), d.durationP50Us(), d.durationP99Us(), d.allocBytesPerRequest(),
                d.bytesInPerRequest(), d.bytesOutPerRequest(), d.phases(), Map.of("message.logged", 2.0), List.of(
                        new HotspotSite("message.logged", "Spring-WS logging interceptor: message serialized to a "
                                + "string for the log", 200, 2.0, List.of("a.B.c(B.java:1)")))));
        String line = Explanation.line(info, debug);
        assertEquals("debug vs info: 1.50x slower; info -> debug: logging 0 us -> 1.42 ms per request, "
                + "message.logged 0.00 -> 2.00 per request; logging +1.42 ms, soap.parse +5 us; hot spots per request: ",
                line.substring(0, line.indexOf("hot spots per request: ") + "hot spots per request: ".length()));
        // the same figures whichever half is the group's first
        assertTrue(Explanation.line(debug, info).startsWith("info vs debug: 1.50x faster; debug -> info: logging 1.42 ms "
                + "-> 0 us per request, message.logged 2.00 -> 0.00 per request; logging -1.42 ms"),
                Explanation.line(debug, info));
        var on = result("validation/on", 250, Double.NaN, 0, agent("on", 100, "soap.parse", 900, 0, "validation", 640, 0));
        var off = result("validation/off", 300, Double.NaN, 0, agent("off", 100, "soap.parse", 900, 0, "validation", 0.4, 0));
        assertTrue(Explanation.line(off, on).startsWith("on vs off: 1.20x slower; off -> on: validation 0 us -> 640 us per "
                + "request; validation +640 us"), Explanation.line(off, on));
        assertFalse(Explanation.line(result("g/a", 1, 1, 0, agent("a", 1, "x", 1, 0)),
                result("g/b", 1, 1, 0, agent("b", 1, "x", 1, 0))).contains("->"), "no pair, nothing to show");
    }

    @Test
    void groupsAreComparedSeparately() {
        var a1 = result("one/a", 100, 10, 0, null);
        var b1 = result("two/b", 50, 10, 0, null);
        var a2 = result("one/c", 300, 20, 0, null);
        Report r = report(a1, b1, a2);
        assertSame(a1, r.baselineOf(a2));
        assertSame(b1, r.baselineOf(b1));
        assertEquals(3.0, Explanation.ratio(a1, a2), 1e-9);
        assertEquals(2.0, Explanation.classicRatio(a1, a2), 1e-9);
        assertEquals("b: the baseline of two, 50.0 req/s (classic 10.00 req/s); the agent reported nothing for it",
                r.explanation().get(1));
    }

    @Test
    void speedWords() {
        assertEquals("3.1x faster", Explanation.speed(3.1));
        assertEquals("1.11x slower", Explanation.speed(0.9));
        assertEquals("about as fast (1.04x)", Explanation.speed(1.04));
        assertEquals("no throughput to compare", Explanation.speed(Double.NaN));
    }
}
