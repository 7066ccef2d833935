package dev.soapscope.bench;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ScorecardTest {
    @Test
    void startUpSharesAreJudgedAgainstTheAppsOwnStartUp() {
        Scorecard card = new Scorecard();
        card.startUp("app", 2000, 2150, 4000, 4500);
        String table = card.section("a machine", "scripts/benchmarks.sh");
        assertTrue(table.startsWith(Scorecard.HEADING), table);
        // wall +150 ms of 2000 is 7.5%: within 10%; CPU +500 ms of 4000 is 12.5%: within 15%
        assertTrue(table.contains("| start-up wall added: app | +150 ms, +8% of its own 2000 ms | <= +10% | met |"), table);
        assertTrue(table.contains("| start-up CPU added: app | +500 ms, +13% of its own 4000 ms | <= +15% | met |"), table);
    }

    @Test
    void aShareOverItsTargetSaysByHowMuch() {
        Scorecard card = new Scorecard();
        card.startUp("app", 1000, 1400, 1000, 1300);
        String table = card.section("a machine", "scripts/benchmarks.sh");
        assertTrue(table.contains("+400 ms, +40% of its own 1000 ms | <= +10% | missed: 4.0x the share allowed"), table);
        assertTrue(table.contains("+300 ms, +30% of its own 1000 ms | <= +15% | missed: 2.0x the share allowed"), table);
    }

    @Test
    void theMinimalAppIsJudgedAgainstItsOwnShare() {
        Scorecard card = new Scorecard();
        card.startUp("minimal", 800, 1000, Scorecard.SMALL_APP_SHARE, 1400, 1820, Scorecard.SMALL_APP_SHARE);
        String table = card.section("a machine", "scripts/benchmarks.sh");
        assertTrue(table.contains("| start-up wall added: minimal | +200 ms, +25% of its own 800 ms | <= +25% | met |"), table);
        assertTrue(table.contains("| start-up CPU added: minimal | +420 ms, +30% of its own 1400 ms | <= +25% | missed: 1.2x"), table);
    }
}
