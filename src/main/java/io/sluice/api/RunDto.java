package io.sluice.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.backfill.BackfillTags;
import io.sluice.catalog.AssetKey;
import io.sluice.runs.Run;
import io.sluice.runs.RunStep;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** A run as the API shows it; materializations only in the detail view. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record RunDto(
        String id,
        @Schema(ref = "RunStatus") String status,
        @Schema(ref = "MaterializationMode") String mode,
        List<String> assets,
        List<String> keys,

        @Schema(
                description = "The run's partitions as ranges first...last (both included) and single keys, in the"
                        + " order of its partitions definition.")
        List<String> partitions,

        @Schema(description = "How many partitions the run covers.")
        long partitionCount,

        @Schema(
                implementation = Object.class,
                description = "The config the run was launched with, keyed by asset key.")
        JsonNode config,

        String reason,
        String launchedBy,
        Instant createdAt,
        Instant startedAt,
        Instant endedAt,
        Long durationMs,
        long keyCount,
        long batchCount,
        long rowsWritten,
        String error,
        boolean cancelRequested,
        List<StepDto> steps,
        List<AssetDto.MaterializationDto> materializations,
        String kind,
        String rollbackTo,
        String backfillId,

        @Schema(
                description =
                        "What launched the run: sluice/schedule, sluice/sensor, sluice/trigger (the policy), sluice/backfill.")
        Map<String, String> tags) {

    public record StepDto(
            String asset,
            String status,
            Instant startedAt,
            Instant endedAt,
            long keyCount,
            long batchCount,
            long rowsWritten,
            String error) {
        static StepDto of(RunStep s) {
            return new StepDto(
                    s.asset().toString(),
                    s.status().name(),
                    s.startedAt(),
                    s.endedAt(),
                    s.keyCount(),
                    s.batchCount(),
                    s.rowsWritten(),
                    s.error());
        }
    }

    /**
     * The run as of {@code now}: a run that has not ended shows how long it has been going; {@code partitions} are the
     * run's partitions as ranges ({@link io.sluice.runs.PartitionRanges}).
     */
    static RunDto of(
            Run run,
            List<String> partitions,
            JsonNode config,
            List<AssetDto.MaterializationDto> materializations,
            Instant now) {
        Long duration = run.startedAt() == null
                ? null
                : Duration.between(run.startedAt(), run.endedAt() == null ? now : run.endedAt())
                        .toMillis();
        return new RunDto(
                run.id(),
                run.status().name(),
                run.mode().name(),
                run.assets().stream().map(AssetKey::toString).toList(),
                run.keys(),
                partitions,
                run.partitions().size(),
                config,
                run.reason(),
                run.launchedBy(),
                run.createdAt(),
                run.startedAt(),
                run.endedAt(),
                duration,
                run.keyCount(),
                run.batchCount(),
                run.rowsWritten(),
                run.error(),
                run.cancelRequested(),
                run.steps().stream().map(StepDto::of).toList(),
                materializations,
                run.kind().name(),
                run.rollbackTo(),
                BackfillTags.backfillOf(run).orElse(null),
                run.tags());
    }
}
