package io.sluice.web;

import io.sluice.lake.LakeTables;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Rows of a lake table as the page draws them: the column names, and each row's values as text (null stays null). */
public record TablePageGrid(List<String> columns, List<List<String>> rows) {

    static TablePageGrid of(List<Map<String, Object>> rows) {
        return of(rows, List.of());
    }

    /** The rows under the table's columns ({@code schema}, in its order), even when there are no rows to show. */
    static TablePageGrid of(List<Map<String, Object>> rows, List<LakeTables.Column> schema) {
        Set<String> columns = new LinkedHashSet<>();
        schema.forEach(c -> columns.add(c.name()));
        rows.forEach(r -> columns.addAll(r.keySet()));
        List<List<String>> cells = new ArrayList<>();
        for (Map<String, Object> row : rows) {
            List<String> line = new ArrayList<>();
            for (String c : columns) {
                Object v = row.get(c);
                line.add(v == null ? null : v.toString());
            }
            cells.add(line);
        }
        return new TablePageGrid(List.copyOf(columns), cells);
    }

    public boolean isEmpty() {
        return rows.isEmpty();
    }
}
