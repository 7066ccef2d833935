package dev.soapscope.metrics;

/** A small JSON writer: enough for the endpoint's documents, without a library in the agent. */
public final class Json {
    private final StringBuilder out = new StringBuilder(1024);
    /** One flag per open object or array: whether a member has been written at that level. */
    private boolean[] hasMember = new boolean[16];
    private int level;

    public Json beginObject() {
        value();
        out.append('{');
        push();
        return this;
    }

    public Json endObject() {
        level--;
        out.append('}');
        return this;
    }

    public Json beginArray() {
        value();
        out.append('[');
        push();
        return this;
    }

    public Json endArray() {
        level--;
        out.append(']');
        return this;
    }

    public Json name(String name) {
        if (hasMember[level]) {
            out.append(',');
        }
        hasMember[level] = true;
        string(name);
        out.append(':');
        pendingName = true;
        return this;
    }

    public Json value(String s) {
        value();
        if (s == null) {
            out.append("null");
        } else {
            string(s);
        }
        return this;
    }

    public Json value(long n) {
        value();
        out.append(n);
        return this;
    }

    public Json value(boolean b) {
        value();
        out.append(b);
        return this;
    }

    /** A number rounded to {@code decimals} places; NaN and infinities become null. */
    public Json value(double d, int decimals) {
        value();
        if (Double.isNaN(d) || Double.isInfinite(d)) {
            out.append("null");
        } else {
            out.append(java.math.BigDecimal.valueOf(d).setScale(decimals, java.math.RoundingMode.HALF_UP)
                    .stripTrailingZeros().toPlainString());
        }
        return this;
    }

    private boolean pendingName;

    /** Writes the separator a value needs: none after a name, a comma between array elements. */
    private void value() {
        if (pendingName) {
            pendingName = false;
            return;
        }
        if (level > 0) {
            if (hasMember[level]) {
                out.append(',');
            }
            hasMember[level] = true;
        }
    }

    private void push() {
        level++;
        if (level == hasMember.length) {
            hasMember = java.util.Arrays.copyOf(hasMember, level * 2);
        }
        hasMember[level] = false;
    }

    private void string(String s) {
        out.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"': out.append("\\\""); break;
                case '\\': out.append("\\\\"); break;
                case '\n': out.append("\\n"); break;
                case '\r': out.append("\\r"); break;
                case '\t': out.append("\\t"); break;
                default:
                    if (c < 0x20) {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
            }
        }
        out.append('"');
    }

    @Override
    public String toString() {
        return out.toString();
    }
}
