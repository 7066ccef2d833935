package dev.soapscope.demo.payloadcaching.model;

import java.math.BigDecimal;

import jakarta.xml.bind.annotation.XmlRootElement;

/** {@code <ord:orderResponse>}: small, whatever the request's size. */
@XmlRootElement(name = "orderResponse")
public class OrderResponse {

    public String orderId;
    public int lineCount;
    /** Two fraction digits; JAXB prints BigDecimal with toPlainString. */
    public BigDecimal total;
}
