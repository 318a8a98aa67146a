package io.sluice.alerts;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.catalog.AssetKey;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class AlertPlannerTest {

    static final Instant T0 = Instant.parse("2026-03-01T00:00:00Z");

    static AlertPlanner.Observed failed(String asset, int minute) {
        return AlertPlanner.Observed.any(Incident.firing(
                AlertCause.RUN_FAILED,
                Optional.of(AssetKey.parse(asset)),
                "run " + minute,
                "failed",
                T0.plusSeconds(60L * minute),
                asset + minute));
    }

    @Test
    void eachRuleThatWatchesDecidesOnItsOwnStateInTheOrderThingsHappenedToEachOfItsChannels() {
        AlertRule all = AlertRule.on("all", Set.of(AlertCause.RUN_FAILED), "a", "b");
        AlertRule raw = AlertRule.on("raw", Set.of(AlertCause.RUN_FAILED), "c")
                .forAssets(AssetSelection.groups("raw"))
                .within(Duration.ZERO);
        AlertRule off = AlertRule.on("off", Set.of(AlertCause.RUN_FAILED), "d").enabled(false);
        AlertPlanner.Plan plan = AlertPlanner.plan(
                List.of(all, raw, off),
                List.of(failed("raw/x", 2), failed("raw/x", 1), failed("mart/y", 3)),
                key -> Throttle.State.NONE);
        assertThat(plan.outbox())
                .extracting(o -> o.channel() + " " + o.notification().asset() + " "
                        + o.notification().subject())
                .containsExactly(
                        "a raw/x run 1",
                        "b raw/x run 1",
                        "c raw/x run 1",
                        "c raw/x run 2",
                        "a mart/y run 3",
                        "b mart/y run 3");
        assertThat(plan.suppressed()).as("rule all, raw/x at minute 2").isEqualTo(1);
        assertThat(plan.states())
                .containsOnlyKeys(
                        new AlertPlanner.Key("all", "raw/x", AlertCause.RUN_FAILED),
                        new AlertPlanner.Key("raw", "raw/x", AlertCause.RUN_FAILED),
                        new AlertPlanner.Key("all", "mart/y", AlertCause.RUN_FAILED));
    }

    @Test
    void anIncidentForOneRuleIsOnlyItsAndTheStoredStateCarriesOver() {
        AlertRule slow = AlertRule.runsLongerThan("slow", Duration.ofMinutes(5), "a");
        AlertRule slower = AlertRule.runsLongerThan("slower", Duration.ofMinutes(50), "b");
        Incident longRun = Incident.firing(
                AlertCause.RUN_TOO_LONG, Optional.of(AssetKey.parse("raw/x")), "run r", "long", T0, "long|slow|r");
        Map<AlertPlanner.Key, Throttle.State> stored = new HashMap<>();
        AlertPlanner.Plan first = AlertPlanner.plan(
                List.of(slow, slower),
                List.of(new AlertPlanner.Observed(longRun, Optional.of("slow"))),
                k -> stored.getOrDefault(k, Throttle.State.NONE));
        assertThat(first.outbox()).extracting(AlertPlanner.Outgoing::channel).containsExactly("a");
        stored.putAll(first.states());
        Incident again = Incident.firing(
                AlertCause.RUN_TOO_LONG,
                Optional.of(AssetKey.parse("raw/x")),
                "run r2",
                "long",
                T0.plusSeconds(60),
                "long|slow|r2");
        AlertPlanner.Plan second = AlertPlanner.plan(
                List.of(slow, slower),
                List.of(new AlertPlanner.Observed(again, Optional.of("slow"))),
                k -> stored.getOrDefault(k, Throttle.State.NONE));
        assertThat(second.outbox()).as("within the window of the stored state").isEmpty();
        assertThat(second.suppressed()).isEqualTo(1);
    }
}
