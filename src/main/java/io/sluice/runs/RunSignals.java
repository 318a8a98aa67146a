package io.sluice.runs;

import io.sluice.catalog.AssetKey;
import java.util.Collection;

/**
 * Tells the other nodes of the metadata store that something changed that their dispatchers or trigger evaluators wait
 * for: the port (on PostgreSQL a {@code NOTIFY}, on H2, a single node, nothing). Every call joins the caller's
 * transaction, so the others hear of a change only once it is committed, and never of one rolled back. Polling remains
 * the fallback: a signal lost costs latency, never correctness.
 */
public interface RunSignals {

    /** Runs of these groups were queued (or a paused group resumed); a {@code null} group is runs of no group. */
    void queued(Collection<String> groups);

    /** These runs ended, were taken over or were handed back: their slots and partitions are free again. */
    void ended(Collection<String> runIds);

    /** Materializations of these assets were stored. */
    void materialized(Collection<AssetKey> assets);

    /** A limit on runs (a pool's or a group's) was set or removed. */
    void limitsChanged();

    /** A node was asked to drain or to resume: it acts at once rather than at its next heartbeat. */
    void nodeAsked(String nodeId);

    /** Tells nobody: one node alone (H2), or tests that need no other node. */
    RunSignals NONE = new RunSignals() {
        @Override
        public void queued(Collection<String> groups) {}

        @Override
        public void ended(Collection<String> runIds) {}

        @Override
        public void materialized(Collection<AssetKey> assets) {}

        @Override
        public void limitsChanged() {}

        @Override
        public void nodeAsked(String nodeId) {}
    };
}
