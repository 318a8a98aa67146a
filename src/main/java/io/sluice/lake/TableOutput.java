package io.sluice.lake;

/** Stages the rows of an asset's table during a run; Sluice checks and publishes them when the compute is done. */
public interface TableOutput {

    /** Stages the rows of a query over the lake; returns how many were staged. */
    long rows(String selectSql);

    /**
     * Bi-temporal tables only: stages filing markers (the scope columns and the date column) that make
     * empty filings, or tombstones in key mode, expressible.
     */
    long markers(String selectSql);
}
