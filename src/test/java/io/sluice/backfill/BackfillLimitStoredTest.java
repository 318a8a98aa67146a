package io.sluice.backfill;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.junit.QuarkusTest;
import io.sluice.runs.RunLimits;
import io.sluice.runs.Scope;
import io.sluice.testing.Backfills;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

/**
 * A backfill's maxConcurrent is a stored limit of its group, so every node claiming its runs counts against it: stored
 * in the launch's transaction, removed when the backfill ends.
 */
@QuarkusTest
class BackfillLimitStoredTest {

    @Inject
    RunLimits limits;

    @Test
    void maxConcurrentIsStoredAtLaunchAndRemovedAtTheEnd() {
        String id = Backfills.launch("{\"assets\":[\"test/slow_daily\"],\"ranges\":[{\"start\":\"2025-03-01\","
                + "\"end\":\"2025-03-06\"}],\"maxConcurrent\":2,\"reason\":\"limits\",\"launchedBy\":\"dana\"}");
        // six runs of 150 ms at most two at a time: they cannot all have ended when the launch answers
        assertThat(limits.all(Scope.GROUP)).as("stored with the launch").containsEntry(id, 2);
        assertThat(Backfills.await(id, Backfills::ended).getString("status")).isEqualTo("COMPLETED");
        assertThat(limits.all(Scope.GROUP)).as("removed at the end").doesNotContainKey(id);
    }
}
