package io.sluice.lake.engine;

import java.util.List;

/** The staged rows cannot be written (bad shape, NULL load id, a row outside its partition, a duplicate key). */
public final class StagedRowsRejected extends RuntimeException {
    public StagedRowsRejected(String message) {
        super(message);
    }

    /** The staged rows' columns, refused when {@code table} does not have them all. */
    public static List<String> knownTo(String table, List<String> stagedColumns, List<String> tableColumns) {
        List<String> unknown =
                stagedColumns.stream().filter(c -> !tableColumns.contains(c)).toList();
        if (!unknown.isEmpty()) {
            throw new StagedRowsRejected(
                    "the staged rows have columns that table " + table + " does not have: " + unknown);
        }
        return stagedColumns;
    }
}
