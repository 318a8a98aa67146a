package io.sluice.automation.trigger;

import io.sluice.automation.AssetPartition;
import io.sluice.automation.Held;
import io.sluice.automation.Launch;
import io.sluice.automation.LaunchRequest;
import io.sluice.automation.TickOutcome;
import io.sluice.automation.TickRecord;
import io.sluice.automation.TriggerPlan;
import io.sluice.automation.launch.AutomationLauncher;
import io.sluice.catalog.AssetKey;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * What tick history keeps of one trigger evaluation: one entry per asset the plan touched (named by the asset key),
 * LAUNCHED with the runs that materialize it, or SKIPPED saying what held it or that it is already queued or running,
 * and FAILED for partitions given up on after their last retry failed.
 * Assets the evaluation had nothing to say about get no entry, so history grows with decisions, not with wake-ups.
 */
final class TriggerTicks {

    private static final int DETAILS_SHOWN = 3;

    private TriggerTicks() {}

    static List<TickRecord> of(TriggerPlan plan, AutomationLauncher.Launched launched, Instant now) {
        Map<AssetKey, List<String>> runs = new LinkedHashMap<>();
        Map<AssetKey, List<String>> notes = new LinkedHashMap<>();
        int run = 0;
        for (var launch : plan.launches()) {
            if (launch instanceof LaunchRequest request
                    && run < launched.runIds().size()) {
                String id = launched.runIds().get(run++);
                request.assets()
                        .forEach(a ->
                                runs.computeIfAbsent(a, k -> new ArrayList<>()).add(id));
                String attempt = request.tags().get(Launch.TRIGGER_ATTEMPT_TAG);
                if (attempt != null) {
                    request.assets()
                            .forEach(a -> notes.computeIfAbsent(a, k -> new ArrayList<>())
                                    .add("run " + id + " retries: " + request.reason()));
                }
            }
        }
        Map<AssetKey, List<String>> reasons = new LinkedHashMap<>();
        for (Held held : plan.held()) {
            reasons.computeIfAbsent(held.partition().asset(), k -> new ArrayList<>())
                    .add(held.partition() + " held (" + held.reason() + "): " + held.detail());
        }
        Map<AssetKey, Set<String>> active = new LinkedHashMap<>();
        for (AssetPartition p : plan.alreadyActive()) {
            active.computeIfAbsent(p.asset(), k -> new LinkedHashSet<>()).add(p.toString());
        }
        active.forEach((asset, parts) -> reasons.computeIfAbsent(asset, k -> new ArrayList<>())
                .add("already queued or running: " + shorten(new ArrayList<>(parts))));
        List<TickRecord> out = new ArrayList<>();
        runs.forEach((asset, ids) -> out.add(new TickRecord(
                TickRecord.Source.TRIGGER,
                asset.toString(),
                now,
                now,
                new TickOutcome.Launched(ids, List.of(), shorten(notes.getOrDefault(asset, List.of()))))));
        reasons.forEach((asset, why) -> {
            if (!runs.containsKey(asset)) {
                out.add(new TickRecord(
                        TickRecord.Source.TRIGGER, asset.toString(), now, now, new TickOutcome.Skipped(shorten(why))));
            }
        });
        Map<AssetKey, List<String>> givenUp = new LinkedHashMap<>();
        for (TriggerPlan.GivenUp g : plan.givenUp()) {
            givenUp.computeIfAbsent(g.partition().asset(), k -> new ArrayList<>())
                    .add(g.partition() + " given up: " + g.detail());
        }
        givenUp.forEach((asset, why) -> out.add(new TickRecord(
                TickRecord.Source.TRIGGER, asset.toString(), now, now, new TickOutcome.Failed(shorten(why)))));
        return out;
    }

    /** One FAILED entry per asset the refused plan would have launched. */
    static List<TickRecord> failed(TriggerPlan plan, String error, Instant now) {
        return plan.launched().stream()
                .map(AssetPartition::asset)
                .distinct()
                .map(a -> new TickRecord(
                        TickRecord.Source.TRIGGER, a.toString(), now, now, new TickOutcome.Failed(error)))
                .toList();
    }

    private static String shorten(List<String> items) {
        String shown = items.stream().limit(DETAILS_SHOWN).collect(Collectors.joining("; "));
        return items.size() > DETAILS_SHOWN ? shown + "; and " + (items.size() - DETAILS_SHOWN) + " more" : shown;
    }
}
