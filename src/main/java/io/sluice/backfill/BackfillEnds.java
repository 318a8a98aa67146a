package io.sluice.backfill;

import io.quarkus.runtime.StartupEvent;
import io.sluice.audit.AuditAction;
import io.sluice.audit.AuditEvent;
import io.sluice.audit.AuditLog;
import io.sluice.identity.Caller;
import io.sluice.runs.RunFinished;
import io.sluice.runs.RunHistory;
import io.sluice.runs.RunLimits;
import io.sluice.runs.RunQueue;
import io.sluice.runs.RunStatus;
import io.sluice.runs.RunsEnded;
import io.sluice.runs.Scope;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.time.Instant;
import java.time.InstantSource;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/** How backfills end: as their runs end (COMPLETED or FAILED), and at start-up for those whose last run ended before a stop. */
@ApplicationScoped
class BackfillEnds {

    private final RunQueue queue;
    private final RunHistory history;
    private final BackfillStore store;
    private final AuditLog audit;
    private final RunLimits limits;
    private final InstantSource clock;

    BackfillEnds(
            RunQueue queue,
            RunHistory history,
            BackfillStore store,
            AuditLog audit,
            RunLimits limits,
            InstantSource clock) {
        this.queue = queue;
        this.history = history;
        this.store = store;
        this.audit = audit;
        this.limits = limits;
        this.clock = clock;
    }

    /** Partitions whose runs ended in one of {@code statuses} and that no later attempt materialized. */
    static List<String> unfinished(RunHistory history, String backfillId, Set<RunStatus> statuses) {
        List<String> ended = history.partitionsOfGroup(backfillId, statuses);
        if (ended.isEmpty()) {
            // the common end of a backfill: no run ended so, and the partitions of its (maybe many) successful runs
            // need not be read
            return List.of();
        }
        Set<String> succeeded = new HashSet<>(history.partitionsOfGroup(backfillId, EnumSet.of(RunStatus.SUCCESS)));
        return ended.stream().filter(p -> !succeeded.contains(p)).distinct().toList();
    }

    /** Runs that wait for a run that did not succeed would wait forever: they are canceled, and say why. */
    private void cancelDependents(String runId, String backfillId, RunStatus status) {
        Instant now = clock.instant();
        String why = "upstream run " + runId + " ended " + status;
        for (String canceled : queue.cancelDependents(runId, now, why)) {
            audit.record(AuditEvent.of(
                            now,
                            Caller.system().name(),
                            AuditAction.RUN_FINISHED,
                            canceled,
                            null,
                            why,
                            Map.of("status", RunStatus.CANCELED.name(), "after", runId))
                    .withBackfill(backfillId));
        }
    }

    /**
     * Cancels the runs waiting for runs that did not succeed, then ends a backfill when its last run has ended:
     * COMPLETED, or FAILED if any run failed. One index probe per backfill and group of runs.
     */
    void onRunsEnded(@Observes RunsEnded event) {
        for (RunFinished run : event.runs()) {
            if (run.group() != null && run.status() != RunStatus.SUCCESS) {
                cancelDependents(run.runId(), run.group(), run.status());
            }
        }
        event.groups().forEach(this::endIfDone);
    }

    private void endIfDone(String backfillId) {
        if (queue.hasActiveRuns(backfillId)) {
            return;
        }
        // no run of it is queued or started: its limit caps nothing any more (a canceled backfill's too)
        limits.remove(Scope.GROUP, backfillId);
        Map<RunStatus, Long> counts = history.countByStatus(backfillId);
        List<String> failedPartitions = unfinished(history, backfillId, EnumSet.of(RunStatus.FAILURE));
        BackfillStatus end = failedPartitions.isEmpty() ? BackfillStatus.COMPLETED : BackfillStatus.FAILED;
        Instant now = clock.instant();
        if (store.transition(backfillId, EnumSet.of(BackfillStatus.RUNNING, BackfillStatus.PAUSED), end, now)) {
            Backfill b = store.find(backfillId).orElseThrow();
            Map<String, Object> outcome = new LinkedHashMap<>();
            counts.forEach((status, n) -> outcome.put(status.name().toLowerCase(Locale.ROOT), n));
            if (!failedPartitions.isEmpty()) {
                outcome.put("failedPartitions", failedPartitions);
            }
            audit.record(AuditEvent.of(
                            now,
                            Caller.system().name(),
                            AuditAction.BACKFILL_FINISHED,
                            null,
                            BackfillService.assetList(b.assets()),
                            null,
                            outcome)
                    .withBackfill(b.id()));
        }
    }

    /** A backfill whose last run's end was stored just before the process stopped ends now. */
    void onStart(@Observes StartupEvent event) {
        for (BackfillStatus status : List.of(BackfillStatus.RUNNING, BackfillStatus.PAUSED)) {
            for (Backfill b : store.withStatus(status)) {
                endIfDone(b.id());
            }
        }
    }
}
