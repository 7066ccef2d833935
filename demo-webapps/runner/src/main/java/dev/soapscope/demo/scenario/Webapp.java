package dev.soapscope.demo.scenario;

import java.nio.file.Path;

/**
 * The demo WARs: where the build leaves each, the option that points elsewhere, the server it runs on and the context
 * it is deployed at. The WARs of one container share one server, each at its own context.
 */
public enum Webapp {
    /** {@code demo-webapps/payload-caching}: Spring-WS, at the root context. */
    PAYLOAD_CACHING("payload-caching", "", Container.TOMCAT_11, "--war"),
    /** {@code demo-webapps/mtom}: Apache CXF, at {@code /mtom}. */
    MTOM("mtom", "/mtom", Container.TOMCAT_11, "--mtom-war"),
    /** {@code demo-webapps/mtom-metro}: the same query service on Metro (JAX-WS RI), at {@code /mtom-metro}. */
    MTOM_METRO("mtom-metro", "/mtom-metro", Container.TOMCAT_11, "--mtom-metro-war"),
    /** {@code demo-webapps/mtom-axis2}: the same query service on Axis2 1.8 (javax), at {@code /mtom-axis2}. */
    MTOM_AXIS2("mtom-axis2", "/mtom-axis2", Container.TOMCAT_9, "--mtom-axis2-war"),
    /** {@code demo-webapps/mtom-axis1}: the same query service on Axis 1.4 (javax), at {@code /mtom-axis1}. */
    MTOM_AXIS1("mtom-axis1", "/mtom-axis1", Container.TOMCAT_9, "--mtom-axis1-war"),
    /** {@code demo-webapps/mtom-spring-ws}: the same query service on Spring-WS with Axiom streaming, at {@code /mtom-spring-ws}. */
    MTOM_SPRING_WS("mtom-spring-ws", "/mtom-spring-ws", Container.TOMCAT_11, "--mtom-spring-ws-war"),
    /** {@code demo-webapps/ws-security}: Apache CXF with WSS4J, at {@code /ws-security}. */
    WS_SECURITY("ws-security", "/ws-security", Container.TOMCAT_11, "--ws-security-war"),
    /** {@code demo-webapps/axis1}: Apache Axis 1.4, javax, at {@code /axis1}. */
    AXIS1("axis1", "/axis1", Container.TOMCAT_9, "--axis1-war"),
    /** {@code demo-webapps/rampart}: Apache Axis2 1.7 with Rampart 1.7.1, javax, at {@code /rampart}. */
    RAMPART("rampart", "/rampart", Container.TOMCAT_9, "--rampart-war");

    private final String module;
    private final String context;
    private final Container container;
    private final String option;

    Webapp(String module, String context, Container container, String option) {
        this.module = module;
        this.context = context;
        this.container = container;
        this.option = option;
    }

    /** The context path: "" for the root, else {@code /name}. */
    public String context() {
        return context;
    }

    public Container container() {
        return container;
    }

    /** The command-line option that names another WAR file, e.g. {@code --mtom-war}. */
    public String option() {
        return option;
    }

    /** Where {@code mvn package} leaves it, relative to the project's root: {@code demo-webapps/NAME/target/NAME.war}. */
    public Path defaultWar() {
        return Path.of("demo-webapps", module, "target", module + ".war");
    }

    /** The webapp whose WAR option is {@code option}, or null. */
    public static Webapp byOption(String option) {
        for (Webapp w : values()) {
            if (w.option.equals(option)) {
                return w;
            }
        }
        return null;
    }
}
