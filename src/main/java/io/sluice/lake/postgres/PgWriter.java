package io.sluice.lake.postgres;

import io.sluice.lake.WriteMode;
import io.sluice.lake.engine.StagedRowsRejected;
import io.sluice.lake.engine.WriteOutcome;
import java.util.List;
import java.util.Optional;

/** Applies the staged rows of one write to its table, inside the publishing transaction. One per write mode. */
interface PgWriter {

    /**
     * @param staged  the staging table holding the rows to write
     * @param writeId the id the write gets in the write log if it is published
     */
    WriteOutcome write(PgSession db, String table, String staged, Optional<String> partition, long writeId);

    /** The writer of a mode; empty for a mode the PostgreSQL lake does not write yet (BITEMPORAL_MERGE). */
    static Optional<PgWriter> of(WriteMode mode) {
        return mode.accept(new WriteMode.Visitor<Optional<PgWriter>>() {
            @Override
            public Optional<PgWriter> append(WriteMode.Append m) {
                return Optional.of(new PgAppend(m));
            }

            @Override
            public Optional<PgWriter> partitionOverwrite(WriteMode.PartitionOverwrite m) {
                return Optional.of(new PgPartitionOverwrite(m));
            }

            @Override
            public Optional<PgWriter> upsert(WriteMode.Upsert m) {
                return Optional.of(new PgUpsert(m));
            }

            @Override
            public Optional<PgWriter> bitemporal(WriteMode.Bitemporal m) {
                return Optional.empty();
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
