package dev.soapscope.demo.mtom.springws.model;

import jakarta.xml.bind.annotation.XmlAccessType;
import jakarta.xml.bind.annotation.XmlAccessorType;
import jakarta.xml.bind.annotation.XmlRootElement;

import dev.soapscope.demo.mtom.api.QueryService;

/** {@code QueryService.query}'s response wrapper: {@code <q:queryResponse><requestID>id</requestID>...}. */
@XmlRootElement(name = "queryResponse", namespace = QueryService.NS)
@XmlAccessorType(XmlAccessType.FIELD)
public class QueryResponse {
    public String requestID;
}
