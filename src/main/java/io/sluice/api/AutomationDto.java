package io.sluice.api;

import io.sluice.automation.StoredTick;
import io.sluice.automation.TickOutcome;
import io.sluice.automation.trigger.TriggerOverview;
import java.time.Instant;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** {@code GET /api/automation}: whether this process evaluates triggers, and each automated asset's policy. */
@Schema(description = "The asset-dependency triggers: each automated asset's policy and its last evaluations.")
public record AutomationDto(
        @Schema(description = "Whether this process evaluates trigger policies (sluice.automation.triggers.enabled).")
        boolean enabled,

        @Schema(description = "The assets that declare a trigger policy, upstream first.")
        List<AssetTriggerDto> assets) {

    @Schema(description = "An asset's trigger policy and its last evaluations, newest first.")
    public record AssetTriggerDto(
            @Schema(description = "The asset, as group/name.")
            String asset,

            @Schema(description = "The policy as declared: eager, on_cron(cron, zone), missing(window) or on_late.")
            String policy,

            @Schema(description = "Its last evaluations that decided something about it, newest first.")
            List<EvaluationDto> evaluations) {

        static AssetTriggerDto of(TriggerOverview.AssetTrigger trigger) {
            return new AssetTriggerDto(
                    trigger.asset().toString(),
                    trigger.policy().describe(),
                    trigger.evaluations().stream().map(EvaluationDto::of).toList());
        }
    }

    @Schema(description = "One trigger evaluation of an asset.")
    public record EvaluationDto(
            @Schema(description = "Its id in tick history.") long id,
            @Schema(description = "When it was evaluated.") Instant evaluatedAt,

            @Schema(description = "LAUNCHED, SKIPPED (held, or already queued or running) or FAILED.")
            String outcome,

            @Schema(description = "The runs it launched that materialize the asset.")
            List<String> runIds,

            @Schema(
                    description = "Why nothing was launched (SKIPPED), the error (FAILED), or a note on a launch"
                            + " (LAUNCHED: that it retries a failed run), else null.")
            String reason) {

        static EvaluationDto of(StoredTick stored) {
            TickOutcome outcome = stored.tick().outcome();
            String name = outcome instanceof TickOutcome.Launched
                    ? "LAUNCHED"
                    : outcome instanceof TickOutcome.Skipped ? "SKIPPED" : "FAILED";
            List<String> runs = outcome instanceof TickOutcome.Launched l ? l.runIds() : List.of();
            String reason = outcome instanceof TickOutcome.Skipped s
                    ? s.reason()
                    : outcome instanceof TickOutcome.Failed f
                            ? f.error()
                            : outcome instanceof TickOutcome.Launched l
                                            && !l.note().isEmpty()
                                    ? l.note()
                                    : null;
            return new EvaluationDto(stored.id(), stored.tick().evaluatedAt(), name, runs, reason);
        }
    }
}
