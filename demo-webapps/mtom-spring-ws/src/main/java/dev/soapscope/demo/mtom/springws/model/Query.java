package dev.soapscope.demo.mtom.springws.model;

import jakarta.xml.bind.annotation.XmlAccessType;
import jakarta.xml.bind.annotation.XmlAccessorType;
import jakarta.xml.bind.annotation.XmlRootElement;

import dev.soapscope.demo.mtom.api.QueryService;

/** {@code QueryService.query}'s request wrapper as JAX-WS sends it: {@code <q:query><query>text</query></q:query>}. */
@XmlRootElement(name = "query", namespace = QueryService.NS)
@XmlAccessorType(XmlAccessType.FIELD)
public class Query {
    /** Unqualified, as JAX-WS wrapper children are. */
    public String query;
}
