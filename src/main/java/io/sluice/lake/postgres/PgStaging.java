package io.sluice.lake.postgres;

import io.sluice.lake.Publication;
import io.sluice.lake.PublishRecords;
import io.sluice.lake.Sql;
import io.sluice.lake.Staging;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Write, audit, publish on PostgreSQL for one materialization of a managed table: rows are staged in an unlogged table
 * of the lake's schema, named {@code __stage_<owner>_<n>_<table>} after the owner token of the lake that staged them
 * (see {@link PgLake}); publishing them is the {@link PgPublisher}'s; closing drops the staging tables.
 */
final class PgStaging implements Staging {

    static final String PREFIX = "__stage_";
    private static final int TOKEN = 8;
    private static final AtomicLong SEQUENCE = new AtomicLong();

    /** What this staging publishes, to which table, for which run, through which lakes. */
    private final PgPublisher publisher;
    /** The staging table of the rows, and that of the filing markers (bi-temporal tables only). */
    private final String rows;

    private final String markers;
    private boolean hasRows;
    private boolean hasMarkers;
    private boolean closed;

    PgStaging(PgPublisher publisher, String owner) {
        this.publisher = publisher;
        String name = PREFIX + owner + "_" + SEQUENCE.incrementAndGet() + "_"
                + publisher.table().name().toLowerCase(Locale.ROOT);
        rows = name.substring(0, Math.min(name.length(), 50));
        markers = rows + "_markers";
    }

    /** The owner token a staging table's name carries, or null if it is not named as {@link PgStaging} names them. */
    static String owner(String stagingTable) {
        if (!stagingTable.startsWith(PREFIX) || stagingTable.length() <= PREFIX.length() + TOKEN) {
            return null;
        }
        String token = stagingTable.substring(PREFIX.length(), PREFIX.length() + TOKEN);
        return stagingTable.charAt(PREFIX.length() + TOKEN) == '_' && token.matches("[0-9a-f]+") ? token : null;
    }

    @Override
    public long rows(Sql select) {
        open();
        long staged = stage(rows, hasRows, select);
        hasRows = true;
        return staged;
    }

    /** Filing markers, for bi-temporal tables only. */
    @Override
    public long markers(Sql select) {
        var mode = publisher.table().mode();
        if (mode.keepsHistory()) {
            open();
            long staged = stage(markers, hasMarkers, select);
            hasMarkers = true;
            return staged;
        }
        throw new IllegalStateException("filing markers are only for BITEMPORAL_MERGE tables; "
                + publisher.table().name() + " is " + mode.label());
    }

    /** Stages the query's rows into {@code target}: created by the first, filled by name by the later ones. */
    private long stage(String target, boolean exists, Sql select) {
        return publisher.work().inTransaction(Optional.of(target), db -> {
            if (!exists) {
                return db.execute(select.wrap("CREATE UNLOGGED TABLE " + target + " AS ", ""));
            }
            String columns = db.columnList(target);
            return db.execute(select.wrap(
                    "INSERT INTO " + target + " (" + columns + ") SELECT " + columns + " FROM (", ") staged"));
        });
    }

    @Override
    public Publication publish(boolean complete, String watermark, PublishRecords records) {
        open();
        if (!hasRows && hasMarkers) { // only markers: no rows, shaped as the writer reads them
            publisher
                    .work()
                    .inTransaction(
                            Optional.of(rows),
                            db -> db.execute("CREATE UNLOGGED TABLE " + rows + " AS "
                                    + publisher
                                            .writer()
                                            .noRows(db, publisher.table().name(), markers)));
            hasRows = true;
        }
        if (hasRows) {
            return publisher.publish(
                    new PgStaged(rows, hasMarkers ? Optional.of(markers) : Optional.empty(), complete),
                    watermark,
                    records);
        }
        // nothing to write: the table stays as it is, and so does its row count (what its last write recorded)
        long current = publisher
                .work()
                .inTransaction(
                        Optional.empty(),
                        db -> PgWriteLog.previousCurrentRows(
                                        db, publisher.table().name(), Optional.empty())
                                .orElse(0L));
        return new Publication(true, null, 0, 0, 0, null, current, List.of());
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        if (hasRows || hasMarkers) {
            publisher
                    .upkeep()
                    .inTransaction(
                            Optional.empty(),
                            db -> db.execute("DROP TABLE IF EXISTS " + rows + "; DROP TABLE IF EXISTS " + markers));
        }
    }

    private void open() {
        if (closed) {
            throw new IllegalStateException(
                    "the staging of " + publisher.table().name() + " for run " + publisher.runId() + " is closed");
        }
    }
}
