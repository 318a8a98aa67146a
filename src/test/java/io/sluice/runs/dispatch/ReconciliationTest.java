package io.sluice.runs.dispatch;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.catalog.AssetKey;
import io.sluice.catalog.PartitionRange;
import io.sluice.lake.LakeWrite;
import io.sluice.runs.RunStatus;
import io.sluice.runs.RunStep;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ReconciliationTest {

    private static final AssetKey EXTRACT = AssetKey.parse("extract/filings");
    private static final AssetKey RAW = AssetKey.parse("raw/filings");
    private static final AssetKey OWNERSHIP = AssetKey.parse("transform/ownership");
    private static final Instant T = Instant.parse("2030-01-01T00:00:00Z");

    private static RunStep step(int index, AssetKey asset, RunStatus status) {
        return new RunStep(index, asset, status, T, null, 0, 0, 0, null);
    }

    private static LakeWrite write(String table, String partition) {
        return new LakeWrite(table, partition, "APPEND", T, null, 10, 10, 0, 10, null);
    }

    private static Optional<PartitionRange> range(String... keys) {
        return Optional.of(new PartitionRange(List.of(keys)));
    }

    @Test
    void aStepWhosePublishIsInTheLakeIsAccountedForAndTheRunIsComplete() {
        Reconciliation.Outcome o = Reconciliation.of(
                List.of(new Reconciliation.StepWork(
                        step(0, OWNERSHIP, RunStatus.STARTED), Optional.of("ownership"), List.of(Optional.empty()))),
                List.of(write("ownership", null)),
                Set.of());
        assertThat(o.complete()).isTrue();
        assertThat(o.accounted()).containsExactly(0);
        assertThat(o.recovered()).singleElement().satisfies(r -> {
            assertThat(r.step().asset()).isEqualTo(OWNERSHIP);
            assertThat(r.partition()).isNull();
        });
    }

    @Test
    void aStepWithoutATableIsAccountedForOnlyWhenTheStoreSaysItSucceeded() {
        Reconciliation.StepWork extractDone =
                new Reconciliation.StepWork(step(0, EXTRACT, RunStatus.SUCCESS), Optional.empty(), List.of());
        Reconciliation.StepWork extractOpen =
                new Reconciliation.StepWork(step(0, EXTRACT, RunStatus.STARTED), Optional.empty(), List.of());
        Reconciliation.StepWork raw = new Reconciliation.StepWork(
                step(1, RAW, RunStatus.QUEUED), Optional.of("raw"), List.of(range("2024-01-01", "2024-01-31")));
        List<LakeWrite> writes = List.of(write("raw", "2024-01-01...2024-01-31"));

        Reconciliation.Outcome done = Reconciliation.of(List.of(extractDone, raw), writes, Set.of());
        assertThat(done.complete()).isTrue();
        assertThat(done.accounted()).containsExactly(1);

        Reconciliation.Outcome open = Reconciliation.of(List.of(extractOpen, raw), List.of(), Set.of());
        assertThat(open.complete())
                .as("an extract writes the lake itself: the write log cannot say it finished")
                .isFalse();
        assertThat(open.accounted()).isEmpty();
        assertThat(open.recovered()).isEmpty();
    }

    @Test
    void aStepIsAccountedForOnlyWhenEveryUnitIsPublishedAndRecordedPublishesAreNotRecoveredAgain() {
        Reconciliation.StepWork daily = new Reconciliation.StepWork(
                step(0, RAW, RunStatus.STARTED),
                Optional.of("raw"),
                List.of(range("2024-01-01"), range("2024-01-02"), range("2024-01-03")));
        Set<Reconciliation.Recorded> recorded = Set.of(new Reconciliation.Recorded(RAW, "2024-01-01"));

        Reconciliation.Outcome partial = Reconciliation.of(
                List.of(daily), List.of(write("raw", "2024-01-01"), write("raw", "2024-01-02")), recorded);
        assertThat(partial.complete()).isFalse();
        assertThat(partial.accounted()).isEmpty();
        assertThat(partial.recovered())
                .extracting(Reconciliation.Recovered::partition)
                .containsExactly("2024-01-02");

        Reconciliation.Outcome all = Reconciliation.of(
                List.of(daily),
                List.of(write("raw", "2024-01-01"), write("raw", "2024-01-02"), write("raw", "2024-01-03")),
                recorded);
        assertThat(all.complete()).isTrue();
        assertThat(all.recovered())
                .extracting(Reconciliation.Recovered::partition)
                .containsExactly("2024-01-02", "2024-01-03");
    }

    @Test
    void aFailedOrSkippedStepKeepsTheRunFromSucceedingButItsPublishesAreStillRecovered() {
        Reconciliation.StepWork failed = new Reconciliation.StepWork(
                step(0, RAW, RunStatus.FAILURE), Optional.of("raw"), List.of(range("2024-01-01"), range("2024-01-02")));
        Reconciliation.StepWork skipped = new Reconciliation.StepWork(
                step(1, OWNERSHIP, RunStatus.SKIPPED), Optional.of("ownership"), List.of(Optional.empty()));
        Reconciliation.Outcome o =
                Reconciliation.of(List.of(failed, skipped), List.of(write("raw", "2024-01-01")), Set.of());
        assertThat(o.complete()).isFalse();
        assertThat(o.accounted()).isEmpty();
        assertThat(o.recovered())
                .extracting(Reconciliation.Recovered::partition)
                .containsExactly("2024-01-01");
    }

    @Test
    void writesOfOtherTablesOrPartitionsDoNotCount() {
        Reconciliation.StepWork daily = new Reconciliation.StepWork(
                step(0, RAW, RunStatus.STARTED), Optional.of("raw"), List.of(range("2024-01-01")));
        Reconciliation.Outcome o = Reconciliation.of(
                List.of(daily),
                List.of(write("other", "2024-01-01"), write("raw", "2024-01-02"), write("raw", null)),
                Set.of());
        assertThat(o.complete()).isFalse();
        assertThat(o.recovered()).isEmpty();
    }
}
