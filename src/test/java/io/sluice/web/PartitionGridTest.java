package io.sluice.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.backfill.BackfillPartitions.PartitionStatus;
import io.sluice.runs.RunStatus;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The partition grid: runs of one status are one cell; many partitions are cut into at most so many cells. */
class PartitionGridTest {

    private static List<PartitionStatus> days(int n, java.util.function.IntFunction<RunStatus> status) {
        List<PartitionStatus> days = new ArrayList<>(n);
        LocalDate first = LocalDate.of(2000, 1, 1);
        for (int i = 0; i < n; i++) {
            days.add(new PartitionStatus(first.plusDays(i).toString(), status.apply(i)));
        }
        return days;
    }

    @Test
    void consecutivePartitionsOfOneStatusAreOneCellAsWideAsThey() {
        PartitionGrid grid = PartitionGrid.of(
                days(10, i -> i < 6 ? RunStatus.SUCCESS : i == 6 ? RunStatus.FAILURE : RunStatus.QUEUED), 240);
        assertThat(grid.partitions()).isEqualTo(10);
        assertThat(grid.cells())
                .extracting(PartitionGrid.Cell::status, PartitionGrid.Cell::count)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple(RunStatus.SUCCESS, 6L),
                        org.assertj.core.groups.Tuple.tuple(RunStatus.FAILURE, 1L),
                        org.assertj.core.groups.Tuple.tuple(RunStatus.QUEUED, 3L));
        PartitionGrid.Cell first = grid.cells().get(0);
        assertThat(first.first()).isEqualTo("2000-01-01");
        assertThat(first.last()).isEqualTo("2000-01-06");
        assertThat(first.title()).isEqualTo("2000-01-01 … 2000-01-06 (6 partitions): 6 SUCCESS");
        assertThat(grid.cells().get(1).title()).isEqualTo("2000-01-07: 1 FAILURE");
    }

    @Test
    void manyPartitionsMakeAtMostTheCellsAskedAndAFailureShowsInItsSpan() {
        int n = 100_000;
        // alternating statuses: 100,000 runs of one partition each, far more than the cells
        PartitionGrid grid = PartitionGrid.of(
                days(n, i -> i == 54_321 ? RunStatus.FAILURE : i % 2 == 0 ? RunStatus.SUCCESS : RunStatus.STARTED),
                240);
        assertThat(grid.cells()).hasSizeLessThanOrEqualTo(240).hasSizeGreaterThan(1);
        assertThat(grid.cells().stream().mapToLong(PartitionGrid.Cell::count).sum())
                .isEqualTo(n);
        assertThat(grid.cells())
                .filteredOn(c -> c.status() == RunStatus.FAILURE)
                .hasSize(1);
        PartitionGrid.Cell failed = grid.cells().stream()
                .filter(c -> c.status() == RunStatus.FAILURE)
                .findFirst()
                .orElseThrow();
        assertThat(failed.counts()).containsEntry(RunStatus.FAILURE, 1L);
        assertThat(failed.first().compareTo("2148-09-22")).isLessThanOrEqualTo(0); // 2000-01-01 + 54,321 days
        assertThat(failed.last().compareTo("2148-09-22")).isGreaterThanOrEqualTo(0);
        // spans that cover the partitions in order, with no gap or overlap
        for (int i = 1; i < grid.cells().size(); i++) {
            LocalDate previous = LocalDate.parse(grid.cells().get(i - 1).last());
            assertThat(LocalDate.parse(grid.cells().get(i).first())).isEqualTo(previous.plusDays(1));
        }
    }

    @Test
    void alikeNeighboursOfACutGridAreJoined() {
        // 1,000 successes then 1,000 queued, with one failure among the successes, in 2 cells
        PartitionGrid grid = PartitionGrid.of(
                days(2000, i -> i == 10 ? RunStatus.FAILURE : i < 1000 ? RunStatus.SUCCESS : RunStatus.QUEUED), 2);
        assertThat(grid.cells()).hasSize(2);
        assertThat(grid.cells().get(0).counts()).isEqualTo(Map.of(RunStatus.SUCCESS, 999L, RunStatus.FAILURE, 1L));
        assertThat(grid.cells().get(1).status()).isEqualTo(RunStatus.QUEUED);

        // 1,000 alternating, then 1,000 queued, in 100 cells of 20: 50 mixed cells, and the 50 queued ones as one
        PartitionGrid cut = PartitionGrid.of(
                days(2000, i -> i >= 1000 ? RunStatus.QUEUED : i % 2 == 0 ? RunStatus.SUCCESS : RunStatus.FAILURE),
                100);
        assertThat(cut.cells()).hasSize(51);
        assertThat(cut.cells().get(0).counts()).isEqualTo(Map.of(RunStatus.SUCCESS, 10L, RunStatus.FAILURE, 10L));
        assertThat(cut.cells().get(0).status()).isEqualTo(RunStatus.FAILURE);
        assertThat(cut.cells().get(50).count()).isEqualTo(1000);
        assertThat(cut.cells().get(50).first())
                .isEqualTo(LocalDate.of(2000, 1, 1).plusDays(1000).toString());
    }

    @Test
    void noPartitionsIsAnEmptyGridAndNoCellsIsRefused() {
        assertThat(PartitionGrid.of(List.of(), 240).cells()).isEmpty();
        assertThatThrownBy(() -> PartitionGrid.of(List.of(), 0)).isInstanceOf(IllegalArgumentException.class);
    }
}
