package dev.soapscope.flamegraphs;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * One recorded run, as given on the command line: a directory holding {@code *.jfr} files (async-profiler
 * output with phase spans) and {@code phases.json} (the agent's {@code /phases} document), a single JFR file,
 * or a single {@code phases.json}-style file.
 */
final class Run {
    static final String PHASES_FILE = "phases.json";

    private final Path path;
    private final List<Path> jfrFiles;
    private final Path phasesFile;

    private Run(Path path, List<Path> jfrFiles, Path phasesFile) {
        this.path = path;
        this.jfrFiles = jfrFiles;
        this.phasesFile = phasesFile;
    }

    static Run at(String argument) throws BadInputException {
        Path path = Paths.get(argument);
        if (Files.isDirectory(path)) {
            Path phases = path.resolve(PHASES_FILE);
            return new Run(path, jfrFilesIn(path), Files.isRegularFile(phases) ? phases : null);
        }
        if (!Files.isRegularFile(path)) {
            throw new BadInputException("no such run: " + path
                    + " (expected a directory with phases.json and *.jfr files, or a .jfr file)");
        }
        if (path.getFileName().toString().endsWith(".json")) {
            return new Run(path, Collections.<Path>emptyList(), path);
        }
        return new Run(path, Collections.singletonList(path), null);
    }

    static List<Path> jfrFilesIn(Path dir) throws BadInputException {
        List<Path> files = new ArrayList<>();
        try (DirectoryStream<Path> s = Files.newDirectoryStream(dir, "*.jfr")) {
            for (Path p : s) {
                if (Files.isRegularFile(p)) {
                    files.add(p);
                }
            }
        } catch (IOException e) {
            throw new BadInputException("cannot list " + dir + ": " + e);
        }
        Collections.sort(files);
        return Collections.unmodifiableList(files);
    }

    Path path() {
        return path;
    }

    /** The JFR files; fails when there are none. */
    List<Path> jfrFiles() throws BadInputException {
        if (jfrFiles.isEmpty()) {
            throw new BadInputException(path + " holds no *.jfr files (async-profiler recordings)");
        }
        return jfrFiles;
    }

    boolean hasPhases() {
        return phasesFile != null;
    }

    /** The phases document; fails when the run has none or it is malformed. */
    PhasesDocument phases() throws BadInputException {
        if (phasesFile == null) {
            throw new BadInputException(Files.isDirectory(path)
                    ? path + " has no " + PHASES_FILE + " (the agent's /phases document of the run)"
                    : path + " is a single file without " + PHASES_FILE
                            + ": give the run directory, which holds both");
        }
        return PhasesDocument.read(phasesFile);
    }
}
