package io.sluice.api;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.catalog.AssetKey;
import io.sluice.partitions.PartitionKeyRange;
import io.sluice.runs.PartitionRanges;
import io.sluice.runs.UpstreamGap;
import io.sluice.runs.launch.ValidatedLaunch;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * What a launch would run, checked as POST /api/runs checks it and stored nowhere: the launchpad's preview. One run,
 * over these assets in dependency order, in this mode, for these keys and partitions, with this effective config, and
 * what its assets read upstream that is not materialized (their steps would fail).
 */
@Schema(description = "What POST /api/runs would launch with the same body; nothing is stored.")
public record LaunchPreviewDto(
        @Schema(description = "The assets the run would materialize, in dependency order.")
        List<String> assets,

        @Schema(ref = "MaterializationMode") String mode,

        @Schema(description = "The entity keys given (SINGLE_KEY); other modes find theirs when the run starts.")
        List<String> keys,

        @Schema(description = "The partitions the run would cover, as ranges first...last and single keys.")
        List<String> partitions,

        long partitionCount,

        @Schema(description = "How many runs the launch makes: always 1 (a backfill is planned by its own preview).")
        int runCount,

        @Schema(implementation = Object.class, description = "The effective run config, by asset key.")
        JsonNode config,

        @Schema(description = "What the assets read upstream that is not materialized: their steps would fail.")
        List<UpstreamWarning> upstream) {

    /** An upstream asset that lacks what an asset of the launch reads. */
    public record UpstreamWarning(
            String asset,
            String upstream,

            @Schema(description = "What it lacks, in words.")
            String what,

            @Schema(description = "The upstream partitions missing, as ranges first...last.")
            List<String> missing,

            long missingCount) {
        static UpstreamWarning of(UpstreamGap g) {
            return new UpstreamWarning(
                    g.asset().toString(),
                    g.upstream().toString(),
                    g.what(),
                    g.missing().stream().map(PartitionKeyRange::toString).toList(),
                    g.missingCount());
        }
    }

    static LaunchPreviewDto of(ValidatedLaunch launch, PartitionRanges ranges, List<UpstreamGap> gaps) {
        return new LaunchPreviewDto(
                launch.assets().stream().map(AssetKey::toString).toList(),
                launch.mode().name(),
                launch.keys(),
                ranges.of(launch.assets(), launch.partitions()),
                launch.partitions().size(),
                1,
                launch.configByAsset(),
                gaps.stream().map(UpstreamWarning::of).toList());
    }
}
