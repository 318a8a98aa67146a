package io.sluice.web;

import io.sluice.backfill.BackfillPartitions.PartitionStatus;
import io.sluice.runs.RunStatus;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * A backfill's partitions as a health bar: consecutive partitions of one status are one cell, and when that still makes
 * more than {@code maxCells} cells, the partitions are cut into {@code maxCells} equal spans, each showing the most
 * telling status it holds (a failure over successes). Cells are as wide as the partitions they cover. Pure.
 */
record PartitionGrid(long partitions, List<Cell> cells) {

    /** The grid the pages draw: a few hundred cells at most, whatever the number of partitions. */
    static final int MAX_CELLS = 240;

    /** Partitions {@code first} to {@code last} ({@code count} of them), how many in each status, and the one shown. */
    record Cell(String first, String last, long count, RunStatus status, Map<RunStatus, Long> counts) {

        public String title() {
            String span = count == 1 ? first : first + " … " + last + " (" + Format.count(count) + " partitions)";
            String by = counts.entrySet().stream()
                    .map(e -> Format.count(e.getValue()) + " " + e.getKey())
                    .collect(Collectors.joining(", "));
            return span + ": " + by;
        }
    }

    static PartitionGrid of(List<PartitionStatus> partitions, int maxCells) {
        if (maxCells < 1) {
            throw new IllegalArgumentException("a grid needs at least one cell, got " + maxCells);
        }
        List<Cell> runs = spans(partitions);
        if (runs.size() > maxCells) {
            long n = partitions.size();
            // cut into maxCells spans of (nearly) equal size, then join neighbours that came out alike
            List<Cell> cut = new ArrayList<>(maxCells);
            for (int i = 0; i < maxCells; i++) {
                int from = (int) (i * n / maxCells);
                int to = (int) ((i + 1) * n / maxCells);
                cut.add(cell(partitions.subList(from, to)));
            }
            runs = joinAlike(cut);
        }
        return new PartitionGrid(partitions.size(), runs);
    }

    /** Consecutive partitions of one status, one cell each. */
    private static List<Cell> spans(List<PartitionStatus> partitions) {
        List<Cell> cells = new ArrayList<>();
        int start = 0;
        for (int i = 1; i <= partitions.size(); i++) {
            if (i == partitions.size()
                    || partitions.get(i).status() != partitions.get(start).status()) {
                cells.add(cell(partitions.subList(start, i)));
                start = i;
            }
        }
        return cells;
    }

    private static List<Cell> joinAlike(List<Cell> cells) {
        List<Cell> joined = new ArrayList<>();
        for (Cell c : cells) {
            Cell last = joined.isEmpty() ? null : joined.get(joined.size() - 1);
            if (last != null && last.counts().size() == 1 && c.counts().size() == 1 && last.status() == c.status()) {
                joined.set(
                        joined.size() - 1,
                        new Cell(
                                last.first(),
                                c.last(),
                                last.count() + c.count(),
                                c.status(),
                                Map.of(c.status(), last.count() + c.count())));
            } else {
                joined.add(c);
            }
        }
        return List.copyOf(joined);
    }

    private static Cell cell(List<PartitionStatus> span) {
        Map<RunStatus, Long> counts = new EnumMap<>(RunStatus.class);
        span.forEach(p -> counts.merge(p.status(), 1L, Long::sum));
        RunStatus shown = counts.keySet().stream()
                .min((a, b) -> Integer.compare(rank(a), rank(b)))
                .orElseThrow();
        return new Cell(span.get(0).partition(), span.get(span.size() - 1).partition(), span.size(), shown, counts);
    }

    /** Lower is more telling. */
    private static int rank(RunStatus status) {
        return switch (status) {
            case FAILURE -> 0;
            case CANCELED -> 1;
            case STARTED -> 2;
            case QUEUED -> 3;
            case SKIPPED -> 4;
            case SUCCESS -> 5;
        };
    }
}
