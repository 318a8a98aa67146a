package io.sluice.runs;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.sluice.audit.AuditAction;
import io.sluice.audit.AuditEvent;
import io.sluice.audit.AuditLog;
import io.sluice.catalog.AssetCatalog;
import io.sluice.catalog.AssetKey;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/** Executes one claimed run: its asset steps in dependency order, skipping those whose upstream did not succeed. */
@ApplicationScoped
class RunWorker {

    private final RunStore store;
    private final StepRunner steps;
    private final AssetCatalog catalog;
    private final AuditLog audit;
    private final RunMetrics metrics;
    private final InstantSource clock;
    private final ObjectMapper mapper;

    RunWorker(RunStore store, StepRunner steps, AssetCatalog catalog, AuditLog audit, RunMetrics metrics,
              InstantSource clock, ObjectMapper mapper) {
        this.store = store;
        this.steps = steps;
        this.catalog = catalog;
        this.audit = audit;
        this.metrics = metrics;
        this.clock = clock;
        this.mapper = mapper;
    }

    /**
     * Claims and executes a run; empty if another worker or a cancel got to it first. Writes are grouped: one
     * transaction to claim and start, one per step end, one to finish.
     */
    Optional<RunStatus> execute(String runId) {
        Instant started = clock.instant();
        StoredRunLogger log = new StoredRunLogger(store, clock, runId, null);
        Run run = QuarkusTransaction.requiringNew().call(() -> {
            if (!store.claim(runId, started)) {
                return null;
            }
            Run claimed = store.find(runId).orElseThrow();
            log.info((claimed.kind() == RunKind.ROLLBACK ? "started rollback of " + claimed.assets().get(0) + " to " + claimed.rollbackTo()
                    : "started " + claimed.mode() + " of " + claimed.assets().size() + " asset(s)")
                    + (claimed.reason() == null ? "" : ": " + claimed.reason()));
            return claimed;
        });
        if (run == null) {
            return Optional.empty();
        }
        JsonNode configs = configs(run);
        Map<AssetKey, RunStatus> outcomes = new HashMap<>();
        long keys = 0;
        long batches = 0;
        long rows = 0;
        String error = null;
        for (RunStep step : run.steps()) {
            Instant stepStart = clock.instant();
            Optional<StepOutcome> blocked = decide(run, step, outcomes);
            StepOutcome outcome = blocked.orElseGet(() -> {
                store.updateStep(runId, new RunStep(step.index(), step.asset(), RunStatus.STARTED, stepStart, null, 0, 0, 0, null));
                return steps.run(run, step.asset(), configs.get(step.asset().toString()));
            });
            Instant stepEnd = clock.instant();
            QuarkusTransaction.requiringNew().run(() -> {
                store.updateStep(runId, new RunStep(step.index(), step.asset(), outcome.status(), blocked.isPresent() ? null : stepStart,
                        stepEnd, outcome.keyCount(), outcome.batchCount(), outcome.rowsWritten(), outcome.error()));
                recordPartitions(run, step.asset(), outcome.status(), stepEnd);
            });
            metrics.stepFinished(step.asset().toString(), outcome.status(), Duration.between(stepStart, stepEnd));
            outcomes.put(step.asset(), outcome.status());
            keys += outcome.keyCount();
            batches += outcome.batchCount();
            rows += outcome.rowsWritten();
            if (error == null && outcome.error() != null) {
                error = step.asset() + ": " + outcome.error();
            }
        }
        RunStatus status = overall(outcomes);
        Instant ended = clock.instant();
        long totalKeys = keys;
        long totalBatches = batches;
        long totalRows = rows;
        String firstError = error;
        QuarkusTransaction.requiringNew().run(() -> {
            store.finish(runId, status, ended, totalKeys, totalBatches, totalRows, firstError);
            log.info("finished " + status + ": " + totalKeys + " keys, " + totalBatches + " batches, " + totalRows + " rows written");
            audit.record(AuditEvent.of(ended, "sluice", AuditAction.RUN_FINISHED, runId,
                    String.join(",", run.assets().stream().map(AssetKey::toString).toList()), null,
                    Map.of("status", status.name(), "keys", totalKeys, "batches", totalBatches, "rowsWritten", totalRows))
                    .withBackfill(run.backfillId()));
        });
        metrics.runFinished(status, Duration.between(started, ended));
        return Optional.of(status);
    }

    /** Keeps partition status current: the run's partitions of a partitioned asset are materialized or failed. */
    private void recordPartitions(Run run, AssetKey asset, RunStatus status, Instant now) {
        boolean partitioned = catalog.find(asset).map(a -> a.spec().partitions().isPartitioned()).orElse(false);
        if (!partitioned || run.partitions().isEmpty() || run.kind() == RunKind.ROLLBACK) {
            return;
        }
        if (status == RunStatus.SUCCESS) {
            store.recordPartitionOutcome(asset, run.partitions(), PartitionState.MATERIALIZED.name(), run.id(), now);
        } else if (status == RunStatus.FAILURE) {
            store.recordPartitionOutcome(asset, run.partitions(), PartitionState.FAILED.name(), run.id(), now);
        }
    }

    /** A step that must not run: canceled, or skipped because an upstream step in this run did not succeed. */
    private Optional<StepOutcome> decide(Run run, RunStep step, Map<AssetKey, RunStatus> outcomes) {
        if (store.isCancelRequested(run.id())) {
            return Optional.of(StepOutcome.of(RunStatus.CANCELED));
        }
        Optional<AssetKey> blocking = catalog.graph().upstreamOf(step.asset()).stream()
                .filter(outcomes::containsKey).filter(up -> !outcomes.get(up).letsDownstreamRun()).sorted().findFirst();
        if (blocking.isPresent()) {
            String why = "skipped: upstream " + blocking.get() + " ended " + outcomes.get(blocking.get());
            new StoredRunLogger(store, clock, run.id(), step.asset()).warn(why);
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
