package dev.soapscope.demo.mtom.axis1;

import dev.soapscope.demo.mtom.api.QueriesService;

/**
 * The binary-transfer query service on Axis 1.4: the same {@code query} and {@code getNTuples} as every other stack's
 * WAR, over the webapp's one {@link dev.soapscope.demo.mtom.api.Queries}. server-config.wsdd deploys it as a java:RPC
 * service (application scope: one instance) whose operations it declares, so Axis needs neither a WSDL nor the
 * parameter names from the byte code; Axis sends the {@code byte[]} batch inline as {@code xsd:base64Binary}.
 */
public class Axis1QueryService extends QueriesService {

    /** Axis instantiates the class itself. */
    public Axis1QueryService() {
        super(QueriesListener.queries());
    }
}
