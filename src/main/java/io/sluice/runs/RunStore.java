package io.sluice.runs;

import io.sluice.catalog.AssetKey;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The storage port for runs, their steps, logs, materializations and watermarks. */
public interface RunStore {

    /**
     * Stores a QUEUED run and reserves its asset partitions (an unpartitioned asset is one partition).
     *
     * @throws PartitionBusy if a queued or started run already covers one of them; nothing is stored
     */
    void create(Run run);

    /** Stores many runs (a backfill) in one transaction, reserving their partitions; all or nothing. */
    void createAll(List<Run> runs);

    /**
     * Like {@link #createAll(List)}; with {@code queueBehindBusy}, a run covering an asset partition that another
     * run covers (or waits for) is not refused but stored QUEUED and waiting: it is not dispatched until
     * {@link #promoteWaiting()} reserves its partitions, after the runs before it have ended.
     *
     * @throws PartitionBusy if the runs cover an asset partition twice, or (without queueBehindBusy) one is busy
     */
    void createAll(List<Run> runs, boolean queueBehindBusy);

    /** Reserves the partitions of waiting runs whose partitions are free now, first come first served; returns how many. */
    int promoteWaiting();

    /**
     * Queued runs that may start now (their backfill, if any, is running, and they wait for no partition): single
     * launches first, then oldest first.
     */
    List<QueuedRun> nextQueued(int limit);

    /** Records the outcome of an asset's partitions (MATERIALIZED, FAILED) for partition status. */
    void recordPartitionOutcome(AssetKey asset, List<String> partitions, String status, String runId, Instant now);

    /** The latest outcome of each partition of an asset that has one. */
    Map<String, String> partitionOutcomes(AssetKey asset);

    /** When each partition of the asset was last materialized. */
    Map<String, Instant> materializedAt(AssetKey asset);

    /** How many runs of the backfill have covered exactly these partitions (the attempts so far). */
    long attempts(String backfillId, List<String> partitions);

    /** Whether a run of the backfill is still queued or started (cheap: one index probe). */
    boolean hasActiveRuns(String backfillId);

    /** How many runs of a backfill are in each status. */
    Map<RunStatus, Long> countByStatus(String backfillId);

    /** Cancels the backfill's queued runs and flags its started ones to stop; returns how many were queued. */
    int cancelBackfillRuns(String backfillId, Instant now);

    /** Stores that each run (key) starts only after the runs it names succeeded; all of them are stored already. */
    void addDependencies(Map<String, List<String>> afterByRun);

    /**
     * Cancels the queued runs that wait, directly or through others, for {@code runId}, which did not succeed;
     * returns their ids.
     */
    List<String> cancelDependents(String runId, Instant now, String why);

    /** The runs that waited for {@code from} (it died with the process) wait for {@code to} (its retry) instead. */
    void moveDependencies(String from, String to);

    /** The partitions of the backfill's runs that ended in one of {@code statuses}. */
    List<String> partitionsOfBackfillRuns(String backfillId, java.util.Set<RunStatus> statuses);

    /** Partitions of the asset that a queued or started run covers. */
    java.util.Set<String> activePartitions(AssetKey asset);

    /**
     * The queued or started runs that cover a partition of the asset or wait for one ({@code busy-partition=queue}), by
     * partition; finished runs are never in it.
     */
    Map<String, java.util.Set<String>> activeRunsByPartition(AssetKey asset);

    Optional<Run> find(String id);

    List<Run> list(RunQuery query);

    /** Moves a QUEUED run to STARTED; false if another worker (or a cancel) got there first. */
    boolean claim(String id, Instant now);

    /**
     * Moves the given runs that are still QUEUED to STARTED in one transaction, passing over rows another
     * transaction holds ({@code FOR UPDATE SKIP LOCKED}), and returns them with their steps, in the given order.
     */
    List<Run> claimAll(List<String> ids, Instant now);

    /**
     * Stores what executing runs wrote, in the caller's transaction with batched statements: step states, log
     * lines, materialization events, partition outcomes and run ends (which release the runs' partitions).
     */
    void record(RunRecords records);

    /** Which of these runs have a cancel requested. */
    java.util.Set<String> cancelRequested(java.util.Collection<String> ids);

    void updateStep(String runId, RunStep step);

    /** Ends a STARTED run with its totals. */
    void finish(String runId, RunStatus status, Instant now, long keyCount, long batchCount, long rowsWritten, String error);

    /** What a cancel did. */
    enum CancelOutcome {
        /** The run was QUEUED and is CANCELED now. */
        CANCELED,
        /** The run was STARTED and is asked to stop (the process executing it interrupts its lake work). */
        REQUESTED,
        /** Nothing: the run had ended, or its cancel was already requested. */
        UNCHANGED
    }

    /** Cancels a QUEUED run outright, or flags a STARTED run (not flagged yet) to stop. */
    CancelOutcome cancel(String id, Instant now);

    boolean isCancelRequested(String id);

    /** Runs in the given status, oldest first (for recovery after a restart). */
    List<String> idsWithStatus(RunStatus status);

    void appendLog(String runId, Instant ts, String level, AssetKey asset, String message);

    List<LogLine> logs(String runId, long afterId, int limit);

    void recordMaterialization(Materialization materialization);

    List<Materialization> materializations(String runId);

    Optional<Materialization> lastMaterialization(AssetKey asset);

    /** The newest step of each of the given assets, across runs (assets never run are absent). */
    Map<AssetKey, AssetRun> lastStepByAsset(java.util.Collection<AssetKey> assets);

    void recordChecks(List<RecordedCheck> checks);

    List<RecordedCheck> checks(String runId);

    /**
     * At most {@code limit} check results of the run, failures of blocking checks first, then failed warnings, then
     * passes (each in the order they were recorded).
     */
    List<RecordedCheck> checksFailuresFirst(String runId, int limit);

    /** How many check results of the run passed, failed (blocking) and failed as warnings. */
    CheckCounts checkCounts(String runId);

    /** Check results of one run by outcome. */
    record CheckCounts(long passed, long failed, long warnings) {
        public long total() {
            return passed + failed + warnings;
        }
    }

    /** The check results of the asset's latest run that ran checks. */
    List<RecordedCheck> latestChecks(AssetKey asset);

    Optional<String> watermark(AssetKey asset, String partition);

    void saveWatermark(AssetKey asset, String partition, String value, String runId, Instant now);
}
