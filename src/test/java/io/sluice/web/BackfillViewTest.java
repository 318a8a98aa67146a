package io.sluice.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.backfill.Backfill;
import io.sluice.backfill.BackfillPartitions.PartitionStatus;
import io.sluice.backfill.BackfillProgress;
import io.sluice.backfill.BackfillStatus;
import io.sluice.catalog.AssetKey;
import io.sluice.runs.MaterializationMode;
import io.sluice.runs.RunStatus;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The figures of the backfill page: partitions per second since it was created, and the time left at that rate. */
class BackfillViewTest {

    private static final Instant CREATED = Instant.parse("2026-01-01T10:00:00Z");

    private static Backfill backfill(BackfillStatus status, Instant ended) {
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
                100,
                100,
                0,
                null);
    }

    private static List<PartitionStatus> partitions(int done, int queued) {
        List<PartitionStatus> all = new ArrayList<>();
        for (int i = 0; i < done + queued; i++) {
            all.add(new PartitionStatus("p" + i, i < done ? RunStatus.SUCCESS : RunStatus.QUEUED));
        }
        return all;
    }

    private static BackfillView view(BackfillStatus status, int done, int queued, Instant now, Instant ended) {
        Backfill b = backfill(status, ended);
        BackfillProgress p = BackfillProgress.of(100, queued, 0, done, 0, 0, CREATED, now, !status.isTerminal());
        return BackfillView.of(b, p, partitions(done, queued), List.of(), now);
    }

    @Test
    void rateIsPartitionsPerSecondAndTheTimeLeftADuration() {
        // 40 partitions in 20 s: 2 a second, 60 left: 30 s
        BackfillView v = view(BackfillStatus.RUNNING, 40, 60, CREATED.plusSeconds(20), null);
        assertThat(v.rate()).isEqualTo("2.00 partitions/s");
        assertThat(v.eta()).isEqualTo("30.0 s");
        assertThat(v.partitionsDone()).isEqualTo(40);
        assertThat(v.elapsed()).isEqualTo("20.0 s");
        assertThat(v.row().percent()).isEqualTo(40);
        assertThat(v.grid().cells()).hasSize(2);
    }

    @Test
    void nothingDoneYetHasNoEstimateAndAnEndedBackfillCountsToItsEnd() {
        assertThat(view(BackfillStatus.RUNNING, 0, 100, CREATED.plusSeconds(5), null)
                        .eta())
                .isEqualTo("not known yet");
        assertThat(view(BackfillStatus.PAUSED, 10, 90, CREATED.plusSeconds(5), null)
                        .eta())
                .isEqualTo("paused");
        BackfillView ended = view(BackfillStatus.COMPLETED, 100, 0, CREATED.plusSeconds(3600), CREATED.plusSeconds(50));
        assertThat(ended.eta()).isEqualTo("ended");
        assertThat(ended.rate()).isEqualTo("2.00 partitions/s");
        assertThat(ended.elapsed()).isEqualTo("50.0 s");
        assertThat(ended.terminal()).isTrue();
    }
}
