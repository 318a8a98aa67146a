package io.sluice.runs.dispatch;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.runs.RunLimits;
import io.sluice.runs.Scope;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ClaimRoomTest {

    private static final RunLimits.Key GROUP = new RunLimits.Key(Scope.GROUP, "b1");
    private static final RunLimits.Key SLOW = new RunLimits.Key(Scope.POOL, "slow");
    private static final RunLimits.Key FAST = new RunLimits.Key(Scope.POOL, "fast");

    private static ClaimRoom.Candidate run(String id, RunLimits.Key... scopes) {
        return new ClaimRoom.Candidate(id, Set.of(scopes));
    }

    private static List<String> ids(List<ClaimRoom.Candidate> admitted) {
        return admitted.stream().map(ClaimRoom.Candidate::id).toList();
    }

    @Test
    void aScopeWithoutALimitHoldsNothingBack() {
        ClaimRoom room = ClaimRoom.of(Map.of(), Map.of());
        assertThat(ids(room.admit(List.of(run("a", GROUP, SLOW), run("b", GROUP), run("c")))))
                .containsExactly("a", "b", "c");
    }

    @Test
    void theRunsCountedInTheStoreTakeTheirPlaces() {
        ClaimRoom room = ClaimRoom.of(Map.of(GROUP, 3), Map.of(GROUP, 2));
        assertThat(ids(room.admit(List.of(run("a", GROUP), run("b", GROUP), run("c")))))
                .as("one place left in the group; a run of no group is not counted")
                .containsExactly("a", "c");
    }

    @Test
    void theTightestScopeDecidesAndTheRunsAfterAFullOneStillFit() {
        // a group limited to 3 whose asset is in a pool limited to 2, and a run of another pool behind them
        ClaimRoom room = ClaimRoom.of(Map.of(GROUP, 3, SLOW, 2, FAST, 1), Map.of());
        assertThat(ids(room.admit(List.of(
                        run("a", GROUP, SLOW),
                        run("b", GROUP, SLOW),
                        run("c", GROUP, SLOW),
                        run("d", GROUP, FAST),
                        run("e", FAST)))))
                .containsExactly("a", "b", "d");
    }

    @Test
    void aScopeOverItsLimitAdmitsNothing() {
        // a limit lowered below the runs already executing: nothing more starts until they end
        ClaimRoom room = ClaimRoom.of(Map.of(SLOW, 1), Map.of(SLOW, 3));
        assertThat(room.admit(List.of(run("a", SLOW), run("b", SLOW)))).isEmpty();
    }
}
