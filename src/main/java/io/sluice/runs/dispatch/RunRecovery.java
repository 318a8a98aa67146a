package io.sluice.runs.dispatch;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sluice.audit.AuditAction;
import io.sluice.audit.AuditEvent;
import io.sluice.audit.AuditLog;
import io.sluice.catalog.Asset;
import io.sluice.catalog.AssetCatalog;
import io.sluice.catalog.AssetKey;
import io.sluice.catalog.KeyedAsset;
import io.sluice.catalog.PartitionRange;
import io.sluice.identity.Caller;
import io.sluice.lake.Lake;
import io.sluice.lake.LakeWrite;
import io.sluice.lake.RollbackOutcome;
import io.sluice.lake.TableSpec;
import io.sluice.runs.Fence;
import io.sluice.runs.LeasedRun;
import io.sluice.runs.Materialization;
import io.sluice.runs.PartitionRanges;
import io.sluice.runs.PartitionState;
import io.sluice.runs.RollbackDownstream;
import io.sluice.runs.Run;
import io.sluice.runs.RunEventLog;
import io.sluice.runs.RunFinished;
import io.sluice.runs.RunHistory;
import io.sluice.runs.RunKind;
import io.sluice.runs.RunOwner;
import io.sluice.runs.RunQueue;
import io.sluice.runs.RunRecords;
import io.sluice.runs.RunStatus;
import io.sluice.runs.RunStep;
import io.sluice.runs.execute.PartitionUnits;
import io.sluice.runs.execute.RollbackRecords;
import io.sluice.runs.launch.RunFactory;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Instance;
import java.time.Instant;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.jboss.logging.Logger;

/**
 * What a start after a crash does before any run is dispatched. Each run left STARTED is first reconciled with the
 * lake's write log: a publish the store never heard of is recorded (a materialization marked {@code recovered}, the
 * partition status, the watermark the step would have stored). A run whose every step with work to do is accounted for
 * then ends SUCCESS; otherwise it ends CANCELED if its cancel was requested (or its group stopped), else FAILURE,
 * and it is queued again when a {@link RetryPolicy} says so (the launcher of its group decides, with at most
 * sluice.runs.max-attempts runs in all). Queued runs of groups that ended ({@link Admission#closed()}) are
 * canceled: nothing would ever claim them.
 */
@ApplicationScoped
class RunRecovery {

    private static final Logger LOG = Logger.getLogger(RunRecovery.class);

    private final RunQueue store;
    private final RunHistory history;
    private final RunEventLog events;
    private final RecoveryStore recovery;
    private final Lake lake;
    private final AssetCatalog catalog;
    private final AuditLog audit;
    private final InstantSource clock;
    private final ObjectMapper mapper;
    private final Admission admission;
    private final Instance<RetryPolicy> retryPolicies;
    private final RunFactory factory;
    private final RollbackDownstream downstream;
    private final RunOwner owner;

    RunRecovery(
            RunQueue store,
            RunHistory history,
            RunEventLog events,
            RecoveryStore recovery,
            Lake lake,
            AssetCatalog catalog,
            AuditLog audit,
            InstantSource clock,
            ObjectMapper mapper,
            Admission admission,
            Instance<RetryPolicy> retryPolicies,
            RunFactory factory,
            RollbackDownstream downstream,
            RunOwner owner) {
        this.owner = owner;
        this.downstream = downstream;
        this.store = store;
        this.history = history;
        this.events = events;
        this.recovery = recovery;
        this.lake = lake;
        this.catalog = catalog;
        this.audit = audit;
        this.clock = clock;
        this.mapper = mapper;
        this.admission = admission;
        this.retryPolicies = retryPolicies;
        this.factory = factory;
    }

    /**
     * Recovers what this node's earlier starts left ({@link RunOwner#earlierStarts()}: the data directory's lock proves
     * them dead; runs of other nodes are never touched here); returns the runs whose end it stored (the launchers of
     * their groups hear of them).
     */
    List<RunFinished> recover() {
        return recover(owner.earlierStarts());
    }

    /** Recovers the STARTED runs of these owners, which are dead, and what else a start settles. */
    List<RunFinished> recover(Collection<String> deadOwners) {
        Instant now = clock.instant();
        List<RunFinished> ended = new ArrayList<>();
        for (LeasedRun leased : store.startedOf(deadOwners)) {
            // adopted first, as a takeover does: a node that takes over the same dead owner's runs leaves it alone
            Optional<LeasedRun> adopted = store.adopt(leased, owner.nodeId());
            if (adopted.isEmpty()) {
                continue;
            }
            Run run = history.find(leased.id()).orElseThrow();
            recover(run, adopted.get().fence(), now, Cause.RESTART)
                    .ifPresent(status -> ended.add(new RunFinished(run.id(), run.group(), status, run.assets())));
        }
        for (RunFinished stranded : recovery.cancelQueuedOf(
                admission.closed(), now, "its group had ended when Sluice started; nothing would run it")) {
            LOG.warnf("run %s was queued in group %s, which had ended: canceled", stranded.runId(), stranded.group());
            audit.record(AuditEvent.of(
                            now,
                            Caller.system().name(),
                            AuditAction.RUN_RECOVERED,
                            stranded.runId(),
                            null,
                            "process restart",
                            Map.of("status", RunStatus.CANCELED.name(), "why", "queued in a group that had ended"))
                    .withGroup(stranded.group()));
            ended.add(stranded);
        }
        ended.addAll(recovery.unsuccessfulWithQueuedDependents());
        return ended;
    }

    /** Why a run of a dead owner is ended: the error of a failed one, the audit action and its reason. */
    private record Cause(String failure, String canceled, AuditAction action, String reason, String said) {

        static final Cause RESTART = new Cause(
                "Sluice stopped while this run was in progress; launch it again",
                "canceled: Sluice stopped while this run was in progress, after its cancel was requested",
                AuditAction.RUN_RECOVERED,
                "process restart",
                "Sluice stopped while this run was in progress; at the next start ");

        static Cause takeover(String why) {
            return new Cause(
                    why,
                    "canceled: " + why + ", after its cancel was requested",
                    AuditAction.RUN_TAKEN_OVER,
                    "node lost",
                    why + "; at the takeover ");
        }
    }

    /**
     * Takes over a run of a node that ended (LOST or STOPPED), {@code why} naming the node and its silence; empty if
     * the run is no longer STARTED under that owner and epoch (its owner or another watcher ended it first).
     */
    Optional<RunFinished> takeOver(LeasedRun leased, String why) {
        Instant now = clock.instant();
        // adopt it first (owner and epoch, conditionally): of several watchers one goes on, and the dead owner's late
        // writes are fenced out from here on
        Optional<LeasedRun> adopted = store.adopt(leased, owner.nodeId());
        Optional<Run> found = adopted.flatMap(a -> history.find(a.id())).filter(r -> r.status() == RunStatus.STARTED);
        if (found.isEmpty()) {
            return Optional.empty();
        }
        Run run = found.get();
        return recover(run, adopted.get().fence(), now, Cause.takeover(why)).map(status -> {
            events.appendLog(run.id(), now, "WARN", null, why + ": the run ended " + status);
            return new RunFinished(run.id(), run.group(), status, run.assets());
        });
    }

    /** Ends a run of a dead owner, fenced on that owner and the run's epoch; empty if another node ended it first. */
    private Optional<RunStatus> recover(Run run, Fence fence, Instant now, Cause cause) {
        Reconciliation.Outcome outcome = reconcile(run, fence, now);
        Map<Integer, Long> rows = new LinkedHashMap<>();
        outcome.recovered().forEach(r -> rows.merge(r.step().index(), r.write().rowsChanged(), Long::sum));
        RunStatus status;
        String error;
        if (outcome.complete()) {
            status = RunStatus.SUCCESS;
            error = null;
            LOG.warnf(
                    "run %s was in progress when Sluice stopped, after its last publish: every write is in the lake's write log, "
                            + "so it is recorded as SUCCESS (recovered)",
                    run.id());
        } else if (store.isCancelRequested(run.id())) {
            status = RunStatus.CANCELED;
            error = cause.canceled();
            LOG.warnf(
                    "run %s was in progress when Sluice stopped, with its cancel requested: marked CANCELED", run.id());
        } else {
            status = RunStatus.FAILURE;
            error = cause.failure();
            LOG.warnf("run %s was in progress when Sluice stopped: marked FAILURE", run.id());
        }
        RunRecords records = new RunRecords();
        if (status == RunStatus.FAILURE) {
            recordFailedPartitions(run, outcome, now, records);
        }
        if (!end(run, fence, now, status, error, outcome.accounted(), rows, records)) {
            LOG.infof("run %s was ended by another node first: this start leaves it as it is", run.id());
            return Optional.empty();
        }
        if (!outcome.recovered().isEmpty() || outcome.complete()) {
            events.appendLog(
                    run.id(),
                    now,
                    "WARN",
                    null,
                    cause.said()
                            + outcome.recovered().size()
                            + " publish(es) were found in the lake's write log and recorded as recovered"
                            + (outcome.complete()
                                    ? ": every step is accounted for, so the run ended SUCCESS"
                                    : "; the run ended " + status));
        }
        Map<String, Object> detail = new LinkedHashMap<>();
        detail.put("status", status.name());
        detail.put("recovered", outcome.complete());
        detail.put("recoveredMaterializations", outcome.recovered().size());
        if (!outcome.recovered().isEmpty() || outcome.complete()) {
            detail.put("reconciledFrom", "lake write log");
        }
        audit.record(AuditEvent.of(
                        now, Caller.system().name(), cause.action(), run.id(), assets(run), cause.reason(), detail)
                .withGroup(run.group()));
        if (status == RunStatus.FAILURE) {
            retry(run, now);
        }
        return Optional.of(status);
    }

    /**
     * The partitions a run that died failed: those of the step it was in (the first, in the run's order, that had not ended
     * in the store and is not accounted for by the lake) that the lake has no publish of, FAILED as a step that fails in
     * its compute leaves them (an earlier run's data stays theirs). Later steps never started: their partitions keep
     * their status, as those of a step skipped after a failed upstream step do.
     */
    private void recordFailedPartitions(Run run, Reconciliation.Outcome outcome, Instant now, RunRecords records) {
        if (run.kind() != RunKind.MATERIALIZE || run.partitions().isEmpty()) {
            return;
        }
        Optional<RunStep> died = run.steps().stream()
                .filter(s -> !s.status().isTerminal() && !outcome.accounted().contains(s.index()))
                .findFirst();
        boolean partitioned = died.flatMap(s -> catalog.find(s.asset()))
                .map(a -> a.spec().partitions().isPartitioned())
                .orElse(false);
        if (!partitioned) {
            return;
        }
        RunStep step = died.get();
        List<String> keys = outcome.unpublished().getOrDefault(step.index(), List.of()).stream()
                .flatMap(Optional::stream)
                .flatMap(u -> u.keys().stream())
                .toList();
        if (!keys.isEmpty()) {
            records.partitions(step.asset(), keys, PartitionState.FAILED, run.id(), now);
        }
    }

    /**
     * Records the run's publishes that the store never heard of and says which steps are accounted for; when the lake
     * cannot be read, nothing is recovered (the run ends as if it had published nothing).
     */
    private Reconciliation.Outcome reconcile(Run run, Fence fence, Instant now) {
        List<LakeWrite> writes;
        try {
            writes = lake.writesOf(run.id());
        } catch (RuntimeException e) {
            LOG.errorf(e, "the lake's write log could not be read for run %s: nothing of it is recovered", run.id());
            writes = List.of();
        }
        Set<Reconciliation.Recorded> recorded = events.materializations(run.id()).stream()
                .map(m -> new Reconciliation.Recorded(m.asset(), m.partition()))
                .collect(Collectors.toSet());
        Reconciliation.Outcome outcome =
                Reconciliation.of(run.steps().stream().map(s -> work(run, s)).toList(), writes, recorded);
        for (Reconciliation.Recovered r : outcome.recovered()) {
            record(run, fence, r, now);
        }
        return outcome;
    }

    private Reconciliation.StepWork work(Run run, RunStep step) {
        Optional<Asset<?>> asset = catalog.find(step.asset());
        Optional<String> table = asset.flatMap(a -> a.spec().table()).map(TableSpec::name);
        if (asset.isEmpty() || table.isEmpty()) {
            return new Reconciliation.StepWork(step, Optional.empty(), List.of());
        }
        var spec = asset.get().spec();
        if (run.kind() == RunKind.ROLLBACK) {
            return new Reconciliation.StepWork(
                    step, table, List.of(run.partitions().stream().findFirst().map(PartitionRange::of)));
        }
        try {
            return new Reconciliation.StepWork(
                    step,
                    table,
                    PartitionUnits.of(
                            spec.partitions().isPartitioned(),
                            spec.processesRanges() && !(asset.get() instanceof KeyedAsset<?>),
                            run.partitions(),
                            spec.partitions().at(clock.instant())));
        } catch (IllegalArgumentException e) {
            // a partition the definition no longer has: the step cannot be accounted for
            return new Reconciliation.StepWork(step, Optional.empty(), List.of());
        }
    }

    /**
     * A publish the store never heard of: its materialization (recovered), partition status and the step's watermark, in
     * one transaction of the store (the materialization is what tells a later recovery that the rest is stored too). A
     * rollback's is recorded as its step records it ({@link RollbackRecords}), from what the lake kept of it.
     */
    private void record(Run run, Fence fence, Reconciliation.Recovered r, Instant now) {
        LakeWrite w = r.write();
        AssetKey asset = r.step().asset();
        Optional<Asset<?>> declared = catalog.find(asset);
        RunRecords records = new RunRecords();
        if (run.kind() == RunKind.ROLLBACK && declared.isPresent()) {
            var spec = declared.get().spec();
            Optional<RollbackOutcome> outcome = spec.table().flatMap(t -> lake.rollbackOf(t, run.id()));
            if (outcome.isPresent()) {
                RollbackRecords rolledBack = RollbackRecords.of(
                        run,
                        spec,
                        outcome.get(),
                        downstream.of(asset, outcome.get().changedSince()),
                        w.writtenAt(),
                        0,
                        true,
                        result -> json(result.metadata()));
                records = rolledBack.records();
                for (String line : rolledBack.lines()) {
                    records.log(new RunRecords.LogRecord(run.id(), now, "WARN", asset, "recovered: " + line));
                }
            }
        }
        if (records.materializations().isEmpty()) {
            Map<String, Object> metadata = new LinkedHashMap<>();
            metadata.put("recovered", true);
            metadata.put("table", w.table());
            metadata.put("write_mode", w.mode());
            metadata.put("rows_staged", w.rowsIn());
            metadata.put("rows_inserted", w.rowsInserted());
            metadata.put("rows_removed", w.rowsRemoved());
            metadata.put("current_rows", w.currentRows());
            if (w.systemTime() != null) {
                metadata.put("system_time", w.systemTime().toString());
            }
            r.unit().filter(u -> u.size() > 1).ifPresent(u -> metadata.put("partition_count", u.size()));
            if (run.kind() == RunKind.ROLLBACK) {
                metadata.put("rollback_to", run.rollbackTo());
            }
            boolean partitioned =
                    declared.map(a -> a.spec().partitions().isPartitioned()).orElse(false);
            if (partitioned && run.kind() == RunKind.MATERIALIZE && r.unit().isPresent()) {
                records.partitions(asset, r.unit().get().keys(), PartitionState.MATERIALIZED, run.id(), w.writtenAt());
            }
            if (w.watermark() != null) {
                records.watermark(new RunRecords.WatermarkChange(
                        asset, r.partition() == null ? "" : r.partition(), w.watermark(), run.id(), now));
            }
            records.materialized(new Materialization(
                    run.id(), asset, r.partition(), w.writtenAt(), w.rowsChanged(), 0, 0, 0, json(metadata)));
        }
        records.log(new RunRecords.LogRecord(
                run.id(),
                now,
                "WARN",
                asset,
                "recovered from the lake's write log: published " + w.table()
                        + (r.partition() == null ? "" : " partition " + r.partition()) + " at " + w.writtenAt() + ", "
                        + w.rowsChanged() + " rows changed"));
        store.record(records, fence);
    }

    /**
     * Ends a run that can no longer end by itself: accounted steps SUCCESS (with the rows their recovered publishes changed),
     * the step in progress {@code status} (FAILURE or CANCELED), later steps SKIPPED (CANCELED when canceled), the run
     * {@code status}; releases its partitions. Stored with {@code records} through the fence: false (nothing stored)
     * when the run is no longer STARTED under the fence's owner and epoch.
     */
    private boolean end(
            Run run,
            Fence fence,
            Instant now,
            RunStatus status,
            String error,
            Set<Integer> accounted,
            Map<Integer, Long> recoveredRows,
            RunRecords records) {
        long keys = 0;
        long batches = 0;
        long rows = 0;
        for (RunStep step : run.steps()) {
            RunStep ended = step;
            if (accounted.contains(step.index())) {
                ended = new RunStep(
                        step.index(),
                        step.asset(),
                        RunStatus.SUCCESS,
                        step.startedAt() == null ? run.startedAt() : step.startedAt(),
                        now,
                        step.keyCount(),
                        step.batchCount(),
                        step.rowsWritten() + recoveredRows.getOrDefault(step.index(), 0L),
                        null);
            } else if (!step.status().isTerminal()) {
                RunStatus left = status == RunStatus.CANCELED
                        ? RunStatus.CANCELED
                        : step.status() == RunStatus.STARTED ? RunStatus.FAILURE : RunStatus.SKIPPED;
                ended = new RunStep(
                        step.index(),
                        step.asset(),
                        left,
                        step.startedAt(),
                        now,
                        step.keyCount(),
                        step.batchCount(),
                        step.rowsWritten() + recoveredRows.getOrDefault(step.index(), 0L),
                        null);
            }
            if (ended != step) {
                records.step(run.id(), ended);
            }
            keys += ended.keyCount();
            batches += ended.batchCount();
            rows += ended.rowsWritten();
        }
        records.ended(run, new RunRecords.RunEnd(run.id(), status, now, keys, batches, rows, error), null);
        return !store.record(records, fence).contains(run.id());
    }

    /**
     * A run that failed outside any asset's compute, at run time: its open steps and the run end FAILURE, audited;
     * fenced on this node's claim. False when the run was no longer this node's (nothing is stored).
     */
    boolean markFailed(Run run, Fence fence, Instant now, String error, String why) {
        if (!end(run, fence, now, RunStatus.FAILURE, error, Set.of(), Map.of(), new RunRecords())) {
            return false;
        }
        audit.record(AuditEvent.of(
                        now,
                        Caller.system().name(),
                        AuditAction.RUN_RECOVERED,
                        run.id(),
                        null,
                        why,
                        Map.of("status", RunStatus.FAILURE.name()))
                .withGroup(run.group()));
        return true;
    }

    /**
     * A run that died with the process runs again when a {@link RetryPolicy} says so, given the attempts made (its
     * {@link RunFactory#ATTEMPT} tag); the runs that waited for it wait for the retry. Without a retry, its end (heard
     * by the launcher of its group) cancels them.
     */
    private void retry(Run dead, Instant now) {
        if (dead.kind() != RunKind.MATERIALIZE) {
            return;
        }
        int attempts = RunFactory.attempt(dead);
        if (retryPolicies.stream().noneMatch(p -> p.retries(dead, attempts))) {
            LOG.warnf(
                    "run %s is not queued again: no retry policy retries it after %d attempt(s)", dead.id(), attempts);
            return;
        }
        Run retry = factory.retry(dead, now);
        // a run launched while the dead one held its partitions waited for them, and came first: the retry queues
        // behind it (never refused, which would stop the start)
        store.createAll(List.of(retry), true);
        store.moveDependencies(dead.id(), retry.id());
        retryPolicies.forEach(p -> p.retried(dead, retry));
        audit.record(AuditEvent.of(
                        now,
                        Caller.system().name(),
                        AuditAction.RUN_LAUNCHED,
                        retry.id(),
                        assets(dead),
                        retry.reason(),
                        Map.of(
                                "retryOf",
                                dead.id(),
                                "attempt",
                                attempts + 1,
                                PartitionRanges.DETAIL,
                                PartitionRanges.of(catalog, dead.assets(), dead.partitions(), now),
                                "partitionCount",
                                dead.partitions().size()))
                .withGroup(dead.group()));
    }

    private static String assets(Run run) {
        return run.assets().stream().map(AssetKey::toString).collect(Collectors.joining(","));
    }

    private String json(Map<String, Object> metadata) {
        try {
            return mapper.writeValueAsString(metadata);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
