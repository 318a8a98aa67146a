/**
 * The values of a bi-temporal write that need no SQL and no engine ({@link io.sluice.lake.bitemporal.Batch},
 * {@link io.sluice.lake.bitemporal.SourceQuery}, {@link io.sluice.lake.bitemporal.Replace}): JDK only, so that every lake
 * engine takes the same input. The DuckDB merge itself is in {@code io.sluice.lake.duckdb.bitemporal}.
 */
package io.sluice.lake.bitemporal;
