package com.example;

import com.sun.net.httpserver.HttpServer;
import dev.soapscope.junit5.ExpectHotSpots;
import jakarta.xml.soap.MessageFactory;
import jakarta.xml.soap.SOAPConnection;
import jakarta.xml.soap.SOAPConnectionFactory;
import jakarta.xml.soap.SOAPMessage;

import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URL;
import javax.xml.namespace.QName;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertTrue;

/** SAAJ calls to a loopback echo server: one test reuses its connection, the other opens one for every call. */
class SaajCallsTest {
    static HttpServer server;
    static URL echo;
    SOAPConnection connection;

    @BeforeAll
    static void start() throws Exception {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/echo", exchange -> {
            byte[] body;
            try (InputStream in = exchange.getRequestBody()) {
                body = in.readAllBytes();
            }
            exchange.getResponseHeaders().add("Content-Type", "text/xml; charset=utf-8");
            exchange.sendResponseHeaders(200, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        });
        server.start();
        echo = new URL("http://127.0.0.1:" + server.getAddress().getPort() + "/echo");
    }

    @AfterAll
    static void stop() {
        server.stop(0);
    }

    @BeforeEach
    void connect() throws Exception {
        connection = SOAPConnectionFactory.newInstance().createConnection(); // set-up: not counted
    }

    @Test
    @ExpectHotSpots(kind = "client.create", perCall = 0)
    void reusesItsConnection() throws Exception {
        for (int i = 0; i < 5; i++) {
            call(connection);
        }
    }

    @Test
    @ExpectHotSpots(kind = "client.create", perCall = 0)
    void opensAConnectionForEveryCall() throws Exception {
        for (int i = 0; i < 5; i++) {
            SOAPConnection perCall = SOAPConnectionFactory.newInstance().createConnection();
            try {
                call(perCall);
            } finally {
                perCall.close();
            }
        }
    }

    static void call(SOAPConnection connection) throws Exception {
        SOAPMessage request = MessageFactory.newInstance().createMessage();
        request.getSOAPBody().addBodyElement(new QName("urn:example", "ping")).addTextNode("hi");
        SOAPMessage answer = connection.call(request, echo);
        assertTrue(answer.getSOAPBody().getTextContent().contains("hi"));
    }
}
