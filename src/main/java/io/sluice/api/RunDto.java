package io.sluice.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.backfill.BackfillTags;
import io.sluice.catalog.AssetKey;
import io.sluice.runs.QueuePlace;
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
        Map<String, String> tags,

        @Schema(
                description = "Only for a queued run, in GET /api/runs/{id}: where it stands in the run queue, the "
                        + "runs it waits for and its place in the line for its asset partitions.")
        QueueDto queue) {

    /** Where a queued run stands ({@link QueuePlace}). */
    public record QueueDto(
            @Schema(
                    description = "Its place in the line of runs waiting for one of its asset partitions, first come "
                            + "first served: 1 starts as soon as the runs holding them end; 0 when it waits for no "
                            + "asset partition (but for a worker, its pool or backfill, or upstream runs).")
            int position,

            @Schema(
                    description =
                            "The runs that hold one of its asset partitions, or wait for one and were queued before it.")
            List<WaitedDto> ahead,

            @Schema(description = "The runs of its backfill it waits for that have not succeeded yet (the first 20).")
            List<WaitedDto> upstream,

            @Schema(description = "How many runs of its backfill it waits for in all.")
            long upstreamCount) {

        static QueueDto of(QueuePlace place) {
            return new QueueDto(
                    place.position(),
                    place.ahead().stream().map(WaitedDto::of).toList(),
                    place.upstream().stream().map(WaitedDto::of).toList(),
                    place.upstreamCount());
        }
    }

    /** A run waited for, with the address of its JSON. */
    public record WaitedDto(
            String runId,
            @Schema(ref = "RunStatus") String status,

            @Schema(description = "What of the waiting run's it holds or materializes, e.g. asset test/gated.")
            String covers,

            @Schema(description = "The run's address in the API.")
            String href) {
        static WaitedDto of(QueuePlace.Waited w) {
            return new WaitedDto(w.runId(), w.status().name(), w.covers(), "/api/runs/" + w.runId());
        }
    }

    /** This run with where it stands in the queue. */
    RunDto withQueue(QueuePlace place) {
        return new RunDto(
                id,
                status,
                mode,
                assets,
                keys,
                partitions,
                partitionCount,
                config,
                reason,
                launchedBy,
                createdAt,
                startedAt,
                endedAt,
                durationMs,
                keyCount,
                batchCount,
                rowsWritten,
                error,
                cancelRequested,
                steps,
                materializations,
                kind,
                rollbackTo,
                backfillId,
                tags,
                QueueDto.of(place));
    }

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
                run.tags(),
                null);
    }
}
