package io.sluice.api;

import io.sluice.automation.MisfirePolicy;
import io.sluice.automation.ScheduleSpec;
import io.sluice.automation.StoredTick;
import io.sluice.automation.TickOutcome;
import io.sluice.automation.schedule.ScheduleOverview;
import io.sluice.catalog.AssetKey;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** A schedule as the API answers it: declared, its state across restarts, next tick and last tick. */
public record ScheduleDto(
        String name,

        @Schema(description = "Five-field cron, matched in the zone's local time.")
        String cron,

        @Schema(description = "IANA time zone of the cron.") String zone,
        @Schema(enumeration = {"RUNNING", "STOPPED"}) String status,

        @Schema(
                enumeration = {"RUNNING", "STOPPED"},
                description = "The status a fresh install starts with.")
        String defaultStatus,

        @Schema(description = "SKIP, or CATCH_UP n.") String misfire,
        TargetDto target,

        @Schema(description = "When it last started; absent if it never ran.")
        Instant startedAt,

        @Schema(description = "The last tick it handled (or its start), as an instant.")
        String cursor,

        @Schema(description = "Its next tick, if it runs.") Instant nextTick,

        @Schema(description = "Its newest tick history entry, if any.")
        TickDto lastTick) {

    /** What each tick launches. */
    public record TargetDto(
            List<String> assets,
            String mode,
            List<String> keys,
            Map<String, Object> config,

            @Schema(
                    description = "The partitions a tick launches: those completed since the tick before; absent "
                            + "for an unpartitioned schedule.")
            String partitions) {}

    /** One entry of tick history. */
    public record TickDto(
            long id,
            Instant tick,
            Instant evaluatedAt,

            @Schema(enumeration = {"LAUNCHED", "SKIPPED", "FAILED"})
            String outcome,

            List<String> runIds,
            List<String> backfillIds,

            @Schema(description = "Why it was skipped, the error it failed with, or a note on what a launch left out.")
            String detail) {

        static TickDto of(StoredTick stored) {
            TickOutcome outcome = stored.tick().outcome();
            List<String> runs = outcome instanceof TickOutcome.Launched l ? l.runIds() : List.of();
            List<String> backfills = outcome instanceof TickOutcome.Launched l ? l.backfillIds() : List.of();
            String detail = outcome.detail().isEmpty() ? null : outcome.detail();
            String kind = outcome instanceof TickOutcome.Launched
                    ? "LAUNCHED"
                    : outcome instanceof TickOutcome.Skipped ? "SKIPPED" : "FAILED";
            return new TickDto(
                    stored.id(), stored.tick().tick(), stored.tick().evaluatedAt(), kind, runs, backfills, detail);
        }
    }

    static ScheduleDto of(ScheduleOverview o) {
        ScheduleSpec spec = o.spec();
        return new ScheduleDto(
                spec.name(),
                spec.cron().expression(),
                spec.zone().getId(),
                o.state().status().name(),
                spec.defaultStatus().name(),
                misfire(spec),
                new TargetDto(
                        spec.target().assets().stream().map(AssetKey::toString).toList(),
                        spec.target().mode().name(),
                        spec.target().keys(),
                        spec.target().config(),
                        spec.partitions().map(p -> p.describe()).orElse(null)),
                o.state().startedAt().orElse(null),
                o.state().cursor().orElse(null),
                o.nextTick().orElse(null),
                o.lastTick().map(TickDto::of).orElse(null));
    }

    private static String misfire(ScheduleSpec spec) {
        return spec.misfire() instanceof MisfirePolicy.CatchUp c ? "CATCH_UP " + c.maxTicks() : "SKIP";
    }
}
