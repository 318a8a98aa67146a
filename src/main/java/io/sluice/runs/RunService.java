package io.sluice.runs;

import io.quarkus.narayana.jta.QuarkusTransaction;
import io.sluice.audit.AuditAction;
import io.sluice.audit.AuditEvent;
import io.sluice.audit.AuditLog;
import io.sluice.catalog.AssetKey;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Collectors;

/** Launching, cancelling and reading runs: what the REST API, the web UI and (later) schedules call. */
@ApplicationScoped
public class RunService {

    private final LaunchValidator validator;
    private final RunStore store;
    private final AuditLog audit;
    private final RunExecutor executor;
    private final InstantSource clock;

    RunService(LaunchValidator validator, RunStore store, AuditLog audit, RunExecutor executor, InstantSource clock) {
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
        Run run = new Run(UUID.randomUUID().toString(), RunStatus.QUEUED, launch.mode(), launch.assets(), launch.keys(),
                launch.partitions(), launch.configByAsset().toString(), launch.reason(), launch.launchedBy(), now,
                null, null, 0, 0, 0, null, false, steps);
        Map<String, Object> scope = new LinkedHashMap<>();
        scope.put("mode", launch.mode().name());
        scope.put("keys", launch.keys());
        scope.put("partitions", launch.partitions());
        scope.put("config", launch.configByAsset().toString());
        QuarkusTransaction.requiringNew().run(() -> {
            store.create(run);
            audit.record(AuditEvent.of(now, run.launchedBy(), AuditAction.RUN_LAUNCHED, run.id(), assets(run), run.reason(), scope));
        });
        executor.submit(run.id());
        return run;
    }

    /** Cancels a queued run, or asks a started one to stop between batches. */
    public Run cancel(String id, String actor, String reason) {
        Run run = get(id);
        if (run.status().isTerminal()) {
            throw RequestRejected.conflict("status", "run " + id + " already ended " + run.status());
        }
        Instant now = clock.instant();
        QuarkusTransaction.requiringNew().run(() -> {
            store.cancel(id, now);
            audit.record(AuditEvent.of(now, actor == null || actor.isBlank() ? "anonymous" : actor, AuditAction.RUN_CANCEL_REQUESTED,
                    id, assets(run), reason, Map.of("statusWhenRequested", run.status().name())));
        });
        return get(id);
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

    public List<Materialization> materializations(String id) {
        return store.materializations(id);
    }

    private static String assets(Run run) {
        return run.assets().stream().map(AssetKey::toString).collect(Collectors.joining(","));
    }
}
