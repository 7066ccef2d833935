package dev.soapscope.testkit;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;

/** WAR files as the forked servers take them: exploded into a directory. */
public final class Wars {
    private Wars() {
    }

    /** Unpacks {@code war} into {@code dir}; refuses entries that would land outside it. */
    public static Path explode(Path war, Path dir) throws IOException {
        try (InputStream in = Files.newInputStream(war); ZipInputStream zip = new ZipInputStream(in)) {
            for (ZipEntry entry; (entry = zip.getNextEntry()) != null; ) {
                Path target = dir.resolve(entry.getName()).normalize();
                if (!target.startsWith(dir)) {
                    throw new IOException("entry outside the webapp: " + entry.getName());
                }
                if (entry.isDirectory()) {
                    Files.createDirectories(target);
                } else {
                    Files.createDirectories(target.getParent());
                    Files.copy(zip, target);
                }
            }
        }
        return dir;
    }
}
