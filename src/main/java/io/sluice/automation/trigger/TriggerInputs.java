package io.sluice.automation.trigger;

import io.sluice.automation.AssetPartition;
import io.sluice.automation.MaterializationEvent;
import io.sluice.automation.TriggerGraph;
import io.sluice.automation.TriggerInput;
import io.sluice.catalog.AssetKey;
import io.sluice.lake.AssetCheck;
import io.sluice.runs.AssetState;
import io.sluice.runs.Materialization;
import io.sluice.runs.RecordedCheck;
import io.sluice.runs.RunEventLog;
import io.sluice.runs.SequencedMaterialization;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
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

    private final RunEventLog events;
    private final AssetState assets;

    public TriggerInputs(RunEventLog events, AssetState assets) {
        this.events = events;
        this.assets = assets;
    }

    public List<MaterializationEvent> eventsAfter(long sequence, int limit) {
        return events.materializationsAfter(sequence, limit).stream()
                .map(TriggerInputs::event)
                .toList();
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
