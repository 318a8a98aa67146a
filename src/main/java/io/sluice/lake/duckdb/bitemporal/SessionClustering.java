package io.sluice.lake.duckdb.bitemporal;

import io.sluice.lake.bitemporal.BitemporalTable;
import java.sql.SQLException;
import java.util.List;

/**
 * The re-clustering of one session's table (see {@link Clustering} and {@link ClusteringSql}): counts the rows the
 * session's writes append, measures the unsorted tail when enough were, and rewrites the table and its companion
 * tables sorted by scope when the policy says so, in the transaction of its caller.
 */
final class SessionClustering {

    private static final System.Logger LOG = System.getLogger(BitemporalSession.class.getName());

    /** One row of {@link ClusteringSql#unsortedTail}: the rows of the unsorted tail and of the whole assertions table. */
    record Tail(long unsorted, long total) {
        static Tail of(List<Object> row) {
            return new Tail(((Number) row.get(0)).longValue(), ((Number) row.get(1)).longValue());
        }
    }

    private final BitemporalTable table;
    private final Clustering policy;
    private final ClusteringSql sql;
    private final Statements db;
    /**
     * The rows this session's writes appended to the three tables since it last measured the unsorted tail (see
     * {@link Clustering}): the versions they opened and the companion rows they inserted (in the general path, an upper
     * bound: the companion rows closed too). A first load inserts its rows sorted by scope and is not counted.
     */
    private long appendedSinceCheck;

    private long reclusterings;

    SessionClustering(BitemporalTable table, Clustering policy, Statements db) {
        this.table = table;
        this.policy = policy;
        this.sql = new ClusteringSql(table);
        this.db = db;
    }

    /** Counts the rows a write that committed (or will, with its caller's transaction) appended. */
    void appended(long rows) {
        appendedSinceCheck += rows;
    }

    /** Whether enough rows were appended since the last measure (in tables that were committed: {@code tablesCommitted}). */
    boolean due(boolean tablesCommitted) {
        return tablesCommitted && appendedSinceCheck >= policy.checkEvery();
    }

    long reclusterings() {
        return reclusterings;
    }

    /** Measures the tail and re-clusters if the policy says so; returns whether it re-clustered. */
    boolean clusterIfDue() throws SQLException {
        appendedSinceCheck = 0; // also when the check or the re-clustering fails: the next check is as far away
        if (!clusteringDue()) {
            return false;
        }
        recluster();
        return true;
    }

    /**
     * Whether to re-cluster now, as {@link Clustering} decides from the unsorted tail it measures in the table (so that
     * rewriting a large table stays rare next to the writes it speeds up, and the unsorted rows stay under a tenth of
     * the table: a few row groups that every write scans).
     */
    private boolean clusteringDue() throws SQLException {
        if (policy.always()) {
            return true;
        }
        Tail tail = Tail.of(db.row(sql.unsortedTail(policy.groupRows())));
        return policy.due(tail.unsorted(), tail.total());
    }

    /**
     * Rewrites the table and its companion tables sorted by scope, in the transaction of the write or of
     * {@link BitemporalSession#maintain()} (see {@link ClusteringSql}): the same rows, in row groups that a write's scope
     * filter can skip again.
     */
    private void recluster() throws SQLException {
        long started = System.nanoTime();
        long rewritten = 0;
        for (ClusteringSql.Table t : sql.tables()) {
            Object last = db.row(t.lastRowid()).get(0);
            if (last == null) {
                continue;
            }
            long copied = db.update(t.copySorted());
            long deleted = db.update(t.deleteOriginals(), last.toString());
            if (copied != deleted) {
                throw new IllegalStateException(
                        "re-clustering " + t.name() + " copied " + copied + " rows but removed " + deleted);
            }
            rewritten += copied;
        }
        reclusterings++;
        LOG.log(
                System.Logger.Level.INFO,
                "re-clustered bi-temporal table {0} by scope: {1} rows rewritten in {2} ms",
                table.name(),
                rewritten,
                (System.nanoTime() - started) / 1_000_000);
    }
}
