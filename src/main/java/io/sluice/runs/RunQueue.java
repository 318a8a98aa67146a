package io.sluice.runs;

import java.time.Instant;
import java.time.InstantSource;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** The storage port of the run queue: queueing runs, claiming them, their dependencies, cancels and ends. */
public interface RunQueue {

    /**
     * Stores a QUEUED run and reserves its asset partitions (an unpartitioned asset is one partition).
     *
     * @throws PartitionBusy if a queued or started run already covers one of them; nothing is stored
     */
    void create(Run run);

    /** Stores many runs (a group) in one transaction, reserving their partitions; all or nothing. */
    void createAll(List<Run> runs);

    /**
     * Like {@link #createAll(List)}; with {@code queueBehindBusy}, a run covering an asset partition that another
     * run covers (or waits for) is not refused but stored QUEUED and waiting: it is not dispatched until
     * {@link #promoteWaiting()} reserves its partitions, after the runs before it have ended.
     *
     * @throws PartitionBusy if the runs cover an asset partition twice, or (without queueBehindBusy) one is busy
     */
    void createAll(List<Run> runs, boolean queueBehindBusy);

    /**
     * Where the queued run {@code id} stands: the runs ahead of it for its asset partitions (those holding them, and
     * those that wait for them and were queued before it), its place among the waiting ones, and the runs of its group it
     * waits for; {@link QueuePlace#NOTHING} when it waits for no run.
     */
    QueuePlace queuePlace(String id);

    /** Reserves the partitions of waiting runs whose partitions are free now, first come first served; returns how many. */
    int promoteWaiting();

    /**
     * Queued runs that may start now (their group, if any, is admitted, and they wait for no partition): runs of no group
     * first, then oldest first.
     */
    List<QueuedRun> nextQueued(int limit);

    /**
     * Moves a QUEUED run to STARTED within the limits, owned by this node with its lease epoch one up; false if another
     * worker (or a cancel, or a limit) got there first.
     */
    boolean claim(String id, Instant now);

    /**
     * The limits of every scope and the runs counted against each, across the cluster (two small reads): what the
     * dispatcher consults before it claims, to leave out runs a claim would refuse.
     */
    RunLimits.Usage usage();

    /**
     * Moves the given runs that are still QUEUED, and that fit the stored limits of their group and pools (counted in the
     * store, cluster-wide), to STARTED in one transaction, passing over rows another transaction holds
     * ({@code FOR UPDATE SKIP LOCKED}): each is owned by this node ({@link RunOwner}) and its lease epoch goes one up.
     * Returns them with their steps, in the given order, and the fence their writes must pass. Their start is read from
     * {@code clock} once the limits are locked, so that a claim that waited for another node's end starts after it.
     */
    ClaimedRuns claimGroup(List<String> ids, InstantSource clock);

    /** {@link #claimGroup(List, InstantSource)} starting the runs at {@code now}. */
    default ClaimedRuns claimGroup(List<String> ids, Instant now) {
        return claimGroup(ids, InstantSource.fixed(now));
    }

    /** {@link #claimGroup} for a caller that only needs the runs. */
    default List<Run> claimAll(List<String> ids, Instant now) {
        return claimGroup(ids, now).runs();
    }

    /**
     * Stores what executing runs wrote, in the caller's transaction with batched statements: step states, log
     * lines, materialization events, partition outcomes and run ends (which release the runs' partitions). Unfenced:
     * for tests and for writes that already hold the run's lease (see {@link #record(RunRecords, Fence)}).
     */
    void record(RunRecords records);

    /**
     * Stores the records of the runs that still pass the fence (STARTED, owned by its node, at its epoch), in the
     * caller's transaction: their rows are locked first, by ascending id. The records (and audit events) of the other
     * runs are dropped; returns those runs, which are lost to the fence's node.
     */
    Set<String> record(RunRecords records, Fence fence);

    /**
     * As {@link #record(RunRecords, Fence)}, on {@code connection} and in its transaction: a lake publish's, when the lake
     * is in the metadata store's database, so that the publish and its records commit together. Other nodes hear of what
     * it stored only from {@link #signalStored}, once that transaction committed.
     */
    Set<String> recordOn(java.sql.Connection connection, RunRecords records, Fence fence) throws java.sql.SQLException;

    /** Tells the other nodes of the ends and materializations that {@link #recordOn} stored, after its commit. */
    void signalStored(RunRecords records);

    /** Stores a step's state, unfenced: no process writes through it (tests set up stored states with it). */
    void updateStep(String runId, RunStep step);

    /**
     * Ends a STARTED run with its totals, unfenced: no process writes through it (runs end through
     * {@link #record(RunRecords, Fence)}); tests set up stored states with it.
     */
    void finish(
            String runId,
            RunStatus status,
            Instant now,
            long keyCount,
            long batchCount,
            long rowsWritten,
            String error);

    /**
     * Takes a STARTED run of a dead owner over for {@code node}: owner and epoch change only if the run is still
     * STARTED under the given owner and epoch. Returns its new lease, empty if another node got there first.
     */
    Optional<LeasedRun> adopt(LeasedRun run, String node);

    /** The STARTED runs owned by one of {@code owners}, oldest first, with their owner and epoch. */
    List<LeasedRun> startedOf(Collection<String> owners);

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

    /** Cancels the group's queued runs and flags its started ones to stop; returns how many were queued. */
    int cancelGroup(String group, Instant now);

    /** Whether a run of the group is still queued or started (cheap: one index probe). */
    boolean hasActiveRuns(String group);

    boolean isCancelRequested(String id);

    /** Which of these runs have a cancel requested. */
    Set<String> cancelRequested(Collection<String> ids);

    /** Runs in the given status, oldest first (for recovery after a restart). */
    List<String> idsWithStatus(RunStatus status);

    /** Stores that each run (key) starts only after the runs it names succeeded; all of them are stored already. */
    void addDependencies(Map<String, List<String>> afterByRun);

    /**
     * Cancels the queued runs that wait, directly or through others, for {@code runId}, which did not succeed;
     * returns their ids.
     */
    List<String> cancelDependents(String runId, Instant now, String why);

    /** The runs that waited for {@code from} (it died with the process) wait for {@code to} (its retry) instead. */
    void moveDependencies(String from, String to);
}
