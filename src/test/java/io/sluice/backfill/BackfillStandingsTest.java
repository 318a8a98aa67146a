package io.sluice.backfill;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.catalog.AssetKey;
import io.sluice.runs.AssetRun;
import io.sluice.runs.MaterializationMode;
import io.sluice.runs.Run;
import io.sluice.runs.RunHistory;
import io.sluice.runs.RunListing;
import io.sluice.runs.RunPageQuery;
import io.sluice.runs.RunQuery;
import io.sluice.runs.RunStatus;
import java.time.Instant;
import java.util.Collection;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** A backfill's standing is read again when one of its runs moved, and never again once it has settled. */
class BackfillStandingsTest {

    private final Map<RunStatus, Long> runs = new EnumMap<>(RunStatus.class);
    private int standingsRead;
    private int countsRead;

    private final BackfillRuns spans = new BackfillRuns() {
        @Override
        public void create(String backfillId, List<RunSpan> spans) {}

        @Override
        public void replace(String deadRunId, String retryRunId) {}

        @Override
        public Standing standing(String backfillId) {
            standingsRead++;
            long n = runs.values().stream().mapToLong(Long::longValue).sum();
            return new Standing(
                    List.of(new StatusSpan(0, n, "a", "z", ProgressStatus.QUEUED, n)),
                    new Counts(
                            ProgressCounts.of(Map.of(ProgressStatus.QUEUED, n)),
                            ProgressCounts.of(Map.of(ProgressStatus.QUEUED, n))));
        }

        @Override
        public List<PartitionRow> after(String id, long position, Optional<ProgressStatus> status, int limit) {
            return List.of();
        }

        @Override
        public List<PartitionRow> before(String id, long position, Optional<ProgressStatus> status, int limit) {
            return List.of();
        }

        @Override
        public List<String> backfillsWithoutSpans() {
            return List.of();
        }
    };

    private final RunHistory history = new RunHistory() {
        @Override
        public Optional<Run> find(String id) {
            return Optional.empty();
        }

        @Override
        public List<String> idsEndingWith(String suffix, int limit) {
            return List.of();
        }

        @Override
        public List<Run> list(RunQuery query) {
            return List.of();
        }

        @Override
        public Map<RunStatus, Long> countByStatus(String group) {
            countsRead++;
            return Map.copyOf(runs);
        }

        @Override
        public List<String> partitionsOfGroup(String group, Set<RunStatus> statuses) {
            return List.of();
        }

        @Override
        public Map<AssetKey, AssetRun> lastStepByAsset(Collection<AssetKey> assets) {
            return Map.of();
        }

        @Override
        public RunListing page(RunPageQuery query) {
            throw new UnsupportedOperationException();
        }
    };

    private static Backfill backfill(BackfillStatus status) {
        return new Backfill(
                "b1",
                status,
                List.of(AssetKey.parse("t/daily")),
                MaterializationMode.FULL_REFRESH,
                "{}",
                null,
                "tester",
                Instant.EPOCH,
                null,
                3,
                3,
                0,
                null);
    }

    @Test
    void aStandingIsReadAgainOnlyWhenARunMovedAndNeverOnceSettled() {
        // a clock far ahead after each read: no standing is young enough to be served without looking at the counts
        Instant[] now = {Instant.EPOCH};
        BackfillStandings standings = new BackfillStandings(spans, history, () -> {
            now[0] = now[0].plusSeconds(3600);
            return now[0];
        });
        runs.put(RunStatus.QUEUED, 3L);
        standings.standing(backfill(BackfillStatus.RUNNING));
        standings.standing(backfill(BackfillStatus.RUNNING));
        standings.counts(backfill(BackfillStatus.RUNNING));
        assertThat(standingsRead).as("nothing moved").isEqualTo(1);

        runs.put(RunStatus.QUEUED, 2L);
        runs.put(RunStatus.STARTED, 1L);
        standings.standing(backfill(BackfillStatus.RUNNING));
        assertThat(standingsRead).as("a run started").isEqualTo(2);

        runs.clear();
        runs.put(RunStatus.SUCCESS, 1L);
        runs.put(RunStatus.CANCELED, 2L);
        standings.standing(backfill(BackfillStatus.CANCELED));
        assertThat(standingsRead).isEqualTo(3);
        int counted = countsRead;
        standings.standing(backfill(BackfillStatus.CANCELED));
        standings.counts(backfill(BackfillStatus.CANCELED));
        assertThat(standingsRead).isEqualTo(3);
        assertThat(countsRead)
                .as("ended with nothing left to run: not even counted")
                .isEqualTo(counted);
    }

    @Test
    void aBackfillThatEndedIsReadAgainAtOnceEvenWhenItsStandingIsYoung() {
        // a clock that stands still: every standing read is young
        BackfillStandings standings = new BackfillStandings(spans, history, () -> Instant.EPOCH);
        runs.put(RunStatus.QUEUED, 3L);
        standings.counts(backfill(BackfillStatus.RUNNING));
        runs.clear();
        runs.put(RunStatus.SUCCESS, 3L);
        standings.counts(backfill(BackfillStatus.RUNNING));
        assertThat(standingsRead)
                .as("young: served as read while the backfill runs")
                .isEqualTo(1);

        standings.counts(backfill(BackfillStatus.COMPLETED));
        assertThat(standingsRead)
                .as("a backfill that ended is never shown with the counts of before its end")
                .isEqualTo(2);
    }
}
