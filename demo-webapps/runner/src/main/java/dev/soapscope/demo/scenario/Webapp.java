package dev.soapscope.demo.scenario;

/** The demo WARs and where the runner deploys them: both fit in one Tomcat, each at its own context. */
public enum Webapp {
    /** {@code demo-webapps/payload-caching}: Spring-WS, at the root context. */
    PAYLOAD_CACHING(""),
    /** {@code demo-webapps/mtom}: Apache CXF, at {@code /mtom}. */
    MTOM("/mtom");

    private final String context;

    Webapp(String context) {
        this.context = context;
    }

    /** The context path: "" for the root, else {@code /name}. */
    public String context() {
        return context;
    }
}
