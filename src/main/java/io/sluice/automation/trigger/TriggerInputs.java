package io.sluice.automation.trigger;

import io.sluice.automation.AssetPartition;
import io.sluice.automation.MaterializationEvent;
import io.sluice.automation.TriggerGraph;
import io.sluice.automation.TriggerInput;
import io.sluice.catalog.AssetKey;
import io.sluice.lake.AssetCheck;
import io.sluice.partitions.PartitionKeyRange;
import io.sluice.runs.AssetState;
import io.sluice.runs.Materialization;
import io.sluice.runs.RecordedCheck;
import io.sluice.runs.RunEventLog;
import io.sluice.runs.SequencedMaterialization;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Reads what one trigger evaluation looks at from the metadata store: the materialization events after the cursor (at
 * most a page), the blocking checks that failed in the latest checked run of each upstream of an automated asset, the
 * partitions queued or started runs hold (an unpartitioned asset's, or a run over all of an asset: the whole asset),
 * and what is materialized (read lazily, per asset the evaluator asks about).
 */
@ApplicationScoped
public class TriggerInputs {

    /** How a run that wrote several partitions at once names them in its event: {@code first...last}. */
    private static final String RANGE = "...";

    private final RunEventLog events;
    private final AssetState assets;

    public TriggerInputs(RunEventLog events, AssetState assets) {
        this.events = events;
        this.assets = assets;
    }

    /**
     * The events after {@code sequence}, at most {@code limit} stored ones; an event of a run that wrote a range of
     * partitions at once ({@code first...last}) stands for each partition of the range.
     */
    public List<MaterializationEvent> eventsAfter(TriggerGraph graph, long sequence, int limit, Instant now) {
        List<MaterializationEvent> out = new ArrayList<>();
        for (SequencedMaterialization stored : events.materializationsAfter(sequence, limit)) {
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
                        event.sequence(), event.asset(), Optional.of(k), event.runId(), event.at()));
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

    public TriggerInput input(TriggerGraph graph, List<MaterializationEvent> batch, Instant now) {
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
                batch, new StoredState(assets, events, StoredState.byAsset(failed)), failed, active, now);
    }

    private static MaterializationEvent event(SequencedMaterialization stored) {
        Materialization m = stored.materialization();
        return new MaterializationEvent(stored.id(), m.asset(), Optional.ofNullable(m.partition()), m.runId(), m.ts());
    }
}
