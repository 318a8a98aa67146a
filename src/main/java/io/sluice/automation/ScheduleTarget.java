package io.sluice.automation;

import io.sluice.catalog.AssetKey;
import io.sluice.partitions.PartitionKeyRange;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/** What a schedule launches at each tick: assets, mode, entity keys, run config, a reason and extra tags. */
public record ScheduleTarget(
        List<AssetKey> assets,
        LaunchMode mode,
        List<String> keys,
        Map<String, Object> config,
        String reason,
        Map<String, String> tags) {

    public ScheduleTarget {
        assets = List.copyOf(assets);
        if (assets.isEmpty()) {
            throw new IllegalArgumentException("a schedule needs at least one asset to launch");
        }
        Objects.requireNonNull(mode, "mode");
        keys = List.copyOf(keys);
        config = Map.copyOf(config);
        reason = reason == null ? "" : reason;
        tags = Map.copyOf(tags);
    }

    /** An incremental launch of {@code assets}. */
    public static ScheduleTarget of(AssetKey... assets) {
        return new ScheduleTarget(List.of(assets), LaunchMode.INCREMENTAL, List.of(), Map.of(), "", Map.of());
    }

    /** One run over {@code partitions} (none for an unpartitioned target). */
    LaunchRequest run(List<PartitionKeyRange> partitions, String why) {
        return new LaunchRequest(assets, mode, partitions, keys, config, reason.isEmpty() ? why : reason, tags);
    }

    /** One backfill over {@code ranges}. */
    BackfillLaunchRequest backfill(List<PartitionKeyRange> ranges, String why) {
        return new BackfillLaunchRequest(assets, mode, ranges, config, reason.isEmpty() ? why : reason, tags);
    }
}
