package io.sluice.lake.postgres;

import io.sluice.lake.WriteMode;
import io.sluice.lake.engine.StagedRowsRejected;
import io.sluice.lake.engine.WriteOutcome;
import io.sluice.lake.engine.rollback.Restorer;
import java.time.InstantSource;
import java.util.List;
import java.util.Optional;

/** Applies the staged rows of one write to its table, inside the publishing transaction. One per write mode. */
interface PgWriter {

    /**
     * @param staged  the staging tables holding what to write
     * @param writeId the id the write gets in the write log if it is published
     */
    WriteOutcome write(PgSession db, String table, PgStaged staged, Optional<String> partition, long writeId);

    /** Creates the table (and any companion tables) if they do not exist, in the publishing transaction. */
    default void prepare(PgSession db, String table, String staged) {
        if (!db.tableExists(table)) {
            db.execute("CREATE TABLE " + table + " AS SELECT * FROM " + staged + " LIMIT 0");
        }
    }

    /**
     * A query of no rows shaped as the writer reads staged rows, for a publish that staged only filing markers (only
     * bi-temporal writers take markers).
     */
    default String noRows(PgSession db, String table, String markers) {
        throw new IllegalStateException("only BITEMPORAL_MERGE tables take filing markers; " + table + " does not");
    }

    /** The mode's side of rollbacks: what a write keeps for them, and how a rollback restores the table. */
    Restorer rollback();

    /** The writer of a mode. */
    static PgWriter of(WriteMode mode, InstantSource clock) {
        return mode.accept(new WriteMode.Visitor<PgWriter>() {
            @Override
            public PgWriter append(WriteMode.Append m) {
                return new PgAppend(m);
            }

            @Override
            public PgWriter partitionOverwrite(WriteMode.PartitionOverwrite m) {
                return new PgPartitionOverwrite(m);
            }

            @Override
            public PgWriter upsert(WriteMode.Upsert m) {
                return new PgUpsert(m);
            }

            @Override
            public PgWriter bitemporal(WriteMode.Bitemporal m) {
                return new PgBitemporal(m, clock);
            }
        });
    }

    /**
     * The staged rows' columns (quoted, comma separated), refused with {@link StagedRowsRejected} when the table lacks
     * any of them or the staged rows lack {@code required} (named for what they are, e.g. "load id").
     */
    static String stagedColumns(PgSession db, String table, String staged, List<String> required, String what) {
        List<String> stagedColumns = db.columns(staged);
        List<String> missing =
                required.stream().filter(c -> !PgSession.has(stagedColumns, c)).toList();
        if (!missing.isEmpty()) {
            throw new StagedRowsRejected("the staged rows have no " + what + " column " + String.join(", ", missing));
        }
        return String.join(
                ", ",
                StagedRowsRejected.knownTo(table, stagedColumns, db.columns(table)).stream()
                        .map(PgSession::quoted)
                        .toList());
    }

    /** Refuses staged rows where one of {@code columns} is NULL, naming them as {@code what}. */
    static void noNulls(PgSession db, String staged, List<String> columns, String what) {
        long nulls = db.queryLong("SELECT count(*) FROM " + staged + " WHERE "
                + String.join(" OR ", columns.stream().map(c -> c + " IS NULL").toList()));
        if (nulls > 0) {
            throw new StagedRowsRejected(
                    nulls + " staged rows have a NULL " + what + " (" + String.join(", ", columns) + ")");
        }
    }
}
