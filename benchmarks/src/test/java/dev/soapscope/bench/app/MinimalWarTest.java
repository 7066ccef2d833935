package dev.soapscope.bench.app;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.zip.ZipFile;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MinimalWarTest {
    @Test
    void theWarHoldsTheServletItsWebXmlMaps(@TempDir Path dir) throws Exception {
        Path war = MinimalWar.write(dir.resolve("sub/minimal.war"));
        try (ZipFile zip = new ZipFile(war.toFile())) {
            String webXml = new String(zip.getInputStream(zip.getEntry("WEB-INF/web.xml")).readAllBytes(),
                    StandardCharsets.UTF_8);
            assertTrue(webXml.contains("<servlet-class>" + MinimalSoapServlet.class.getName() + "</servlet-class>"), webXml);
            assertTrue(webXml.contains("<url-pattern>" + MinimalWar.PATH + "</url-pattern>"), webXml);
            assertTrue(webXml.contains("metadata-complete=\"true\""), "no annotation scanning: " + webXml);
            byte[] inWar = zip.getInputStream(zip.getEntry("WEB-INF/classes/dev/soapscope/bench/app/MinimalSoapServlet.class"))
                    .readAllBytes();
            try (InputStream compiled = MinimalSoapServlet.class.getResourceAsStream("MinimalSoapServlet.class")) {
                assertArrayEquals(compiled.readAllBytes(), inWar);
            }
        }
    }
}
