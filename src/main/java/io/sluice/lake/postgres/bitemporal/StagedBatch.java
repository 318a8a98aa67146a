package io.sluice.lake.postgres.bitemporal;

import io.sluice.lake.bitemporal.Batch;
import io.sluice.lake.bitemporal.BitemporalTable;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * A {@link Batch} staged for {@link PostgresBitemporalMerge#write}: its rows and its markers in two tables of VARCHAR
 * columns (values as their text, NULL as NULL), which the merge reads and casts to the table's types.
 */
public final class StagedBatch {

    private StagedBatch() {}

    /**
     * Stages {@code batch} in {@code rowsTable} (the table's row columns) and {@code markersTable} (its marker
     * columns), each {@code name} or {@code schema.name}, replacing what they held.
     */
    public static void stage(Connection c, BitemporalTable table, Batch batch, String rowsTable, String markersTable)
            throws SQLException {
        fill(c, rowsTable, table.rowColumns(), batch.rows());
        fill(c, markersTable, table.markerColumns(), batch.markers());
    }

    private static void fill(Connection c, String name, List<String> columns, List<Map<String, Object>> entries)
            throws SQLException {
        String quoted = columns.stream().map(x -> "\"" + x + "\"").collect(Collectors.joining(", "));
        try (Statement s = c.createStatement()) {
            s.execute("DROP TABLE IF EXISTS " + name);
            s.execute("CREATE TABLE " + name + " ("
                    + columns.stream().map(x -> "\"" + x + "\" VARCHAR").collect(Collectors.joining(", ")) + ")");
        }
        if (entries.isEmpty()) {
            return;
        }
        try (PreparedStatement insert = c.prepareStatement("INSERT INTO " + name + " (" + quoted + ") VALUES ("
                + String.join(", ", Collections.nCopies(columns.size(), "?")) + ")")) {
            for (Map<String, Object> entry : entries) {
                for (int i = 0; i < columns.size(); i++) {
                    Object v = entry.get(columns.get(i));
                    insert.setString(i + 1, v == null ? null : v.toString());
                }
                insert.addBatch();
            }
            insert.executeBatch();
        }
    }
}
