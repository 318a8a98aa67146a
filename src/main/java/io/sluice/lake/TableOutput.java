package io.sluice.lake;

/**
 * Stages the rows of an asset's table during a run; Sluice checks and publishes them when the compute is done. Values go
 * next to the SQL as bound parameters ({@link Sql}), never into its text: {@code rows("SELECT ... WHERE customer_id IN
 * (SELECT unnest(?))", keys)}.
 */
public interface TableOutput {

    /** Stages the rows of a query over the lake; returns how many were staged. */
    long rows(Sql select);

    /** As {@link #rows(Sql)}: the query and the values of its parameters. */
    default long rows(String selectSql, Object... params) {
        return rows(Sql.of(selectSql, params));
    }

    /**
     * Bi-temporal tables only: stages filing markers (the scope columns and the date column) that make
     * empty filings, or tombstones in key mode, expressible.
     */
    long markers(Sql select);

    /** As {@link #markers(Sql)}: the query and the values of its parameters. */
    default long markers(String selectSql, Object... params) {
        return markers(Sql.of(selectSql, params));
    }
}
