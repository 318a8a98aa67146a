package io.sluice.automation;

import io.sluice.catalog.AssetKey;
import io.sluice.partitions.PartitionSubset;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/** What a test says is in progress: per asset, the partitions ({@code ""}: the unpartitioned asset) and what holds each. */
final class FakeActivity implements UpstreamActivity {

    private final Map<AssetKey, Map<String, InProgress>> busy = new HashMap<>();
    int asked;

    FakeActivity run(AssetKey asset, String partition, String runId) {
        busy.computeIfAbsent(asset, a -> new LinkedHashMap<>())
                .put(partition == null ? "" : partition, InProgress.run(runId, Optional.ofNullable(partition)));
        return this;
    }

    FakeActivity backfill(AssetKey asset, String backfillId, Iterable<String> partitions) {
        for (String p : partitions) {
            busy.computeIfAbsent(asset, a -> new LinkedHashMap<>()).put(p, InProgress.backfill(backfillId));
        }
        return this;
    }

    FakeActivity quiet() {
        busy.clear();
        return this;
    }

    @Override
    public Optional<InProgress> inProgress(AssetKey asset, Optional<PartitionSubset> partitions) {
        asked++;
        Map<String, InProgress> of = busy.getOrDefault(asset, Map.of());
        return of.entrySet().stream()
                .filter(e -> partitions.isEmpty() || partitions.get().contains(e.getKey()))
                .map(Map.Entry::getValue)
                .findFirst();
    }
}
