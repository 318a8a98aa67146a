package io.sluice.automation;

import io.sluice.catalog.AssetKey;
import io.sluice.partitions.PartitionKeyRange;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One run to launch: assets (materialized upstream first), mode, the partitions as key ranges (none for
 * unpartitioned assets), entity keys for {@link LaunchMode#SINGLE_KEY}, run config, a reason and tags.
 */
public record LaunchRequest(
        List<AssetKey> assets,
        LaunchMode mode,
        List<PartitionKeyRange> partitions,
        List<String> keys,
        Map<String, Object> config,
        String reason,
        Map<String, String> tags)
        implements Launch {

    public LaunchRequest {
        assets = List.copyOf(assets);
        if (assets.isEmpty()) {
            throw new IllegalArgumentException("a launch needs at least one asset");
        }
        Objects.requireNonNull(mode, "mode");
        partitions = List.copyOf(partitions);
        keys = List.copyOf(keys);
        if (mode == LaunchMode.SINGLE_KEY && keys.isEmpty()) {
            throw new IllegalArgumentException("a SINGLE_KEY launch needs at least one key");
        }
        config = Map.copyOf(config);
        reason = reason == null ? "" : reason;
        tags = Map.copyOf(tags);
    }

    /** An incremental run of {@code assets} over {@code partitions}, without config or keys. */
    public static LaunchRequest of(List<AssetKey> assets, List<PartitionKeyRange> partitions, String reason) {
        return new LaunchRequest(assets, LaunchMode.INCREMENTAL, partitions, List.of(), Map.of(), reason, Map.of());
    }

    @Override
    public LaunchRequest withTag(String name, String value) {
        Map<String, String> more = new LinkedHashMap<>(tags);
        more.put(name, value);
        return new LaunchRequest(assets, mode, partitions, keys, config, reason, more);
    }
}
