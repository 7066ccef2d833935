package dev.soapscope.agent;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.jar.JarFile;
import java.util.zip.ZipEntry;

import javax.xml.parsers.DocumentBuilderFactory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

/**
 * The agent's SBOM (CycloneDX, made by the build) against the jar's own entries: every class of the jar that is not
 * the agent's own comes, relocated as the shade plugin's relocations say, from a component the SBOM lists; so does
 * every native library and every nested jar (the same bytes); every component listed is in the jar; each one's
 * checksum is that of the jar it came from; and the jar's notices name every third-party component.
 */
class AgentSbomIT {
    private static final Path SBOM = Path.of(System.getProperty("soapscope.test.sbom", "missing"));
    /** The agent's own classes: compiled in this module, in no component. */
    private static final String OWN = "dev/soapscope/agent/";

    private static JsonNode sbom;
    /** purl without qualifiers -> component. */
    private static final Map<String, JsonNode> COMPONENTS = new TreeMap<>();
    /** purl -> the jar the build bundled it from. */
    private static final Map<String, Path> JARS = new TreeMap<>();

    @BeforeAll
    static void read() throws IOException {
        boolean offline = "offline=true".equals(System.getProperty("soapscope.test.maven"));
        assumeFalse(offline && !Files.exists(SBOM), "Maven ran offline (-o): cyclonedx-maven-plugin asks for Maven "
                + "online, so Maven skipped it and there is no SBOM to check");
        assertTrue(Files.exists(SBOM), "the build made no SBOM at " + SBOM);
        sbom = new ObjectMapper().readTree(SBOM.toFile());
        Map<String, Path> byFileName = new LinkedHashMap<>();
        for (String path : System.getProperty("soapscope.test.bundledJars", "").split(File.pathSeparator)) {
            if (!path.isEmpty()) {
                byFileName.put(Path.of(path).getFileName().toString(), Path.of(path));
            }
        }
        for (JsonNode c : sbom.path("components")) {
            String purl = c.path("purl").asText().replaceFirst("\\?.*", "");
            COMPONENTS.put(purl, c);
            Path jar = byFileName.get(c.path("name").asText() + "-" + c.path("version").asText() + ".jar");
            assertNotNull(jar, "no jar in the build for " + purl + " among " + byFileName.keySet());
            JARS.put(purl, jar);
        }
        assertFalse(COMPONENTS.isEmpty(), "the SBOM lists no component");
    }

    @Test
    void itDescribesThisReleaseOfTheAgent() {
        JsonNode self = sbom.path("metadata").path("component");
        assertEquals("dev.soapscope", self.path("group").asText());
        assertEquals("soapscope-agent", self.path("name").asText());
        assertEquals(System.getProperty("soapscope.test.version"), self.path("version").asText());
        assertEquals("CycloneDX", sbom.path("bomFormat").asText());
    }

    @Test
    void everyComponentHasAVersionItsJarsChecksumAndALicenceUnlessItIsSoapscopes() throws Exception {
        List<String> wrong = new ArrayList<>();
        for (Map.Entry<String, JsonNode> e : COMPONENTS.entrySet()) {
            JsonNode c = e.getValue();
            if (c.path("version").asText().isEmpty()) {
                wrong.add(e.getKey() + ": no version");
            }
            String sha256 = null;
            for (JsonNode hash : c.path("hashes")) {
                if ("SHA-256".equals(hash.path("alg").asText())) {
                    sha256 = hash.path("content").asText();
                }
            }
            if (!sha256(Files.readAllBytes(JARS.get(e.getKey()))).equals(sha256)) {
                wrong.add(e.getKey() + ": SHA-256 " + sha256 + " is not that of " + JARS.get(e.getKey()));
            }
            // soapscope's own modules carry the project's licence, which the project has not declared yet
            if (!"dev.soapscope".equals(c.path("group").asText()) && licences(c).isEmpty()) {
                wrong.add(e.getKey() + ": no licence");
            }
        }
        assertEquals(List.of(), wrong);
    }

    /** The heart of it: nothing in the jar that the SBOM does not account for, and nothing listed that is not in it. */
    @Test
    void everyShadedPackageNativeLibraryAndNestedJarIsAComponentsAndEveryComponentIsInside() throws Exception {
        List<String[]> relocations = relocations();
        Map<String, String> origin = new LinkedHashMap<>(); // name in the agent jar -> purl
        Map<String, Long> crc = new LinkedHashMap<>();      // name in the agent jar -> CRC of the component's bytes
        Map<String, String> jarDigests = new LinkedHashMap<>(); // SHA-256 of a component's jar -> purl
        for (Map.Entry<String, Path> e : JARS.entrySet()) {
            jarDigests.put(sha256(Files.readAllBytes(e.getValue())), e.getKey());
            try (JarFile jar = new JarFile(e.getValue().toFile())) {
                for (ZipEntry entry : java.util.Collections.list(jar.entries())) {
                    if (!entry.isDirectory()) {
                        String name = relocate(entry.getName(), relocations);
                        origin.putIfAbsent(name, e.getKey());
                        crc.putIfAbsent(name, entry.getCrc());
                    }
                }
            }
        }
        Map<String, Set<String>> unaccounted = new TreeMap<>(); // directory -> its entries
        Set<String> used = new TreeSet<>();
        List<String> natives = new ArrayList<>();
        try (JarFile agent = new JarFile(AgentOnTomcatIT.AGENT.toFile())) {
            for (ZipEntry entry : java.util.Collections.list(agent.entries())) {
                String name = entry.getName();
                if (entry.isDirectory() || name.startsWith(OWN)) {
                    continue;
                }
                if (name.equals(BootstrapJar.WEAVER)) {
                    continue; // copies of this jar's own entries and the nested recorder jar's (ShippedJarsIT)
                }
                if (name.endsWith(".jar")) {
                    String purl;
                    try (InputStream in = agent.getInputStream(entry)) {
                        purl = jarDigests.get(sha256(in.readAllBytes()));
                    }
                    if (purl == null) {
                        unaccounted.computeIfAbsent("nested jar", k -> new TreeSet<>()).add(name);
                    } else {
                        used.add(purl);
                    }
                    continue;
                }
                boolean nativeLibrary = name.matches(".*\\.(so|dll|dylib|jnilib)");
                if (!name.endsWith(".class") && !nativeLibrary) {
                    continue; // resources: the page, notices, service files
                }
                String from = name;
                if (!origin.containsKey(from) && name.matches("META-INF/versions/[0-9]+/.*")) {
                    from = name.replaceFirst("META-INF/versions/[0-9]+/", ""); // a plain jar nested as a release's
                }
                String purl = origin.get(from);
                if (purl == null || (nativeLibrary && crc.get(from) != entry.getCrc())) {
                    String where = name.contains("/") ? name.substring(0, name.lastIndexOf('/')) : name;
                    unaccounted.computeIfAbsent(where, k -> new TreeSet<>()).add(name);
                } else {
                    used.add(purl);
                    if (nativeLibrary) {
                        natives.add(name + " <- " + purl);
                    }
                }
            }
        }
        Map<String, String> report = new TreeMap<>();
        unaccounted.forEach((dir, names) -> report.put(dir, names.size() + " entries: " + names.iterator().next()));
        assertEquals(Map.of(), report, "entries of the agent jar that no component of the SBOM holds");
        Set<String> notInside = new TreeSet<>(COMPONENTS.keySet());
        notInside.removeAll(used);
        assertEquals(Set.of(), notInside, "components the SBOM lists that the jar does not hold");
        // async-profiler's and Byte Buddy's native libraries are among them
        assertTrue(natives.stream().anyMatch(n -> n.startsWith("linux-x64/libasyncProfiler.so <- "
                + "pkg:maven/tools.profiler/async-profiler@")), natives.toString());
        assertTrue(natives.stream().anyMatch(n -> n.contains(".dll <- pkg:maven/net.bytebuddy/byte-buddy-agent@")),
                natives.toString());
    }

    @Test
    void theJarsNoticesNameEveryThirdPartyComponentAndCarryTheirLicences() throws Exception {
        try (JarFile agent = new JarFile(AgentOnTomcatIT.AGENT.toFile())) {
            ZipEntry notices = agent.getEntry("META-INF/THIRD-PARTY-NOTICES.txt");
            assertNotNull(notices, "META-INF/THIRD-PARTY-NOTICES.txt");
            String text;
            try (InputStream in = agent.getInputStream(notices)) {
                text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            }
            List<String> unnamed = new ArrayList<>();
            for (JsonNode c : COMPONENTS.values()) {
                String coordinates = c.path("group").asText() + ":" + c.path("name").asText();
                if (!c.path("group").asText().equals("dev.soapscope") && !text.contains(coordinates)) {
                    unnamed.add(coordinates);
                }
            }
            assertEquals(List.of(), unnamed, "bundled, but not in the jar's THIRD-PARTY-NOTICES.txt");
            for (String licence : List.of("Apache-2.0.txt", "ASM-BSD-3-Clause.txt",
                    "HdrHistogram-CC0-1.0-or-BSD-2-Clause.txt")) {
                assertNotNull(agent.getEntry("META-INF/third-party-licenses/" + licence), licence);
                assertTrue(text.contains("third-party-licenses/" + licence), licence);
            }
            // the libraries' own licence files would read as the jar's own licence: left out
            assertEquals(null, agent.getEntry("META-INF/LICENSE"));
            assertTrue(text.contains("Micrometer") && text.contains("Copyright 2014 - Present Rafael Winterhalter"));
        }
    }

    private static Set<String> licences(JsonNode component) {
        Set<String> ids = new TreeSet<>();
        for (JsonNode l : component.path("licenses")) {
            JsonNode licence = l.path("license");
            String id = licence.path("id").asText(licence.path("name").asText(l.path("expression").asText()));
            if (!id.isEmpty()) {
                ids.add(id);
            }
        }
        return ids;
    }

    /** The shade plugin's relocations in this module's POM: {from, to} in the jar's slash form. */
    private static List<String[]> relocations() throws Exception {
        Element pom = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(new File("pom.xml"))
                .getDocumentElement();
        NodeList list = pom.getElementsByTagName("relocation");
        List<String[]> relocations = new ArrayList<>();
        for (int i = 0; i < list.getLength(); i++) {
            Element r = (Element) list.item(i);
            relocations.add(new String[] {
                r.getElementsByTagName("pattern").item(0).getTextContent().trim().replace('.', '/') + "/",
                r.getElementsByTagName("shadedPattern").item(0).getTextContent().trim().replace('.', '/') + "/"});
        }
        assertTrue(relocations.size() >= 3, "relocations read from pom.xml: " + relocations.size());
        return relocations;
    }

    private static String relocate(String name, List<String[]> relocations) {
        for (String[] r : relocations) {
            if (name.startsWith(r[0])) {
                return r[1] + name.substring(r[0].length());
            }
        }
        return name;
    }

    private static String sha256(byte[] bytes) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
    }
}
