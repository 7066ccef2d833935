package dev.soapscope.flamegraphs;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads back the frames of a flame graph page the converter wrote, the way its script does: the string pool
 * ({@code const cpool}, each entry the length of the prefix shared with the previous one, as a character
 * from ' ', then the rest), then one {@code f}/{@code u}/{@code n} call per frame in depth-first order, with
 * {@code d=} lines in differential graphs setting the self-count change of the frames that follow
 * ({@code d=U}: a frame the baseline lacks).
 */
final class FlameHtml {
    /** One drawn frame: its stack from the first frame under the root, width, and change (null: new). */
    record Frame(String stack, String title, int level, long width, Long diff) {
    }

    private FlameHtml() {
    }

    static List<Frame> read(Path html) throws IOException {
        List<String> lines = Files.readAllLines(html, StandardCharsets.UTF_8);
        int i = lines.indexOf("const cpool = [") + 1;
        List<String> cpool = new ArrayList<>();
        for (String line; !(line = lines.get(i)).equals("];"); i++) {
            String packed = line.substring(1, line.lastIndexOf('\'')).replace("\\'", "'").replace("\\\\", "\\");
            cpool.add(cpool.isEmpty() ? packed
                    : cpool.get(cpool.size() - 1).substring(0, packed.charAt(0) - ' ') + packed.substring(1));
        }
        i = lines.indexOf("unpack(cpool);") + 1;

        List<Frame> frames = new ArrayList<>();
        List<String> path = new ArrayList<>();
        Long diff = 0L;
        int level = 0;
        long width = 0;
        for (String line; !(line = lines.get(i)).startsWith("search(") && !line.startsWith(FlamePage.COLOURS_LINE); i++) {
            if (line.isEmpty()) {
                continue;
            }
            if (line.startsWith("d=")) {
                diff = line.equals("d=U") ? null : Long.parseLong(line.substring(2));
                continue;
            }
            String[] args = line.substring(2, line.length() - 1).split(",");
            int next = 1;
            switch (line.charAt(0)) {
                case 'f' -> {
                    level = Integer.parseInt(args[1]);
                    next = 3;
                }
                case 'u' -> level++;
                case 'n' -> {
                }
                default -> throw new IllegalStateException("unexpected line " + line);
            }
            if (args.length > next) {
                width = Long.parseLong(args[next]);
            }
            String title = cpool.get(Integer.parseInt(args[0]) >>> 3);
            while (path.size() > level) {
                path.remove(path.size() - 1);
            }
            path.add(title);
            String stack = String.join(";", path.subList(Math.min(1, path.size()), path.size()));
            frames.add(new Frame(stack, title, level, width, diff));
        }
        return frames;
    }

    /** The frame with exactly this stack. */
    static Frame frame(List<Frame> frames, String stack) {
        return frames.stream().filter(f -> f.stack().equals(stack)).findFirst()
                .orElseThrow(() -> new AssertionError("no frame " + stack));
    }

    static List<String> titles(List<Frame> frames) {
        return frames.stream().map(Frame::title).toList();
    }
}
