package dev.soapscope.demo.payloadcaching.model;

import java.math.BigDecimal;

/** {@code <ord:line>} */
public class OrderLine {

    public String sku;
    public String description;
    public int quantity;
    public BigDecimal unitPrice;
}
