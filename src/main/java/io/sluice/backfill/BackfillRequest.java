package io.sluice.backfill;

import io.sluice.runs.Actors;
import io.sluice.runs.MaterializationMode;
import io.sluice.runs.RequestRejected;
import java.util.List;
import java.util.Map;

/**
 * The intent to backfill: a selection of partitioned assets sharing one partitions definition, which
 * partitions (ranges, explicit keys, or all; optionally only those failed or missing), the run mode,
 * config and how to split, order and throttle the runs, and the tags its runs carry (such as the schedule that
 * launched it). Never stored as such.
 */
public record BackfillRequest(
        List<String> assets,
        List<Range> ranges,
        List<String> partitions,
        boolean failedAndMissingOnly,
        MaterializationMode mode,
        List<String> keys,
        Map<String, Object> config,
        String reason,
        int partitionsPerRun,
        boolean singleRun,
        RunOrder order,
        int maxConcurrent,
        boolean dryRun,
        String launchedBy,
        Map<String, String> tags) {

    /** Partition keys from {@code start} to {@code end}, both included. */
    public record Range(String start, String end) {}

    /** A request without tags, as a person launches it. */
    public BackfillRequest(
            List<String> assets,
            List<Range> ranges,
            List<String> partitions,
            boolean failedAndMissingOnly,
            MaterializationMode mode,
            List<String> keys,
            Map<String, Object> config,
            String reason,
            int partitionsPerRun,
            boolean singleRun,
            RunOrder order,
            int maxConcurrent,
            boolean dryRun,
            String launchedBy) {
        this(
                assets,
                ranges,
                partitions,
                failedAndMissingOnly,
                mode,
                keys,
                config,
                reason,
                partitionsPerRun,
                singleRun,
                order,
                maxConcurrent,
                dryRun,
                launchedBy,
                Map.of());
    }

    public BackfillRequest {
        assets = RequestRejected.listWithoutNulls("assets", assets);
        ranges = RequestRejected.listWithoutNulls("ranges", ranges);
        partitions = RequestRejected.listWithoutNulls("partitions", partitions);
        mode = mode == null ? MaterializationMode.INCREMENTAL : mode;
        keys = RequestRejected.listWithoutNulls("keys", keys);
        config = config == null ? Map.of() : config;
        order = order == null ? RunOrder.OLDEST_FIRST : order;
        launchedBy = Actors.name(launchedBy);
        tags = tags == null ? Map.of() : Map.copyOf(tags);
    }
}
