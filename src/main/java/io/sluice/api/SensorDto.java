package io.sluice.api;

import io.sluice.automation.AutomationState;
import io.sluice.automation.StoredTick;
import io.sluice.automation.TickOutcome;
import io.sluice.automation.sensor.SensorView;
import java.time.Instant;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** A sensor as {@code /api/sensors} answers it. */
@Schema(
        name = "Sensor",
        description = "A declared sensor: how often it is evaluated, whether it runs, its cursor and last tick.")
public record SensorDto(
        @Schema(description = "The sensor's name, as declared.")
        String name,

        @Schema(description = "How often it is evaluated, as an ISO-8601 duration like PT5S.")
        String interval,

        @Schema(description = "How often it is evaluated, in seconds.")
        long intervalSeconds,

        @Schema(description = "RUNNING or STOPPED; kept across restarts.")
        String status,

        @Schema(description = "The status a fresh install starts it with.")
        String defaultStatus,

        @Schema(description = "The cursor the sensor left at its last kept tick; null before any.")
        String cursor,

        @Schema(description = "When it was last started; null if never.")
        Instant startedAt,

        @Schema(description = "When its state last changed.")
        Instant updatedAt,

        @Schema(description = "When Quartz evaluates it next; null when stopped.")
        Instant nextTick,

        @Schema(description = "Its newest tick; null before its first.")
        SensorTickDto lastTick) {

    static SensorDto of(SensorView view) {
        AutomationState state = view.state();
        return new SensorDto(
                view.spec().name(),
                view.spec().interval().toString(),
                view.spec().interval().toSeconds(),
                state.status().name(),
                view.spec().defaultStatus().name(),
                state.cursor().orElse(null),
                state.startedAt().orElse(null),
                state.updatedAt(),
                view.nextTick().orElse(null),
                view.lastTick().map(SensorTickDto::of).orElse(null));
    }

    /** One entry of a sensor's tick history. */
    @Schema(description = "One tick of a sensor: when, what it decided, what it launched.")
    public record SensorTickDto(
            @Schema(description = "The entry's id; pass it as before to read older ones.")
            long id,

            @Schema(description = "When the tick fired.") Instant tick,

            @Schema(description = "When its evaluation ended.")
            Instant evaluatedAt,

            @Schema(description = "LAUNCHED, SKIPPED or FAILED.")
            String outcome,

            @Schema(description = "The runs it launched.") List<String> runIds,

            @Schema(description = "The backfills it launched.")
            List<String> backfillIds,

            @Schema(
                    description = "Why it skipped, the error it failed with, or what a launching tick left out "
                            + "(a file it ignored); null when it launched everything it saw.")
            String detail) {

        static SensorTickDto of(StoredTick stored) {
            TickOutcome outcome = stored.tick().outcome();
            List<String> runs = outcome instanceof TickOutcome.Launched l ? l.runIds() : List.of();
            List<String> backfills = outcome instanceof TickOutcome.Launched l ? l.backfillIds() : List.of();
            String detail = outcome.detail().isEmpty() ? null : outcome.detail();
            String name = outcome instanceof TickOutcome.Launched
                    ? "LAUNCHED"
                    : outcome instanceof TickOutcome.Skipped ? "SKIPPED" : "FAILED";
            return new SensorTickDto(
                    stored.id(), stored.tick().tick(), stored.tick().evaluatedAt(), name, runs, backfills, detail);
        }
    }
}
