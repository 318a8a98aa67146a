package io.sluice.automation.trigger;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sluice.automation.AssetPartition;
import io.sluice.automation.MaterializationEvent;
import io.sluice.automation.RunEnd;
import io.sluice.automation.TriggerCursor;
import io.sluice.automation.TriggerGraph;
import io.sluice.automation.TriggerInput;
import io.sluice.automation.TriggerPolicy;
import io.sluice.backfill.Backfill;
import io.sluice.backfill.BackfillRequest;
import io.sluice.backfill.BackfillStatus;
import io.sluice.backfill.BackfillStore;
import io.sluice.catalog.AssetCatalog;
import io.sluice.catalog.AssetKey;
import io.sluice.catalog.FreshnessPolicy;
import io.sluice.freshness.Freshness;
import io.sluice.freshness.FreshnessService;
import io.sluice.freshness.FreshnessState;
import io.sluice.freshness.PartitionFreshness;
import io.sluice.lake.AssetCheck;
import io.sluice.partitions.PartitionKeyRange;
import io.sluice.runs.AssetState;
import io.sluice.runs.Materialization;
import io.sluice.runs.RecordedCheck;
import io.sluice.runs.Run;
import io.sluice.runs.RunEventLog;
import io.sluice.runs.RunHistory;
import io.sluice.runs.RunQueue;
import io.sluice.runs.RunStatus;
import io.sluice.runs.SequencedMaterialization;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.jboss.logging.Logger;

/**
 * Reads what one trigger evaluation looks at from the metadata store: the materialization events after the cursor (at
 * most a page; each says whether it changed its table), the blocking checks that failed in the latest checked run of
 * each upstream of an automated asset, the partitions queued or started runs hold (an unpartitioned asset's, or a run
 * over all of an asset: the whole asset), how the runs the cursor follows ended, what freshness says is late or due soon
 * for each {@code on_late} asset (evaluated now from the store's materializations, not read from the recorded states,
 * which lag a run's end), and, read lazily per asset the evaluator asks about, what is materialized and what is in
 * progress upstream ({@link StoredActivity}).
 */
@ApplicationScoped
public class TriggerInputs {

    private static final Logger LOG = Logger.getLogger(TriggerInputs.class);

    /** How a run that wrote several partitions at once names them in its event: {@code first...last}. */
    private static final String RANGE = "...";

    private final RunEventLog events;
    private final AssetState assets;
    private final AssetCatalog catalog;
    private final RunHistory history;
    private final RunQueue queue;
    private final BackfillStore backfills;
    private final ObjectMapper mapper;
    private final FreshnessService freshness;
    private final Map<AssetKey, Boolean> hasTable = new ConcurrentHashMap<>();
    /** Requests of running backfills, read once each (a request never changes). */
    private final Map<String, Optional<BackfillRequest>> requests = new ConcurrentHashMap<>();

    public TriggerInputs(
            RunEventLog events,
            AssetState assets,
            AssetCatalog catalog,
            RunHistory history,
            RunQueue queue,
            BackfillStore backfills,
            ObjectMapper mapper,
            FreshnessService freshness) {
        this.events = events;
        this.assets = assets;
        this.catalog = catalog;
        this.history = history;
        this.queue = queue;
        this.backfills = backfills;
        this.mapper = mapper;
        this.freshness = freshness;
    }

    /**
     * The events of watched assets ({@link TriggerGraph#watched()}) after {@code sequence}, at most {@code limit} stored
     * ones (those of other assets are not read, and so never move the cursor); an event of a run that wrote a range of
     * partitions at once ({@code first...last}) stands for each partition of the range.
     */
    public List<MaterializationEvent> eventsAfter(TriggerGraph graph, long sequence, int limit, Instant now) {
        List<MaterializationEvent> out = new ArrayList<>();
        for (SequencedMaterialization stored : events.materializationsAfter(sequence, graph.watched(), limit)) {
            MaterializationEvent event = event(stored);
            Optional<String> key = event.partition();
            int dots = key.map(k -> k.indexOf(RANGE)).orElse(-1);
            if (dots < 0 || !graph.graph().contains(event.asset())) {
                out.add(event);
                continue;
            }
            PartitionKeyRange range = new PartitionKeyRange(
                    key.get().substring(0, dots), key.get().substring(dots + RANGE.length()));
            List<String> keys;
            try {
                keys = graph.partitions(event.asset()).at(now).subset(range).keys();
            } catch (IllegalArgumentException e) {
                keys = List.of(); // the range no longer exists (a dynamic key removed): nothing to follow
            }
            for (String k : keys) {
                out.add(new MaterializationEvent(
                        event.sequence(), event.asset(), Optional.of(k), event.runId(), event.at(), event.changed()));
            }
            if (keys.isEmpty()) {
                out.add(event); // keeps the sequence moving
            }
        }
        return out;
    }

    public long lastEventId() {
        return events.lastMaterializationId();
    }

    /**
     * The input of one evaluation from {@code cursor}: what {@link #eventsAfter} read, the store's state at
     * {@code now}, and how the runs the cursor follows ended.
     */
    public TriggerInput input(TriggerGraph graph, TriggerCursor cursor, List<MaterializationEvent> batch, Instant now) {
        Set<AssetKey> automated = new HashSet<>();
        Set<AssetKey> upstream = new HashSet<>();
        for (AssetKey asset : graph.graph().keys()) {
            if (graph.policy(asset).isPresent()) {
                automated.add(asset);
                upstream.addAll(graph.graph().upstreamOf(asset));
            }
        }
        Set<AssetPartition> failed = new HashSet<>();
        for (AssetKey asset : upstream) {
            for (RecordedCheck check : events.latestChecks(asset)) {
                if (!check.result().passed() && check.result().severity() == AssetCheck.Severity.ERROR) {
                    failed.add(new AssetPartition(asset, Optional.ofNullable(check.partition())));
                }
            }
        }
        Set<AssetPartition> active = new HashSet<>();
        for (AssetKey asset : automated) {
            for (String key : assets.activePartitions(asset)) {
                active.add(key.isEmpty() ? AssetPartition.whole(asset) : AssetPartition.of(asset, key));
            }
        }
        return new TriggerInput(
                batch,
                new StoredState(assets, events, StoredState.byAsset(failed)),
                failed,
                active,
                new StoredActivity(assets, new StoredBackfills()),
                ended(cursor, now),
                now,
                late(graph, now));
    }

    /**
     * What freshness says at {@code now} of each {@code on_late} asset: its partitions in WARNING or STALE under a
     * partition deadline, the whole asset when not FRESH under a maximum age. Evaluated live: a run that just made a
     * partition fresh is seen at once, so it is not launched again before the freshness loop records the change.
     */
    Set<AssetPartition> late(TriggerGraph graph, Instant now) {
        Set<AssetPartition> late = new HashSet<>();
        for (AssetKey asset : graph.graph().keys()) {
            if (!(graph.policy(asset).orElse(null) instanceof TriggerPolicy.OnLate)) {
                continue;
            }
            Optional<FreshnessPolicy> policy =
                    catalog.find(asset).flatMap(a -> a.spec().freshness());
            Optional<Freshness> found = freshness.evaluate(asset, now);
            if (policy.isPresent() && found.isPresent()) {
                late.addAll(late(asset, policy.get(), found.get()));
            }
        }
        return late;
    }

    /**
     * What {@code on_late} reads of one asset's freshness: under a partition deadline each partition WARNING or STALE,
     * under a maximum age the whole asset unless it is FRESH.
     */
    public static Set<AssetPartition> late(AssetKey asset, FreshnessPolicy policy, Freshness freshness) {
        if (policy instanceof FreshnessPolicy.MaxAge) {
            return freshness.state() == FreshnessState.FRESH ? Set.of() : Set.of(AssetPartition.whole(asset));
        }
        Set<AssetPartition> late = new HashSet<>();
        for (PartitionFreshness p : freshness.partitions()) {
            if (p.state() != FreshnessState.FRESH) {
                late.add(AssetPartition.of(asset, p.partition()));
            }
        }
        return late;
    }

    /** How the followed runs that have ended ended (one read by id each: an evaluation follows a few runs). */
    private Map<String, RunEnd> ended(TriggerCursor cursor, Instant now) {
        Map<String, RunEnd> ended = new HashMap<>();
        for (TriggerCursor.Followed followed : cursor.followed()) {
            Optional<Run> run = history.find(followed.runId());
            if (run.isEmpty()) {
                ended.put(followed.runId(), new RunEnd(RunEnd.Outcome.CANCELED, now)); // gone: nothing to follow
                continue;
            }
            RunStatus status = run.get().status();
            if (!status.isTerminal()) {
                continue;
            }
            Instant at = run.get().endedAt() == null ? now : run.get().endedAt();
            RunEnd.Outcome outcome = switch (status) {
                case SUCCESS -> RunEnd.Outcome.SUCCEEDED;
                case FAILURE -> RunEnd.Outcome.FAILED;
                default -> RunEnd.Outcome.CANCELED;
            };
            ended.put(followed.runId(), new RunEnd(outcome, at));
        }
        return ended;
    }

    /**
     * The event of a stored materialization. It changed nothing when the asset publishes a managed table and the write
     * inserted and removed no row (what {@code rowsWritten} counts for such an asset: the table reads as before); an
     * asset without a managed table writes where Sluice cannot see, so each of its materializations counts as a change.
     */
    private MaterializationEvent event(SequencedMaterialization stored) {
        Materialization m = stored.materialization();
        boolean changed = m.rowsWritten() > 0 || !hasTable(m.asset());
        return new MaterializationEvent(
                stored.id(), m.asset(), Optional.ofNullable(m.partition()), m.runId(), m.ts(), changed);
    }

    private boolean hasTable(AssetKey asset) {
        return hasTable.computeIfAbsent(
                asset,
                a -> catalog.find(a)
                        .map(found -> found.spec().table().isPresent())
                        .orElse(false));
    }

    /** The backfills as {@link StoredActivity} reads them, for one evaluation. */
    private final class StoredBackfills implements StoredActivity.Backfills {

        @Override
        public Collection<String> runningIds() {
            return Set.copyOf(backfills.idsWithStatus(EnumSet.of(BackfillStatus.RUNNING)));
        }

        @Override
        public List<Backfill> running() {
            List<Backfill> running = backfills.withStatus(BackfillStatus.RUNNING);
            Set<String> ids = new HashSet<>();
            running.forEach(b -> ids.add(b.id()));
            requests.keySet().retainAll(ids);
            return running;
        }

        @Override
        public Collection<String> paused() {
            return backfills.idsWithStatus(EnumSet.of(BackfillStatus.PAUSED));
        }

        @Override
        public boolean hasActiveRuns(String backfillId) {
            return queue.hasActiveRuns(backfillId);
        }

        @Override
        public Optional<BackfillRequest> request(Backfill backfill) {
            return requests.computeIfAbsent(backfill.id(), id -> {
                try {
                    return Optional.of(mapper.readValue(backfill.requestJson(), BackfillRequest.class));
                } catch (JsonProcessingException | RuntimeException e) {
                    LOG.debugf(
                            "the request of backfill %s is not readable (%s): it counts as targeting every partition",
                            id, e.getMessage());
                    return Optional.empty();
                }
            });
        }
    }
}
