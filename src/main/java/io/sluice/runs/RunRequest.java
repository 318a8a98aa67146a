package io.sluice.runs;

import java.util.List;
import java.util.Map;

/**
 * The intent to materialize a selection of assets. Never stored: once validated it becomes a {@link Run}.
 *
 * @param partitions partition keys, one by one
 * @param ranges ranges of partitions {@code start...end}, both included, of the selected partitioned assets; the run
 *     covers them and {@code partitions}, none of them twice
 * @param config for a single asset its run config; for several assets an object keyed by asset key
 * @param tags what the run carries besides its fields, such as the schedule or sensor that launched it
 */
public record RunRequest(
        List<String> assets,
        MaterializationMode mode,
        List<String> keys,
        List<String> partitions,
        List<Range> ranges,
        Map<String, Object> config,
        String reason,
        String launchedBy,
        Map<String, String> tags) {

    /** A range of partitions as a request gives it; a missing end is refused when the request is validated. */
    public record Range(String start, String end) {}

    /** A request of partition keys only, with tags. */
    public RunRequest(
            List<String> assets,
            MaterializationMode mode,
            List<String> keys,
            List<String> partitions,
            Map<String, Object> config,
            String reason,
            String launchedBy,
            Map<String, String> tags) {
        this(assets, mode, keys, partitions, List.of(), config, reason, launchedBy, tags);
    }

    /** A request without tags, as a person launches it. */
    public RunRequest(
            List<String> assets,
            MaterializationMode mode,
            List<String> keys,
            List<String> partitions,
            Map<String, Object> config,
            String reason,
            String launchedBy) {
        this(assets, mode, keys, partitions, List.of(), config, reason, launchedBy, Map.of());
    }

    public RunRequest {
        assets = RequestRejected.listWithoutNulls("assets", assets);
        mode = mode == null ? MaterializationMode.INCREMENTAL : mode;
        keys = RequestRejected.listWithoutNulls("keys", keys);
        partitions = RequestRejected.listWithoutNulls("partitions", partitions);
        ranges = RequestRejected.listWithoutNulls("ranges", ranges);
        config = config == null ? Map.of() : config;
        launchedBy = Actors.name(launchedBy);
        tags = tags == null ? Map.of() : Map.copyOf(tags);
    }
}
