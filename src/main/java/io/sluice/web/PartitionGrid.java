package io.sluice.web;

import io.sluice.backfill.ProgressStatus;
import io.sluice.backfill.StatusSpan;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * A backfill's partitions as a health bar, from its spans of one status (consecutive partitions whose runs stand
 * alike, as the store reads them): each span is one cell as wide as its partitions, and when that makes more than
 * {@code maxCells} cells, consecutive spans are put together into cells of about {@code 2 × partitions / maxCells}
 * partitions (a span at least that large stays a cell of its own: its partitions stand alike), each showing the most
 * telling status it holds (a failure over successes), and neighbouring cells that came out alike are joined. A cell
 * never cuts a span, so it can always name its first and last partition. Pure.
 */
record PartitionGrid(long partitions, List<Cell> cells) {

    /** The grid the pages draw: a few hundred cells at most, whatever the number of partitions. */
    static final int MAX_CELLS = 240;

    /** Partitions {@code first} to {@code last} ({@code count} of them), how many in each status, and the one shown. */
    record Cell(String first, String last, long count, ProgressStatus status, Map<ProgressStatus, Long> counts) {

        public String title() {
            String span = count == 1 ? first : first + " … " + last + " (" + Format.count(count) + " partitions)";
            String by = counts.entrySet().stream()
                    .map(e -> Format.count(e.getValue()) + " " + e.getKey().label())
                    .collect(Collectors.joining(", "));
            return span + ": " + by;
        }

        /** The CSS class of its status. */
        public String css() {
            return "ps-" + status.name();
        }
    }

    static PartitionGrid of(List<StatusSpan> spans, int maxCells) {
        if (maxCells < 2) {
            throw new IllegalArgumentException("a grid needs at least two cells, got " + maxCells);
        }
        long partitions = spans.stream().mapToLong(StatusSpan::count).sum();
        if (spans.size() <= maxCells) {
            return new PartitionGrid(
                    partitions, spans.stream().map(s -> cell(List.of(s))).toList());
        }
        // cells of at least `size` partitions, a span of `size` or more a cell of its own (it stands alike, and it
        // would make a small cell before it look like all of it): at most maxCells cells, as each partial cell closed
        // before such a span is matched by that span
        long size = Math.max(1, (2 * partitions + maxCells - 2) / (maxCells - 1));
        List<Cell> cut = new ArrayList<>(maxCells);
        List<StatusSpan> open = new ArrayList<>();
        long count = 0;
        for (StatusSpan s : spans) {
            if (s.count() >= size && !open.isEmpty()) {
                cut.add(cell(open));
                open = new ArrayList<>();
                count = 0;
            }
            open.add(s);
            count += s.count();
            if (count >= size) {
                cut.add(cell(open));
                open = new ArrayList<>();
                count = 0;
            }
        }
        if (!open.isEmpty()) {
            cut.add(cell(open));
        }
        return new PartitionGrid(partitions, joinAlike(cut));
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

    private static Cell cell(List<StatusSpan> spans) {
        Map<ProgressStatus, Long> counts = new EnumMap<>(ProgressStatus.class);
        spans.forEach(s -> counts.merge(s.status(), s.count(), Long::sum));
        ProgressStatus shown = counts.keySet().stream()
                .min(Comparator.comparingInt(ProgressStatus::rank))
                .orElseThrow();
        long count = counts.values().stream().mapToLong(Long::longValue).sum();
        return new Cell(spans.get(0).first(), spans.get(spans.size() - 1).last(), count, shown, counts);
    }
}
