package dev.soapscope.demo.wssecurity.api;

import java.math.BigDecimal;

import jakarta.xml.bind.annotation.XmlAccessType;
import jakarta.xml.bind.annotation.XmlAccessorType;
import jakarta.xml.bind.annotation.XmlType;

/** What {@link QuoteService#getQuote} answers: the unit price of the symbol and the total for the quantity. */
@XmlAccessorType(XmlAccessType.FIELD)
@XmlType(name = "quote", propOrder = {"symbol", "quantity", "unitPrice", "total"})
public class Quote {
    private String symbol;
    private int quantity;
    private BigDecimal unitPrice;
    private BigDecimal total;

    /** For JAXB. */
    public Quote() {
    }

    public Quote(String symbol, int quantity) {
        this.symbol = symbol;
        this.quantity = quantity;
        this.unitPrice = Prices.unitPrice(symbol);
        this.total = Prices.total(symbol, quantity);
    }

    public String getSymbol() {
        return symbol;
    }

    public int getQuantity() {
        return quantity;
    }

    public BigDecimal getUnitPrice() {
        return unitPrice;
    }

    public BigDecimal getTotal() {
        return total;
    }
}
