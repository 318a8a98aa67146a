package io.sluice.client;

import java.io.PrintWriter;
import java.util.List;

/** Plain aligned columns, as kubectl and dagster print lists; control characters shown as {@code ?}. */
final class Table {

    private Table() {}

    static void print(PrintWriter out, List<String> header, List<List<String>> rows) {
        int[] width = new int[header.size()];
        for (int i = 0; i < width.length; i++) {
            width[i] = header.get(i).length();
        }
        for (List<String> row : rows) {
            for (int i = 0; i < width.length; i++) {
                width[i] = Math.max(width[i], clean(row.get(i)).length());
            }
        }
        line(out, header, width);
        for (List<String> row : rows) {
            line(out, row, width);
        }
    }

    private static void line(PrintWriter out, List<String> cells, int[] width) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < width.length; i++) {
            String c = clean(cells.get(i));
            b.append(c);
            if (i < width.length - 1) {
                b.append(" ".repeat(width[i] - c.length() + 2));
            }
        }
        out.println(b.toString().stripTrailing());
    }

    private static String clean(String cell) {
        return cell == null ? "" : cell.replaceAll("\\p{Cntrl}", "?");
    }
}
