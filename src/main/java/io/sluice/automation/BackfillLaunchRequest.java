package io.sluice.automation;

import io.sluice.catalog.AssetKey;
import io.sluice.partitions.PartitionKeyRange;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/** One backfill to launch: assets over partition ranges (at least one), with mode, config, reason and tags. */
public record BackfillLaunchRequest(
        List<AssetKey> assets,
        LaunchMode mode,
        List<PartitionKeyRange> ranges,
        Map<String, Object> config,
        String reason,
        Map<String, String> tags)
        implements Launch {

    public BackfillLaunchRequest {
        assets = List.copyOf(assets);
        if (assets.isEmpty()) {
            throw new IllegalArgumentException("a backfill needs at least one asset");
        }
        Objects.requireNonNull(mode, "mode");
        ranges = List.copyOf(ranges);
        if (ranges.isEmpty()) {
            throw new IllegalArgumentException("a backfill needs at least one partition range");
        }
        config = Map.copyOf(config);
        reason = reason == null ? "" : reason;
        tags = Map.copyOf(tags);
    }

    @Override
    public BackfillLaunchRequest withTag(String name, String value) {
        Map<String, String> more = new LinkedHashMap<>(tags);
        more.put(name, value);
        return new BackfillLaunchRequest(assets, mode, ranges, config, reason, more);
    }
}
