package io.sluice.runs;

import io.quarkus.narayana.jta.QuarkusTransaction;
import io.sluice.audit.AuditAction;
import io.sluice.audit.AuditEvent;
import io.sluice.audit.AuditLog;
import io.sluice.catalog.Asset;
import io.sluice.catalog.AssetCatalog;
import io.sluice.catalog.AssetKey;
import io.sluice.lake.Lake;
import io.sluice.lake.RollbackTarget;
import io.sluice.lake.TableSpec;
import io.sluice.runs.dispatch.CancelWatch;
import io.sluice.runs.dispatch.RunExecutor;
import io.sluice.runs.execute.UpstreamCheck;
import io.sluice.runs.launch.LaunchValidator;
import io.sluice.runs.launch.RunFactory;
import io.sluice.runs.launch.ValidatedLaunch;
import io.sluice.text.Text;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;
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

/** Launching, cancelling and reading runs: what the REST API, the web UI and (later) schedules call. */
@ApplicationScoped
public class RunService {

    private final LaunchValidator validator;
    private final RunQueue store;
    private final RunHistory history;
    private final RunEventLog events;
    private final AuditLog audit;
    private final RunExecutor executor;
    private final InstantSource clock;

    private final AssetCatalog catalog;
    private final Lake lake;
    private final boolean queueBehindBusy;
    private final CancelWatch cancels;
    private final RunFactory factory;
    private final MaterializedPartitions materialized;

    RunService(
            LaunchValidator validator,
            RunQueue store,
            RunHistory history,
            RunEventLog events,
            AuditLog audit,
            RunExecutor executor,
            InstantSource clock,
            AssetCatalog catalog,
            Lake lake,
            RunSettings settings,
            CancelWatch cancels,
            RunFactory factory,
            MaterializedPartitions materialized) {
        this.materialized = materialized;
        this.cancels = cancels;
        this.factory = factory;
        this.queueBehindBusy = settings.busyPartition() == RunSettings.BusyPartition.QUEUE;
        this.catalog = catalog;
        this.lake = lake;
        this.validator = validator;
        this.store = store;
        this.history = history;
        this.events = events;
        this.audit = audit;
        this.executor = executor;
        this.clock = clock;
    }

    /** Validates the request, stores a QUEUED run and hands it to the worker pool. */
    public Run launch(RunRequest request) {
        Prepared prepared = prepare(request);
        store(prepared.run(), prepared.audit());
        executor.submit(prepared.run().id());
        return prepared.run();
    }

    /**
     * Validates the request and queues its run in the caller's transaction, with its audit event, so that a launcher
     * that stores its own rows with the launch (a schedule's cursor, a sensor's tick) commits all or nothing. A run of a
     * busy partition is queued behind the run that holds it (with busy-partition=refuse: a conflict); the caller calls
     * {@link #dispatchSoon()} once it committed.
     */
    @Transactional(Transactional.TxType.MANDATORY)
    public Run launchInCurrentTransaction(RunRequest request) {
        Prepared prepared = prepare(request);
        prepared.audit().run();
        queue(List.of(prepared.run()), Map.of());
        return prepared.run();
    }

    private record Prepared(Run run, Runnable audit) {}

    private Prepared prepare(RunRequest request) {
        Instant now = clock.instant();
        ValidatedLaunch launch = validator.validate(request, now);
        Run run = factory.launch(launch, now);
        Map<String, Object> scope = new LinkedHashMap<>();
        scope.put("mode", launch.mode().name());
        scope.put("keys", launch.keys());
        if (!launch.partitions().isEmpty()) {
            scope.put(PartitionRanges.DETAIL, PartitionRanges.of(catalog, run.assets(), launch.partitions(), now));
            scope.put("partitionCount", launch.partitions().size());
        } else {
            scope.put(PartitionRanges.DETAIL, List.of());
        }
        scope.put("config", launch.configByAsset().toString());
        if (!launch.tags().isEmpty()) {
            scope.put("tags", launch.tags());
        }
        return new Prepared(
                run,
                () -> audit.record(AuditEvent.of(
                        now, run.launchedBy(), AuditAction.RUN_LAUNCHED, run.id(), assets(run), run.reason(), scope)));
    }

    /**
     * Stores runs and their audit event in one transaction; a run covering an asset partition that another run holds
     * or waits for is queued behind it (with sluice.runs.busy-partition=refuse: a conflict, nothing stored).
     */
    void store(Run run, Runnable audit) {
        storeAll(List.of(run), audit);
    }

    void storeAll(List<Run> runs, Runnable audit) {
        inLaunchTransaction(() -> {
            audit.run();
            queue(runs, Map.of());
        });
    }

    /**
     * Queues runs of which some wait for others ({@code afterByRun}: run id to the ids it waits for) in the caller's
     * transaction, which a launcher of a group of runs opens to store its own rows with them (see
     * {@link #retryLostRace}); a run of a busy partition waits behind the run that holds it (with busy-partition=refuse:
     * a 409 and, the transaction rolled back, nothing stored). Call
     * {@link #dispatchSoon()} once it committed: the dispatcher starts them within the limits.
     */
    @Transactional(Transactional.TxType.MANDATORY)
    public void queue(List<Run> runs, Map<String, List<String>> afterByRun) {
        try {
            store.createAll(runs, queueBehindBusy);
        } catch (PartitionBusy e) {
            // not the fault of one field of the request: the message names the run that holds the partition
            throw RequestRejected.conflict(null, e.getMessage());
        }
        if (!afterByRun.isEmpty()) {
            store.addDependencies(afterByRun);
        }
    }

    /** Reads the queue again at once (runs were queued, or a group was paused or canceled). */
    public void dispatchSoon() {
        executor.refresh();
    }

    /**
     * Decides on a launch transaction (one that {@link #queue queued} runs) that failed with {@code failure} on its
     * {@code attempt}: returns if it is to be tried again, else throws. With busy-partition=queue, a launch that lost a
     * race for a partition to one committed at the same instant (the reservation's primary key refused it, nothing of
     * it stored) is tried once more: it then sees the other run and queues behind it instead of answering 409.
     */
    public void retryLostRace(RuntimeException failure, int attempt) {
        if (!failure.getClass().getName().contains("ConstraintViolation")
                && !String.valueOf(failure.getCause()).contains("ConstraintViolation")) {
            throw failure;
        }
        if (!queueBehindBusy || attempt == 2) {
            throw RequestRejected.conflict(
                    "partitions", "an asset partition of this launch was just launched by another request");
        }
    }

    private void inLaunchTransaction(Runnable work) {
        for (int attempt = 1; ; attempt++) {
            try {
                QuarkusTransaction.requiringNew().run(work);
                return;
            } catch (RequestRejected e) {
                throw e;
            } catch (RuntimeException e) {
                retryLostRace(e, attempt);
            }
        }
    }

    /**
     * Stores and starts a run that restores an asset's table (or one partition) to an earlier state.
     * Refused with nothing stored when the asset has no table, no reason is given, the run is unknown or did not
     * write it, or a snapshot or the removed rows it needs are no longer kept.
     */
    public Run rollback(
            AssetKey asset, RollbackTarget target, Optional<String> partition, String reason, String actor) {
        Asset<?> declared = catalog.find(asset)
                .orElseThrow(() -> RequestRejected.notFound("asset", "unknown asset '" + asset + "'"));
        TableSpec table = declared.spec()
                .table()
                .orElseThrow(() -> RequestRejected.invalid(
                        "asset",
                        "asset " + asset + " declares no table that Sluice writes, so there is nothing to roll back"));
        target.namedRun()
                .ifPresent(id -> history.find(id)
                        .orElseThrow(() -> RequestRejected.notFound(target.field(), "no run with id '" + id + "'")));
        Instant now = clock.instant();
        target.systemTime().filter(t -> t.isAfter(now)).ifPresent(t -> {
            throw RequestRejected.invalid(
                    "toSystemTime", "toSystemTime " + t + " is in the future; give a time at or before now");
        });
        partition.ifPresent(p -> {
            Text.keyProblem("partition", p).ifPresent(problem -> {
                throw RequestRejected.invalid("partition", problem);
            });
            if (!declared.spec().partitions().isPartitioned()) {
                throw RequestRejected.invalid("partition", "asset " + asset + " is not partitioned; omit 'partition'");
            }
            declared.spec().partitions().validate(p, now).ifPresent(error -> {
                throw RequestRejected.invalid("partition", error);
            });
        });
        if (reason == null || reason.isBlank()) {
            throw RequestRejected.invalid(
                    "reason",
                    "a rollback needs a reason: say why the table goes back to " + target
                            + " (it is kept with the run and in the audit log)");
        }
        LaunchValidator.requireReason(reason);
        Actors.require("launchedBy", actor);
        partition
                .flatMap(p -> table.mode()
                        .partitionRollbackProblem(
                                asset.toString(), declared.spec().partitions(), p, now))
                .ifPresent(problem -> {
                    throw RequestRejected.invalid("partition", problem);
                });
        lake.rollbackProblem(table, target, partition).ifPresent(problem -> {
            throw RequestRejected.conflict(target.field(), problem);
        });
        String by = Actors.name(actor);
        Run run = factory.rollback(asset, partition, target.encode(), reason, by, now);
        Map<String, Object> scope = new LinkedHashMap<>();
        scope.put("rollbackTo", target.encode());
        scope.put("table", table.name());
        partition.ifPresent(p -> scope.put("partition", p));
        Runnable audited = () -> audit.record(
                AuditEvent.of(now, by, AuditAction.RUN_LAUNCHED, run.id(), asset.toString(), reason, scope));
        try {
            QuarkusTransaction.requiringNew().run(() -> {
                audited.run();
                store.createAll(List.of(run), false);
            });
        } catch (RequestRejected e) {
            throw e;
        } catch (PartitionBusy e) {
            // a rollback restores the table as it is now (its preview said exactly what it undoes): it does not wait
            // for a run that would change the table first
            throw RequestRejected.conflict(
                    null,
                    e.getMessage().replace("; wait for it or cancel it", "")
                            + ": a rollback does not wait behind a run that writes the table, since that run would "
                            + "change what it undoes; roll back once that run has ended, or cancel it");
        } catch (RuntimeException e) {
            retryLostRace(e, 2); // a launch of the partition committed at the same instant: a conflict
        }
        executor.submit(run.id());
        return run;
    }

    /**
     * Cancels a queued run, or asks a started one to stop: the lake statement it runs is interrupted within about a
     * second (by the process that executes it, which reads the flag), and it stops between batches otherwise.
     */
    public Run cancel(String typed, String actor, String reason) {
        LaunchValidator.requireReason(reason);
        Actors.require("launchedBy", actor);
        Run run = get(typed);
        String id = run.id();
        if (run.status().isTerminal()) {
            throw RequestRejected.conflict("status", "run " + id + " already ended " + run.status());
        }
        Instant now = clock.instant();
        QuarkusTransaction.requiringNew().run(() -> {
            // the store decides under the row's lock: of two cancels at once, one changes the run and is audited
            if (store.cancel(id, now) == RunQueue.CancelOutcome.UNCHANGED) {
                Run latest = get(id);
                throw RequestRejected.conflict(
                        "status",
                        latest.status().isTerminal()
                                ? "run " + id + " already ended " + latest.status()
                                : "run " + id + " is already asked to stop");
            }
            audit.record(AuditEvent.of(
                    now,
                    Actors.name(actor),
                    AuditAction.RUN_CANCEL_REQUESTED,
                    id,
                    assets(run),
                    reason,
                    Map.of("statusWhenRequested", run.status().name())));
        });
        cancels.wake();
        return get(id);
    }

    /** Stops now, rather than at the next read of the flags, the lake work of started runs whose cancel was just stored (a group's). */
    public void stopCanceledRuns() {
        cancels.wake();
    }

    /**
     * Where a queued run stands (the runs it waits for and its place in the line for its asset partitions); empty for a
     * run that is not queued.
     */
    public Optional<QueuePlace> queuePlace(Run run) {
        return run.status() == RunStatus.QUEUED ? Optional.of(store.queuePlace(run.id())) : Optional.empty();
    }

    /** The run with this id, or the one whose id ends with it (a short id, see {@link ShortIds}). */
    public Run get(String id) {
        return history.find(id)
                .or(() -> history.find(resolveId("id", id)))
                .orElseThrow(() -> RequestRejected.notFound("id", "no run with id '" + id + "'"));
    }

    /**
     * The whole id of the run that {@code typed} names: the id itself, or the one run id it is the end of; refused as
     * not found, or naming the candidates when several ids end with it.
     */
    public String resolveId(String field, String typed) {
        return ShortIds.resolve(field, "run", typed, history::idsEndingWith);
    }

    public List<Run> list(RunQuery query) {
        return history.list(query);
    }

    public List<LogLine> logs(String id, long afterId, int limit) {
        return events.logs(get(id).id(), afterId, limit);
    }

    public List<RecordedCheck> checks(String id) {
        return events.checks(get(id).id());
    }

    /** What the run page shows of a run's checks: at most {@code limit}, failures first, and how many there are of each outcome. */
    public CheckPage checkPage(String id, int limit) {
        return new CheckPage(events.checksFailuresFirst(id, limit), events.checkCounts(id));
    }

    /** A page of a run's check results and the counts of all of them. */
    public record CheckPage(List<RecordedCheck> shown, RunEventLog.CheckCounts counts) {}

    public List<Materialization> materializations(String id) {
        return events.materializations(id);
    }

    /** One page of the runs list by keyset, newest first, with the cursors of the pages beside it. */
    public RunListing page(RunPageQuery query) {
        return history.page(query);
    }

    private static String assets(Run run) {
        return run.assets().stream().map(AssetKey::toString).collect(Collectors.joining(","));
    }

    /**
     * What the selected assets read outside the selection that was not materialized, for {@code partitions} of the
     * partitioned ones: runs of them would fail before computing (each step checks what it reads upstream first), so the
     * launchpad's preview warns and offers to add the upstream asset. Read from the metadata store, storing nothing.
     */
    public List<UpstreamGap> upstreamGaps(List<AssetKey> selection, List<String> partitions) {
        Set<AssetKey> selected = Set.copyOf(selection);
        Instant now = clock.instant();
        UpstreamCheck.Records stored = new UpstreamCheck.Records() {
            @Override
            public Set<String> materializedAmong(AssetKey asset, Collection<String> keys) {
                return materialized.among(asset, keys);
            }

            @Override
            public boolean anyPartitionMaterialized(AssetKey asset) {
                return materialized.any(asset);
            }

            @Override
            public boolean written(AssetKey asset) {
                return materialized.written(asset);
            }
        };
        List<UpstreamGap> gaps = new ArrayList<>();
        for (AssetKey key : selection) {
            Optional<Asset<?>> asset = catalog.find(key);
            Set<AssetKey> outside = catalog.graph().upstreamOf(key).stream()
                    .filter(u -> !selected.contains(u))
                    .collect(Collectors.toSet());
            if (asset.isEmpty() || outside.isEmpty()) {
                continue;
            }
            gaps.addAll(UpstreamCheck.gaps(
                    asset.get().spec(),
                    partitions,
                    outside,
                    k -> catalog.find(k).map(Asset::spec),
                    stored,
                    now));
        }
        return gaps;
    }

    /**
     * What launching the request would run, checked exactly as {@link #launch} checks it, storing nothing: the assets
     * in dependency order, the mode, the keys and partitions, and each asset's config merged with its defaults. The
     * launchpad's dry-run preview.
     */
    public ValidatedLaunch preview(RunRequest request) {
        return validator.validate(request, clock.instant());
    }
}
