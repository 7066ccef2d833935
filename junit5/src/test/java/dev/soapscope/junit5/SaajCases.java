package dev.soapscope.junit5;

import jakarta.xml.soap.MessageFactory;
import jakarta.xml.soap.SOAPConnection;
import jakarta.xml.soap.SOAPConnectionFactory;
import jakarta.xml.soap.SOAPMessage;

import java.net.URI;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Tests as a user writes them, run by {@link ExtensionUnderAgentIT} through JUnit's own engine (the file name keeps
 * Failsafe from running them on their own): SAAJ calls to a loopback echo server.
 */
final class SaajCases {
    static final int CALLS = 5;
    static URI echo;

    private SaajCases() {
    }

    static void call(SOAPConnection connection) throws Exception {
        SOAPMessage request = MessageFactory.newInstance().createMessage();
        request.getSOAPBody().addBodyElement(new javax.xml.namespace.QName("urn:soapscope:cases", "ping")).addTextNode("hi");
        SOAPMessage answer = connection.call(request, echo.toURL());
        if (!answer.getSOAPBody().getTextContent().contains("hi")) {
            throw new AssertionError("no echo");
        }
    }

    static SOAPConnection connect() throws Exception {
        return SOAPConnectionFactory.newInstance().createConnection();
    }

    abstract static class Server {
        private static EchoServer server;

        @BeforeAll
        static void start() throws Exception {
            server = new EchoServer();
            echo = server.uri();
        }

        @AfterAll
        static void stop() {
            server.close();
        }
    }

    static final class ConnectionPerCall extends Server {
        @Test
        @ExpectHotSpots(kind = "client.create", perCall = 0)
        void opensAConnectionForEveryCall() throws Exception {
            for (int i = 0; i < CALLS; i++) {
                SOAPConnection connection = connect();
                try {
                    call(connection);
                } finally {
                    connection.close();
                }
            }
        }
    }

    static final class ConnectionReused extends Server {
        private SOAPConnection connection;

        @org.junit.jupiter.api.BeforeEach
        void connectOnce() throws Exception {
            connection = connect(); // set-up: outside the test's figures
        }

        @Test
        @ExpectHotSpots(kind = "client.create", perCall = 0)
        void reusesItsConnection() throws Exception {
            for (int i = 0; i < CALLS; i++) {
                call(connection);
            }
        }
    }

    static final class WarmUpLeftOut extends Server {
        @Test
        @ExpectHotSpots(kind = "client.create", perCall = 0)
        void buildsItsConnectionInTheWarmUp() throws Exception {
            SOAPConnection connection = connect();
            call(connection);
            SoapScope.warmUpDone();
            for (int i = 0; i < CALLS; i++) {
                call(connection);
            }
            if (SoapScope.current().calls().count() != CALLS) {
                throw new AssertionError("after the warm-up: " + SoapScope.current());
            }
        }
    }

    /** The outer class's limit holds in its nested tests. */
    @ExpectHotSpots(kind = "client.create", perCall = 0)
    static final class OuterLimit extends Server {
        @org.junit.jupiter.api.Nested
        final class Nested {
            @Test
            void opensAConnectionForEveryCall() throws Exception {
                new ConnectionPerCall().opensAConnectionForEveryCall();
            }
        }
    }

    static final class PerCallOfAnOperation {
        @Test
        @ExpectHotSpots(kind = "client.create", perCall = 0, operation = "ping")
        void neverRuns() {
        }
    }

    static final class NoTraffic {
        @Test
        @ExpectHotSpots(kind = "factory.create", perRequest = 0)
        void servesNothing() {
        }
    }

    static final class MistypedKind {
        @Test
        @ExpectHotSpots(kind = "factory.created", perRequest = 0)
        void neverRuns() {
        }
    }
}
