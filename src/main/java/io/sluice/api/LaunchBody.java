package io.sluice.api;

import io.sluice.runs.RunRequest;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** The body of {@code POST /api/runs}. */
public record LaunchBody(
        @Schema(required = true, description = "The assets to materialize, as keys like group/name.")
        List<String> assets,

        @Schema(ref = "MaterializationMode", description = "Which keys to process; INCREMENTAL when absent.")
        String mode,

        List<String> keys,

        @Schema(description = "Partition keys of the selected partitioned assets, one by one.")
        List<String> partitions,

        @Schema(
                description = "Ranges of partitions, first and last included, as the launchpad's From/To and "
                        + "first...last give them; the run covers them and partitions, none of them twice.")
        List<RangeBody> ranges,

        Map<String, Object> config,
        String reason,
        String launchedBy) {

    /** A range of partitions, both ends included. */
    @Schema(description = "Partitions from start to end, both included.")
    public record RangeBody(
            @Schema(required = true, description = "The first partition key of the range.")
            String start,

            @Schema(required = true, description = "The last partition key of the range, included.")
            String end) {}

    /** The ranges as the request takes them. */
    List<RunRequest.Range> runRanges() {
        return ranges == null
                ? List.of()
                : ranges.stream()
                        .map(r -> r == null ? null : new RunRequest.Range(r.start(), r.end()))
                        .toList();
    }
}
