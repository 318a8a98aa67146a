package io.sluice.app;

import io.sluice.identity.Action;
import io.sluice.identity.Caller;
import io.sluice.runs.Reexecution;
import io.sluice.runs.Run;
import io.sluice.runs.RunReexecutor;
import io.sluice.runs.RunRequest;
import io.sluice.runs.RunService;
import io.sluice.runs.launch.ValidatedLaunch;
import jakarta.enterprise.context.ApplicationScoped;

/** Launching, previewing, canceling and re-executing runs, as the caller. */
@ApplicationScoped
public class RunCommands {

    private final RunService runs;
    private final RunReexecutor reexecutor;

    public RunCommands(RunService runs, RunReexecutor reexecutor) {
        this.runs = runs;
        this.reexecutor = reexecutor;
    }

    /** Queues a run of the request, launched by the caller (whatever the request names as its launcher). */
    public Run launch(Caller caller, RunRequest request) {
        caller.require(Action.LAUNCH, Touched.named(request.assets()));
        return runs.launch(by(caller, request));
    }

    /** What a launch of the request would run, checked as a launch is; nothing is stored. A read. */
    public ValidatedLaunch preview(Caller caller, RunRequest request) {
        caller.require(Action.READ);
        return runs.preview(by(caller, request));
    }

    /** Cancels a queued run, or asks a started one to stop. */
    public Run cancel(Caller caller, String id, String reason) {
        Run run = runs.get(id);
        caller.require(Action.STEER, Touched.keys(run.assets()));
        return runs.cancel(run.id(), caller.name(), reason);
    }

    /**
     * Launches a new run of an ended run's request: every step ({@code ALL}), or the ones that did not succeed
     * ({@code FAILED}). The scope is read after the rights check, so a caller who may not launch learns only that.
     */
    public Run reexecute(Caller caller, String id, String scope, String reason) {
        Run run = runs.get(id);
        caller.require(Action.LAUNCH, Touched.keys(run.assets()));
        return reexecutor.reexecute(run.id(), Reexecution.Scope.parse(scope), caller.name(), reason);
    }

    private static RunRequest by(Caller caller, RunRequest r) {
        return new RunRequest(
                r.assets(),
                r.mode(),
                r.keys(),
                r.partitions(),
                r.ranges(),
                r.config(),
                r.reason(),
                caller.name(),
                r.tags());
    }
}
