package dev.soapscope.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.soapscope.demo.scenario.Container;
import dev.soapscope.demo.scenario.Scenarios;
import dev.soapscope.demo.scenario.Webapp;

/** What happens before any server starts: bad options and missing files end the run with status 2. */
class MainTest {

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int run(String... args) {
        return Main.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    @Test
    void badOptionIsOneLineThenUsage() {
        assertEquals(2, run("--requests", "lots"));
        String text = err.toString(StandardCharsets.UTF_8);
        assertTrue(text.startsWith("soapscope-demo: --requests wants a whole number of 1 or more, got: lots\nusage: "),
                text);
    }

    @Test
    void unknownScenarioNamesTheKnownOnes() {
        assertEquals(2, run("--scenario", "payload-caching/dom"));
        String text = err.toString(StandardCharsets.UTF_8);
        assertTrue(text.startsWith("soapscope-demo: unknown scenario payload-caching/dom (known: payload-caching/saaj, "),
                text);
    }

    @Test
    void helpGoesToStandardOutput() {
        assertEquals(0, run("--help"));
        assertTrue(out.toString(StandardCharsets.UTF_8).startsWith("usage: java -jar soapscope-demo.jar"));
    }

    @Test
    void missingAgentOrWarSaysToBuildFirst(@TempDir Path dir) throws Exception {
        assertEquals(2, run("--agent", dir.resolve("none.jar").toString()));
        String text = err.toString(StandardCharsets.UTF_8);
        assertTrue(text.startsWith("soapscope-demo: no agent jar at "), text);
        assertTrue(text.contains("run `mvn -q -B -DskipTests package` first"), text);
        assertEquals(1, text.lines().count(), text);

        err.reset();
        Path agent = Files.createFile(dir.resolve("agent.jar"));
        assertEquals(2, run("--agent", agent.toString(), "--war", dir.resolve("none.war").toString()));
        text = err.toString(StandardCharsets.UTF_8);
        assertTrue(text.startsWith("soapscope-demo: no demo WAR at "), text);
        assertTrue(text.contains("(or pass --war PATH)"), text);
        assertEquals(1, text.lines().count(), text);

        err.reset();
        Path war = Files.createFile(dir.resolve("p.war"));
        assertEquals(2, run("--agent", agent.toString(), "--war", war.toString(), "--mtom-war",
                dir.resolve("none.war").toString()));
        text = err.toString(StandardCharsets.UTF_8);
        assertTrue(text.startsWith("soapscope-demo: no demo WAR at " + dir.resolve("none.war").toAbsolutePath()), text);
        assertTrue(text.contains("(or pass --mtom-war PATH)"), text);

        err.reset();
        assertEquals(2, run("--scenario", "mtom", "--agent", agent.toString(), "--mtom-war",
                dir.resolve("none.war").toString()));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("(or pass --mtom-war PATH)"), "only the WARs needed");
    }

    @Test
    void eachScenarioGroupGetsTheWarItNeeds() {
        assertEquals(List.of(Webapp.MTOM), Main.webapps(Scenarios.select(List.of("mtom-echo"))));
        assertEquals(List.of(Webapp.PAYLOAD_CACHING, Webapp.MTOM),
                Main.webapps(Scenarios.select(List.of("mtom/jaxrs", "payload-caching/saaj"))));
        assertEquals(List.of(Webapp.WS_SECURITY, Webapp.AXIS1), Main.webapps(Scenarios.select(List.of("axis1",
                "ws-security"))));
    }

    @Test
    void theJavaxDemosGetTheirOwnServerAfterTheJakartaOnes() {
        var groups = Main.byContainer(Scenarios.select(List.of("axis1/plain", "ws-security", "payload-caching/saaj")));
        assertEquals(List.of(Container.TOMCAT_11, Container.TOMCAT_9), List.copyOf(groups.keySet()));
        assertEquals(List.of("payload-caching/saaj", "ws-security/crypto-cached", "ws-security/crypto-per-request"),
                groups.get(Container.TOMCAT_11).stream().map(s -> s.name()).toList());
        assertEquals(List.of("axis1/plain"), groups.get(Container.TOMCAT_9).stream().map(s -> s.name()).toList());
        assertEquals(List.of(Container.TOMCAT_9), List.copyOf(Main.byContainer(Scenarios.select(List.of("axis1")))
                .keySet()));
    }
}
