package dev.soapscope.config;

import dev.soapscope.recorder.Log;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ConfigTest {
    private static final Map<String, String> NO_ENV = Collections.emptyMap();

    @Test
    void defaults() {
        Config c = Config.defaults();
        assertTrue(c.problems().isEmpty(), c.problems().toString());
        for (ConfigKey k : ConfigKey.values()) {
            assertEquals(k.defaultValue(), c.get(k), k.key());
        }
        // the documented defaults (README table)
        assertEquals(9404, c.getInt(ConfigKey.PORT));
        assertEquals("127.0.0.1", c.get(ConfigKey.HOST));
        assertEquals(100, c.getInt(ConfigKey.MAX_OPERATIONS));
        assertTrue(c.getBoolean(ConfigKey.ALLOCATION));
        assertTrue(c.getList(ConfigKey.PROBES_DISABLED).isEmpty());
        assertEquals(Log.Level.INFO, c.logLevel());
    }

    @Test
    void agentArguments() {
        Config c = Config.load("port=9500,log=debug", new Properties(), NO_ENV);
        assertTrue(c.problems().isEmpty(), c.problems().toString());
        assertEquals(9500, c.getInt(ConfigKey.PORT));
        assertEquals(Log.Level.DEBUG, c.logLevel());
        assertEquals(ConfigKey.HOST.defaultValue(), c.get(ConfigKey.HOST));
    }

    @Test
    void agentArgumentsBeatSystemPropertiesWhichBeatEnvironment() {
        Map<String, String> env = new HashMap<String, String>();
        env.put("SOAPSCOPE_PORT", "9001");
        env.put("SOAPSCOPE_HOST", "env.example");
        env.put("SOAPSCOPE_LOG", "warn");
        Properties props = new Properties();
        props.setProperty("soapscope.port", "9002");
        props.setProperty("soapscope.host", "props.example");

        Config c = Config.load("port=9003", props, env);
        assertTrue(c.problems().isEmpty(), c.problems().toString());
        assertEquals(9003, c.getInt(ConfigKey.PORT));
        assertEquals("props.example", c.get(ConfigKey.HOST));
        assertEquals(Log.Level.WARN, c.logLevel());
        assertEquals(ConfigKey.MAX_SITES.defaultValue(), c.get(ConfigKey.MAX_SITES));
    }

    @Test
    void aPartWithoutEqualsContinuesTheList() {
        Config c = Config.load("probes.disabled=regex,uuid,port=9405", new Properties(), NO_ENV);
        assertTrue(c.problems().isEmpty(), c.problems().toString());
        assertEquals(Arrays.asList("regex", "uuid"), c.getList(ConfigKey.PROBES_DISABLED));
        assertEquals(9405, c.getInt(ConfigKey.PORT));
    }

    @Test
    void listsAreTrimmedAndLowerCased() {
        Properties props = new Properties();
        props.setProperty("soapscope.probes.disabled", " Regex , ,UUID ");
        assertEquals(Arrays.asList("regex", "uuid"), Config.load(null, props, NO_ENV).getList(ConfigKey.PROBES_DISABLED));
    }

    @Test
    void badPortIsOneLineAndTheDefaultIsUsed() {
        assertBadValue("port=abc", ConfigKey.PORT, "abc");
    }

    @Test
    void zeroOperationsIsOneLineAndTheDefaultIsUsed() {
        assertBadValue("max.operations=0", ConfigKey.MAX_OPERATIONS, "0");
    }

    @Test
    void aBadValueFallsBackToTheNextSource() {
        Properties props = new Properties();
        props.setProperty("soapscope.port", "70000");
        Config c = Config.load(null, props, Collections.singletonMap("SOAPSCOPE_PORT", "9001"));
        assertEquals(9001, c.getInt(ConfigKey.PORT));
        assertEquals(1, c.problems().size(), c.problems().toString());
        String line = c.problems().get(0);
        assertTrue(line.contains("soapscope.port"), "names the source: " + line);
        assertTrue(line.contains("9001"), "names the value used: " + line);
    }

    @Test
    void unknownKeyIsOneLineListingTheKnownKeys() {
        Config c = Config.load("nope=1", new Properties(), NO_ENV);
        assertEquals(1, c.problems().size(), c.problems().toString());
        String line = c.problems().get(0);
        assertTrue(line.contains("nope"), line);
        for (ConfigKey k : ConfigKey.values()) {
            assertTrue(line.contains(k.key()), "does not list " + k.key() + ": " + line);
        }
        for (ConfigKey k : ConfigKey.values()) {
            assertEquals(k.defaultValue(), c.get(k), k.key());
        }
    }

    @Test
    void unknownSystemPropertyIsReportedButTestPropertiesAreNot() {
        Properties props = new Properties();
        props.setProperty("soapscope.nope", "1");
        props.setProperty("soapscope.test.anything", "1");
        props.setProperty("unrelated.property", "1");
        List<String> problems = Config.load(null, props, NO_ENV).problems();
        assertEquals(1, problems.size(), problems.toString());
        assertTrue(problems.get(0).contains("soapscope.nope"), problems.get(0));
    }

    @Test
    void aPartThatIsNotKeyValueIsReported() {
        List<String> problems = Config.load("verbose", new Properties(), NO_ENV).problems();
        assertEquals(1, problems.size(), problems.toString());
        assertTrue(problems.get(0).contains("verbose"), problems.get(0));
    }

    @Test
    void unknownListKeyIsStillOneLine() {
        Config c = Config.load("probes.disabld=regex,uuid,port=9405", new Properties(), NO_ENV);
        assertEquals(1, c.problems().size(), c.problems().toString());
        assertEquals(9405, c.getInt(ConfigKey.PORT));
    }

    @Test
    void namesInEachSource() {
        assertEquals("SOAPSCOPE_MAX_OPERATIONS", ConfigKey.MAX_OPERATIONS.environmentVariable());
        assertEquals("soapscope.max.operations", ConfigKey.MAX_OPERATIONS.systemProperty());
        assertEquals(ConfigKey.MAX_OPERATIONS, ConfigKey.byKey("max.operations"));
        // the environment variable name is what load() reads
        Config c = Config.load(null, new Properties(),
                Collections.singletonMap(ConfigKey.MAX_OPERATIONS.environmentVariable(), "7"));
        assertEquals(7, c.getInt(ConfigKey.MAX_OPERATIONS));
    }

    private static void assertBadValue(String args, ConfigKey key, String bad) {
        Config c = Config.load(args, new Properties(), NO_ENV);
        assertEquals(1, c.problems().size(), c.problems().toString());
        String line = c.problems().get(0);
        assertTrue(line.contains(key.key()), "does not name the key: " + line);
        assertTrue(line.contains(key.key() + "=" + bad), "does not name the bad value: " + line);
        assertTrue(line.contains(key.type().expectation()), "does not say what is expected: " + line);
        assertEquals(Integer.parseInt(key.defaultValue()), c.getInt(key));
    }
}
