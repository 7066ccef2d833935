package dev.soapscope.demo.mtom.springws.model;

import jakarta.xml.bind.annotation.XmlAccessType;
import jakarta.xml.bind.annotation.XmlAccessorType;
import jakarta.xml.bind.annotation.XmlRootElement;

import dev.soapscope.demo.mtom.api.QueryService;

/** {@code QueryService.getNTuples}'s response wrapper: the batch as {@code xsd:base64Binary} in {@code <tuples>}. */
@XmlRootElement(name = "getNTuplesResponse", namespace = QueryService.NS)
@XmlAccessorType(XmlAccessType.FIELD)
public class GetNTuplesResponse {
    public byte[] tuples;
}
