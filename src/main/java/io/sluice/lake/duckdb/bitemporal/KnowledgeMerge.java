package io.sluice.lake.duckdb.bitemporal;

import io.sluice.lake.bitemporal.BitemporalTable;
import io.sluice.lake.bitemporal.WriteResult;
import java.sql.SQLException;
import java.time.Instant;

/**
 * The general path's last step in a {@link BitemporalSession}: applies the knowledge base difference at one system time
 * and closes and opens the versions of the scopes it touches at the same time.
 */
final class KnowledgeMerge {

    private final BitemporalTable table;
    private final Statements db;
    private final KnowledgeSql knowledge;
    private final VersionSql versions;
    /** The rows the last {@link #apply} appended to the three tables (as {@link SessionClustering} counts them). */
    private long appended;

    KnowledgeMerge(BitemporalTable table, Statements db, KnowledgeSql knowledge, VersionSql versions) {
        this.table = table;
        this.db = db;
        this.knowledge = knowledge;
        this.versions = versions;
    }

    long lastRowsAppended() {
        return appended;
    }

    /**
     * Applies the knowledge base difference in sluice_bt_fdiff and sluice_bt_adiff at one system time and closes and
     * opens the versions of the scopes it touches at the same time.
     */
    WriteResult apply(long rowsIn, boolean filingsChanged, boolean assertionsChanged, Instant systemTime)
            throws SQLException {
        appended = 0;
        if (!filingsChanged && !assertionsChanged) {
            return WriteResult.unchanged(rowsIn); // same knowledge, so the same timeline
        }
        String t = systemTime.toString();
        if (filingsChanged) {
            appended += db.update(knowledge.mergeFilings(), t, t);
        }
        if (assertionsChanged) {
            appended += db.update(knowledge.mergeAssertions(), t, t);
        }
        if (db.update(versions.delta()) == 0) {
            return WriteResult.knowledgeOnly(
                    rowsIn, systemTime); // new knowledge, same versions (a filing that coalesces)
        }
        VersionSql.Pending pending = VersionSql.Pending.of(db.row(versions.pending()));
        long closing = pending.closing();
        long opening = pending.opening();
        if (pending.withoutValues() > 0) {
            db.update(versions.valuesFromTable());
            if (((Number) db.row(versions.versionsWithoutValues()).get(0)).longValue() > 0) {
                throw new IllegalStateException("table " + table.name() + ": the knowledge base holds a value_hash "
                        + "that neither the batch nor any version carries; the companion tables are inconsistent");
            }
        }
        // every version to open is inserted, so the count falls short exactly when a version to close was not current
        long changed = db.update(versions.mergeVersions(), t, t);
        appended += opening;
        if (changed != closing + opening) {
            throw new IllegalStateException("table " + table.name() + ": expected to close " + closing + " and open "
                    + opening + " versions, but closed " + (changed - opening));
        }
        return WriteResult.written(rowsIn, opening, closing, systemTime);
    }
}
