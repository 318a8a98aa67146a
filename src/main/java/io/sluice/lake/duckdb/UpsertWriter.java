package io.sluice.lake.duckdb;

import io.sluice.lake.WriteMode;
import io.sluice.lake.engine.WriteOutcome;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.stream.Collectors;

/** UPSERT: staged rows replace the rows with the same key; identical rows are left alone. */
record UpsertWriter(WriteMode.Upsert mode) implements TableWriter {

    @Override
    public WriteOutcome write(
            DuckDbSession db,
            String table,
            String staged,
            String markers,
            Optional<String> partition,
            boolean complete) {
        long rowsIn = db.queryLong("SELECT count(*) FROM " + staged);
        String keys = String.join(", ", mode.keyColumns());
        if (!db.columns(staged).containsAll(mode.keyColumns())) {
            return WriteOutcome.rejected(rowsIn, "the staged rows lack key columns " + mode.keyColumns());
        }
        long nullKeys = db.queryLong("SELECT count(*) FROM " + staged + " WHERE "
                + mode.keyColumns().stream().map(k -> k + " IS NULL").collect(Collectors.joining(" OR ")));
        if (nullKeys > 0) {
            return WriteOutcome.rejected(rowsIn, nullKeys + " staged rows have a NULL key (" + keys + ")");
        }
        long conflicts = db.queryLong("SELECT count(*) FROM (SELECT " + keys + " FROM (SELECT DISTINCT * FROM " + staged
                + ") GROUP BY " + keys + " HAVING count(*) > 1)");
        if (conflicts > 0) {
            return WriteOutcome.rejected(
                    rowsIn, conflicts + " keys appear in several staged rows with different values");
        }
        String cols = String.join(", ", TableWriter.columns(db, table, staged));
        String match =
                mode.keyColumns().stream().map(k -> "c." + k + " = t." + k).collect(Collectors.joining(" AND "));
        db.execute("CREATE OR REPLACE TEMP TABLE __upsert_changed AS SELECT DISTINCT " + cols + " FROM " + staged
                + " EXCEPT SELECT " + cols + " FROM " + table + " t WHERE EXISTS (SELECT 1 FROM " + staged + " c WHERE "
                + match + ")");
        long removed = db.execute(
                "DELETE FROM " + table + " t WHERE EXISTS (SELECT 1 FROM __upsert_changed c WHERE " + match + ")");
        long inserted = db.execute("INSERT INTO " + table + " BY NAME SELECT * FROM __upsert_changed");
        db.execute("DROP TABLE __upsert_changed");
        return WriteOutcome.of(rowsIn, inserted, removed);
    }

    @Override
    public void keep(
            DuckDbSession db,
            String table,
            String staged,
            long writeId,
            Optional<String> partition,
            WriteOutcome outcome) {
        if (outcome.rowsInserted() + outcome.rowsRemoved() > 0) {
            Snapshots.leftBy(db, Snapshots.latest(db, table, writeId - 1).map(Snapshots.Kept::writeId), writeId);
            Snapshots.keep(db, table, writeId, Optional.empty());
        }
    }

    /** The state to restore (the last changing write at the point; none: the empty table) and the current one. */
    private record States(Optional<Snapshots.Kept> target, Optional<Snapshots.Kept> current) {

        static States of(DuckDbSession db, String table, RollbackPlan plan) {
            return new States(
                    Snapshots.latest(db, table, plan.point().writeId()), Snapshots.latest(db, table, Long.MAX_VALUE));
        }

        boolean differ() {
            return !target.map(Snapshots.Kept::writeId).equals(current.map(Snapshots.Kept::writeId));
        }
    }

    @Override
    public void checkRestore(DuckDbSession db, String table, RollbackPlan plan, Duration retention) {
        States states = States.of(db, table, plan);
        if (states.differ()) {
            states.target().ifPresent(k -> k.snapshotOrRefuse(table, "", retention));
        }
    }

    /** Puts the snapshot of the state at the point in place of the table's rows; the current state's snapshot is held. */
    @Override
    public WriteOutcome restore(DuckDbSession db, String table, RollbackPlan plan, Instant now, Duration retention) {
        States states = States.of(db, table, plan);
        if (!states.differ()) {
            return WriteOutcome.of(0, 0, 0);
        }
        Optional<String> snapshot = states.target().map(k -> k.snapshotOrRefuse(table, "", retention));
        WriteOutcome outcome = SnapshotRestore.restore(db, table, snapshot, "true");
        Snapshots.hold(
                db, states.current().stream().mapToLong(Snapshots.Kept::writeId).toArray(), now);
        return outcome;
    }

    /** The rolled-back state gets a snapshot of its own, as any changing write. */
    @Override
    public void keepRestored(DuckDbSession db, String table, long writeId, WriteOutcome outcome) {
        if (outcome.rowsInserted() + outcome.rowsRemoved() > 0) {
            Snapshots.keep(db, table, writeId, Optional.empty());
        }
    }
}
