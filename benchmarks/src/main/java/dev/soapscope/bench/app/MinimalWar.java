package dev.soapscope.bench.app;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

/**
 * Writes the minimal servlet app's WAR: {@link MinimalSoapServlet}'s class file (read from this jar as bytes: the
 * harness has no Servlet API to load it with) and a metadata-complete web.xml mapping it to {@value #PATH}.
 */
public final class MinimalWar {
    /** Where the WAR is deployed, and the echo's path in it. */
    public static final String CONTEXT = "/minimal";
    public static final String PATH = "/echo";
    static final String SERVLET = "dev.soapscope.bench.app.MinimalSoapServlet";
    static final String WEB_XML = """
            <?xml version="1.0" encoding="UTF-8"?>
            <web-app xmlns="https://jakarta.ee/xml/ns/jakartaee" version="6.0" metadata-complete="true">
              <servlet>
                <servlet-name>echo</servlet-name>
                <servlet-class>%s</servlet-class>
                <load-on-startup>1</load-on-startup>
              </servlet>
              <servlet-mapping>
                <servlet-name>echo</servlet-name>
                <url-pattern>%s</url-pattern>
              </servlet-mapping>
            </web-app>
            """.formatted(SERVLET, PATH);

    private MinimalWar() {
    }

    /** Writes the WAR to {@code war} and returns it. */
    public static Path write(Path war) throws IOException {
        String classFile = SERVLET.replace('.', '/') + ".class";
        Files.createDirectories(war.toAbsolutePath().getParent());
        try (InputStream servlet = MinimalWar.class.getClassLoader().getResourceAsStream(classFile);
             ZipOutputStream zip = new ZipOutputStream(Files.newOutputStream(war))) {
            if (servlet == null) {
                throw new IOException(classFile + " is not in the benchmarks jar");
            }
            put(zip, "WEB-INF/web.xml", WEB_XML.getBytes(StandardCharsets.UTF_8));
            put(zip, "WEB-INF/classes/" + classFile, servlet.readAllBytes());
        }
        return war;
    }

    private static void put(ZipOutputStream zip, String name, byte[] content) throws IOException {
        zip.putNextEntry(new ZipEntry(name));
        zip.write(content);
        zip.closeEntry();
    }
}
