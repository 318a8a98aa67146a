package io.sluice.backfill;

/**
 * Consecutive partitions of a backfill in one {@link ProgressStatus}: {@code count} of them from {@code position} on,
 * {@code first} to {@code last}, held by {@code runs} runs.
 */
public record StatusSpan(long position, long count, String first, String last, ProgressStatus status, long runs) {

    public StatusSpan {
        if (position < 0 || count < 1 || runs < 1) {
            throw new IllegalArgumentException("a span holds at least one partition of one run, from position 0 on");
        }
    }

    /** The position after its last partition. */
    public long end() {
        return position + count;
    }
}
