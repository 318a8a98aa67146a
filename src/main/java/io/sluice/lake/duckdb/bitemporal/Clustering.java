package io.sluice.lake.duckdb.bitemporal;

/**
 * When a session re-clusters a table (see {@link ClusteringSql}). Every {@code checkEvery} rows its writes append, it
 * measures the table's unsorted tail: the rows of the assertions (the largest table) in groups of {@code groupRows}
 * consecutive rowids whose scope range overlaps at least half of the other groups' ranges, as rows appended in arrival
 * order do and rows sorted by scope (in any order of their groups) do not. It re-clusters when that tail holds at least
 * {@code minimumTail} rows and a tenth of the table, or after every check if {@code always} (tests). The tail is
 * measured from the table, so a new session (after a restart, or the lake's after a refused publish) needs at most
 * {@code checkEvery} appended rows before it measures; what the old one had counted, a check due included, is lost.
 */
record Clustering(long checkEvery, long groupRows, long minimumTail, boolean always) {

    /** DuckDB's row group: a tail shorter than this leaves at most one mixed row group. */
    static final long ROW_GROUP = 122_880;

    static final Clustering DEFAULT = new Clustering(16_384, ROW_GROUP, ROW_GROUP, false);

    /** Never re-clusters (tests compare with it). */
    static final Clustering NEVER = new Clustering(Long.MAX_VALUE, ROW_GROUP, Long.MAX_VALUE, false);

    Clustering {
        if (checkEvery < 1 || groupRows < 1 || minimumTail < 0) {
            throw new IllegalArgumentException("checkEvery and groupRows must be positive, minimumTail not negative");
        }
    }

    /** Re-clusters after every write that appended rows to a table whose tables were committed (tests). */
    static Clustering everyWrite() {
        return new Clustering(1, ROW_GROUP, 0, true);
    }

    /** Whether an unsorted tail of {@code tail} rows in a table of {@code total} rows is worth rewriting the table. */
    boolean due(long tail, long total) {
        return always || (tail >= minimumTail && tail * 10 >= total);
    }
}
