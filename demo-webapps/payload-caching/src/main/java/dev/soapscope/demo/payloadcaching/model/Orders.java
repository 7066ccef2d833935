package dev.soapscope.demo.payloadcaching.model;

/** Names shared by the model and the endpoint. */
public final class Orders {

    public static final String NS = "urn:soapscope:demo:orders";

    private Orders() {
    }
}
