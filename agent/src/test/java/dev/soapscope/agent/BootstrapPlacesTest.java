package dev.soapscope.agent;

import dev.soapscope.config.Config;
import dev.soapscope.config.ConfigKey;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Where the recorder jar may go, in which order, and bootstrap.dir read as the settings' parser reads it. */
class BootstrapPlacesTest {
    private static final byte[] JAR = {'P', 'K', 3, 4};

    @TempDir
    Path dir;

    @Test
    void theSettingThenTheTempDirectoryThenBesideTheAgentJarThenTheCache() {
        Properties sys = props("/tmp", "/home/ann", "Linux");
        sys.setProperty("soapscope.bootstrap.dir", "/var/soapscope");
        List<BootstrapPlaces.Place> places = BootstrapPlaces.of(null, sys, Map.of(), new File("/opt/agent/soapscope-agent.jar"));
        assertEquals(List.of("bootstrap.dir /var/soapscope", "java.io.tmpdir /tmp", "the agent jar's directory /opt/agent",
                "the user's cache directory /home/ann/.cache"), names(places));
    }

    @Test
    void aPlaceIsTriedOnceAndNoHomeMeansNoCache() {
        Properties sys = props("/opt/agent", "?", "Linux");
        List<BootstrapPlaces.Place> places = BootstrapPlaces.of(null, sys, Map.of(), new File("/opt/agent/soapscope-agent.jar"));
        assertEquals(List.of("java.io.tmpdir /opt/agent"), names(places));
    }

    @Test
    void theCacheDirectoryOfEachSystem() {
        assertEquals(new File("/xdg"), BootstrapPlaces.cacheDirectory(props("/tmp", "/home/ann", "Linux"),
                Map.of("XDG_CACHE_HOME", "/xdg")));
        assertEquals(new File("/home/ann/.cache"), BootstrapPlaces.cacheDirectory(props("/tmp", "/home/ann", "Linux"),
                Map.of("XDG_CACHE_HOME", "relative")), "the XDG spec ignores a relative path");
        assertEquals(new File("/Users/ann/Library/Caches"), BootstrapPlaces.cacheDirectory(props("/tmp", "/Users/ann",
                "Mac OS X"), Map.of()));
        assertEquals(new File("C:\\Users\\ann\\AppData\\Local"), BootstrapPlaces.cacheDirectory(props("C:\\tmp",
                "C:\\Users\\ann", "Windows 11"), Map.of("LOCALAPPDATA", "C:\\Users\\ann\\AppData\\Local")));
        assertNull(BootstrapPlaces.cacheDirectory(props("/tmp", "/", "Linux"), Map.of()));
    }

    /** Read before the settings' parser can be, the setting must come out as the parser would have it. */
    @Test
    void theSettingHasTheParsersPrecedence() {
        assertEquals(ConfigKey.BOOTSTRAP_DIR.key(), BootstrapPlaces.KEY);
        assertEquals(ConfigKey.BOOTSTRAP_DIR.systemProperty(), BootstrapPlaces.PROPERTY);
        assertEquals(ConfigKey.BOOTSTRAP_DIR.environmentVariable(), BootstrapPlaces.VARIABLE);
        Map<String, String> env = Map.of("SOAPSCOPE_BOOTSTRAP_DIR", "/from-env");
        Properties sys = new Properties();
        sys.setProperty("soapscope.bootstrap.dir", "/from-property");
        for (String args : new String[] {null, "", "port=0", "bootstrap.dir=/from-args", "port=0,bootstrap.dir= /a,b ,log=info",
                "bootstrap.dir=/one,bootstrap.dir=/two", "bootstrap.dir=,port=0", "probes.disabled=regex,uuid"}) {
            for (Properties p : List.of(new Properties(), sys)) {
                for (Map<String, String> e : List.of(Map.<String, String>of(), env)) {
                    assertEquals(Config.load(args, p, e).get(ConfigKey.BOOTSTRAP_DIR),
                            BootstrapPlaces.setting(args, p, e), args + " " + p + " " + e);
                }
            }
        }
    }

    @Test
    void aPlaceThatCannotHoldTheJarIsPassedOverAndTheSettingSaysWhy() throws Exception {
        Path file = Files.createFile(dir.resolve("a-file"));
        Path writable = Files.createDirectory(dir.resolve("writable"));
        BootstrapJar.Placed placed = BootstrapJar.place(JAR, null, List.of(
                new BootstrapPlaces.Place(BootstrapPlaces.KEY, file.resolve("under-a-file").toFile(), true),
                new BootstrapPlaces.Place("java.io.tmpdir", file.resolve("tmp").toFile(), false),
                new BootstrapPlaces.Place("the agent jar's directory", writable.toFile(), false)));
        assertTrue(placed.jar.toPath().startsWith(writable), placed.jar.toString());
        assertTrue(placed.settingRefused.startsWith("bootstrap.dir " + file.resolve("under-a-file") + " ("),
                placed.settingRefused);
    }

    @Test
    void theSettingIsCreatedWhenMissing() throws Exception {
        Path wanted = dir.resolve("new/recorder");
        BootstrapJar.Placed placed = BootstrapJar.place(JAR, null, List.of(
                new BootstrapPlaces.Place(BootstrapPlaces.KEY, wanted.toFile(), true)));
        assertTrue(placed.jar.toPath().startsWith(wanted), placed.jar.toString());
        assertNull(placed.settingRefused);
    }

    @Test
    void nowhereToWriteNamesEveryPlaceTriedAndTheSetting() throws Exception {
        Path file = Files.createFile(dir.resolve("a-file"));
        BootstrapJar.NowhereToWrite e = assertThrows(BootstrapJar.NowhereToWrite.class, () -> BootstrapJar.place(JAR,
                null, List.of(new BootstrapPlaces.Place("java.io.tmpdir", file.resolve("tmp").toFile(), false),
                        new BootstrapPlaces.Place("the user's cache directory", file.resolve("cache").toFile(), true))));
        assertTrue(e.getMessage().startsWith("cannot write the recorder jar anywhere: tried java.io.tmpdir "
                + file.resolve("tmp") + " ("), e.getMessage());
        assertTrue(e.getMessage().contains("; the user's cache directory " + file.resolve("cache") + " (cannot create it); "
                + "set bootstrap.dir to a writable directory (-javaagent:soapscope-agent.jar=bootstrap.dir=DIR, "
                + "-Dsoapscope.bootstrap.dir=DIR or SOAPSCOPE_BOOTSTRAP_DIR=DIR)"), e.getMessage());
    }

    private static Properties props(String tmp, String home, String os) {
        Properties p = new Properties();
        p.setProperty("java.io.tmpdir", tmp);
        p.setProperty("user.home", home);
        p.setProperty("os.name", os);
        return p;
    }

    private static List<String> names(List<BootstrapPlaces.Place> places) {
        return places.stream().map(BootstrapPlaces.Place::toString).collect(Collectors.toList());
    }
}
