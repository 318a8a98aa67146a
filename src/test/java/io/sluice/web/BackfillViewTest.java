package io.sluice.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.backfill.Backfill;
import io.sluice.backfill.BackfillPartitions;
import io.sluice.backfill.BackfillRuns;
import io.sluice.backfill.BackfillStatus;
import io.sluice.backfill.Pauses;
import io.sluice.backfill.ProgressCounts;
import io.sluice.backfill.ProgressStatus;
import io.sluice.catalog.AssetKey;
import io.sluice.runs.MaterializationMode;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/**
 * The figures of the backfill page: partitions by status as a split bar, the rate over the time it was not paused, and
 * the time left only while it runs (issue 27, items 5 and 30).
 */
class BackfillViewTest {

    private static final Instant CREATED = Instant.parse("2026-01-01T10:00:00Z");

    private static Backfill backfill(BackfillStatus status, Instant ended, Pauses pauses) {
        return new Backfill(
                "0190a4e2-0000-7000-8000-00000000b001",
                status,
                List.of(AssetKey.parse("test/daily")),
                MaterializationMode.FULL_REFRESH,
                "{}",
                null,
                "tester",
                CREATED,
                ended,
                100,
                100,
                0,
                null,
                Map.of(),
                pauses);
    }

    private static BackfillView view(Backfill b, Map<ProgressStatus, Long> counts, Instant now) {
        ProgressCounts c = ProgressCounts.of(counts);
        List<io.sluice.backfill.StatusSpan> spans = PartitionGridTest.days(
                (int) c.total(),
                i -> i < c.succeeded()
                        ? ProgressStatus.SUCCEEDED
                        : i < c.succeeded() + c.skipped() ? ProgressStatus.SKIPPED : ProgressStatus.QUEUED);
        return BackfillView.of(
                b,
                new BackfillRuns.Standing(spans, new BackfillRuns.Counts(c, c)),
                new BackfillPartitions.Page(List.of(), OptionalLong.empty(), OptionalLong.empty()),
                BackfillPartitions.Query.FIRST,
                List.of(),
                now);
    }

    @Test
    void rateIsPartitionsPerSecondAndTheTimeLeftADuration() {
        // 40 partitions in 20 s: 2 a second, 60 left: 30 s
        BackfillView v = view(
                backfill(BackfillStatus.RUNNING, null, Pauses.NONE),
                Map.of(ProgressStatus.SUCCEEDED, 40L, ProgressStatus.QUEUED, 60L),
                CREATED.plusSeconds(20));
        assertThat(v.rate()).isEqualTo("2.00 partitions/s");
        assertThat(v.eta()).isEqualTo("30.0 s");
        assertThat(v.partitions().text()).isEqualTo("40 of 100 ran: 40 succeeded, 60 queued");
        assertThat(v.elapsed()).isEqualTo("20.0 s");
        assertThat(v.row().percent()).isEqualTo(40);
        assertThat(v.grid().cells()).hasSize(2);
    }

    @Test
    void aCanceledBackfillShowsWhatRanApartFromWhatNeverRanAndNoTimeLeft() {
        // 28 ran in 14 s, then it was canceled: 72 never ran
        BackfillView v = view(
                backfill(BackfillStatus.CANCELED, CREATED.plusSeconds(14), Pauses.NONE),
                Map.of(ProgressStatus.SUCCEEDED, 28L, ProgressStatus.SKIPPED, 72L),
                CREATED.plusSeconds(3600));
        assertThat(v.row().percent()).isEqualTo(28);
        assertThat(v.partitions().text()).isEqualTo("28 of 100 ran: 28 succeeded, 72 skipped");
        assertThat(v.partitions().parts())
                .extracting(ProgressBar.Part::status, ProgressBar.Part::width)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple(ProgressStatus.SUCCEEDED, "28.000%"),
                        org.assertj.core.groups.Tuple.tuple(ProgressStatus.SKIPPED, "72.000%"));
        assertThat(v.rate()).isEqualTo("2.00 partitions/s");
        assertThat(v.eta()).isEqualTo("none: canceled");
        assertThat(v.row().eta()).isEmpty();
        assertThat(v.row().retryable()).isTrue();
    }

    @Test
    void aPausedBackfillHasNoTimeLeftAndItsPauseIsNotInItsRate() {
        // created 100 s ago, paused for the last 60: 40 partitions in 40 s of running
        Instant now = CREATED.plusSeconds(100);
        BackfillView v = view(
                backfill(BackfillStatus.PAUSED, null, new Pauses(now.minusSeconds(60), Duration.ZERO)),
                Map.of(ProgressStatus.SUCCEEDED, 40L, ProgressStatus.QUEUED, 60L),
                now);
        assertThat(v.eta()).isEqualTo("none while paused");
        assertThat(v.row().eta()).isEmpty();
        assertThat(v.rate()).isEqualTo("1.00 partitions/s");
        assertThat(v.elapsed()).isEqualTo("40.0 s");
        assertThat(v.pausedFor()).isEqualTo("1 min 0 s");
    }

    @Test
    void nothingDoneYetHasNoEstimateAndAnEndedBackfillCountsToItsEnd() {
        assertThat(view(
                                backfill(BackfillStatus.RUNNING, null, Pauses.NONE),
                                Map.of(ProgressStatus.QUEUED, 100L),
                                CREATED.plusSeconds(5))
                        .eta())
                .isEqualTo("not known yet");
        BackfillView ended = view(
                backfill(BackfillStatus.COMPLETED, CREATED.plusSeconds(50), Pauses.NONE),
                Map.of(ProgressStatus.SUCCEEDED, 100L),
                CREATED.plusSeconds(3600));
        assertThat(ended.eta()).isEqualTo("none: ended");
        assertThat(ended.rate()).isEqualTo("2.00 partitions/s");
        assertThat(ended.elapsed()).isEqualTo("50.0 s");
        assertThat(ended.terminal()).isTrue();
        assertThat(ended.row().percent()).isEqualTo(100);
    }
}
