package dev.soapscope.demo.mtom;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;

import dev.soapscope.testkit.ForkedServer;

/** The packaged WAR, exploded into a directory and deployed at "/" in a forked Tomcat 11 (default -Xmx512m). */
final class MtomWebappServer {

    private MtomWebappServer() {
    }

    static ForkedServer start(Path webappDir) throws IOException {
        return deploy(webappDir).start();
    }

    /** The server, not started yet, for callers that add to it (an agent). */
    static ForkedServer.Builder deploy(Path webappDir) throws IOException {
        explode(Path.of(System.getProperty("mtom.war", "target/mtom.war")), webappDir);
        return ForkedServer.tomcat().webapp(webappDir);
    }

    /** The testkit serves an exploded webapp directory. */
    static void explode(Path war, Path dir) throws IOException {
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
    }
}
