package dev.soapscope.demo.mtom.springws.model;

import jakarta.xml.bind.annotation.XmlAccessType;
import jakarta.xml.bind.annotation.XmlAccessorType;
import jakarta.xml.bind.annotation.XmlRootElement;

import dev.soapscope.demo.mtom.api.QueryService;

/** {@code QueryService.getNTuples}'s request wrapper: {@code <q:getNTuples><tuples>n</tuples><requestID>id</requestID>}. */
@XmlRootElement(name = "getNTuples", namespace = QueryService.NS)
@XmlAccessorType(XmlAccessType.FIELD)
public class GetNTuples {
    public int tuples;
    public String requestID;
}
