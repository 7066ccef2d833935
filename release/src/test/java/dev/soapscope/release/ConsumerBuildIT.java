package dev.soapscope.release;

import org.junit.jupiter.api.Test;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import javax.xml.parsers.DocumentBuilderFactory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

/**
 * What a user's build gets: the published directory (target/repository) holds the artifacts a user's build needs and
 * nothing else, each file with its checksums; and a new project, with what docs/tests.md tells a user to add (taken
 * from the page itself) and its command, builds against those files alone: its test under the agent that keeps its
 * limit passes, the one that breaks it fails with the extension's message.
 */
class ConsumerBuildIT {
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    private static final Path REPOSITORY = Path.of(System.getProperty("soapscope.test.repository"));
    private static final String VERSION = System.getProperty("soapscope.test.version");
    private static final Path CONSUMER = Path.of("target", "consumer").toAbsolutePath();
    private static final String REPOSITORY_ID = "soapscope-release";
    /** What a user's build needs: the agent, the extension and the filter, and the recorder the extension uses. */
    private static final Set<String> PUBLISHED = Set.of("soapscope-agent", "soapscope-junit5", "soapscope-recorder",
            "soapscope-servlet-filter");
    private static final String LIMIT_BROKEN = "[soapscope] client.create per call made: expected at most 0, measured 1"
            + " (5 in 5 calls made ({urn:example}ping: 5))";

    @Test
    void thePublishedDirectoryHoldsTheseArtifactsAloneEachFileWithItsChecksums() throws Exception {
        assumePublished();
        Path group = REPOSITORY.resolve("dev/soapscope");
        Set<String> published;
        try (Stream<Path> artifacts = Files.list(group)) {
            published = artifacts.filter(a -> Files.isDirectory(a.resolve(VERSION)))
                    .map(a -> a.getFileName().toString()).collect(Collectors.toCollection(TreeSet::new));
        }
        assertEquals(new TreeSet<>(PUBLISHED), published, "artifacts published at " + VERSION + " in " + group);
        List<String> wrong = new ArrayList<>();
        for (String artifact : PUBLISHED) {
            Path dir = group.resolve(artifact).resolve(VERSION);
            String stem = artifact + "-" + deployed(dir);
            for (String file : List.of(stem + ".jar", stem + ".pom")) {
                if (!Files.exists(dir.resolve(file))) {
                    wrong.add("missing: " + dir.resolve(file));
                }
            }
            try (Stream<Path> files = Files.list(dir)) {
                for (Path file : files.filter(f -> !f.toString().matches(".*\\.(sha256|sha1|md5)")).toList()) {
                    byte[] bytes = Files.readAllBytes(file);
                    for (String[] sum : new String[][] {{"SHA-256", ".sha256"}, {"SHA-1", ".sha1"}, {"MD5", ".md5"}}) {
                        Path checksum = file.resolveSibling(file.getFileName() + sum[1]);
                        if (!Files.exists(checksum)
                                || !Files.readString(checksum).trim().startsWith(digest(sum[0], bytes))) {
                            wrong.add("no matching " + checksum.getFileName());
                        }
                    }
                }
            }
            String pom = Files.readString(dir.resolve(stem + ".pom"));
            if (pom.contains("<parent>") || pom.contains("${")) {
                wrong.add(artifact + "'s POM does not stand alone: " + pom);
            }
            boolean selfContained = artifact.equals("soapscope-agent") || artifact.equals("soapscope-servlet-filter");
            if (selfContained && pom.contains("<dependencies>")) {
                wrong.add(artifact + "'s POM lists dependencies its jar carries inside: " + pom);
            }
        }
        Path agent = group.resolve("soapscope-agent").resolve(VERSION);
        Path sbom = agent.resolve("soapscope-agent-" + deployed(agent) + "-cyclonedx.json");
        if (!Files.exists(sbom)) {
            wrong.add("missing: the agent's SBOM " + sbom);
        }
        Path junit5Dir = group.resolve("soapscope-junit5").resolve(VERSION);
        String junit5 = Files.readString(junit5Dir.resolve("soapscope-junit5-" + deployed(junit5Dir) + ".pom"));
        if (!junit5.replaceAll("\\s", "").contains("<artifactId>soapscope-recorder</artifactId><version>" + VERSION)) {
            wrong.add("soapscope-junit5's POM does not name the recorder of its release: " + junit5);
        }
        assertEquals(List.of(), wrong);
    }

    /** The page's command builds the published modules, and every version it names is this build's. */
    @Test
    void theDocsNameThisReleaseAndTheCommandThatBuildsIt() throws IOException {
        String page = Files.readString(ROOT.resolve("docs/tests.md"));
        List<String> install = commands(block(section(page, "Get the artifacts"), "sh"));
        assertEquals(1, install.size(), "one command to get the artifacts: " + install);
        List<String> words = List.of(install.get(0).split("\\s+"));
        assertTrue(words.contains("install") && words.contains("-am")
                && words.get(words.indexOf("-pl") + 1).equals("release"), "installs this module and what it is "
                + "built from (-pl release -am), which builds and publishes the artifacts: " + install);
        List<String> wrong = new ArrayList<>();
        Pattern maven = Pattern.compile("<artifactId>(soapscope-[a-z0-9-]+)</artifactId>\\s*<version>([^<]+)</version>");
        Pattern gradle = Pattern.compile("'dev\\.soapscope:(soapscope-[a-z0-9-]+):([^']+)'");
        String filter = Files.readString(ROOT.resolve("docs/servlet-filter.md"));
        int named = 0;
        for (Matcher m : List.of(maven.matcher(page), gradle.matcher(page), maven.matcher(filter), gradle.matcher(filter))) {
            while (m.find()) {
                named++;
                if (!m.group(2).equals(VERSION)) {
                    wrong.add(m.group(1) + ":" + m.group(2));
                }
            }
        }
        assertTrue(named >= 6, "versions found in docs/tests.md and docs/servlet-filter.md: " + named);
        assertEquals(List.of(), wrong, "docs/tests.md or docs/servlet-filter.md names another version than this "
                + "build's " + VERSION + " (the root pom.xml's revision)");
    }

    @Test
    void aUsersProjectBuiltAsTheDocsSayPassesOneTestAndFailsTheOtherWithTheExtensionsMessage() throws Exception {
        assumePublished();
        String page = Files.readString(ROOT.resolve("docs/tests.md"));
        String usage = section(page, "Add them to your build");
        String snippet = block(usage, "xml");
        int plugins = snippet.indexOf("<!-- in <build><plugins> -->");
        assertTrue(plugins > 0, "docs/tests.md's block says where its plugins go: " + snippet);
        List<String> command = commands(block(usage, "sh"));
        assertEquals(1, command.size(), "one command runs the tests: " + command);

        deleteRecursively(CONSUMER);
        copy(Path.of("src/test/consumer"), CONSUMER);
        Files.createDirectories(CONSUMER.resolve(".mvn")); // the project's own root: nothing of this clone's .mvn
        Map<String, String> versions = pluginVersions();
        String pom = Files.readString(CONSUMER.resolve("pom.xml"))
                .replace("<!-- docs/tests.md: dependencies -->", snippet.substring(0, plugins))
                .replace("<!-- docs/tests.md: plugins -->", snippet.substring(plugins))
                .replace("@junit.version@", System.getProperty("soapscope.test.junitVersion"))
                .replace("@saaj.version@", System.getProperty("soapscope.test.saajVersion"));
        for (Map.Entry<String, String> plugin : versions.entrySet()) {
            pom = pom.replace("@" + plugin.getKey() + "@", plugin.getValue());
        }
        assertFalse(pom.matches("(?s).*@[a-z.-]+@.*"), pom);
        Files.writeString(CONSUMER.resolve("pom.xml"), pom);
        Path localRepository = CONSUMER.resolve("local-repository");
        Files.writeString(CONSUMER.resolve("settings.xml"), settings());

        List<String> mvn = new ArrayList<>(List.of(command.get(0).split("\\s+")));
        assertEquals("mvn", mvn.get(0), command.toString());
        mvn.set(0, Path.of(System.getProperty("soapscope.test.mavenHome"), "bin", "mvn").toString());
        mvn.addAll(1, List.of("-B", "--no-transfer-progress", "-s", CONSUMER.resolve("settings.xml").toString(),
                "-Dmaven.repo.local=" + localRepository));
        ProcessBuilder builder = new ProcessBuilder(mvn).directory(CONSUMER.toFile()).redirectErrorStream(true)
                .redirectOutput(CONSUMER.resolve("build.log").toFile());
        builder.environment().put("JAVA_HOME", System.getProperty("java.home"));
        builder.environment().remove("MAVEN_OPTS");
        long start = System.nanoTime();
        Process build = builder.start();
        assertTrue(build.waitFor(5, TimeUnit.MINUTES), "the consumer's build ended");
        String log = Files.readString(CONSUMER.resolve("build.log"));
        System.out.printf("the consumer's build: %.1f s, exit %d%n", (System.nanoTime() - start) / 1e9, build.exitValue());

        assertTrue(log.contains("[soapscope] INFO agent " + VERSION + " (commit "), "the agent started in the test "
                + "JVM, saying its release:\n" + log);
        assertTrue(log.contains("Tests run: 2, Failures: 1, Errors: 0, Skipped: 0"), log);
        assertEquals(1, build.exitValue(), "a test failed, so the build did: " + log);
        Map<String, String> outcomes = outcomes(CONSUMER.resolve(
                "target/surefire-reports/TEST-com.example.SaajCallsTest.xml"));
        assertEquals("passed", outcomes.get("reusesItsConnection"), outcomes.toString());
        String failure = outcomes.get("opensAConnectionForEveryCall");
        assertTrue(failure.startsWith("1 of 1 SOAP expectation not met in SaajCallsTest.opensAConnectionForEveryCall()")
                && failure.contains(LIMIT_BROKEN) && failure.contains("SAAJ SOAPConnection built"), failure);

        // resolved from the published directory, and the very jar this build made
        for (String artifact : List.of("soapscope-agent", "soapscope-junit5", "soapscope-recorder")) {
            Path dir = localRepository.resolve("dev/soapscope").resolve(artifact).resolve(VERSION);
            String origin = Files.readString(dir.resolve("_remote.repositories"));
            assertTrue(origin.matches("(?s).*" + artifact + "-[^>]*\\.jar>" + REPOSITORY_ID + "=.*"), artifact + ": " + origin);
        }
        assertEquals(digest("SHA-256", Files.readAllBytes(ROOT.resolve("agent/target/soapscope-agent.jar"))),
                digest("SHA-256", Files.readAllBytes(localRepository.resolve("dev/soapscope/soapscope-agent")
                        .resolve(VERSION).resolve("soapscope-agent-" + VERSION + ".jar"))));
    }

    /**
     * The user's settings: the published directory as their repository (checksums must match), everything else from
     * this machine's local repository (what this repository's build downloaded), never the network.
     */
    private static String settings() {
        String local = Path.of(System.getProperty("soapscope.test.localRepository")).toUri().toString();
        return "<settings>\n"
                + "  <mirrors><mirror><id>this-machine</id><mirrorOf>*,!" + REPOSITORY_ID + "</mirrorOf><url>" + local
                + "</url></mirror></mirrors>\n"
                + "  <profiles><profile><id>soapscope</id><repositories><repository><id>" + REPOSITORY_ID + "</id>"
                + "<url>" + REPOSITORY.toUri() + "</url>"
                + "<releases><checksumPolicy>fail</checksumPolicy></releases>"
                + "<snapshots><checksumPolicy>fail</checksumPolicy></snapshots>"
                + "</repository></repositories></profile></profiles>\n"
                + "  <activeProfiles><activeProfile>soapscope</activeProfile></activeProfiles>\n"
                + "</settings>\n";
    }

    /** The versions of the plugins a project's {@code mvn test} runs, as the root POM's pluginManagement has them. */
    private static Map<String, String> pluginVersions() throws Exception {
        NodeList plugins = DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(ROOT.resolve("pom.xml").toFile()).getElementsByTagName("plugin");
        Map<String, String> versions = new TreeMap<>();
        for (int i = 0; i < plugins.getLength(); i++) {
            Element plugin = (Element) plugins.item(i);
            NodeList version = plugin.getElementsByTagName("version");
            if (version.getLength() > 0) {
                versions.put(plugin.getElementsByTagName("artifactId").item(0).getTextContent().trim(),
                        version.item(0).getTextContent().trim());
            }
        }
        return versions;
    }

    /** Under -o nothing is published (the deploy plugin refuses to run offline): what is there is an older build's. */
    private static void assumePublished() {
        assumeFalse("offline=true".equals(System.getProperty("soapscope.test.maven")), "Maven ran offline (-o): "
                + "this build published nothing into " + REPOSITORY);
    }

    /** The version in the deployed files' names: the release's, or a snapshot's latest time stamp (Maven's deploy). */
    private static String deployed(Path versionDir) throws IOException {
        if (!VERSION.endsWith("-SNAPSHOT")) {
            return VERSION;
        }
        Matcher latest = Pattern.compile("<value>([^<]+)</value>")
                .matcher(Files.readString(versionDir.resolve("maven-metadata.xml")));
        assertTrue(latest.find(), "a snapshot's maven-metadata.xml in " + versionDir);
        return latest.group(1);
    }

    /** test name -> "passed", or its failure's message. */
    private static Map<String, String> outcomes(Path report) throws Exception {
        NodeList cases = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(report.toFile())
                .getElementsByTagName("testcase");
        Map<String, String> outcomes = new TreeMap<>();
        for (int i = 0; i < cases.getLength(); i++) {
            Element c = (Element) cases.item(i);
            NodeList failures = c.getElementsByTagName("failure");
            outcomes.put(c.getAttribute("name"), failures.getLength() == 0 ? "passed"
                    : ((Element) failures.item(0)).getAttribute("message"));
        }
        return outcomes;
    }

    /** The text under a {@code ## heading}, to the next one. */
    private static String section(String page, String heading) {
        int start = page.indexOf("\n## " + heading + "\n");
        assertTrue(start >= 0, "no section '" + heading + "'");
        int end = page.indexOf("\n## ", start + 1);
        return page.substring(start, end < 0 ? page.length() : end);
    }

    /** The first fenced block of a language in a text. */
    private static String block(String text, String language) {
        Matcher m = Pattern.compile("```" + language + "\n(.*?)```", Pattern.DOTALL).matcher(text);
        assertTrue(m.find(), "no ```" + language + " block in " + text);
        return m.group(1);
    }

    /** A shell block's commands: its lines without comments. */
    private static List<String> commands(String block) {
        return block.lines().map(l -> l.replaceFirst("\\s+#.*", "").trim()).filter(l -> !l.isEmpty()).toList();
    }

    private static String digest(String algorithm, byte[] bytes) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance(algorithm).digest(bytes));
    }

    private static void copy(Path from, Path to) throws IOException {
        try (Stream<Path> files = Files.walk(from)) {
            for (Path f : files.toList()) {
                Path target = to.resolve(from.relativize(f).toString());
                if (Files.isDirectory(f)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(f, target);
                }
            }
        }
    }

    private static void deleteRecursively(Path dir) throws IOException {
        if (Files.exists(dir)) {
            try (Stream<Path> files = Files.walk(dir)) {
                for (Path f : files.sorted(Comparator.reverseOrder()).toList()) {
                    Files.delete(f);
                }
            }
        }
    }
}
