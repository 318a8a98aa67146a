package io.sluice.runs.execute;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.sluice.audit.AuditAction;
import io.sluice.audit.AuditEvent;
import io.sluice.audit.AuditLog;
import io.sluice.catalog.AssetCatalog;
import io.sluice.catalog.AssetKey;
import io.sluice.identity.Caller;
import io.sluice.runs.ClaimedRuns;
import io.sluice.runs.Fence;
import io.sluice.runs.PartitionRanges;
import io.sluice.runs.PartitionState;
import io.sluice.runs.Plural;
import io.sluice.runs.Run;
import io.sluice.runs.RunKind;
import io.sluice.runs.RunQueue;
import io.sluice.runs.RunRecords;
import io.sluice.runs.RunSettings;
import io.sluice.runs.RunStatus;
import io.sluice.runs.RunStep;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.Collection;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.ObjDoubleConsumer;
import java.util.function.Supplier;
import org.jboss.logging.Logger;

/**
 * Executes a claimed group of runs one after another, each run's asset steps in dependency order (skipping
 * those whose upstream did not succeed). The group is claimed in one transaction; what its runs write goes
 * through a {@link GroupJournal}, which stores it in as few transactions as the group's pace allows.
 */
@ApplicationScoped
public class RunWorker {

    private static final Logger LOG = Logger.getLogger(RunWorker.class);

    private final RunQueue store;
    private final StepRunner steps;
    private final AssetCatalog catalog;
    private final AuditLog audit;
    private final RunMetrics metrics;
    private final InstantSource clock;
    private final ObjectMapper mapper;
    private final RunSettings settings;
    /** The journals of the groups executing now, with their runs by id. */
    private final Map<GroupJournal, Map<String, Run>> open = new ConcurrentHashMap<>();

    protected RunWorker(
            RunQueue store,
            StepRunner steps,
            AssetCatalog catalog,
            AuditLog audit,
            RunMetrics metrics,
            InstantSource clock,
            ObjectMapper mapper,
            RunSettings settings) {
        this.store = store;
        this.steps = steps;
        this.catalog = catalog;
        this.audit = audit;
        this.metrics = metrics;
        this.clock = clock;
        this.mapper = mapper;
        this.settings = settings;
    }

    /**
     * Claims the runs still queued among {@code runIds} (one transaction; runs another worker or a cancel got
     * first are left out), executes them and returns the runs whose end is stored. {@code paced} hears how long
     * each run took to execute, in milliseconds.
     */
    public List<RunRecords.RunEnd> execute(List<String> runIds, ObjDoubleConsumer<Run> paced) {
        long t0 = System.nanoTime();
        ClaimedRuns claim = inNewTransaction(() -> store.claimGroup(runIds, clock));
        List<Run> claimed = claim.runs();
        long t1 = System.nanoTime();
        if (claimed.isEmpty()) {
            return List.of();
        }
        GroupJournal journal = new GroupJournal(
                store,
                audit,
                claim.fence(),
                claimed.stream().map(Run::id).toList(),
                settings.flushMillis(),
                work -> inNewTransaction(() -> {
                    work.run();
                    return null;
                }),
                System::nanoTime);
        Map<String, Run> byId = new LinkedHashMap<>();
        claimed.forEach(r -> byId.put(r.id(), r));
        open.put(journal, byId);
        try {
            return execute(claimed, journal, paced, t0, t1);
        } catch (GroupFailed e) {
            throw e;
        } catch (RuntimeException e) {
            throw new GroupFailed(claim.fence(), e);
        } finally {
            open.remove(journal);
        }
    }

    private List<RunRecords.RunEnd> execute(
            List<Run> claimed, GroupJournal journal, ObjDoubleConsumer<Run> paced, long t0, long t1) {
        try {
            for (Run run : claimed) {
                if (!journal.begin(run.id())) {
                    continue; // its draining node handed it back, or it was lost, before it began
                }
                long started = System.nanoTime();
                RunLogContext.enter(run.id(), journal.fence().node());
                try {
                    execute(run, journal);
                } catch (RuntimeException e) {
                    LOG.errorf(e, "run %s failed outside its steps", run.id());
                    end(run, RunStatus.FAILURE, 0, 0, 0, "Sluice could not execute this run: " + e, journal);
                } finally {
                    RunLogContext.leave();
                }
                paced.accept(run, (System.nanoTime() - started) / 1e6);
                journal.boundary();
            }
        } finally {
            long t2 = System.nanoTime();
            journal.flush();
            if (claimed.size() > 1) {
                Map<RunStatus, Long> ends = new EnumMap<>(RunStatus.class);
                journal.storedEnds().forEach(e -> ends.merge(e.status(), 1L, Long::sum));
                LOG.infof(
                        "%d runs of group %s ended: %s (their logs are in the run log)",
                        journal.storedEnds().size(), claimed.get(0).group(), ends);
            }
            if (LOG.isDebugEnabled()) {
                LOG.debugf(
                        "group of %d: claim %.1f ms, execute %.1f ms, final flush %.1f ms",
                        claimed.size(), (t1 - t0) / 1e6, (t2 - t1) / 1e6, (System.nanoTime() - t2) / 1e6);
            }
        }
        return journal.storedEnds();
    }

    /**
     * Runs this node no longer owns (it fenced itself): the groups executing them stop them as if canceled and store
     * nothing more of them.
     */
    public void lost(Collection<String> runIds) {
        open.keySet().forEach(j -> j.lose(runIds));
    }

    /** The runs of the groups executing here that are lost to their fence (taken over, or handed back). */
    public Set<String> lostIds() {
        Set<String> lost = new HashSet<>();
        open.keySet().forEach(j -> lost.addAll(j.lost()));
        return lost;
    }

    /** The runs executing in this process with their claim's fence, per group. */
    public List<Fence> inFlightFences() {
        return open.keySet().stream().map(GroupJournal::fence).toList();
    }

    /** Where each run claimed by a group executing now is (for a drain). */
    public Map<String, RunPhase> phases() {
        Map<String, RunPhase> phases = new HashMap<>();
        open.keySet().forEach(j -> phases.putAll(j.phases()));
        return phases;
    }

    /**
     * The given runs go back to the queue instead of ending (their node drains): a run not begun yet is handed back at
     * once, here; a running one stops as if canceled (the caller interrupts its lake work) and its worker hands it back
     * when its step returns. Returns the runs handed back here.
     */
    public Set<String> handBack(Collection<String> runIds, String why) {
        Set<String> handed = new HashSet<>();
        for (Map.Entry<GroupJournal, Map<String, Run>> e : open.entrySet()) {
            GroupJournal journal = e.getKey();
            journal.handBack(runIds);
            Set<String> unbegun = journal.takeUnbegun();
            unbegun.retainAll(Set.copyOf(runIds));
            handed.addAll(handBackNow(journal, e.getValue(), unbegun, why));
        }
        return handed;
    }

    /**
     * Hands back, here, every run whose worker has not stored its end or hand back (their node drains and they did not
     * stop in time): the worker's later writes of them are fenced out. Returns the runs handed back.
     */
    public Set<String> overtake(String why) {
        Set<String> handed = new HashSet<>();
        for (Map.Entry<GroupJournal, Map<String, Run>> e : open.entrySet()) {
            handed.addAll(handBackNow(e.getKey(), e.getValue(), e.getKey().takeUnfinished(), why));
        }
        return handed;
    }

    private Set<String> handBackNow(GroupJournal journal, Map<String, Run> runs, Set<String> ids, String why) {
        if (ids.isEmpty()) {
            return Set.of();
        }
        Instant now = clock.instant();
        RunRecords records = new RunRecords();
        for (String id : ids) {
            Run run = runs.get(id);
            handBackRecords(records, run, journal.fence().node(), now, why);
        }
        Set<String> lost = inNewTransaction(() -> {
            Set<String> dropped = store.record(records, journal.fence());
            audit.recordAll(
                    dropped.isEmpty()
                            ? records.audits()
                            : records.without(dropped).audits());
            return dropped;
        });
        Set<String> handed = new HashSet<>(ids);
        handed.removeAll(lost);
        return handed;
    }

    /** What handing a run back writes: a log line, the hand back and its audit event. */
    private void handBackRecords(RunRecords records, Run run, String node, Instant now, String why) {
        String line = "handed back to the queue by node " + node + " (" + why
                + "): it runs again under the same id, its succeeded steps kept";
        records.log(new RunRecords.LogRecord(run.id(), now, "WARN", null, line));
        records.handedBack(new RunRecords.HandBack(run.id(), now), handBackAudit(run, node, now, why));
    }

    private static AuditEvent handBackAudit(Run run, String node, Instant now, String why) {
        return AuditEvent.of(
                        now,
                        Caller.system().name(),
                        AuditAction.RUN_HANDED_BACK,
                        run.id(),
                        String.join(
                                ",",
                                run.assets().stream().map(AssetKey::toString).toList()),
                        why,
                        Map.of("node", node))
                .withGroup(run.group());
    }

    /** Runs {@code work} in a transaction of its own and commits it (a unit test runs it as is). */
    <T> T inNewTransaction(Supplier<T> work) {
        return QuarkusTransaction.requiringNew().call(work::get);
    }

    private void execute(Run run, GroupJournal journal) {
        Instant started = clock.instant();
        metrics.runStarted(Duration.between(run.createdAt(), started));
        if (!journal.grouped()) {
            logStart(run, journal);
        }
        JsonNode configs = configs(run);
        Map<AssetKey, RunStatus> outcomes = new HashMap<>();
        long keys = 0;
        long batches = 0;
        long rows = 0;
        String error = null;
        for (RunStep step : run.steps()) {
            if (step.status() == RunStatus.SUCCESS) {
                // stored SUCCESS before the run was handed back: its data is there, it does not run twice
                new StoredRunLogger(journal, clock, run.id(), step.asset())
                        .info("already materialized by this run before it was handed back: not run again");
                outcomes.put(step.asset(), RunStatus.SUCCESS);
                keys += step.keyCount();
                batches += step.batchCount();
                rows += step.rowsWritten();
                continue;
            }
            Instant stepStart = clock.instant();
            RunLogContext.asset(step.asset().toString());
            Optional<StepOutcome> blocked = decide(run, step, outcomes, journal);
            StepOutcome outcome = blocked.orElseGet(() -> {
                journal.step(
                        run.id(),
                        new RunStep(step.index(), step.asset(), RunStatus.STARTED, stepStart, null, 0, 0, 0, null));
                journal.boundary();
                // the step's totals so far become its state, stored with the journal's next flush
                StepRunner.Progress progress = (keysSoFar, batchesSoFar, rowsSoFar) -> journal.step(
                        run.id(),
                        new RunStep(
                                step.index(),
                                step.asset(),
                                RunStatus.STARTED,
                                stepStart,
                                null,
                                keysSoFar,
                                batchesSoFar,
                                rowsSoFar,
                                null));
                return steps.run(run, step.asset(), configs.get(step.asset().toString()), journal, progress);
            });
            Instant stepEnd = clock.instant();
            journal.step(
                    run.id(),
                    new RunStep(
                            step.index(),
                            step.asset(),
                            outcome.status(),
                            blocked.isPresent() ? null : stepStart,
                            stepEnd,
                            outcome.keyCount(),
                            outcome.batchCount(),
                            outcome.rowsWritten(),
                            outcome.error()));
            recordPartitions(run, step.asset(), outcome, stepEnd, journal);
            metrics.stepFinished(
                    step.asset().toString(),
                    outcome.status(),
                    Duration.between(stepStart, stepEnd),
                    outcome.rowsWritten());
            outcomes.put(step.asset(), outcome.status());
            keys += outcome.keyCount();
            batches += outcome.batchCount();
            rows += outcome.rowsWritten();
            if (error == null && outcome.error() != null) {
                error = step.asset() + ": " + outcome.error();
            }
            if (run.steps().size() > 1) {
                journal.boundary();
            }
        }
        RunStatus status = overall(outcomes);
        if (status != RunStatus.SUCCESS && journal.handingBack(run.id()) && !store.isCancelRequested(run.id())) {
            // (a run someone canceled meanwhile ends CANCELED rather than going back to the queue)
            // its node drains: back to the queue under the same id instead of an end
            RunRecords handed = new RunRecords();
            handBackRecords(handed, run, journal.fence().node(), clock.instant(), "drain");
            handed.logs().forEach(l -> journal.append(l.runId(), l.ts(), l.level(), l.asset(), l.message()));
            handed.handBacks()
                    .forEach(h -> journal.handedBack(h, handed.audits().get(0)));
            return;
        }
        end(run, status, keys, batches, rows, error, journal);
        metrics.runFinished(status, Duration.between(started, clock.instant()));
    }

    /**
     * The run's first log line. A run of a group of several has none: the group was sized to take about
     * sluice.runs.group-target-millis, so its runs are short and their lines are stored only after they end;
     * what the line said (mode, assets, reason, start time) is on the run itself.
     */
    private void logStart(Run run, GroupJournal journal) {
        new StoredRunLogger(journal, clock, run.id(), null)
                .info((run.kind() == RunKind.ROLLBACK
                                ? "started rollback of " + run.assets().get(0) + " to " + run.rollbackTo()
                                : "started " + run.mode() + " of "
                                        + run.assets().size() + " asset(s)")
                        + (run.reason() == null ? "" : ": " + run.reason()));
    }

    /** The run's end, its last log line and its RUN_FINISHED audit event with the per-partition outcome. */
    private void end(
            Run run, RunStatus status, long keys, long batches, long rows, String error, GroupJournal journal) {
        Instant ended = clock.instant();
        new StoredRunLogger(journal, clock, run.id(), null)
                .info("finished " + status + ": " + Plural.of(keys, "key", "keys") + ", "
                        + Plural.of(batches, "batch", "batches") + ", " + Plural.of(rows, "row", "rows") + " written");
        Map<String, Object> detail = new LinkedHashMap<>();
        detail.put("status", status.name());
        detail.put("keys", keys);
        detail.put("batches", batches);
        detail.put("rowsWritten", rows);
        if (!run.partitions().isEmpty()) {
            detail.put(PartitionRanges.DETAIL, PartitionRanges.of(catalog, run.assets(), run.partitions(), ended));
            detail.put("partitionCount", run.partitions().size());
        }
        journal.ended(
                run,
                new RunRecords.RunEnd(run.id(), status, ended, keys, batches, rows, error),
                AuditEvent.of(
                                ended,
                                Caller.system().name(),
                                AuditAction.RUN_FINISHED,
                                run.id(),
                                String.join(
                                        ",",
                                        run.assets().stream()
                                                .map(AssetKey::toString)
                                                .toList()),
                                null,
                                detail)
                        .withGroup(run.group()));
    }

    /**
     * Keeps partition status current: the run's partitions of a partitioned asset are materialized or failed; a step that
     * failed before its compute (its upstream not materialized) fails only those of them that hold no data. A failed
     * partition keeps the data an earlier run materialized, which is recorded apart from its status.
     */
    private void recordPartitions(Run run, AssetKey asset, StepOutcome outcome, Instant now, GroupJournal journal) {
        boolean partitioned = catalog.find(asset)
                .map(a -> a.spec().partitions().isPartitioned())
                .orElse(false);
        if (!partitioned || run.partitions().isEmpty() || run.kind() == RunKind.ROLLBACK) {
            return;
        }
        if (outcome.status() == RunStatus.SUCCESS) {
            journal.partitions(asset, run.partitions(), PartitionState.MATERIALIZED, run.id(), now);
        } else if (outcome.status() == RunStatus.FAILURE) {
            journal.partitions(
                    asset, outcome.failedPartitions().orElse(run.partitions()), PartitionState.FAILED, run.id(), now);
        }
    }

    /**
     * A step that must not run: canceled (a cancel was asked for, or an earlier step of the run was canceled: a group's
     * journal reads cancels only now and then), or skipped because an upstream step in this run did not succeed.
     */
    private Optional<StepOutcome> decide(
            Run run, RunStep step, Map<AssetKey, RunStatus> outcomes, GroupJournal journal) {
        if (outcomes.containsValue(RunStatus.CANCELED) || journal.isCancelRequested(run.id())) {
            return Optional.of(StepOutcome.of(RunStatus.CANCELED));
        }
        Optional<AssetKey> blocking = catalog.graph().upstreamOf(step.asset()).stream()
                .filter(outcomes::containsKey)
                .filter(up -> !outcomes.get(up).letsDownstreamRun())
                .sorted()
                .findFirst();
        if (blocking.isPresent()) {
            String why = "skipped: upstream " + blocking.get() + " ended " + outcomes.get(blocking.get());
            new StoredRunLogger(journal, clock, run.id(), step.asset()).warn(why);
            return Optional.of(new StepOutcome(RunStatus.SKIPPED, 0, 0, 0, null));
        }
        return Optional.empty();
    }

    static RunStatus overall(Map<AssetKey, RunStatus> outcomes) {
        if (outcomes.containsValue(RunStatus.FAILURE)) {
            return RunStatus.FAILURE;
        }
        if (outcomes.containsValue(RunStatus.CANCELED)) {
            return RunStatus.CANCELED;
        }
        return RunStatus.SUCCESS;
    }

    private JsonNode configs(Run run) {
        try {
            return mapper.readTree(run.configJson());
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("run " + run.id() + " has unreadable config", e);
        }
    }
}
