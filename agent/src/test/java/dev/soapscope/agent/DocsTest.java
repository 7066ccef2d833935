package dev.soapscope.agent;

import dev.soapscope.config.ConfigKey;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The README is a front page and the reference lives in docs/: the settings page is the declaration in
 * {@link ConfigKey}, word for word; every relative link resolves (to a file, and to a heading where it names one); no
 * table cell runs over {@link #MAX_CELL} characters; the front page stays short.
 */
class DocsTest {
    static final String START = "<!-- settings:start (generated from ConfigKey: java -jar agent/target/soapscope-agent.jar config) -->\n";
    static final String END = "<!-- settings:end -->";
    static final int MAX_CELL = 200;
    static final int MAX_FRONT_PAGE_LINES = 200;
    private static final Path ROOT = Path.of("..");
    private static final Pattern LINK = Pattern.compile("\\]\\(([^)\\s]+)\\)");

    @Test
    void settingsPageMatchesTheDeclaration() throws Exception {
        String page = Files.readString(ROOT.resolve("docs/settings.md"));
        int start = page.indexOf(START);
        int end = page.indexOf(END);
        assertTrue(start >= 0 && end > start, "docs/settings.md has no settings list between the markers");
        assertEquals(ConfigKey.markdownReference(), page.substring(start + START.length(), end));
    }

    /** The reports compare with "classic" figures: each page says what they are where the word first appears. */
    @Test
    void classicIsExplainedWhereItFirstAppears() throws Exception {
        for (String name : List.of("README.md", "docs/demo.md")) {
            String text = Files.readString(ROOT.resolve(name));
            int first = text.indexOf("classic");
            assertTrue(first >= 0, name + " speaks of classic figures");
            String around = text.substring(first, Math.min(text.length(), first + 250));
            assertTrue(around.contains("published results of the benchmarks these scenarios reproduce"), name + ": " + around);
        }
    }

    @Test
    void everyRelativeLinkResolves() throws Exception {
        List<String> broken = new ArrayList<>();
        for (Path page : pages()) {
            Matcher m = LINK.matcher(withoutCode(Files.readString(page)));
            while (m.find()) {
                String link = m.group(1);
                if (link.matches("^[a-z]+:.*")) {
                    continue; // http(s), mailto: not ours to check here
                }
                int hash = link.indexOf('#');
                String file = hash < 0 ? link : link.substring(0, hash);
                Path target = file.isEmpty() ? page : page.getParent().resolve(file).normalize();
                if (!Files.exists(target)) {
                    broken.add(ROOT.relativize(page) + ": " + link + " (no such file)");
                } else if (hash >= 0 && target.toString().endsWith(".md")
                        && !anchors(Files.readString(target)).contains(link.substring(hash + 1))) {
                    broken.add(ROOT.relativize(page) + ": " + link + " (no such heading)");
                }
            }
        }
        assertTrue(broken.isEmpty(), String.join("\n", broken));
    }

    @Test
    void noTableCellIsWiderThanAScreen() throws Exception {
        List<String> wide = new ArrayList<>();
        for (Path page : pages()) {
            String[] lines = withoutCode(Files.readString(page)).split("\n", -1);
            for (int i = 0; i < lines.length; i++) {
                if (!lines[i].startsWith("|")) {
                    continue;
                }
                for (String cell : lines[i].split("(?<!\\\\)\\|")) {
                    if (cell.trim().length() > MAX_CELL) {
                        wide.add(ROOT.relativize(page) + ":" + (i + 1) + ": " + cell.trim().length() + " characters");
                    }
                }
            }
        }
        assertTrue(wide.isEmpty(), "split these cells into lists or rows:\n" + String.join("\n", wide));
    }

    @Test
    void theFrontPageReadsInFiveMinutes() throws Exception {
        long lines = Files.readAllLines(ROOT.resolve("README.md")).size();
        assertTrue(lines <= MAX_FRONT_PAGE_LINES, "README.md has " + lines + " lines; the reference belongs in docs/");
    }

    private static List<Path> pages() throws IOException {
        List<Path> pages = new ArrayList<>(List.of(ROOT.resolve("README.md"), ROOT.resolve("BENCHMARKS.md")));
        try (Stream<Path> docs = Files.list(ROOT.resolve("docs"))) {
            pages.addAll(docs.filter(p -> p.toString().endsWith(".md")).sorted().collect(Collectors.toList()));
        }
        return pages;
    }

    /** The text with fenced code blocks blanked (their lines kept, so line numbers hold). */
    private static String withoutCode(String text) {
        StringBuilder out = new StringBuilder();
        boolean fence = false;
        for (String line : text.split("\n", -1)) {
            if (line.startsWith("```")) {
                fence = !fence;
                out.append('\n');
                continue;
            }
            out.append(fence ? "" : line).append('\n');
        }
        return out.toString();
    }

    /** GitHub's anchors for a page's headings: lower case, punctuation but hyphens dropped, spaces as hyphens. */
    private static List<String> anchors(String page) {
        List<String> anchors = new ArrayList<>();
        for (String line : withoutCode(page).split("\n")) {
            if (line.startsWith("#")) {
                String title = line.replaceFirst("^#+\\s*", "").toLowerCase(Locale.ROOT);
                anchors.add(title.replaceAll("[^\\p{L}\\p{N}\\- _]", "").replace(' ', '-'));
            }
        }
        return anchors;
    }
}
