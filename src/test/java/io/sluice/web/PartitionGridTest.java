package io.sluice.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.backfill.ProgressStatus;
import io.sluice.backfill.StatusSpan;
import io.sluice.testing.Property;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;
import org.assertj.core.groups.Tuple;
import org.junit.jupiter.api.Test;

/** The partition grid: spans of one status are one cell; many spans are put together into at most so many cells. */
class PartitionGridTest {

    private static final LocalDate FIRST = LocalDate.of(2000, 1, 1);

    /** One run a day, consecutive days of one status joined, as the store reads them. */
    static List<StatusSpan> days(int n, IntFunction<ProgressStatus> status) {
        List<StatusSpan> spans = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            String day = FIRST.plusDays(i).toString();
            StatusSpan last = spans.isEmpty() ? null : spans.get(spans.size() - 1);
            if (last != null && last.status() == status.apply(i)) {
                spans.set(
                        spans.size() - 1,
                        new StatusSpan(
                                last.position(), last.count() + 1, last.first(), day, last.status(), last.runs() + 1));
            } else {
                spans.add(new StatusSpan(i, 1, day, day, status.apply(i), 1));
            }
        }
        return spans;
    }

    @Test
    void consecutivePartitionsOfOneStatusAreOneCellAsWideAsThey() {
        PartitionGrid grid = PartitionGrid.of(
                days(
                        10,
                        i -> i < 6
                                ? ProgressStatus.SUCCEEDED
                                : i == 6 ? ProgressStatus.FAILED : ProgressStatus.SKIPPED),
                240);
        assertThat(grid.partitions()).isEqualTo(10);
        assertThat(grid.cells())
                .extracting(PartitionGrid.Cell::status, PartitionGrid.Cell::count)
                .containsExactly(
                        Tuple.tuple(ProgressStatus.SUCCEEDED, 6L),
                        Tuple.tuple(ProgressStatus.FAILED, 1L),
                        Tuple.tuple(ProgressStatus.SKIPPED, 3L));
        PartitionGrid.Cell first = grid.cells().get(0);
        assertThat(first.first()).isEqualTo("2000-01-01");
        assertThat(first.last()).isEqualTo("2000-01-06");
        assertThat(first.title()).isEqualTo("2000-01-01 … 2000-01-06 (6 partitions): 6 succeeded");
        assertThat(grid.cells().get(1).title()).isEqualTo("2000-01-07: 1 failed");
        assertThat(grid.cells().get(2).css()).isEqualTo("ps-SKIPPED");
    }

    @Test
    void manyPartitionsMakeAtMostTheCellsAskedAndAFailureShowsInItsCell() {
        int n = 100_000;
        // alternating statuses: 100,000 spans of one partition each, far more than the cells
        PartitionGrid grid = PartitionGrid.of(
                days(
                        n,
                        i -> i == 54_321
                                ? ProgressStatus.FAILED
                                : i % 2 == 0 ? ProgressStatus.SUCCEEDED : ProgressStatus.RUNNING),
                240);
        assertThat(grid.cells()).hasSizeLessThanOrEqualTo(240).hasSizeGreaterThan(100);
        assertThat(grid.cells().stream().mapToLong(PartitionGrid.Cell::count).sum())
                .isEqualTo(n);
        PartitionGrid.Cell failed = grid.cells().stream()
                .filter(c -> c.status() == ProgressStatus.FAILED)
                .collect(java.util.stream.Collectors.collectingAndThen(java.util.stream.Collectors.toList(), l -> {
                    assertThat(l).hasSize(1);
                    return l.get(0);
                }));
        assertThat(failed.counts()).containsEntry(ProgressStatus.FAILED, 1L);
        assertThat(failed.first().compareTo("2148-09-22")).isLessThanOrEqualTo(0); // 2000-01-01 + 54,321 days
        assertThat(failed.last().compareTo("2148-09-22")).isGreaterThanOrEqualTo(0);
        // cells cover the partitions in order, with no gap or overlap
        for (int i = 1; i < grid.cells().size(); i++) {
            LocalDate previous = LocalDate.parse(grid.cells().get(i - 1).last());
            assertThat(LocalDate.parse(grid.cells().get(i).first())).isEqualTo(previous.plusDays(1));
        }
    }

    @Test
    void aLargeSpanIsACellOfItsOwnAndAlikeNeighboursAreJoined() {
        // 1,000 alternating, then 1,000 queued, in 100 cells: mixed cells of 41 (2 x 2,000 / 99), the queued span alone
        PartitionGrid cut = PartitionGrid.of(
                days(
                        2000,
                        i -> i >= 1000
                                ? ProgressStatus.QUEUED
                                : i % 2 == 0 ? ProgressStatus.SUCCEEDED : ProgressStatus.FAILED),
                100);
        assertThat(cut.cells()).hasSize(26); // 24 of 41, the 16 before the queued span, the queued span
        assertThat(cut.cells().get(0).counts())
                .isEqualTo(Map.of(ProgressStatus.SUCCEEDED, 21L, ProgressStatus.FAILED, 20L));
        assertThat(cut.cells().get(0).status()).isEqualTo(ProgressStatus.FAILED);
        assertThat(cut.cells().get(24).count()).isEqualTo(16);
        PartitionGrid.Cell queued = cut.cells().get(25);
        assertThat(queued.counts()).isEqualTo(Map.of(ProgressStatus.QUEUED, 1000L));
        assertThat(queued.first()).isEqualTo(FIRST.plusDays(1000).toString());
    }

    @Test
    void cellsNeverOutnumberWhatIsAskedAndCoverEverySpanWhole() {
        Property.tries(500)
                .check(
                        d -> {
                            List<StatusSpan> spans = new ArrayList<>();
                            long position = 0;
                            ProgressStatus last = null;
                            for (int i = d.between(0, 400); i > 0; i--) {
                                ProgressStatus status = d.of(ProgressStatus.values());
                                if (status == last) {
                                    continue;
                                }
                                long count = d.bool() ? d.between(1, 3) : d.between(1, 5_000);
                                spans.add(new StatusSpan(
                                        position, count, "k" + position, "k" + (position + count - 1), status, 1));
                                position += count;
                                last = status;
                            }
                            return new Sample(spans, d.between(2, 60));
                        },
                        sample -> {
                            PartitionGrid grid = PartitionGrid.of(sample.spans(), sample.maxCells());
                            assertThat(grid.cells()).hasSizeLessThanOrEqualTo(Math.max(sample.maxCells(), 0));
                            long total = sample.spans().stream()
                                    .mapToLong(StatusSpan::count)
                                    .sum();
                            assertThat(grid.partitions()).isEqualTo(total);
                            assertThat(grid.cells().stream()
                                            .mapToLong(PartitionGrid.Cell::count)
                                            .sum())
                                    .isEqualTo(total);
                            // each cell starts where a span starts and ends where one ends: no span is cut
                            java.util.Set<String> firsts = new java.util.HashSet<>();
                            java.util.Set<String> lasts = new java.util.HashSet<>();
                            sample.spans().forEach(sp -> {
                                firsts.add(sp.first());
                                lasts.add(sp.last());
                            });
                            grid.cells().forEach(c -> {
                                assertThat(firsts).contains(c.first());
                                assertThat(lasts).contains(c.last());
                                assertThat(c.counts().values().stream()
                                                .mapToLong(Long::longValue)
                                                .sum())
                                        .isEqualTo(c.count());
                                assertThat(c.counts()).containsKey(c.status());
                                assertThat(c.counts().keySet())
                                        .allMatch(s -> s.rank() >= c.status().rank());
                            });
                        });
    }

    record Sample(List<StatusSpan> spans, int maxCells) {}

    @Test
    void noPartitionsIsAnEmptyGridAndTooFewCellsAreRefused() {
        assertThat(PartitionGrid.of(List.of(), 240).cells()).isEmpty();
        assertThatThrownBy(() -> PartitionGrid.of(List.of(), 1)).isInstanceOf(IllegalArgumentException.class);
    }
}
