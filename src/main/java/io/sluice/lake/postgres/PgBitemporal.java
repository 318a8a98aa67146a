package io.sluice.lake.postgres;

import io.sluice.lake.WriteMode;
import io.sluice.lake.bitemporal.BitemporalTable;
import io.sluice.lake.bitemporal.Replace;
import io.sluice.lake.bitemporal.WriteResult;
import io.sluice.lake.engine.StagedRowsRejected;
import io.sluice.lake.engine.WriteOutcome;
import io.sluice.lake.engine.rollback.Restorer;
import io.sluice.lake.engine.rollback.RollbackPlan;
import io.sluice.lake.postgres.bitemporal.PostgresBitemporalMerge;
import java.sql.SQLException;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * BITEMPORAL_MERGE on PostgreSQL through {@link PostgresBitemporalMerge}, mapped as the DuckDB lake maps it: the staged
 * rows of a complete selection (FULL_REFRESH, the first INCREMENTAL run, an unkeyed asset) replace everything known
 * ({@link Replace#ALL}); the rows of some keys replace the known filings of the scopes they hold ({@link
 * Replace#SCOPES}). The version table and its companions are created by the merge, typed as the staged rows are.
 */
record PgBitemporal(WriteMode.Bitemporal mode, InstantSource clock) implements PgWriter {

    @Override
    public WriteOutcome write(PgSession db, String table, PgStaged staged, Optional<String> partition, long writeId) {
        BitemporalTable spec =
                spec(table, db.tableExists(table) ? db.columnTypes(table) : db.columnTypes(staged.rows()));
        try {
            WriteResult result = new PostgresBitemporalMerge()
                    .write(
                            db.connection(),
                            db.schema(),
                            spec,
                            staged.rows(),
                            staged.markers(),
                            staged.complete() ? Replace.ALL : Replace.SCOPES,
                            clock.instant());
            if (result.isRejected()) {
                return WriteOutcome.rejected(result.rowsIn(), result.rejection().orElseThrow());
            }
            return WriteOutcome.of(result);
        } catch (SQLException e) {
            throw new IllegalStateException("bi-temporal merge into " + table + " failed: " + e.getMessage(), e);
        }
    }

    /** Nothing to keep (the version table and its knowledge base are the history); a rollback is a new write. */
    @Override
    public Restorer rollback() {
        return (db, table, plan, now, retention) -> restore((PgSession) db, table, plan);
    }

    /**
     * A write that makes the belief as of the point current again (of the partition's business dates only, when a
     * partition is given): it opens and closes versions, destroys nothing.
     */
    private WriteOutcome restore(PgSession db, String table, RollbackPlan plan) {
        try {
            WriteResult result = new PostgresBitemporalMerge()
                    .rollback(
                            db.connection(),
                            db.schema(),
                            spec(table, db.columnTypes(table)),
                            plan.point().systemTime(),
                            plan.bitemporalDates(table),
                            clock.instant());
            return WriteOutcome.of(result);
        } catch (SQLException e) {
            throw new IllegalStateException("bi-temporal rollback of " + table + " failed: " + e.getMessage(), e);
        }
    }

    /** The merge creates the version table and its companions, typed as the staged rows. */
    @Override
    public void prepare(PgSession db, String table, String staged) {}

    /**
     * No rows, with the key and value columns typed as in the table (before its first write, as in the markers for the
     * scope columns; others VARCHAR), and the date column.
     */
    @Override
    public String noRows(PgSession db, String table, String markers) {
        Map<String, String> types = db.tableExists(table) ? db.columnTypes(table) : db.columnTypes(markers);
        List<String> columns = new ArrayList<>();
        List<String> stored = new ArrayList<>(mode.keyColumns());
        stored.addAll(mode.valueColumns());
        for (String column : stored) {
            columns.add("CAST(NULL AS " + types.getOrDefault(lower(column), "VARCHAR") + ") AS " + column);
        }
        columns.add("CAST(NULL AS DATE) AS " + mode.dateColumn());
        return "SELECT " + String.join(", ", columns) + " LIMIT 0";
    }

    /** The merge's table, with the key and value columns typed as in {@code types} (a table's or the staged rows'). */
    private BitemporalTable spec(String table, Map<String, String> types) {
        BitemporalTable spec = BitemporalTable.of(table, mode.keyColumns(), mode.valueColumns(), mode.dateColumn())
                .withCompleteBy(mode.completeBy());
        List<String> typed = new ArrayList<>(mode.keyColumns());
        typed.addAll(mode.valueColumns());
        for (String column : typed) {
            String type = types.get(lower(column));
            if (type == null) {
                throw new StagedRowsRejected("the staged rows have no column '" + column + "'");
            }
            try {
                spec = spec.withColumnType(column, type.startsWith("double") ? "DOUBLE" : type);
            } catch (IllegalArgumentException e) {
                throw new StagedRowsRejected("the staged column '" + column + "' has type " + type
                        + ", which a bi-temporal table does not store: cast it to a plain type (VARCHAR, BIGINT, "
                        + "NUMERIC(p,s), DATE, TIMESTAMP, ...)");
            }
        }
        return spec;
    }

    private static String lower(String column) {
        return column.toLowerCase(Locale.ROOT);
    }
}
