package io.sluice.runs;

import io.sluice.catalog.AssetKey;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** The storage port for the state of assets across runs: partition outcomes, reservations and watermarks. */
public interface AssetState {

    /** Records the outcome of an asset's partitions (MATERIALIZED, FAILED) for partition status. */
    void recordPartitionOutcome(AssetKey asset, List<String> partitions, String status, String runId, Instant now);

    /** The latest outcome of each partition of an asset that has one. */
    Map<String, String> partitionOutcomes(AssetKey asset);

    /**
     * Each partition of the asset that has an outcome, with its latest outcome and, {@code withTimes}, when it was
     * recorded, in key order: what {@link #partitionOutcomes} and {@link #materializedAt} hold, in one read. Without
     * times the read costs about half as much (reading the time is half of reading 100,000 rows on H2).
     */
    List<Outcome> outcomes(AssetKey asset, boolean withTimes);

    /**
     * A partition's latest outcome (MATERIALIZED, FAILED, MISSING after a rollback) and when it was recorded (null
     * when not asked for).
     */
    record Outcome(String partition, String status, Instant at) {}

    /**
     * How many partitions of each asset are MATERIALIZED, FAILED, IN_PROGRESS (a queued or started run covers them) and
     * STALE (materialized, and later materialized by one of {@code sameUpstreams}' assets: its upstream assets with the
     * same partitions), as {@link PartitionStatuses#of} counts them, for all the assets in a few reads whatever their
     * number; states with no partition are absent, and MISSING is the rest of each asset's partitions.
     */
    Map<AssetKey, Map<PartitionState, Long>> partitionCounts(
            Collection<AssetKey> assets, Map<AssetKey, Set<AssetKey>> sameUpstreams);

    /** When each partition of the asset that holds data was last materialized (whatever its latest outcome). */
    Map<String, Instant> materializedAt(AssetKey asset);

    /** Partitions of the asset that a queued or started run covers. */
    Set<String> activePartitions(AssetKey asset);

    /**
     * The queued or started runs that cover a partition of the asset or wait for one ({@code busy-partition=queue}), by
     * partition; finished runs are never in it.
     */
    Map<String, Set<String>> activeRunsByPartition(AssetKey asset);

    /**
     * One queued or started run that covers or waits for a partition of {@code asset} ({@code ""}: the unpartitioned
     * asset), among {@code partitions} when given (else any), leaving out the queued runs of the groups
     * {@code parked} (groups that start nothing for now, such as paused ones). Empty when there is none. The
     * first row found answers (one probe per 500 keys asked): what an eager trigger asks of each upstream before it
     * launches a downstream.
     */
    Optional<ActiveRun> anyActiveRun(
            AssetKey asset, Optional<Collection<String>> partitions, Collection<String> parked);

    /** A queued or started run over a partition of an asset, with its group (null for a run of its own). */
    record ActiveRun(String runId, String group, String partition) {}

    Optional<String> watermark(AssetKey asset, String partition);

    void saveWatermark(AssetKey asset, String partition, String value, String runId, Instant now);
}
