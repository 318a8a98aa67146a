package io.sluice.runs;

import io.sluice.catalog.AssetKey;
import java.util.Collection;
import java.util.Set;

/**
 * The storage port a step asks before it computes whether what it reads was materialized: the partitions of an
 * asset that hold materialized data (whatever their latest outcome: one whose latest run failed keeps an earlier run's
 * data), and whether an asset was ever written at all.
 */
public interface MaterializedPartitions {

    /** Those of {@code partitions} of the asset that hold materialized data (not removed by a rollback since). */
    Set<String> among(AssetKey asset, Collection<String> partitions);

    /** Whether at least one partition of the asset's holds materialized data. */
    boolean any(AssetKey asset);

    /** Whether the asset has a materialization event: an unpartitioned asset was written at least once. */
    boolean written(AssetKey asset);
}
