package io.sluice.automation;

import io.sluice.catalog.AssetKey;
import io.sluice.partitions.IndexRanges;
import io.sluice.partitions.PartitionSpace;
import io.sluice.partitions.PartitionSubset;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** The materialized partitions of a test, with the event log they came from. */
final class FakeState implements MaterializedState {

    private final Map<AssetKey, Set<String>> partitions = new HashMap<>();
    private final Map<AssetKey, Instant> last = new HashMap<>();
    private final Map<AssetKey, Map<String, Instant>> at = new HashMap<>();
    private final List<MaterializationEvent> log = new ArrayList<>();

    /** Records a materialization and returns its event. */
    MaterializationEvent materialize(AssetKey asset, String partition, Instant at) {
        return materialize(asset, partition, at, "run-" + (log.size() + 1));
    }

    /** Records a materialization by run {@code runId} and returns its event. */
    MaterializationEvent materialize(AssetKey asset, String partition, Instant at, String runId) {
        return materialize(asset, partition, at, runId, true);
    }

    /** Records a materialization that published its table without changing a row. */
    MaterializationEvent unchanged(AssetKey asset, String partition, Instant at) {
        return materialize(asset, partition, at, "run-" + (log.size() + 1), false);
    }

    private MaterializationEvent materialize(
            AssetKey asset, String partition, Instant at, String runId, boolean changed) {
        if (partition != null) {
            partitions.computeIfAbsent(asset, k -> new HashSet<>()).add(partition);
            this.at.computeIfAbsent(asset, k -> new HashMap<>()).put(partition, at);
        }
        last.merge(asset, at, (a, b) -> a.isAfter(b) ? a : b);
        MaterializationEvent event =
                new MaterializationEvent(log.size() + 1, asset, Optional.ofNullable(partition), runId, at, changed);
        log.add(event);
        return event;
    }

    List<MaterializationEvent> since(long sequence) {
        return log.stream().filter(e -> e.sequence() > sequence).toList();
    }

    /** When each materialized partition of {@code asset} was last materialized (what freshness reads). */
    Map<String, Instant> materializedAt(AssetKey asset) {
        return Map.copyOf(at.getOrDefault(asset, Map.of()));
    }

    @Override
    public PartitionSubset materialized(AssetKey asset, PartitionSpace space) {
        IndexRanges.Builder found = IndexRanges.builder();
        for (String key : partitions.getOrDefault(asset, Set.of())) {
            space.indexOf(key).ifPresent(found::add);
        }
        return space.subset(found.build());
    }

    @Override
    public Optional<Instant> lastMaterialized(AssetKey asset) {
        return Optional.ofNullable(last.get(asset));
    }
}
