package dev.soapscope.agent;

import dev.soapscope.recorder.PortGuard;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.net.InetAddress;
import java.net.InetSocketAddress;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/** The endpoint's port is the application's from before the endpoint binds it. */
class EndpointStartTest {
    @AfterEach
    void unguard() {
        PortGuard.guard(-1, null);
    }

    @Test
    void anApplicationThatBindsThePortFirstKeepsTheEndpointFromBindingIt() {
        EndpointStart start = new EndpointStart(9404);
        PortGuard.beforeBind(new Object[] {new InetSocketAddress(InetAddress.getLoopbackAddress(), 9404), 50});
        assertTrue(start.tookPort());
        assertNull(start.bind(() -> fail("the endpoint bound a port the application had")));
    }

    @Test
    void anotherPortIsNoConcernOfTheEndpoints() {
        EndpointStart start = new EndpointStart(9404);
        PortGuard.beforeBind(new Object[] {new InetSocketAddress(InetAddress.getLoopbackAddress(), 8080), 50});
        assertFalse(start.tookPort());
    }

    @Test
    void anEndpointThatCouldNotBindLeavesThePortToTheApplicationWithoutAWord() {
        EndpointStart start = new EndpointStart(9404);
        assertNull(start.bind(() -> null)); // the start failed, and said why
        PortGuard.beforeBind(new Object[] {new InetSocketAddress(InetAddress.getLoopbackAddress(), 9404), 50});
        assertFalse(start.tookPort(), "a bind after the endpoint gave up is not the application taking its port");
    }
}
