/**
 * What every bi-temporal engine shares, JDK only: the input of a write ({@link io.sluice.lake.bitemporal.Batch},
 * {@link io.sluice.lake.bitemporal.SourceQuery}, {@link io.sluice.lake.bitemporal.Replace}), the table's declaration
 * ({@link io.sluice.lake.bitemporal.BitemporalTable}), what a write did ({@link io.sluice.lake.bitemporal.WriteResult}),
 * a read as SQL and bound values ({@link io.sluice.lake.bitemporal.BoundQuery}), and the SQL text both engines read
 * alike: the value_hash ({@link io.sluice.lake.bitemporal.ValueHash}), the words of a rejection
 * ({@link io.sluice.lake.bitemporal.RejectionTexts}) and identifier quoting ({@link io.sluice.lake.bitemporal.Sql}).
 * The merges themselves are in {@code io.sluice.lake.duckdb.bitemporal} and {@code io.sluice.lake.postgres.bitemporal}.
 */
package io.sluice.lake.bitemporal;
