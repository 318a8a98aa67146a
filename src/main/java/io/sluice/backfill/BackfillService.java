package io.sluice.backfill;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.sluice.audit.AuditAction;
import io.sluice.audit.AuditEvent;
import io.sluice.audit.AuditLog;
import io.sluice.catalog.AssetCatalog;
import io.sluice.catalog.AssetKey;
import io.sluice.partitions.PartitionMapping;
import io.sluice.partitions.PartitionSpace;
import io.sluice.partitions.PartitionSubset;
import io.sluice.partitions.PartitionsDefinition;
import io.sluice.runs.AssetState;
import io.sluice.runs.RequestRejected;
import io.sluice.runs.Run;
import io.sluice.runs.RunHistory;
import io.sluice.runs.RunIds;
import io.sluice.runs.RunLimits;
import io.sluice.runs.RunQueue;
import io.sluice.runs.RunRequest;
import io.sluice.runs.RunService;
import io.sluice.runs.RunStatus;
import io.sluice.runs.Scope;
import io.sluice.runs.ShortIds;
import io.sluice.runs.launch.LaunchValidator;
import io.sluice.runs.launch.RunFactory;
import io.sluice.runs.launch.ValidatedLaunch;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;
import java.time.Instant;
import java.time.InstantSource;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/** Launching, steering and reading backfills: what the REST API calls. */
@ApplicationScoped
public class BackfillService {

    static final int MAX_RUNS = 200_000;

    private final AssetCatalog catalog;
    private final LaunchValidator validator;
    private final RunService runs;
    private final RunQueue queue;
    private final RunHistory history;
    private final AssetState assetState;
    private final BackfillStore store;
    private final BackfillRuns spans;
    private final BackfillStandings standings;
    private final AuditLog audit;
    private final RunLimits limits;
    private final RunFactory factory;
    private final InstantSource clock;
    private final ObjectMapper mapper;

    BackfillService(
            AssetCatalog catalog,
            LaunchValidator validator,
            RunService runs,
            RunQueue queue,
            RunHistory history,
            AssetState assetState,
            BackfillStore store,
            BackfillRuns spans,
            BackfillStandings standings,
            AuditLog audit,
            RunLimits limits,
            RunFactory factory,
            InstantSource clock,
            ObjectMapper mapper) {
        this.catalog = catalog;
        this.validator = validator;
        this.runs = runs;
        this.queue = queue;
        this.history = history;
        this.assetState = assetState;
        this.store = store;
        this.spans = spans;
        this.standings = standings;
        this.audit = audit;
        this.limits = limits;
        this.factory = factory;
        this.clock = clock;
        this.mapper = mapper;
    }

    /** A dry run's plan, or the launched backfill with its plan. */
    public record Launch(Optional<Backfill> backfill, BackfillPlan plan) {}

    public Launch launch(BackfillRequest request) {
        return launch(request, null);
    }

    private Launch launch(BackfillRequest request, String parentId) {
        Planned planned = plan(request, parentId);
        if (planned.persist() == null) {
            return new Launch(Optional.empty(), planned.plan());
        }
        // the backfill, its audit event and its runs in one transaction of its own: all, or (a 409 or 5xx) nothing
        for (int attempt = 1; ; attempt++) {
            try {
                QuarkusTransaction.requiringNew().run(planned.persist());
                break;
            } catch (RequestRejected e) {
                throw e;
            } catch (RuntimeException e) {
                runs.retryLostRace(e, attempt);
            }
        }
        runs.dispatchSoon();
        return new Launch(Optional.of(planned.backfill()), planned.plan());
    }

    /**
     * Validates and plans the backfill and stores it, its audit event and its runs in the caller's transaction, so that
     * a launcher that stores its own rows with the launch (a schedule's cursor, a sensor's tick) commits all or
     * nothing; a dry run is refused. The caller calls {@link RunService#dispatchSoon()} once it committed.
     */
    @Transactional(Transactional.TxType.MANDATORY)
    public Backfill launchInCurrentTransaction(BackfillRequest request) {
        if (request.dryRun()) {
            throw new IllegalArgumentException("a dry run stores nothing: call launch(request)");
        }
        Planned planned = plan(request, null);
        planned.persist().run();
        return planned.backfill();
    }

    /** A validated plan, and for a real launch the backfill and the work that stores it (null for a dry run). */
    private record Planned(BackfillPlan plan, Backfill backfill, Runnable persist) {}

    private Planned plan(BackfillRequest request, String parentId) {
        Instant now = clock.instant();
        List<AssetKey> assets = catalog.graph().inDependencyOrder(validator.assets(request.assets()));
        List<BackfillPlanner.Selected> selected = selected(assets);
        PartitionsDefinition definition = selected.stream()
                .map(BackfillPlanner.Selected::partitions)
                .filter(PartitionsDefinition::isPartitioned)
                .findFirst()
                .orElseThrow(() -> RequestRejected.invalid(
                        "assets", "none of the selected assets is partitioned; " + "launch them with POST /api/runs"));
        List<AssetKey> anchored = selected.stream()
                .filter(s -> s.partitions().equals(definition))
                .map(BackfillPlanner.Selected::key)
                .toList();
        PartitionSubset targets =
                BackfillTargets.of(request, anchored, definition.at(now), assetState::partitionOutcomes);
        ValidatedLaunch valid = validator.validateExceptPartitions(new RunRequest(
                request.assets(),
                request.mode(),
                request.keys(),
                List.of(),
                request.config(),
                request.reason(),
                request.launchedBy(),
                request.tags()));
        if (request.partitionsPerRun() < 1) {
            throw RequestRejected.invalid("partitionsPerRun", "partitionsPerRun must be >= 1");
        }
        if (request.maxConcurrent() < 0) {
            throw RequestRejected.invalid(
                    "maxConcurrent", "maxConcurrent must be >= 0 (0: no limit beyond the workers and pools)");
        }
        BackfillPlan plan;
        try {
            plan = BackfillPlanner.plan(
                    selected, targets, now, request.partitionsPerRun(), request.singleRun(), request.order());
        } catch (IllegalArgumentException e) {
            throw RequestRejected.invalid("assets", e.getMessage());
        }
        if (plan.runs().size() > MAX_RUNS) {
            throw RequestRejected.invalid(
                    "partitionsPerRun",
                    plan.runs().size() + " runs is more than " + MAX_RUNS + " per backfill; raise partitionsPerRun");
        }
        if (request.dryRun()) {
            return new Planned(plan, null, null);
        }
        String id = RunIds.next(now); // time-ordered, as run ids: backfills launched together sit together in indexes
        Backfill backfill = new Backfill(
                id,
                BackfillStatus.RUNNING,
                assets,
                request.mode(),
                json(request),
                request.reason(),
                request.launchedBy(),
                now,
                null,
                plan.partitionCount(),
                plan.runs().size(),
                request.maxConcurrent(),
                parentId,
                request.tags());
        List<Run> planned = new ArrayList<>(plan.runs().size());
        Map<String, List<String>> after = new HashMap<>();
        String config = valid.configByAsset().toString();
        for (PlannedRun p : plan.runs()) {
            Run run = factory.inGroup(valid, p.assets(), p.partitions(), id, BackfillTags.of(id), now);
            if (!p.after().isEmpty()) {
                after.put(
                        run.id(),
                        p.after().stream().map(s -> planned.get(s).id()).toList());
            }
            planned.add(run);
        }
        List<RunSpan> runSpans = RunSpans.of(plan, planned);
        Map<String, Object> scope = new LinkedHashMap<>();
        scope.put("mode", request.mode().name());
        scope.put(
                "partitions", targets.keyRanges().stream().map(Object::toString).toList());
        scope.put("partitionCount", plan.partitionCount());
        scope.put("runs", plan.runs().size());
        scope.put("config", config);
        parentIdDetail(scope, parentId);
        if (!request.tags().isEmpty()) {
            scope.put("tags", request.tags());
        }
        return new Planned(plan, backfill, () -> {
            store.create(backfill);
            if (request.maxConcurrent() > 0) {
                limits.set(Scope.GROUP, id, request.maxConcurrent(), now);
            }
            spans.create(id, runSpans);
            audit.record(AuditEvent.of(
                            now,
                            request.launchedBy(),
                            parentId == null ? AuditAction.BACKFILL_LAUNCHED : AuditAction.BACKFILL_RETRIED,
                            null,
                            assetList(assets),
                            request.reason(),
                            scope)
                    .withBackfill(id));
            runs.queue(planned, after);
        });
    }

    private static void parentIdDetail(Map<String, Object> scope, String parentId) {
        if (parentId != null) {
            scope.put("retryOf", parentId);
        }
    }

    /** The selected assets in dependency order, with their partitions and their upstream assets among the selection. */
    private List<BackfillPlanner.Selected> selected(List<AssetKey> assets) {
        Set<AssetKey> selection = Set.copyOf(assets);
        return assets.stream()
                .map(a -> new BackfillPlanner.Selected(
                        a,
                        catalog.find(a).orElseThrow().spec().partitions(),
                        catalog.graph().upstreamOf(a).stream()
                                .filter(selection::contains)
                                .collect(Collectors.toSet())))
                .toList();
    }

    /** The backfill with this id, or the one whose id ends with it (a short id, see {@link ShortIds}). */
    public Backfill get(String id) {
        return store.find(id)
                .or(() -> store.find(resolveId("id", id)))
                .orElseThrow(() -> RequestRejected.notFound("id", "no backfill with id '" + id + "'"));
    }

    /**
     * The whole id of the backfill that {@code typed} names: the id itself, or the one backfill id it is the end of;
     * refused as not found, or naming the candidates when several ids end with it.
     */
    public String resolveId(String field, String typed) {
        return ShortIds.resolve(field, "backfill", typed, store::idsEndingWith);
    }

    /** The most backfills one page lists. */
    public static final int MAX_LIST = 500;

    /** The newest {@code limit} backfills. */
    public List<Backfill> newest(int limit) {
        return list(BackfillFilter.NONE, Optional.empty(), limit);
    }

    /**
     * Where the backfill stands: its runs and partitions by status, rates and estimated end (its runs are read again
     * only when one of them moved: {@link BackfillStandings}).
     */
    public BackfillProgress progress(Backfill backfill) {
        BackfillRuns.Counts counts = standings.counts(backfill);
        return BackfillProgress.of(backfill, counts.runs(), counts.partitions(), clock.instant());
    }

    /** Launches a new backfill, linked to this one, over the partitions whose runs failed (or were canceled). */
    public Launch retryFailed(String typed, String actor, String reason) {
        Backfill b = get(typed);
        String id = b.id();
        if (!b.status().isTerminal()) {
            throw RequestRejected.conflict(
                    "status", "backfill " + id + " is " + b.status() + "; retry its failures once it has ended");
        }
        List<Backfill> retries = retriesOf(id);
        for (Backfill retry : retries) {
            if (!retry.status().isTerminal()) {
                throw RequestRejected.conflict(
                        "id",
                        "backfill " + id + " is being retried by backfill " + retry.id() + ", which is "
                                + retry.status() + "; retry what that one leaves once it has ended");
            }
        }
        List<String> failed = BackfillEnds.unfinished(history, id, EnumSet.of(RunStatus.FAILURE, RunStatus.CANCELED));
        if (!failed.isEmpty() && !retries.isEmpty()) {
            // partitions an earlier retry (or a retry of it) materialized are done: a second retry takes only what is
            // left
            Set<String> redone = new HashSet<>();
            retries.forEach(r -> redone.addAll(history.partitionsOfGroup(r.id(), EnumSet.of(RunStatus.SUCCESS))));
            failed = failed.stream().filter(p -> !redone.contains(p)).toList();
        }
        if (failed.isEmpty()) {
            throw RequestRejected.conflict(
                    "id",
                    "backfill " + id + " has no failed or canceled partitions to retry"
                            + (retries.isEmpty() ? "" : " that its retries did not materialize"));
        }
        BackfillRequest original;
        try {
            original = mapper.readValue(b.requestJson(), BackfillRequest.class);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("backfill " + id + " has an unreadable request", e);
        }
        BackfillRequest retry = new BackfillRequest(
                original.assets(),
                List.of(),
                anchorPartitions(b.assets(), failed),
                false,
                original.mode(),
                original.keys(),
                original.config(),
                reason == null ? "retry of failed partitions of " + id : reason,
                original.partitionsPerRun(),
                original.singleRun(),
                original.order(),
                original.maxConcurrent(),
                false,
                actor == null || actor.isBlank() ? original.launchedBy() : actor);
        return launch(retry, id);
    }

    /**
     * The partitions of the backfill's range (its first partitioned definition) that cover {@code keys}: a key of the range
     * is itself; a failed partition of a downstream asset partitioned otherwise maps to the range's partitions it reads,
     * so that its retry materializes them again first (idempotently) and then it.
     */
    private List<String> anchorPartitions(List<AssetKey> assets, List<String> keys) {
        Instant now = clock.instant();
        List<PartitionsDefinition> definitions = selected(catalog.graph().inDependencyOrder(assets)).stream()
                .map(BackfillPlanner.Selected::partitions)
                .filter(PartitionsDefinition::isPartitioned)
                .distinct()
                .toList();
        PartitionSpace anchor = definitions.get(0).at(now);
        PartitionSubset covering = anchor.empty();
        for (String key : keys) {
            if (anchor.indexOf(key).isPresent()) {
                covering = covering.union(anchor.subset(List.of(key)));
                continue;
            }
            for (PartitionsDefinition other : definitions.subList(1, definitions.size())) {
                PartitionSpace space = other.at(now);
                if (space.indexOf(key).isPresent()) {
                    covering = covering.union(PartitionMapping.defaultFor(definitions.get(0), other)
                            .upstreamOf(space.subset(List.of(key)), anchor)
                            .partitions());
                    break;
                }
            }
        }
        return new ArrayList<>(covering.keys());
    }

    /** The retries of {@code id}, and theirs, and so on. */
    private List<Backfill> retriesOf(String id) {
        List<Backfill> all = new ArrayList<>();
        Deque<String> pending = new ArrayDeque<>(List.of(id));
        while (!pending.isEmpty()) {
            for (Backfill retry : store.retriesOf(pending.pop())) {
                all.add(retry);
                pending.push(retry.id());
            }
        }
        return all;
    }

    private String json(BackfillRequest request) {
        try {
            return mapper.writeValueAsString(request);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    static String assetList(List<AssetKey> assets) {
        return assets.stream().map(AssetKey::toString).collect(Collectors.joining(","));
    }

    /**
     * A page of the backfills list, newest first (created, then id): at most {@code limit} backfills that {@code
     * filter} keeps, strictly after the keyset position {@code after} if given.
     */
    public List<Backfill> list(BackfillFilter filter, Optional<BackfillStore.Position> after, int limit) {
        if (limit < 1 || limit > MAX_LIST + 1) {
            throw RequestRejected.invalid("limit", "limit must be between 1 and " + MAX_LIST);
        }
        return store.page(filter.status(), after, limit);
    }
}
