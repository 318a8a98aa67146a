package io.sluice.lake.duckdb;

import io.sluice.lake.WriteMode;
import io.sluice.lake.engine.StagedRowsRejected;
import io.sluice.lake.engine.WriteOutcome;
import io.sluice.lake.engine.rollback.Restorer;
import java.time.InstantSource;
import java.util.List;
import java.util.Optional;

/** Applies the staged rows of one write to its table, inside the caller's transaction. One per write mode. */
interface TableWriter {

    /**
     * @param staged   the staging table holding the rows to write
     * @param markers  the staging table of bi-temporal filing markers (may be empty)
     * @param complete whether the staged rows are the whole table
     */
    WriteOutcome write(
            DuckDbSession db,
            String table,
            String staged,
            String markers,
            Optional<String> partition,
            boolean complete);

    /**
     * Creates the table (and any companion tables) if they do not exist, in a transaction of its own before the
     * write: DuckDB 2.0.0.1 loses the rows of a large INSERT into a table created in the same transaction (the
     * count survives, the values read as NULL until a restart), so DDL is never mixed with bulk writes.
     */
    default void prepare(DuckDbSession db, String table, String staged) {
        createLike(db, table, staged);
    }

    /** The mode's side of rollbacks: what a write keeps for them, and how a rollback restores the table. */
    Restorer rollback();

    /**
     * Whether rows can be staged as filing markers for the table (only bi-temporal tables take them; see
     * {@link io.sluice.lake.TableOutput#markers}).
     */
    default boolean takesMarkers() {
        return false;
    }

    /**
     * A query of no rows with the columns a write without staged rows reads (only a writer that
     * {@link #takesMarkers()} publishes markers without rows), given the table's staged markers.
     */
    default String noRows(DuckDbSession db, String table, String markers) {
        throw new IllegalStateException("table " + table + " has no rows staged and takes no filing markers");
    }

    /** The writer of a mode: one per mode, chosen by the mode itself ({@link WriteMode#accept}). */
    static TableWriter of(WriteMode mode, InstantSource clock) {
        return mode.accept(new WriteMode.Visitor<TableWriter>() {
            @Override
            public TableWriter append(WriteMode.Append m) {
                return new AppendWriter(m);
            }

            @Override
            public TableWriter partitionOverwrite(WriteMode.PartitionOverwrite m) {
                return new PartitionOverwriteWriter(m);
            }

            @Override
            public TableWriter upsert(WriteMode.Upsert m) {
                return new UpsertWriter(m);
            }

            @Override
            public TableWriter bitemporal(WriteMode.Bitemporal m) {
                return new BitemporalWriter(m, clock);
            }
        });
    }

    /** Creates {@code table} with the staged rows' columns if it does not exist yet. */
    static void createLike(DuckDbSession db, String table, String staged) {
        if (!db.tableExists(table)) {
            db.execute("CREATE TABLE " + table + " AS SELECT * FROM " + staged + " LIMIT 0");
        }
    }

    /** The staged rows' columns, in order, or a rejection naming the columns the table does not have. */
    static List<String> columns(DuckDbSession db, String table, String staged) {
        return StagedRowsRejected.knownTo(table, db.columns(staged), db.columns(table));
    }
}
