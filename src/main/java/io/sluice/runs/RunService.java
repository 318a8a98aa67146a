package io.sluice.runs;

import io.quarkus.narayana.jta.QuarkusTransaction;
import io.sluice.audit.AuditAction;
import io.sluice.audit.AuditEvent;
import io.sluice.audit.AuditLog;
import io.sluice.catalog.Asset;
import io.sluice.catalog.AssetCatalog;
import io.sluice.catalog.AssetKey;
import io.sluice.catalog.Lake;
import io.sluice.catalog.RollbackTarget;
import io.sluice.catalog.TableSpec;
import java.util.Optional;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** Launching, cancelling and reading runs: what the REST API, the web UI and (later) schedules call. */
@ApplicationScoped
public class RunService {

    private final LaunchValidator validator;
    private final RunStore store;
    private final AuditLog audit;
    private final RunExecutor executor;
    private final InstantSource clock;

    private final AssetCatalog catalog;
    private final Lake lake;
    private final boolean queueBehindBusy;
    private final CancelWatch cancels;

    RunService(LaunchValidator validator, RunStore store, AuditLog audit, RunExecutor executor, InstantSource clock,
               AssetCatalog catalog, Lake lake, RunSettings settings, CancelWatch cancels) {
        this.cancels = cancels;
        this.queueBehindBusy = settings.busyPartition() == RunSettings.BusyPartition.QUEUE;
        this.catalog = catalog;
        this.lake = lake;
        this.validator = validator;
        this.store = store;
        this.audit = audit;
        this.executor = executor;
        this.clock = clock;
    }

    /** Validates the request, stores a QUEUED run and hands it to the worker pool. */
    public Run launch(RunRequest request) {
        Instant now = clock.instant();
        ValidatedLaunch launch = validator.validate(request, now);
        List<RunStep> steps = new ArrayList<>();
        for (int i = 0; i < launch.assets().size(); i++) {
            steps.add(RunStep.queued(i, launch.assets().get(i)));
        }
        Run run = new Run(RunIds.next(now), RunStatus.QUEUED, launch.mode(), launch.assets(), launch.keys(),
                launch.partitions(), launch.configByAsset().toString(), launch.reason(), launch.launchedBy(), now,
                null, null, 0, 0, 0, null, false, steps, RunKind.MATERIALIZE, null, null);
        Map<String, Object> scope = new LinkedHashMap<>();
        scope.put("mode", launch.mode().name());
        scope.put("keys", launch.keys());
        scope.put("partitions", launch.partitions());
        scope.put("config", launch.configByAsset().toString());
        store(run, () -> audit.record(AuditEvent.of(now, run.launchedBy(), AuditAction.RUN_LAUNCHED, run.id(), assets(run), run.reason(), scope)));
        executor.submit(run.id());
        return run;
    }

    /**
     * Stores runs and their audit event in one transaction; a busy partition is a conflict and stores nothing, or with
     * sluice.runs.busy-partition=queue the run waits for it.
     */
    void store(Run run, Runnable audit) {
        storeAll(List.of(run), audit);
    }

    /**
     * Queues many runs (a backfill) in one transaction together with {@code alsoStore}; a busy partition is a
     * conflict and stores nothing. The dispatcher starts them within the concurrency limits.
     */
    public void enqueue(List<Run> runs, Runnable alsoStore) {
        enqueue(runs, Map.of(), alsoStore);
    }

    /** Stores and queues runs of which some wait for others ({@code afterByRun}: run id to the ids it waits for), in one transaction. */
    public void enqueue(List<Run> runs, Map<String, List<String>> afterByRun, Runnable alsoStore) {
        storeAll(runs, afterByRun, alsoStore);
        executor.refresh();
    }

    void storeAll(List<Run> runs, Runnable audit) {
        storeAll(runs, Map.of(), audit);
    }

    private void storeAll(List<Run> runs, Map<String, List<String>> afterByRun, Runnable audit) {
        // With busy-partition=queue, a launch that lost a race for a partition to one committed at the same instant
        // (the reservation's primary key refused it, nothing of it stored) is tried once more: it then sees the
        // other run and queues behind it instead of being refused.
        for (int attempt = 1; ; attempt++) {
            try {
                QuarkusTransaction.requiringNew().run(() -> {
                    audit.run();
                    store.createAll(runs, queueBehindBusy);
                    if (!afterByRun.isEmpty()) {
                        store.addDependencies(afterByRun);
                    }
                });
                return;
            } catch (PartitionBusy e) {
                throw RequestRejected.conflict("partitions", e.getMessage());
            } catch (RuntimeException e) {
                if (!e.getClass().getName().contains("ConstraintViolation") && !String.valueOf(e.getCause()).contains("ConstraintViolation")) {
                    throw e;
                }
                if (!queueBehindBusy || attempt == 2) {
                    throw RequestRejected.conflict("partitions", "an asset partition of this launch was just launched by another request");
                }
            }
        }
    }

    /**
     * Stores and starts a run that restores an asset's table (or one partition) to an earlier state.
     * Refused with nothing stored when the asset has no table, no reason is given, the run is unknown or did not
     * write it, or a snapshot or the removed rows it needs are no longer kept.
     */
    public Run rollback(AssetKey asset, RollbackTarget target, Optional<String> partition, String reason, String actor) {
        Asset<?> declared = catalog.find(asset).orElseThrow(() -> RequestRejected.notFound("asset", "unknown asset '" + asset + "'"));
        TableSpec table = declared.spec().table().orElseThrow(() -> RequestRejected.invalid("asset",
                "asset " + asset + " declares no table that Sluice writes, so there is nothing to roll back"));
        target.run().ifPresent(id -> store.find(id).orElseThrow(() -> RequestRejected.notFound("toRun", "no run with id '" + id + "'")));
        Instant now = clock.instant();
        target.systemTime().filter(t -> t.isAfter(now)).ifPresent(t -> {
            throw RequestRejected.invalid("toSystemTime", "toSystemTime " + t + " is in the future; give a time at or before now");
        });
        partition.ifPresent(p -> {
            io.sluice.text.Text.keyProblem("partition", p).ifPresent(problem -> {
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
            throw RequestRejected.invalid("reason", "a rollback needs a reason: say why the table goes back to " + target
                    + " (it is kept with the run and in the audit log)");
        }
        LaunchValidator.requireReason(reason);
        Actors.require("launchedBy", actor);
        if (partition.isPresent() && table.mode() instanceof io.sluice.catalog.WriteMode.Upsert) {
            throw RequestRejected.invalid("partition", "an UPSERT table keeps snapshots of the whole table, not of partitions; omit "
                    + "'partition' to roll back the whole table");
        }
        if (partition.isPresent() && table.mode() instanceof io.sluice.catalog.WriteMode.Bitemporal
                && io.sluice.catalog.BusinessDates.ofPartition(declared.spec().partitions(), partition.get(), now).isEmpty()) {
            throw RequestRejected.invalid("partition", "a bi-temporal table rolls back a partition by the business dates it covers, and the "
                    + "partitions of " + asset + " (" + declared.spec().partitions().describe() + ") are not whole days; omit 'partition' "
                    + "to roll back the whole table");
        }
        lake.rollbackProblem(table, target, partition).ifPresent(problem -> {
            throw RequestRejected.conflict(target.run().isPresent() ? "toRun" : "toSystemTime", problem);
        });
        String by = Actors.name(actor);
        Run run = new Run(RunIds.next(now), RunStatus.QUEUED, MaterializationMode.FULL_REFRESH, List.of(asset), List.of(),
                partition.map(List::of).orElse(List.of()), "{}", reason, by, now, null, null, 0, 0, 0, null, false,
                List.of(RunStep.queued(0, asset)), RunKind.ROLLBACK, target.encode(), null);
        Map<String, Object> scope = new LinkedHashMap<>();
        scope.put("rollbackTo", target.encode());
        scope.put("table", table.name());
        partition.ifPresent(p -> scope.put("partition", p));
        store(run, () -> audit.record(AuditEvent.of(now, by, AuditAction.RUN_LAUNCHED, run.id(), asset.toString(), reason, scope)));
        executor.submit(run.id());
        return run;
    }

    /**
     * Cancels a queued run, or asks a started one to stop: the lake statement it runs is interrupted within about a
     * second (by the process that executes it, which reads the flag), and it stops between batches otherwise.
     */
    public Run cancel(String id, String actor, String reason) {
        LaunchValidator.requireReason(reason);
        Actors.require("launchedBy", actor);
        Run run = get(id);
        if (run.status().isTerminal()) {
            throw RequestRejected.conflict("status", "run " + id + " already ended " + run.status());
        }
        Instant now = clock.instant();
        QuarkusTransaction.requiringNew().run(() -> {
            // the store decides under the row's lock: of two cancels at once, one changes the run and is audited
            if (store.cancel(id, now) == RunStore.CancelOutcome.UNCHANGED) {
                Run latest = get(id);
                throw RequestRejected.conflict("status", latest.status().isTerminal() ? "run " + id + " already ended " + latest.status()
                        : "run " + id + " is already asked to stop");
            }
            audit.record(AuditEvent.of(now, Actors.name(actor), AuditAction.RUN_CANCEL_REQUESTED,
                    id, assets(run), reason, Map.of("statusWhenRequested", run.status().name())));
        });
        cancels.wake();
        return get(id);
    }

    /** Stops now, rather than at the next read of the flags, the lake work of started runs whose cancel was just stored (a backfill's). */
    public void stopCanceledRuns() {
        cancels.wake();
    }

    public Run get(String id) {
        return store.find(id).orElseThrow(() -> RequestRejected.notFound("id", "no run with id '" + id + "'"));
    }

    public List<Run> list(RunQuery query) {
        return store.list(query);
    }

    public List<LogLine> logs(String id, long afterId, int limit) {
        get(id);
        return store.logs(id, afterId, limit);
    }

    public List<RecordedCheck> checks(String id) {
        get(id);
        return store.checks(id);
    }

    /** What the run page shows of a run's checks: at most {@code limit}, failures first, and how many there are of each outcome. */
    public CheckPage checkPage(String id, int limit) {
        return new CheckPage(store.checksFailuresFirst(id, limit), store.checkCounts(id));
    }

    /** A page of a run's check results and the counts of all of them. */
    public record CheckPage(List<RecordedCheck> shown, RunStore.CheckCounts counts) {
    }

    public List<Materialization> materializations(String id) {
        return store.materializations(id);
    }

    private static String assets(Run run) {
        return run.assets().stream().map(AssetKey::toString).collect(Collectors.joining(","));
    }
}
