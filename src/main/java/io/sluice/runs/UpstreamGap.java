package io.sluice.runs;

import io.sluice.catalog.AssetKey;
import io.sluice.partitions.PartitionKeyRange;
import java.util.List;

/**
 * What an asset reads upstream that was not materialized: a run of it would fail before computing (the step's upstream
 * check), so the launchpad's preview warns before it is launched.
 *
 * @param asset the asset that reads it
 * @param upstream the upstream asset that lacks something
 * @param what what it lacks, in words ("has never been materialized", "has not materialized 614 of the 614 partitions
 *     this step reads: 2022-01-01...2023-09-06")
 * @param missing the upstream partitions missing, as ranges (empty when it lacks a whole materialization)
 * @param missingCount how many partitions those ranges hold
 */
public record UpstreamGap(
        AssetKey asset, AssetKey upstream, String what, List<PartitionKeyRange> missing, long missingCount) {

    public UpstreamGap {
        missing = List.copyOf(missing);
    }
}
