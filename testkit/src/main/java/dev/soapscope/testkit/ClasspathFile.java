package dev.soapscope.testkit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** A class-path file, as {@code dependency:build-classpath} writes it ({@code outputFile}): a sample's jars. */
public final class ClasspathFile {
    private ClasspathFile() {
    }

    /** The jars {@code file} lists; a missing file fails, naming the goal that writes it. */
    public static List<Path> jars(Path file) {
        if (!Files.isRegularFile(file)) {
            throw new IllegalStateException(file + " is missing: mvn verify writes it (dependency:build-classpath)");
        }
        try {
            List<Path> jars = new ArrayList<>();
            for (String jar : Files.readString(file).trim().split(java.io.File.pathSeparator)) {
                jars.add(Path.of(jar));
            }
            return jars;
        } catch (IOException x) {
            throw new UncheckedIOException(x);
        }
    }
}
