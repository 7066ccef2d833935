package dev.soapscope.demo.mtom;

import dev.soapscope.testkit.Wars;
import java.io.IOException;
import java.nio.file.Path;

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
        Wars.explode(Path.of(System.getProperty("mtom.war", "target/mtom.war")), webappDir);
        return ForkedServer.tomcat().webapp(webappDir);
    }
}
