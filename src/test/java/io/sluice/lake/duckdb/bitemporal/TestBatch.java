package io.sluice.lake.duckdb.bitemporal;

import io.sluice.lake.bitemporal.Batch;
import io.sluice.lake.bitemporal.BatchSource;
import io.sluice.lake.bitemporal.BitemporalTable;
import io.sluice.lake.bitemporal.Replace;
import io.sluice.lake.bitemporal.SourceQuery;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A batch in the generic shape the reference model reads: rows of (key parts, value parts, date) and markers of
 * (scope parts, date). Parts and dates may be NULL so that invalid batches can be expressed.
 */
record TestBatch(List<Row> rows, List<Marker> markers, Replace replace) {

    record Row(List<String> key, List<String> values, LocalDate date) {}

    record Marker(List<String> scope, LocalDate date) {}

    TestBatch {
        rows = List.copyOf(rows);
        markers = List.copyOf(markers);
    }

    TestBatch withReplace(Replace r) {
        return new TestBatch(rows, markers, r);
    }

    /** The engine's batch for {@code table}, whose key, value and scope columns line up with the parts. */
    /**
     * A full refresh without markers as SQL over a VALUES list (the path the orchestrator takes, which may skip
     * staging a re-run); every other batch as {@link #toBatch}.
     */
    BatchSource toSource(BitemporalTable table) {
        Batch batch = toBatch(table);
        if (replace != Replace.ALL || !batch.markers().isEmpty() || batch.rows().isEmpty()) {
            return batch;
        }
        List<String> tuples = new ArrayList<>();
        for (Map<String, Object> row : batch.rows()) {
            List<String> literals = new ArrayList<>();
            for (String column : table.rowColumns()) {
                Object v = row.get(column);
                literals.add(
                        v == null ? "CAST(NULL AS VARCHAR)" : "'" + v.toString().replace("'", "''") + "'");
            }
            tuples.add("(" + String.join(", ", literals) + ")");
        }
        return SourceQuery.of("SELECT * FROM (VALUES " + String.join(", ", tuples) + ") AS v("
                + String.join(
                        ", ",
                        table.rowColumns().stream().map(c -> "\"" + c + "\"").toList()) + ")");
    }

    Batch toBatch(BitemporalTable table) {
        List<Map<String, Object>> out = new ArrayList<>();
        for (Row row : rows) {
            Map<String, Object> entry = new LinkedHashMap<>();
            for (int i = 0; i < table.keyColumns().size(); i++) {
                entry.put(table.keyColumns().get(i), row.key().get(i));
            }
            for (int i = 0; i < table.valueColumns().size(); i++) {
                entry.put(table.valueColumns().get(i), row.values().get(i));
            }
            entry.put(table.dateColumn(), row.date());
            out.add(entry);
        }
        List<Map<String, Object>> marks = new ArrayList<>();
        for (Marker marker : markers) {
            Map<String, Object> entry = new LinkedHashMap<>();
            for (int i = 0; i < table.scopeColumns().size(); i++) {
                entry.put(table.scopeColumns().get(i), marker.scope().get(i));
            }
            entry.put(table.dateColumn(), marker.date());
            marks.add(entry);
        }
        return new Batch(out, marks);
    }
}
