package io.sluice.backfill;

import io.quarkus.narayana.jta.QuarkusTransaction;
import io.sluice.audit.AuditAction;
import io.sluice.audit.AuditEvent;
import io.sluice.audit.AuditLog;
import io.sluice.runs.Actors;
import io.sluice.runs.RequestRejected;
import io.sluice.runs.RunQueue;
import io.sluice.runs.RunService;
import io.sluice.runs.RunSignals;
import io.sluice.runs.launch.LaunchValidator;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.time.InstantSource;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Steering a backfill: pause, resume and cancel, each with a reason, audited, refused from a status it cannot leave. */
@ApplicationScoped
public class BackfillSteering {

    private final BackfillService backfills;
    private final BackfillStore store;
    private final RunService runs;
    private final RunQueue queue;
    private final AuditLog audit;
    private final InstantSource clock;
    private final RunSignals signals;

    BackfillSteering(
            BackfillService backfills,
            BackfillStore store,
            RunService runs,
            RunQueue queue,
            AuditLog audit,
            InstantSource clock,
            RunSignals signals) {
        this.signals = signals;
        this.backfills = backfills;
        this.store = store;
        this.runs = runs;
        this.queue = queue;
        this.audit = audit;
        this.clock = clock;
    }

    /** Pauses a running backfill: the status and its audit event in one transaction, both or neither. */
    public Backfill pause(String id, String actor, String reason) {
        Backfill b = QuarkusTransaction.requiringNew()
                .call(() -> steer(
                        id,
                        EnumSet.of(BackfillStatus.RUNNING),
                        BackfillStatus.PAUSED,
                        AuditAction.BACKFILL_PAUSED,
                        actor,
                        reason));
        runs.dispatchSoon();
        return b;
    }

    /** Resumes a paused backfill, as {@link #pause} does. */
    public Backfill resume(String id, String actor, String reason) {
        Backfill b = QuarkusTransaction.requiringNew().call(() -> {
            Backfill resumed = steer(
                    id,
                    EnumSet.of(BackfillStatus.PAUSED),
                    BackfillStatus.RUNNING,
                    AuditAction.BACKFILL_RESUMED,
                    actor,
                    reason);
            // the other nodes' dispatchers read its queued runs again (they skipped them while it was paused)
            signals.queued(List.of(resumed.id()));
            return resumed;
        });
        runs.dispatchSoon();
        return b;
    }

    /** Cancels the backfill and its queued runs in one transaction: both, or neither (a conflict or a failure changes nothing). */
    public Backfill cancel(String id, String actor, String reason) {
        Backfill b = QuarkusTransaction.requiringNew().call(() -> {
            Backfill steered = steer(
                    id,
                    EnumSet.of(BackfillStatus.RUNNING, BackfillStatus.PAUSED),
                    BackfillStatus.CANCELED,
                    AuditAction.BACKFILL_CANCELED,
                    actor,
                    reason);
            queue.cancelGroup(steered.id(), steered.endedAt());
            return steered;
        });
        runs.dispatchSoon();
        runs.stopCanceledRuns();
        return b;
    }

    private Backfill steer(
            String id, Set<BackfillStatus> from, BackfillStatus to, AuditAction action, String actor, String reason) {
        LaunchValidator.requireReason(reason);
        Backfill b = backfills.get(id);
        id = b.id(); // a short id, resolved
        Instant now = clock.instant();
        if (!store.transition(id, from, to, now)) {
            throw RequestRejected.conflict(
                    "status",
                    "backfill " + id + " is " + backfills.get(id).status() + "; it can only become " + to + " from "
                            + from);
        }
        audit.record(AuditEvent.of(
                        now,
                        Actors.name(actor),
                        action,
                        null,
                        BackfillService.assetList(b.assets()),
                        reason,
                        Map.of("from", b.status().name(), "to", to.name()))
                .withBackfill(id));
        return backfills.get(id);
    }
}
