package dev.soapscope.demo.axis1;

import java.math.BigDecimal;

/** One line of a quote request: a JavaBean, as Axis 1's BeanSerializer wants (q:QuoteLine in server-config.wsdd). */
public class QuoteLine {
    private String sku;
    private String description;
    private int quantity;
    private BigDecimal unitPrice;

    public String getSku() {
        return sku;
    }

    public void setSku(String sku) {
        this.sku = sku;
    }

    public String getDescription() {
        return description;
    }

    public void setDescription(String description) {
        this.description = description;
    }

    public int getQuantity() {
        return quantity;
    }

    public void setQuantity(int quantity) {
        this.quantity = quantity;
    }

    public BigDecimal getUnitPrice() {
        return unitPrice;
    }

    public void setUnitPrice(BigDecimal unitPrice) {
        this.unitPrice = unitPrice;
    }
}
