package io.sluice.lake;

import java.util.List;
import java.util.Optional;

/**
 * The port through which assets read and write the lake. DuckDB is one implementation; writes to a
 * table are serialized and run in one transaction, reads run beside them.
 */
public interface Lake {

    /**
     * The id this lake carries, made when it was first opened: a cluster writes one lake, and a node whose lake has
     * another id is another lake (see {@code docs/operations.md}, "Several nodes").
     */
    String identity();

    /**
     * Whether every node of a cluster writes this lake at once (a database they share, whose writes of one table are
     * serialized across nodes), rather than a file one process owns: nodes then join it instead of taking it alone.
     */
    default boolean shared() {
        return false;
    }

    /**
     * Whether this lake's transactions are in the metadata store's own database (the PostgreSQL lake on the store's
     * datasource): a publish then stores the run's records in its own transaction ({@link PublishRecords}).
     */
    default boolean sharesStore() {
        return false;
    }

    /** The SQL dialect of this lake's engine, for the rare asset SQL that needs two spellings. */
    LakeDialect dialect();

    /** Where this lake is, for an operator: its file, or its database and schema. */
    default String where() {
        return "the lake";
    }

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
    RollbackOutcome rollback(
            TableSpec table,
            RollbackTarget target,
            String runId,
            Optional<String> partition,
            Optional<BusinessDates> dates);

    /**
     * What rollback run {@code runId} did to {@code table}, read back from what the lake recorded in the rollback's own
     * transaction (the same answer {@link #rollback} gave), or empty if the run rolled nothing of the table back. Start-up
     * recovery records it for a rollback whose run died before the metadata store heard of it.
     */
    Optional<RollbackOutcome> rollbackOf(TableSpec table, String runId);

    /**
     * This lake as run {@code runId} uses it: the run's reads, writes, staging and rollbacks through the returned lake can
     * be stopped by {@link #interrupt}. Work through this lake itself is no run's and is never interrupted.
     */
    RunLake forRun(String runId);

    /**
     * Stops what run {@code runId} does in the lake through its {@link #forRun} lakes: the statements it has running are
     * interrupted (their transactions roll back) and later work is refused, both with {@link LakeInterrupted}. Another
     * run's statements are never touched. Returns how many of the run's statements were open (0 when it has no lake open).
     */
    int interrupt(String runId);

    /**
     * The writes run {@code runId} published and rolled back, oldest first, from the lake's write log. Writes an asset made
     * itself through {@link #write} are not in it.
     */
    List<LakeWrite> writesOf(String runId);

    @FunctionalInterface
    interface LakeWork<T> {
        T apply(LakeSession session) throws Exception;
    }
}
