package dev.soapscope.demo.payloadcaching.model;

import java.util.ArrayList;
import java.util.List;

import jakarta.xml.bind.annotation.XmlElement;
import jakarta.xml.bind.annotation.XmlRootElement;

/** {@code <ord:orderRequest>}: an id, a customer and many {@code <ord:line>}s. */
@XmlRootElement(name = "orderRequest")
public class OrderRequest {

    public String orderId;
    public Customer customer;
    @XmlElement(name = "line")
    public List<OrderLine> lines = new ArrayList<>();
}
