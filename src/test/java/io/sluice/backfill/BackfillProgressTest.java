package io.sluice.backfill;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.catalog.AssetKey;
import io.sluice.runs.MaterializationMode;
import io.sluice.runs.RunStatus;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A backfill's progress: what ran apart from what never ran, rates over the time it was not paused, and an estimated
 * end only while it runs (issue 27, items 5 and 30).
 */
class BackfillProgressTest {

    private static final Instant CREATED = Instant.parse("2026-01-01T10:00:00Z");

    private static Backfill backfill(BackfillStatus status, Instant ended, Pauses pauses) {
        return new Backfill(
                "b1",
                status,
                List.of(AssetKey.parse("test/daily")),
                MaterializationMode.FULL_REFRESH,
                "{}",
                null,
                "tester",
                CREATED,
                ended,
                365,
                365,
                0,
                null,
                Map.of(),
                pauses);
    }

    private static ProgressCounts counts(
            long queued, long running, long succeeded, long failed, long canceled, long skipped) {
        return ProgressCounts.of(Map.of(
                ProgressStatus.QUEUED, queued,
                ProgressStatus.RUNNING, running,
                ProgressStatus.SUCCEEDED, succeeded,
                ProgressStatus.FAILED, failed,
                ProgressStatus.CANCELED, canceled,
                ProgressStatus.SKIPPED, skipped));
    }

    @Test
    void aCanceledRunThatNeverStartedIsSkippedNotCanceled() {
        assertThat(ProgressStatus.of(RunStatus.CANCELED, false)).isEqualTo(ProgressStatus.SKIPPED);
        assertThat(ProgressStatus.of(RunStatus.CANCELED, true)).isEqualTo(ProgressStatus.CANCELED);
        assertThat(ProgressStatus.of(RunStatus.STARTED, true)).isEqualTo(ProgressStatus.RUNNING);
        assertThat(ProgressStatus.SKIPPED.ran()).isFalse();
        assertThat(ProgressStatus.CANCELED.ran()).isTrue();
    }

    @Test
    void aBackfillCanceledAfter28Of365CountsWhatRanApartAndHasNoEstimate() {
        // 28 ran in 14 s (26 succeeded, 1 failed, 1 stopped while it ran), 337 never ran
        Backfill canceled = backfill(BackfillStatus.CANCELED, CREATED.plusSeconds(14), Pauses.NONE);
        ProgressCounts c = counts(0, 0, 26, 1, 1, 337);
        BackfillProgress p = BackfillProgress.of(canceled, c, c, CREATED.plusSeconds(3600));
        assertThat(p.partitions().ran()).isEqualTo(28);
        assertThat(p.skipped()).isEqualTo(337);
        assertThat(p.canceled()).isEqualTo(1);
        assertThat(p.partitionsPerSecond()).isEqualTo(2.0); // 28 in 14 s, to its end, not to now
        assertThat(p.eta()).isNull();
    }

    @Test
    void ratesCountOnlyTheTimeItWasNotPaused() {
        // created 100 s ago, paused 60 s of it (30 s, then 30 s under way now): 40 partitions in 40 s of running
        Instant now = CREATED.plusSeconds(100);
        Pauses pauses = new Pauses(now.minusSeconds(30), Duration.ofSeconds(30));
        ProgressCounts c = counts(60, 0, 40, 0, 0, 0);
        BackfillProgress paused = BackfillProgress.of(backfill(BackfillStatus.PAUSED, null, pauses), c, c, now);
        assertThat(paused.activeSeconds()).isEqualTo(40.0);
        assertThat(paused.pausedSeconds()).isEqualTo(60.0);
        assertThat(paused.partitionsPerSecond()).isEqualTo(1.0);
        assertThat(paused.eta()).as("a paused backfill has no estimated end").isNull();

        // resumed now: 60 left at 1 a second
        Pauses resumed = pauses.endedAt(now);
        assertThat(resumed).isEqualTo(new Pauses(null, Duration.ofSeconds(60)));
        BackfillProgress running = BackfillProgress.of(backfill(BackfillStatus.RUNNING, null, resumed), c, c, now);
        assertThat(running.partitionsPerSecond()).isEqualTo(1.0);
        assertThat(running.eta()).isEqualTo(now.plusSeconds(60));
        // ten seconds later with nothing more done, the rate drops: the pause no longer counts, the time running does
        BackfillProgress later =
                BackfillProgress.of(backfill(BackfillStatus.RUNNING, null, resumed), c, c, now.plusSeconds(10));
        assertThat(later.partitionsPerSecond()).isEqualTo(0.8);
    }

    @Test
    void aFinishedBackfillHasNoEstimateAndARunningOneWithNothingDoneYetNeither() {
        ProgressCounts done = counts(0, 0, 365, 0, 0, 0);
        assertThat(BackfillProgress.of(
                                backfill(BackfillStatus.COMPLETED, CREATED.plusSeconds(10), Pauses.NONE),
                                done,
                                done,
                                CREATED.plusSeconds(20))
                        .eta())
                .isNull();
        ProgressCounts none = counts(365, 0, 0, 0, 0, 0);
        assertThat(BackfillProgress.of(
                                backfill(BackfillStatus.RUNNING, null, Pauses.NONE), none, none, CREATED.plusSeconds(5))
                        .eta())
                .isNull();
    }

    @Test
    void aPauseThatEndsAddsItsLengthOnceAndAPauseUnderWayStaysAsItIs() {
        Pauses p = Pauses.NONE.pausedAt(CREATED);
        assertThat(p.pausedAt(CREATED.plusSeconds(5))).isEqualTo(p);
        assertThat(p.until(CREATED.plusSeconds(7))).isEqualTo(Duration.ofSeconds(7));
        Pauses ended = p.endedAt(CREATED.plusSeconds(7));
        assertThat(ended.endedAt(CREATED.plusSeconds(100))).isEqualTo(ended);
        assertThat(ended.until(CREATED.plusSeconds(100))).isEqualTo(Duration.ofSeconds(7));
    }
}
