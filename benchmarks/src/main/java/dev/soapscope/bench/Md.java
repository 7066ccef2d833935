package dev.soapscope.bench;

import java.util.ArrayList;
import java.util.List;

/** A Markdown table. */
public final class Md {
    private final List<String[]> rows = new ArrayList<>();
    private final String[] header;

    public Md(String... header) {
        this.header = header;
    }

    public Md row(Object... cells) {
        String[] r = new String[cells.length];
        for (int i = 0; i < cells.length; i++) {
            r[i] = String.valueOf(cells[i]).replace("|", "\\|");
        }
        rows.add(r);
        return this;
    }

    @Override
    public String toString() {
        StringBuilder b = new StringBuilder();
        line(b, header);
        String[] rule = new String[header.length];
        for (int i = 0; i < rule.length; i++) {
            rule[i] = i == 0 ? "---" : "---:";
        }
        line(b, rule);
        for (String[] r : rows) {
            line(b, r);
        }
        return b.toString();
    }

    private static void line(StringBuilder b, String[] cells) {
        b.append('|');
        for (String c : cells) {
            b.append(' ').append(c).append(" |");
        }
        b.append('\n');
    }
}
