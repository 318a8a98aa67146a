package io.sluice.lake.bitemporal;

/**
 * Where the rows and filing markers of one write come from: rows held in memory ({@link Batch}, loaded with the
 * DuckDB appender) or queries that DuckDB runs itself ({@link SourceQuery}), so that data already in the lake never
 * travels through Java.
 */
public sealed interface BatchSource permits Batch, SourceQuery {}
