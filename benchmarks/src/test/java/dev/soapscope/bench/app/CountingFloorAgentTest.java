package dev.soapscope.bench.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarFile;

import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The counting floor counts what it says: every HTTP request a servlet serves, from the first, and nothing else. */
class CountingFloorAgentTest {
    @Test
    void onlyTheServletApisHttpServletIsWoven() {
        assertEquals("jakarta/servlet", CountingFloorAgent.servletApi("jakarta/servlet/http/HttpServlet"));
        assertEquals("javax/servlet", CountingFloorAgent.servletApi("javax/servlet/http/HttpServlet"));
        assertNull(CountingFloorAgent.servletApi("jakarta/servlet/GenericServlet"));
        assertNull(CountingFloorAgent.servletApi("org/example/HttpServlet"));
    }

    @Test
    void aJvmUnderItsJarCountsEachRequestAServletServes(@TempDir Path dir) throws Exception {
        Path jar = CountingFloorAgent.jar(dir);
        try (JarFile j = new JarFile(jar.toFile())) {
            assertEquals(CountingFloorAgent.class.getName(), j.getManifest().getMainAttributes().getValue("Premain-Class"));
            assertTrue(j.getEntry("org/objectweb/asm/ClassReader.class") != null, "ASM's classes are in the jar");
        }
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-javaagent:" + jar.toAbsolutePath(), "-cp", System.getProperty("java.class.path"),
                ThreeRequests.class.getName()).redirectErrorStream(true).start();
        String said = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), said);
        assertEquals(0, p.exitValue(), said);
        assertTrue(said.contains("counting floor: 3 requests counted"), said);
    }

    /** A servlet serving three GETs, its HttpServlet loaded after the agent started. */
    public static final class ThreeRequests extends HttpServlet {
        private static final long serialVersionUID = 1L;

        @Override
        protected void doGet(HttpServletRequest req, HttpServletResponse resp) {
        }

        public static void main(String[] args) throws Exception {
            HttpServletRequest get = proxy(HttpServletRequest.class);
            HttpServletResponse response = proxy(HttpServletResponse.class);
            ThreeRequests servlet = new ThreeRequests();
            for (int i = 0; i < 3; i++) {
                servlet.service(get, response);
            }
        }

        private static <T> T proxy(Class<T> type) {
            return type.cast(Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] {type}, (p, m, a) -> {
                if (m.getName().equals("getMethod")) {
                    return "GET";
                }
                Class<?> r = m.getReturnType();
                return r == long.class ? -1L : r == int.class ? 0 : r == boolean.class ? false : null;
            }));
        }
    }
}
