package io.sluice.automation.trigger;

import io.sluice.automation.AssetPartition;
import io.sluice.automation.MaterializedState;
import io.sluice.catalog.AssetKey;
import io.sluice.partitions.IndexRanges;
import io.sluice.partitions.PartitionSpace;
import io.sluice.partitions.PartitionSubset;
import io.sluice.runs.AssetState;
import io.sluice.runs.Materialization;
import io.sluice.runs.RunEventLog;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;

/**
 * What is materialized, read from the metadata store once per asset per evaluation: the partitions whose latest outcome
 * is MATERIALIZED (plus those whose latest run failed a blocking check after an earlier success, so that a hold names
 * the check rather than a missing partition), and the asset's newest materialization event.
 */
final class StoredState implements MaterializedState {

    private final AssetState assets;
    private final RunEventLog events;
    private final Map<AssetKey, Set<String>> failedChecks;
    private final Map<AssetKey, Map<String, Instant>> materializedAt = new HashMap<>();
    private final Map<AssetKey, Optional<Instant>> last = new HashMap<>();

    StoredState(AssetState assets, RunEventLog events, Map<AssetKey, Set<String>> failedChecks) {
        this.assets = assets;
        this.events = events;
        this.failedChecks = failedChecks;
    }

    @Override
    public PartitionSubset materialized(AssetKey asset, PartitionSpace space) {
        IndexRanges.Builder in = IndexRanges.builder();
        for (String key : at(asset).keySet()) {
            OptionalLong index = space.indexOf(key);
            index.ifPresent(in::add);
        }
        Map<String, String> outcomes = failedChecks.containsKey(asset) ? assets.partitionOutcomes(asset) : Map.of();
        for (String key : failedChecks.getOrDefault(asset, Set.of())) {
            if (outcomes.containsKey(key)) {
                space.indexOf(key).ifPresent(in::add);
            }
        }
        return space.subset(in.build());
    }

    @Override
    public Optional<Instant> lastMaterialized(AssetKey asset) {
        return last.computeIfAbsent(asset, a -> events.lastMaterialization(a).map(Materialization::ts));
    }

    private Map<String, Instant> at(AssetKey asset) {
        return materializedAt.computeIfAbsent(asset, assets::materializedAt);
    }

    /** The partition keys of failed blocking checks, by asset ({@code ""} for the whole asset). */
    static Map<AssetKey, Set<String>> byAsset(Set<AssetPartition> failed) {
        Map<AssetKey, Set<String>> out = new HashMap<>();
        failed.forEach(p -> out.computeIfAbsent(p.asset(), k -> new java.util.HashSet<>())
                .add(p.partition().orElse("")));
        return out;
    }
}
