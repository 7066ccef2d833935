package dev.soapscope.flamegraphs;

import dev.soapscope.recorder.Outcome;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The README's example of {@code phases.json} speaks the agent's vocabulary. */
class ReadmeTest {
    @Test
    void theExamplesOutcomesAreTheDeclaredOnes() throws Exception {
        String readme = Files.readString(Path.of("README.md"));
        int intro = readme.indexOf("`phases.json` as the agent serves it");
        assertTrue(intro >= 0, "README.md shows phases.json");
        int start = readme.indexOf("```json\n", intro) + "```json\n".length();
        Map<?, ?> example = (Map<?, ?>) JsonReader.parse(readme.substring(start, readme.indexOf("```", start)));
        Map<?, ?> operation = (Map<?, ?>) ((List<?>) example.get("operations")).get(0);
        List<String> declared = new ArrayList<>();
        for (Outcome o : Outcome.values()) {
            if (o.onServer()) { // an operation's outcomes; a client call's are its own (fault, timeout...)
                declared.add(o.tag());
            }
        }
        assertEquals(declared, new ArrayList<>(((Map<?, ?>) operation.get("outcomes")).keySet()));
    }
}
