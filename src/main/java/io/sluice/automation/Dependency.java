package io.sluice.automation;

import io.sluice.catalog.AssetKey;
import io.sluice.partitions.PartitionMapping;
import java.util.Objects;

/**
 * How a downstream asset reads one upstream asset, for the trigger evaluator: the partition mapping, and whether
 * upstream partitions that do not exist yet (before the upstream's first partition, or not ended) may be ignored
 * ({@code allowNonexistent}; by default the downstream partition waits for them).
 */
public record Dependency(AssetKey upstream, PartitionMapping mapping, boolean allowNonexistent) {

    public Dependency {
        Objects.requireNonNull(upstream, "upstream");
        Objects.requireNonNull(mapping, "mapping");
    }
}
