package io.sluice.automation;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.catalog.AssetKey;
import io.sluice.catalog.AssetSpec;
import io.sluice.partitions.PartitionsDefinition;
import io.sluice.partitions.TimeWindowPartitions;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Eager after a failed run (issue 27, item 27): the evaluator follows the runs it launched; a failed one (a crash is
 * recorded as a failure at the next start) is launched again after a doubling backoff, at most
 * {@link TriggerRetry#maxAttempts()} runs in all, then given up until the upstream changes again.
 */
class TriggerRetryTest {

    private static final AssetKey RAW = AssetKey.of("hub", "raw");
    private static final AssetKey TABLE = AssetKey.of("hub", "table");
    private static final TimeWindowPartitions DAYS = TimeWindowPartitions.daily(LocalDate.of(2024, 1, 1));
    private static final Instant NOW = Instant.parse("2024-03-01T12:00:00Z");
    private static final TriggerRetry RETRY = new TriggerRetry(3, Duration.ofSeconds(30));

    private final FakeState state = new FakeState();
    private final FakeActivity activity = new FakeActivity();
    private final TriggerGraph graph = TriggerGraph.of(List.of(
                    AssetSpec.builder(RAW.toString()).partitions(DAYS).build(),
                    AssetSpec.builder(TABLE.toString())
                            .partitions(PartitionsDefinition.none())
                            .deps(RAW.toString())
                            .build()))
            .withPolicy(TABLE, TriggerPolicy.eager());

    private TriggerPlan evaluate(TriggerCursor cursor, Instant now, Map<String, RunEnd> ended) {
        return TriggerEvaluator.evaluate(
                graph,
                cursor,
                new TriggerInput(state.since(cursor.eventSequence()), state, Set.of(), Set.of(), activity, ended, now),
                RETRY);
    }

    private TriggerPlan evaluate(TriggerCursor cursor, Instant now) {
        return evaluate(cursor, now, Map.of());
    }

    private static Map<String, RunEnd> failed(String run, Instant at) {
        return Map.of(run, new RunEnd(RunEnd.Outcome.FAILED, at));
    }

    @Test
    void aFailedRunIsLaunchedAgainAfterADoublingBackoffAndGivenUpAfterTheLastAttempt() {
        state.materialize(RAW, "2024-02-01", NOW);
        TriggerPlan first = evaluate(TriggerCursor.START, NOW);
        assertThat(first.launched()).containsExactly(AssetPartition.whole(TABLE));
        assertThat(first.launches().get(0).tags()).doesNotContainKey(Launch.TRIGGER_ATTEMPT_TAG);
        TriggerCursor cursor = first.cursorAfter(List.of("t1"));
        assertThat(cursor.followed())
                .containsExactly(new TriggerCursor.Followed("t1", 1, Set.of(AssetPartition.whole(TABLE))));

        // still running: nothing to do
        assertThat(evaluate(cursor, NOW.plusSeconds(1)).cursor()).isEqualTo(cursor);

        // t1 failed (or died with the process): held for 30 s, in the cursor with its attempt
        Instant failedAt = NOW.plusSeconds(5);
        TriggerPlan waiting = evaluate(cursor, failedAt, failed("t1", failedAt));
        assertThat(waiting.launches()).isEmpty();
        assertThat(waiting.held()).singleElement().satisfies(h -> {
            assertThat(h.reason()).isEqualTo(Held.Reason.RETRY_BACKOFF);
            assertThat(h.detail())
                    .contains("run t1 failed (attempt 1 of 3)", "attempt 2 starts at " + failedAt.plusSeconds(30));
        });
        assertThat(waiting.cursor().followed()).isEmpty();
        assertThat(waiting.cursor().held()).isEmpty();
        assertThat(waiting.cursor().nextRetry()).contains(failedAt.plusSeconds(30));

        assertThat(evaluate(waiting.cursor(), failedAt.plusSeconds(29)).launches())
                .isEmpty();

        TriggerPlan second = evaluate(waiting.cursor(), failedAt.plusSeconds(30));
        assertThat(second.launched()).containsExactly(AssetPartition.whole(TABLE));
        assertThat(second.launches().get(0).tags()).containsEntry(Launch.TRIGGER_ATTEMPT_TAG, "2");
        assertThat(second.launches().get(0).reason()).contains("attempt 2 of 3");
        cursor = second.cursorAfter(List.of("t2"));
        assertThat(cursor.retries()).isEmpty();

        // the second failure waits twice as long
        Instant failedAgain = failedAt.plusSeconds(40);
        TriggerPlan waitingAgain = evaluate(cursor, failedAgain, failed("t2", failedAgain));
        assertThat(waitingAgain.cursor().nextRetry()).contains(failedAgain.plusSeconds(60));
        TriggerPlan third = evaluate(waitingAgain.cursor(), failedAgain.plusSeconds(60));
        assertThat(third.launches().get(0).tags()).containsEntry(Launch.TRIGGER_ATTEMPT_TAG, "3");
        cursor = third.cursorAfter(List.of("t3"));

        // the third run in all fails: given up, nothing waits, nothing launches later
        Instant last = failedAgain.plusSeconds(90);
        TriggerPlan givenUp = evaluate(cursor, last, failed("t3", last));
        assertThat(givenUp.givenUp()).singleElement().satisfies(g -> {
            assertThat(g.partition()).isEqualTo(AssetPartition.whole(TABLE));
            assertThat(g.detail()).contains("run t3 failed (attempt 3 of 3)");
        });
        assertThat(givenUp.cursor().retries()).isEmpty();
        assertThat(givenUp.cursor().followed()).isEmpty();
        assertThat(evaluate(givenUp.cursor(), last.plusSeconds(3600)).launches())
                .isEmpty();

        // the upstream changes again: a first attempt
        state.materialize(RAW, "2024-02-02", last.plusSeconds(4000));
        TriggerPlan fresh = evaluate(givenUp.cursor(), last.plusSeconds(4000));
        assertThat(fresh.launched()).containsExactly(AssetPartition.whole(TABLE));
        assertThat(fresh.launches().get(0).tags()).doesNotContainKey(Launch.TRIGGER_ATTEMPT_TAG);
    }

    @Test
    void aCanceledRunIsNotRetriedAndASucceededOneIsNoLongerFollowed() {
        state.materialize(RAW, "2024-02-01", NOW);
        TriggerCursor cursor = evaluate(TriggerCursor.START, NOW).cursorAfter(List.of("t1"));
        TriggerPlan canceled =
                evaluate(cursor, NOW.plusSeconds(5), Map.of("t1", new RunEnd(RunEnd.Outcome.CANCELED, NOW)));
        assertThat(canceled.cursor().followed()).isEmpty();
        assertThat(canceled.cursor().retries()).isEmpty();
        assertThat(canceled.held()).isEmpty();

        TriggerPlan succeeded =
                evaluate(cursor, NOW.plusSeconds(5), Map.of("t1", new RunEnd(RunEnd.Outcome.SUCCEEDED, NOW)));
        assertThat(succeeded.cursor()).isEqualTo(canceled.cursor());
    }

    @Test
    void anUpstreamChangeWhileARetryWaitsLaunchesAtOnceAsAFirstAttempt() {
        state.materialize(RAW, "2024-02-01", NOW);
        TriggerCursor cursor = evaluate(TriggerCursor.START, NOW).cursorAfter(List.of("t1"));
        TriggerPlan waiting = evaluate(cursor, NOW.plusSeconds(5), failed("t1", NOW.plusSeconds(5)));
        state.materialize(RAW, "2024-02-02", NOW.plusSeconds(6));
        TriggerPlan fresh = evaluate(waiting.cursor(), NOW.plusSeconds(6));
        assertThat(fresh.launched()).containsExactly(AssetPartition.whole(TABLE));
        assertThat(fresh.launches().get(0).tags()).doesNotContainKey(Launch.TRIGGER_ATTEMPT_TAG);
        assertThat(fresh.cursor().retries()).isEmpty();
    }

    @Test
    void aDueRetryWhoseUpstreamIsInProgressWaitsWithItsAttempt() {
        state.materialize(RAW, "2024-02-01", NOW);
        TriggerCursor cursor = evaluate(TriggerCursor.START, NOW).cursorAfter(List.of("t1"));
        TriggerPlan waiting = evaluate(cursor, NOW.plusSeconds(5), failed("t1", NOW.plusSeconds(5)));
        activity.run(RAW, "2024-02-03", "up-1");
        TriggerPlan held = evaluate(waiting.cursor(), NOW.plusSeconds(60));
        assertThat(held.launches()).isEmpty();
        assertThat(held.held()).extracting(Held::reason).containsExactly(Held.Reason.UPSTREAM_IN_PROGRESS);
        assertThat(held.cursor().held()).isEmpty();
        assertThat(held.cursor().retries())
                .extracting(TriggerCursor.Retry::attempt)
                .containsExactly(2);

        activity.quiet();
        TriggerPlan launched = evaluate(held.cursor(), NOW.plusSeconds(70));
        assertThat(launched.launches().get(0).tags()).containsEntry(Launch.TRIGGER_ATTEMPT_TAG, "2");
    }
}
