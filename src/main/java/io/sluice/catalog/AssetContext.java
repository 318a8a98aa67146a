package io.sluice.catalog;

import io.sluice.lake.Lake;
import io.sluice.lake.TableOutput;
import java.util.Optional;

/** What an asset's compute gets from Sluice for one run. */
public interface AssetContext<C extends Record> {

    String runId();

    AssetKey assetKey();

    /** The validated run config. */
    C config();

    /**
     * The partition being materialized; empty for unpartitioned assets, and for an asset that
     * {@linkplain AssetSpec.Builder#processesRanges() processes ranges} when the range holds more than one partition.
     */
    Optional<String> partition();

    /**
     * The contiguous partitions being materialized together, empty for unpartitioned assets. One partition
     * unless the asset {@linkplain AssetSpec.Builder#processesRanges() processes ranges}.
     */
    Optional<PartitionRange> partitionRange();

    /** The run's own log: lines are stored with the run and shown in the UI. */
    RunLogger log();

    /** The lake (DuckDB) the asset reads and writes. */
    Lake lake();

    /**
     * Where the compute puts the rows of the asset's declared table ({@link AssetSpec.Builder#table}).
     * Rows staged by every batch and partition of a run are checked and published together.
     *
     * @throws IllegalStateException if the asset declares no table
     */
    TableOutput output();

    /** Runs until the compute was asked to stop: long computes may check it. */
    boolean isCancelRequested();
}
