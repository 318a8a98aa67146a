package io.sluice.catalog;

import java.util.Optional;

/**
 * The port through which assets read and write the lake. DuckDB is one implementation; writes to a
 * table are serialized and run in one transaction, reads run beside them.
 */
public interface Lake {

    /** Runs {@code work} in one transaction holding the write lock of {@code table}. */
    <T> T write(String table, LakeWork<T> work);

    /** Runs {@code work} on a connection of its own, without taking any write lock. */
    <T> T read(LakeWork<T> work);

    /** Opens the staging area of one materialization (one run, one partition) of a managed table. */
    Staging stage(TableSpec table, String runId, Optional<String> partition);

    /**
     * Why a table (or one partition of it) cannot be rolled back to {@code target}, or empty if it can:
     * checked before a rollback run is stored.
     */
    Optional<String> rollbackProblem(TableSpec table, RollbackTarget target, Optional<String> partition);

    /**
     * Restores a table, or one partition of it, to its state right after the target (the run's last write of it, or the
     * last write at or before the system time), as a new write of run {@code runId}: bi-temporal tables get new versions
     * and keep their whole history (a partition: the rows of its {@code dates}, required then); other modes are restored
     * from what the lake keeps for the retention period, and keep what the rollback takes out, so that a later rollback
     * (to a run after the target) brings it back.
     */
    RollbackOutcome rollback(TableSpec table, RollbackTarget target, String runId, Optional<String> partition, Optional<BusinessDates> dates);

    @FunctionalInterface
    interface LakeWork<T> {
        T apply(LakeSession session) throws Exception;
    }
}
