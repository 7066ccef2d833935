package dev.soapscope.demo.wssecurity.api;

import java.math.BigDecimal;

/** The demo's price list: a fixed price per symbol, so that clients can check every answer. */
public final class Prices {

    private Prices() {
    }

    /** 1.00 to 500.99, with two decimals, fixed by the symbol (String.hashCode is specified, so stable). */
    public static BigDecimal unitPrice(String symbol) {
        int cents = 100 + Math.floorMod(symbol.hashCode(), 50_000);
        return BigDecimal.valueOf(cents, 2);
    }

    /** Unit price times quantity, with two decimals. */
    public static BigDecimal total(String symbol, int quantity) {
        return unitPrice(symbol).multiply(BigDecimal.valueOf(quantity));
    }
}
