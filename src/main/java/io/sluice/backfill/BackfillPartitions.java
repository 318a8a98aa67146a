package io.sluice.backfill;

import io.sluice.runs.RequestRejected;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * A backfill's partitions: all of them as spans of one status (for its grid and its counts), and one page of them at a
 * time with the run that holds each, by keyset on their position, so that a deep page of 100,000 partitions costs what
 * the first one costs.
 */
@ApplicationScoped
public class BackfillPartitions {

    /** Partitions in a page. */
    public static final int PAGE_SIZE = 50;

    /** Which page: after or before a position (the cursors a page links), in a status if given. */
    public record Query(Optional<ProgressStatus> status, OptionalLong after, OptionalLong before) {

        public static final Query FIRST = new Query(Optional.empty(), OptionalLong.empty(), OptionalLong.empty());

        public Query {
            if (after.isPresent() && before.isPresent()) {
                throw RequestRejected.invalid("before", "a page is after a partition or before one, not both");
            }
        }

        /**
         * The query a page's address gives: {@code status} (a {@link ProgressStatus}, any case; blank for all),
         * {@code after} or {@code before} (a position, 0 or more); anything else is refused, naming the field.
         */
        public static Query parse(String status, String after, String before) {
            Optional<ProgressStatus> s = Optional.empty();
            if (status != null && !status.isBlank()) {
                s = ProgressStatus.parse(status);
                if (s.isEmpty()) {
                    throw RequestRejected.invalid(
                            "status",
                            "no partition status is named '" + status.strip() + "'; choose one of "
                                    + String.join(
                                            ", ",
                                            java.util.Arrays.stream(ProgressStatus.values())
                                                    .map(Enum::name)
                                                    .toList()));
                }
            }
            return new Query(s, position("after", after), position("before", before));
        }

        private static OptionalLong position(String field, String text) {
            if (text == null || text.isBlank()) {
                return OptionalLong.empty();
            }
            try {
                long p = Long.parseLong(text.strip());
                if (p >= 0) {
                    return OptionalLong.of(p);
                }
            } catch (NumberFormatException e) {
                // refused below
            }
            throw RequestRejected.invalid(field, field + " is a partition's position, a whole number from 0");
        }
    }

    /** A page of partitions, and the cursors of the pages before and after it if there are such pages. */
    public record Page(List<PartitionRow> rows, OptionalLong before, OptionalLong after) {
        public Page {
            rows = List.copyOf(rows);
        }
    }

    private final BackfillRuns runs;
    private final BackfillStandings standings;

    BackfillPartitions(BackfillRuns runs, BackfillStandings standings) {
        this.runs = runs;
        this.standings = standings;
    }

    /** Every partition as spans of one status, in order, and the runs and partitions by status. */
    public BackfillRuns.Standing standing(Backfill backfill) {
        return standings.standing(backfill);
    }

    /** One page of {@link #PAGE_SIZE} partitions (fewer at the end) with their runs. */
    public Page page(Backfill backfill, Query query) {
        String id = backfill.id();
        Optional<ProgressStatus> status = query.status();
        if (query.before().isPresent()) {
            long before = query.before().getAsLong();
            List<PartitionRow> read = runs.before(id, before, status, PAGE_SIZE + 1);
            List<PartitionRow> rows = read.subList(read.size() - Math.min(PAGE_SIZE, read.size()), read.size());
            long lastShown =
                    rows.isEmpty() ? before - 1 : rows.get(rows.size() - 1).position();
            boolean later = !runs.after(id, lastShown, status, 1).isEmpty();
            return new Page(
                    rows,
                    cursor(
                            read.size() > PAGE_SIZE,
                            rows.isEmpty() ? 0 : rows.get(0).position()),
                    cursor(later, lastShown));
        }
        long after = query.after().orElse(-1);
        List<PartitionRow> read = runs.after(id, after, status, PAGE_SIZE + 1);
        List<PartitionRow> rows = read.subList(0, Math.min(PAGE_SIZE, read.size()));
        long firstShown = rows.isEmpty() ? after + 1 : rows.get(0).position();
        boolean earlier = after >= 0 && !runs.before(id, firstShown, status, 1).isEmpty();
        return new Page(
                rows,
                cursor(earlier, firstShown),
                cursor(
                        read.size() > PAGE_SIZE,
                        rows.isEmpty() ? 0 : rows.get(rows.size() - 1).position()));
    }

    private static OptionalLong cursor(boolean exists, long position) {
        return exists ? OptionalLong.of(position) : OptionalLong.empty();
    }
}
