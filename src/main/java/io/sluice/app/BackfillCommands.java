package io.sluice.app;

import io.sluice.backfill.Backfill;
import io.sluice.backfill.BackfillPlan;
import io.sluice.backfill.BackfillRequest;
import io.sluice.backfill.BackfillService;
import io.sluice.backfill.BackfillSteering;
import io.sluice.identity.Action;
import io.sluice.identity.Caller;
import jakarta.enterprise.context.ApplicationScoped;

/** Launching, planning, pausing, resuming, canceling and retrying backfills, as the caller. */
@ApplicationScoped
public class BackfillCommands {

    private final BackfillService backfills;
    private final BackfillSteering steering;

    public BackfillCommands(BackfillService backfills, BackfillSteering steering) {
        this.backfills = backfills;
        this.steering = steering;
    }

    /** Launches the backfill (whatever the request says of dryRun and its launcher): the caller launches it. */
    public BackfillService.Launch launch(Caller caller, BackfillRequest request) {
        caller.require(Action.LAUNCH, Touched.named(request.assets()));
        return backfills.launch(by(caller, request, false));
    }

    /** The runs the backfill would launch, in order, checked as a launch is; nothing is stored. A read. */
    public BackfillPlan preview(Caller caller, BackfillRequest request) {
        caller.require(Action.READ);
        return backfills.launch(by(caller, request, true)).plan();
    }

    public Backfill pause(Caller caller, String id, String reason) {
        return steering.pause(steered(caller, id), caller.name(), reason);
    }

    public Backfill resume(Caller caller, String id, String reason) {
        return steering.resume(steered(caller, id), caller.name(), reason);
    }

    public Backfill cancel(Caller caller, String id, String reason) {
        return steering.cancel(steered(caller, id), caller.name(), reason);
    }

    /** Launches a new backfill over the partitions of an ended one that failed or were canceled. */
    public BackfillService.Launch retryFailed(Caller caller, String id, String reason) {
        Backfill b = backfills.get(id);
        caller.require(Action.LAUNCH, Touched.keys(b.assets()));
        return backfills.retryFailed(b.id(), caller.name(), reason);
    }

    /** The whole id of the backfill, once the caller may steer what it materializes. */
    private String steered(Caller caller, String id) {
        Backfill b = backfills.get(id);
        caller.require(Action.STEER, Touched.keys(b.assets()));
        return b.id();
    }

    private static BackfillRequest by(Caller caller, BackfillRequest r, boolean dryRun) {
        return new BackfillRequest(
                r.assets(),
                r.ranges(),
                r.partitions(),
                r.failedAndMissingOnly(),
                r.mode(),
                r.keys(),
                r.config(),
                r.reason(),
                r.partitionsPerRun(),
                r.singleRun(),
                r.order(),
                r.maxConcurrent(),
                dryRun,
                caller.name(),
                r.tags());
    }
}
