package io.sluice.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.runs.execute.RunPhase;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class DrainPlanTest {

    private static final Instant START = Instant.parse("2026-12-07T10:00:00Z");
    private static final Duration GRACE = Duration.ofSeconds(30);

    @Test
    void runsClaimedButNotBegunGoBackAtOnce() {
        var step = DrainPlan.next(
                START,
                START,
                GRACE,
                Map.of("a", RunPhase.CLAIMED, "b", RunPhase.RUNNING, "c", RunPhase.CLAIMED, "d", RunPhase.LEAVING));
        assertThat(step).isEqualTo(new DrainPlan.HandBack(Set.of("a", "c")));
    }

    @Test
    void nothingRunningIsHandedBackBeforeTheGrace() {
        Map<String, RunPhase> inFlight = Map.of("b", RunPhase.RUNNING, "d", RunPhase.LEAVING);
        assertThat(DrainPlan.next(START, START, GRACE, inFlight)).isEqualTo(new DrainPlan.Wait());
        assertThat(DrainPlan.next(START.plus(GRACE).minusMillis(1), START, GRACE, inFlight))
                .isEqualTo(new DrainPlan.Wait());
    }

    @Test
    void everythingLeftIsHandedBackOnceTheGraceIsOver() {
        Map<String, RunPhase> inFlight =
                Map.of("b", RunPhase.RUNNING, "e", RunPhase.RUNNING, "a", RunPhase.CLAIMED, "d", RunPhase.LEAVING);
        assertThat(DrainPlan.next(START.plus(GRACE), START, GRACE, inFlight))
                .isEqualTo(new DrainPlan.HandBack(Set.of("a", "b", "e")));
        assertThat(DrainPlan.next(START.plus(GRACE).plusSeconds(40), START, GRACE, inFlight))
                .isEqualTo(new DrainPlan.HandBack(Set.of("a", "b", "e")));
    }

    @Test
    void runsLeavingAreWaitedForAndNothingInFlightIsDone() {
        assertThat(DrainPlan.next(START.plusSeconds(99), START, GRACE, Map.of("d", RunPhase.LEAVING)))
                .isEqualTo(new DrainPlan.Wait());
        assertThat(DrainPlan.next(START, START, GRACE, Map.of())).isEqualTo(new DrainPlan.Done());
    }

    @Test
    void aHandBackNamesRuns() {
        assertThatThrownBy(() -> new DrainPlan.HandBack(Set.of())).isInstanceOf(IllegalArgumentException.class);
    }
}
