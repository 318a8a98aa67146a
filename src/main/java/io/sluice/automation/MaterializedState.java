package io.sluice.automation;

import io.sluice.catalog.AssetKey;
import io.sluice.partitions.PartitionSpace;
import io.sluice.partitions.PartitionSubset;
import java.time.Instant;
import java.util.Optional;

/** What is materialized now, as the metadata store knows it (including the batch of events being evaluated). */
public interface MaterializedState {

    /** The partitions of {@code asset} in {@code space} that have been materialized successfully. */
    PartitionSubset materialized(AssetKey asset, PartitionSpace space);

    /** When {@code asset} (any of its partitions) was last materialized. */
    Optional<Instant> lastMaterialized(AssetKey asset);
}
