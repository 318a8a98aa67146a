package io.sluice.runs.execute;

import io.sluice.audit.AuditEvent;
import io.sluice.audit.AuditLog;
import io.sluice.catalog.AssetKey;
import io.sluice.runs.Fence;
import io.sluice.runs.Materialization;
import io.sluice.runs.PartitionState;
import io.sluice.runs.Run;
import io.sluice.runs.RunQueue;
import io.sluice.runs.RunRecords;
import io.sluice.runs.RunStep;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * The writes of one claimed group of runs, buffered and stored in one transaction each time the buffer is
 * due: at the group's end, whenever the oldest unstored write is older than the flush interval (so a long
 * run's log shows within about that interval), and, for a group of one run, at every run and step boundary
 * as before grouping. A process killed before a flush leaves the group's runs STARTED with nothing of them
 * stored: the restart records what the lake's write log shows they published, then ends them ({@code RunRecovery} in the dispatcher).
 */
final class GroupJournal implements LogSink {

    private final RunQueue store;
    private final AuditLog audit;
    private final List<String> runIds;
    private final long flushNanos;
    private RunRecords pending = new RunRecords();
    private long pendingSince;
    private final List<RunRecords.RunEnd> stored = new ArrayList<>();
    /** The claim's owner and epochs: every flush is conditional on them. */
    private final Fence fence;
    /** Runs lost to the fence (taken over, or handed back and claimed again): nothing more of them is stored. */
    private final Set<String> lost = ConcurrentHashMap.newKeySet();
    /** Runs of this group whose execution began (the others can be handed back without stopping anything). */
    private final Set<String> begun = new HashSet<>();
    /** Runs to hand back to the queue instead of ending them (their node drains): they stop as if canceled. */
    private final Set<String> handingBack = ConcurrentHashMap.newKeySet();
    /** Runs whose end or hand back is stored. */
    private final Set<String> done = ConcurrentHashMap.newKeySet();
    /** No run had a cancel requested when the group was claimed (a cancel ends a queued run instead). */
    private Set<String> cancelRequested = Set.of();

    private long cancelReadAt;
    /** Runs a flush in a transaction of its own. */
    private final Consumer<Runnable> inNewTransaction;
    /** Elapsed time in nanoseconds ({@link System#nanoTime()}; a test sets it). */
    private final LongSupplier ticker;

    GroupJournal(
            RunQueue store,
            AuditLog audit,
            Fence fence,
            List<String> runIds,
            long flushMillis,
            Consumer<Runnable> inNewTransaction,
            LongSupplier ticker) {
        this.store = store;
        this.audit = audit;
        this.fence = fence;
        this.runIds = List.copyOf(runIds);
        this.flushNanos = flushMillis * 1_000_000;
        this.inNewTransaction = inNewTransaction;
        this.ticker = ticker;
        this.cancelReadAt = ticker.getAsLong();
    }

    private boolean single() {
        return runIds.size() == 1;
    }

    /** Whether this journal stores the records of a group of several runs. */
    boolean grouped() {
        return !single();
    }

    @Override
    public void append(String runId, Instant ts, String level, AssetKey asset, String message) {
        touch().log(new RunRecords.LogRecord(runId, ts, level, asset, message));
        if (overdue()) {
            flush();
        }
    }

    /** A group's INFO lines stay in the metadata store; the server log gets one line per group instead of thousands. */
    @Override
    public boolean mirrorsInfo() {
        return single();
    }

    void step(String runId, RunStep step) {
        touch().step(runId, step);
    }

    void materialized(Materialization m) {
        touch().materialized(m);
    }

    void partitions(AssetKey asset, Collection<String> keys, PartitionState state, String runId, Instant ts) {
        touch().partitions(asset, keys, state, runId, ts);
    }

    void watermark(RunRecords.WatermarkChange change) {
        touch().watermark(change);
    }

    /**
     * Adds records made elsewhere (a rollback's), in the order they were made: partition outcomes and watermarks before
     * the materializations, so that a flush that stores a materialization stores them too.
     */
    void add(RunRecords records) {
        RunRecords into = touch();
        records.partitions()
                .forEach(o -> into.partitions(o.asset(), List.of(o.partition()), o.state(), o.runId(), o.ts()));
        records.watermarks().forEach(into::watermark);
        records.materializations().forEach(into::materialized);
        records.logs().forEach(into::log);
    }

    /**
     * The watermark of an asset partition as this group's unstored records leave it: empty if they do not touch it, else
     * its value (empty: removed).
     */
    Optional<Optional<String>> unstoredWatermark(AssetKey asset, String partition) {
        return pending.watermark(asset, partition);
    }

    void ended(Run run, RunRecords.RunEnd end, AuditEvent event) {
        touch().ended(run, end, event);
    }

    /** A run or step boundary: stores the buffer if it is due. */
    void boundary() {
        if (!pending.isEmpty() && (single() || overdue())) {
            flush();
        }
    }

    /**
     * Stores everything buffered, in one transaction, fenced: the records of runs this node no longer owns at their
     * claim's epoch are dropped, and those runs are lost from now on (they stop as if canceled).
     */
    void flush() {
        if (pending.isEmpty()) {
            return;
        }
        RunRecords records = pending;
        Set<String> lostNow = new HashSet<>();
        inNewTransaction.accept(() -> {
            lostNow.clear();
            lostNow.addAll(store.record(records, fence));
            audit.recordAll(
                    lostNow.isEmpty()
                            ? records.audits()
                            : records.without(lostNow).audits());
        });
        pending = new RunRecords();
        lost.addAll(lostNow);
        records.ends().stream().filter(e -> !lostNow.contains(e.runId())).forEach(stored::add);
        records.ends().forEach(e -> done.add(e.runId()));
        records.handBacks().forEach(h -> done.add(h.runId()));
    }

    /**
     * Stores the records of one publish of run {@code runId} on {@code connection}, in the publish's transaction (the lake
     * is in the store's database), fenced like a flush. A run lost to the fence stores nothing and is lost from now on;
     * the publish is refused ({@link RunLostInPublish}), which rolls it back.
     */
    void storeWithPublish(String runId, RunRecords records, java.sql.Connection connection)
            throws java.sql.SQLException {
        Set<String> lostNow = store.recordOn(connection, records, fence);
        if (!lostNow.isEmpty()) {
            lost.addAll(lostNow);
            throw new RunLostInPublish(runId);
        }
    }

    /** Tells the other nodes of records that {@link #storeWithPublish} stored, once the publish committed. */
    void storedWithPublish(RunRecords records) {
        store.signalStored(records);
    }

    /**
     * The worker begins executing a run; false if it must not (the run was taken from this group before it began: lost,
     * or handed back by its draining node).
     */
    synchronized boolean begin(String runId) {
        if (lost.contains(runId)) {
            return false;
        }
        begun.add(runId);
        return true;
    }

    /**
     * Takes the runs of this group that have not begun out of it (they count as lost here from now on, so the worker
     * never begins them) and returns them: their node drains and hands them back itself.
     */
    synchronized Set<String> takeUnbegun() {
        Set<String> taken = new HashSet<>();
        for (String id : runIds) {
            if (!begun.contains(id) && !lost.contains(id) && !done.contains(id)) {
                taken.add(id);
                lost.add(id);
            }
        }
        return taken;
    }

    /**
     * Takes every run of this group whose end or hand back is not stored yet out of it (lost here from now on): their
     * node drains and its worker did not store them in time, so the node hands them back itself.
     */
    synchronized Set<String> takeUnfinished() {
        Set<String> taken = new HashSet<>();
        for (String id : runIds) {
            if (!lost.contains(id) && !done.contains(id)) {
                taken.add(id);
                lost.add(id);
            }
        }
        return taken;
    }

    /** The runs to hand back instead of ending: they stop as if canceled. */
    void handBack(Collection<String> runs) {
        runs.stream().filter(runIds::contains).forEach(handingBack::add);
    }

    boolean handingBack(String runId) {
        return handingBack.contains(runId);
    }

    void handedBack(RunRecords.HandBack handBack, AuditEvent event) {
        touch().handedBack(handBack, event);
    }

    /** Where each run of this group is, for a drain. */
    synchronized Map<String, RunPhase> phases() {
        Map<String, RunPhase> phases = new HashMap<>();
        for (String id : runIds) {
            RunPhase phase;
            if (lost.contains(id) || done.contains(id)) {
                phase = RunPhase.LEAVING;
            } else if (begun.contains(id)) {
                phase = RunPhase.RUNNING;
            } else {
                phase = RunPhase.CLAIMED;
            }
            phases.put(id, phase);
        }
        return phases;
    }

    /** Marks runs lost (this node fenced itself): they stop, and nothing more of them is stored. */
    void lose(Collection<String> runs) {
        runs.stream().filter(runIds::contains).forEach(lost::add);
    }

    /** Runs of this group lost to the fence. */
    Set<String> lost() {
        return Set.copyOf(lost);
    }

    Fence fence() {
        return fence;
    }

    /**
     * The latest outcome of each partition of the asset that runs of this group recorded and that is not stored yet (an
     * upstream step of the same run, or an earlier run of the group): what the store does not know yet.
     */
    Map<String, PartitionState> unstoredPartitions(AssetKey asset) {
        Map<String, PartitionState> latest = new HashMap<>();
        for (RunRecords.PartitionOutcome p : pending.partitions()) {
            if (p.asset().equals(asset)) {
                latest.put(p.partition(), p.state());
            }
        }
        return latest;
    }

    /** Whether a materialization of the asset by a run of this group is not stored yet. */
    boolean unstoredMaterialization(AssetKey asset) {
        return pending.materializations().stream().anyMatch(m -> m.asset().equals(asset));
    }

    /** Runs of this group whose end is stored. */
    /** What the group wrote that is not stored yet (for tests of what a step journals). */
    RunRecords unstored() {
        return pending;
    }

    List<RunRecords.RunEnd> storedEnds() {
        return stored;
    }

    /**
     * Whether a cancel was asked for the run; for a group, read for all its runs at most once per flush interval
     * (a cancel that comes sooner after the claim stops the group's runs at the next read, or not at all if they end first).
     */
    boolean isCancelRequested(String runId) {
        if (lost.contains(runId) || handingBack.contains(runId)) {
            return true;
        }
        if (single()) {
            return store.isCancelRequested(runId);
        }
        long now = ticker.getAsLong();
        if (now - cancelReadAt >= flushNanos) {
            cancelRequested = store.cancelRequested(runIds);
            cancelReadAt = now;
        }
        return cancelRequested.contains(runId);
    }

    private RunRecords touch() {
        if (pending.isEmpty()) {
            pendingSince = ticker.getAsLong();
        }
        return pending;
    }

    private boolean overdue() {
        return !pending.isEmpty() && ticker.getAsLong() - pendingSince >= flushNanos;
    }
}
