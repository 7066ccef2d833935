package dev.soapscope.agent.probe;

import org.junit.jupiter.api.Test;

import java.net.URL;
import java.net.URLClassLoader;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SeesTypeTest {

    @Test
    void aLoaderSeesWhatItOrItsParentsCanLoad() throws Exception {
        ClassLoader app = SeesTypeTest.class.getClassLoader();
        assertTrue(SeesType.anyOf("net.bytebuddy.ByteBuddy").matches(app));
        assertFalse(SeesType.anyOf("org.example.absent.Stack").matches(app));
        assertTrue(SeesType.anyOf("org.example.absent.Stack", "net.bytebuddy.ByteBuddy").matches(app));
        try (URLClassLoader isolated = new URLClassLoader(new URL[0], null)) {
            assertFalse(SeesType.anyOf("net.bytebuddy.ByteBuddy").matches(isolated), "no parent: only the JDK");
            assertTrue(SeesType.anyOf("java.io.PushbackInputStream").matches(isolated));
        }
    }

    @Test
    void theBootstrapLoaderSeesTheJdk() {
        assertTrue(SeesType.anyOf("java.lang.String").matches(null));
        assertFalse(SeesType.anyOf("org.apache.axis.SOAPPart").matches(null));
    }

    @Test
    void theBootstrapLoaderDoesNotSeeTheApplicationClassPath() {
        assertTrue(SeesType.anyOf("net.bytebuddy.ByteBuddy").matches(SeesTypeTest.class.getClassLoader()));
        assertFalse(SeesType.anyOf("net.bytebuddy.ByteBuddy").matches(null),
                "on the class path, not the bootstrap path: JDK classes need no walk for the stacks' probes");
    }

    /** A library's marker class, asked before its types, is in the stacks' jars the tests run with. */
    @Test
    void everyLibrarysMarkerIsInItsJars() {
        ClassLoader app = SeesTypeTest.class.getClassLoader();
        for (String[] library : SeesType.LIBRARIES) {
            assertTrue(library[1].startsWith(library[0]), library[1]);
            assertTrue(app.getResource(library[1]) != null, library[1] + " on the test class path");
        }
        assertTrue(SeesType.anyOf("org.apache.cxf.phase.PhaseInterceptor").matches(app));
        assertFalse(SeesType.anyOf("org.apache.cxf.absent.Type").matches(app));
    }

    @Test
    void answersAreKeptPerLoader() throws Exception {
        SeesType matcher = SeesType.anyOf("net.bytebuddy.ByteBuddy");
        ClassLoader app = SeesTypeTest.class.getClassLoader();
        for (int i = 0; i < 3; i++) {
            assertTrue(matcher.matches(app));
        }
    }
}
