package io.sluice.backfill;

import java.util.List;
import java.util.Optional;

/**
 * The storage port of where each run of a backfill sits among its partitions ({@link RunSpan}s), read together with
 * the status of the runs: its partitions as spans of one status (for the grid) with its progress by runs and by
 * partitions, and its partitions one keyset page at a time. Written with the backfill, in its transaction.
 */
public interface BackfillRuns {

    /** Stores where each of the backfill's runs sits, in the caller's transaction. */
    void create(String backfillId, List<RunSpan> spans);

    /** A run queued again after a crash takes the place of the run that died (if that was a backfill's run). */
    void replace(String deadRunId, String retryRunId);

    /** The backfill's partitions in order as spans of one status, and the counts they add up to (one ordered read). */
    Standing standing(String backfillId);

    /**
     * Up to {@code limit} partitions after {@code position} (all with -1), in order, those in {@code status} only if
     * given: a keyset page, whose cost does not grow with its depth.
     */
    List<PartitionRow> after(String backfillId, long position, Optional<ProgressStatus> status, int limit);

    /** Up to {@code limit} partitions before {@code position}, the nearest last (the page before a page), in order. */
    List<PartitionRow> before(String backfillId, long position, Optional<ProgressStatus> status, int limit);

    /** The backfills that have no spans stored: those launched before spans were kept. */
    List<String> backfillsWithoutSpans();

    /** Runs and partitions by status. */
    record Counts(ProgressCounts runs, ProgressCounts partitions) {
        public static final Counts NONE = new Counts(ProgressCounts.NONE, ProgressCounts.NONE);
    }

    /** The partitions as spans of one status, in order, and the counts of runs and partitions. */
    record Standing(List<StatusSpan> spans, Counts counts) {
        public Standing {
            spans = List.copyOf(spans);
        }
    }
}
