package io.sluice.automation;

import io.sluice.catalog.AssetKey;
import java.util.Objects;
import java.util.Optional;

/** One partition of an asset, or the whole asset ({@code partition} empty: unpartitioned, or all of its partitions). */
public record AssetPartition(AssetKey asset, Optional<String> partition) {

    public AssetPartition {
        Objects.requireNonNull(asset, "asset");
        Objects.requireNonNull(partition, "partition");
    }

    public static AssetPartition of(AssetKey asset, String partition) {
        return new AssetPartition(asset, Optional.of(partition));
    }

    public static AssetPartition whole(AssetKey asset) {
        return new AssetPartition(asset, Optional.empty());
    }

    @Override
    public String toString() {
        return asset + partition.map(p -> "[" + p + "]").orElse("");
    }
}
