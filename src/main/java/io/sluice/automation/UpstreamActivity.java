package io.sluice.automation;

import io.sluice.catalog.AssetKey;
import io.sluice.partitions.PartitionSubset;
import java.util.Optional;

/**
 * What is being materialized now, as the store knows it: runs queued or running, backfills running. The evaluator asks
 * lazily, per upstream of an eager downstream partition it decides, so an evaluation that decides nothing asks nothing.
 */
public interface UpstreamActivity {

    /** Nothing is in progress anywhere. */
    UpstreamActivity NONE = (asset, partitions) -> Optional.empty();

    /**
     * What keeps {@code partitions} of {@code asset} in progress (empty {@code partitions}: the unpartitioned asset), if
     * anything: a queued or running run over one of them, or a running backfill of the asset that targets one of them.
     * Queued runs of a paused backfill do not count: they start nothing while it is paused.
     */
    Optional<InProgress> inProgress(AssetKey asset, Optional<PartitionSubset> partitions);

    /** A run or a backfill that is materializing an upstream, for the reason a downstream is held. */
    record InProgress(Holder holder, String id, Optional<String> partition) {

        public enum Holder {
            RUN,
            BACKFILL
        }

        public InProgress {
            java.util.Objects.requireNonNull(holder, "holder");
            java.util.Objects.requireNonNull(id, "id");
            java.util.Objects.requireNonNull(partition, "partition");
        }

        public static InProgress run(String runId, Optional<String> partition) {
            return new InProgress(Holder.RUN, runId, partition);
        }

        public static InProgress backfill(String backfillId) {
            return new InProgress(Holder.BACKFILL, backfillId, Optional.empty());
        }

        /** For the user: which run or backfill holds {@code upstream}. */
        public String describe(AssetKey upstream) {
            return switch (holder) {
                case RUN ->
                    "run " + id + " is materializing " + upstream
                            + partition.map(p -> "[" + p + "]").orElse("") + "; launched once it has ended";
                case BACKFILL ->
                    "backfill " + id + " is materializing " + upstream
                            + "; launched once, over everything it landed, after its last run has ended";
            };
        }
    }
}
