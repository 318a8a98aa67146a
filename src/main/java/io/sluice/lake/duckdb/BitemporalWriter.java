package io.sluice.lake.duckdb;

import io.sluice.lake.WriteMode;
import io.sluice.lake.bitemporal.BitemporalTable;
import io.sluice.lake.bitemporal.Replace;
import io.sluice.lake.bitemporal.SourceQuery;
import io.sluice.lake.bitemporal.WriteResult;
import io.sluice.lake.duckdb.bitemporal.BitemporalMerge;
import io.sluice.lake.duckdb.bitemporal.BitemporalSession;
import io.sluice.lake.duckdb.bitemporal.DateRange;
import io.sluice.lake.engine.StagedRowsRejected;
import io.sluice.lake.engine.WriteOutcome;
import io.sluice.lake.engine.rollback.Restorer;
import io.sluice.lake.engine.rollback.RollbackPlan;
import java.sql.SQLException;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * BITEMPORAL_MERGE through the engine of {@code lake.duckdb.bitemporal}. How a materialization maps onto
 * {@code replace}: the staged rows of a complete selection (FULL_REFRESH, the first INCREMENTAL run, an
 * unkeyed asset) replace everything known ({@code all}); the rows of some keys (INCREMENTAL, SINGLE_KEY)
 * replace all known filings of the scopes they contain ({@code scopes}).
 */
record BitemporalWriter(WriteMode.Bitemporal mode, InstantSource clock) implements TableWriter {

    @Override
    public boolean takesMarkers() {
        return true;
    }

    /**
     * No rows, with the columns a bi-temporal write reads (only such writes have markers, so only they publish without
     * rows): the key and value columns typed as in the table, or before its first write as in the markers (the scope
     * columns; others VARCHAR), and the date column.
     */
    @Override
    public String noRows(DuckDbSession db, String table, String markers) {
        Map<String, String> types = db.tableExists(table) ? db.columnTypes(table) : db.columnTypes(markers);
        List<String> columns = new ArrayList<>();
        List<String> stored = new ArrayList<>(mode.keyColumns());
        stored.addAll(mode.valueColumns());
        for (String column : stored) {
            String type = types.getOrDefault(column, "VARCHAR");
            columns.add("CAST(NULL AS " + (type.contains("\"") ? "VARCHAR" : type) + ") AS " + column);
        }
        columns.add("CAST(NULL AS DATE) AS " + mode.dateColumn());
        return "SELECT " + String.join(", ", columns) + " LIMIT 0";
    }

    @Override
    public WriteOutcome write(
            DuckDbSession db,
            String table,
            String staged,
            String markers,
            Optional<String> partition,
            boolean complete) {
        BitemporalTable spec = table(db, table, staged);
        SourceQuery rows = SourceQuery.of("SELECT * FROM " + staged);
        SourceQuery source = markers == null ? rows : rows.withMarkers("SELECT * FROM " + markers);
        try {
            WriteResult result =
                    write(db, spec, session -> session.write(source, complete ? Replace.ALL : Replace.SCOPES));
            if (result.isRejected()) {
                return WriteOutcome.rejected(result.rowsIn(), result.rejection().orElseThrow());
            }
            return WriteOutcome.of(result);
        } catch (SQLException e) {
            throw new IllegalStateException("bi-temporal merge into " + table + " failed: " + e.getMessage(), e);
        }
    }

    private interface SessionWork {
        WriteResult run(BitemporalSession session) throws SQLException;
    }

    /**
     * Runs {@code work} on the engine session the table's connection keeps for {@code spec}, creating it (and closing
     * one kept for another shape of the table) if needed: a kept session has its statements prepared and its temp
     * tables created, which makes a small write (one CRD) about twice as fast. Where nothing can be kept, a session
     * for this write only.
     */
    private WriteResult write(DuckDbSession db, BitemporalTable spec, SessionWork work) throws SQLException {
        if (db.kept().orElse(null) instanceof KeptSession kept && kept.spec().equals(spec)) {
            return work.run(kept.session());
        }
        BitemporalSession session = new BitemporalMerge(clock).session(db.connection(), spec);
        if (db.keep(new KeptSession(spec, session))) {
            session.deferClustering(); // the lake re-clusters after the publish, in a write of its own
            // (KeptWriter#maintain)
            return work.run(session);
        }
        try (session) {
            return work.run(session);
        }
    }

    /** An engine session kept on a table's connection, with the table shape it was made for. */
    private record KeptSession(BitemporalTable spec, BitemporalSession session) implements KeptWriter {

        @Override
        public void committed() {
            session.committed();
        }

        @Override
        public boolean maintenanceDue() {
            return session.maintenanceDue();
        }

        @Override
        public void maintain() {
            try {
                session.maintain();
            } catch (SQLException e) {
                throw new IllegalStateException("re-clustering " + spec.name() + " failed: " + e.getMessage(), e);
            }
        }

        @Override
        public void close() {
            try {
                session.close();
            } catch (SQLException | RuntimeException e) {
                // only a broken connection fails to drop temp tables: the write on it fails, and the lake then closes
                // it
            }
        }
    }

    /** Nothing to keep (the version table and its knowledge base are the history); a rollback is a new write. */
    @Override
    public Restorer rollback() {
        return (db, table, plan, now, retention) -> restore((DuckDbSession) db, table, plan);
    }

    /**
     * A write that makes the belief as of the point current again: it opens and closes versions, destroys nothing. A
     * partition (its business dates, required with it) gets the belief as of the point for the rows and filings of those
     * dates only, and keeps the current belief of every other date.
     */
    private WriteOutcome restore(DuckDbSession db, String table, RollbackPlan plan) {
        Optional<DateRange> dates = plan.bitemporalDates(table).map(d -> new DateRange(d.from(), d.until()));
        BitemporalTable spec = stored(db, table);
        try {
            WriteResult result =
                    write(db, spec, session -> session.rollback(plan.point().systemTime(), clock.instant(), dates));
            return WriteOutcome.of(result);
        } catch (SQLException e) {
            throw new IllegalStateException("bi-temporal rollback of " + table + " failed: " + e.getMessage(), e);
        }
    }

    @Override
    public void prepare(DuckDbSession db, String table, String staged) {
        try {
            new BitemporalMerge(clock).createTables(db.connection(), table(db, table, staged));
        } catch (SQLException e) {
            throw new IllegalStateException("cannot create bi-temporal table " + table + ": " + e.getMessage(), e);
        }
    }

    /** The engine's table, with key and value column types taken from the staged rows. */
    private BitemporalTable table(DuckDbSession db, String table, String staged) {
        Map<String, String> types = db.columnTypes(staged);
        BitemporalTable spec = BitemporalTable.of(table, mode.keyColumns(), mode.valueColumns(), mode.dateColumn())
                .withCompleteBy(mode.completeBy());
        for (String column : mode.keyColumns()) {
            spec = typed(spec, column, types, staged);
        }
        for (String column : mode.valueColumns()) {
            spec = typed(spec, column, types, staged);
        }
        if (!types.containsKey(mode.dateColumn())) {
            throw new StagedRowsRejected("the staged rows have no date column '" + mode.dateColumn() + "'");
        }
        return spec;
    }

    /** The engine's table, with key and value column types taken from the version table itself. */
    private BitemporalTable stored(DuckDbSession db, String table) {
        Map<String, String> types = db.columnTypes(table);
        BitemporalTable spec = BitemporalTable.of(table, mode.keyColumns(), mode.valueColumns(), mode.dateColumn())
                .withCompleteBy(mode.completeBy());
        for (String column : mode.keyColumns()) {
            spec = typed(spec, column, types, table);
        }
        for (String column : mode.valueColumns()) {
            spec = typed(spec, column, types, table);
        }
        return spec;
    }

    private static BitemporalTable typed(
            BitemporalTable spec, String column, Map<String, String> types, String staged) {
        String type = types.get(column);
        if (type == null) {
            throw new StagedRowsRejected("the staged rows have no column '" + column + "'");
        }
        if (type.replace("\"", "").equalsIgnoreCase("NULL")) { // DESCRIBE quotes it: "NULL"
            throw new StagedRowsRejected(
                    "the staged column '" + column + "' has no type (it holds only untyped NULLs): "
                            + "cast it, e.g. CAST(NULL AS VARCHAR) AS " + column);
        }
        try {
            return spec.withColumnType(column, type);
        } catch (IllegalArgumentException e) {
            throw new StagedRowsRejected(
                    "the staged column '" + column + "' has type " + type + ", which a bi-temporal table "
                            + "does not store: cast it to a plain type (VARCHAR, BIGINT, DOUBLE, DECIMAL(p,s), DATE, TIMESTAMP, ...)");
        }
    }
}
