/**
 * The bi-temporal merge of docs/bitemporal.md on PostgreSQL: {@link io.sluice.lake.postgres.bitemporal.PostgresBitemporalMerge}
 * writes a staged batch into a table of a lake schema on a plain JDBC connection, with the DuckDB engine's semantics
 * and results; the reads are {@link io.sluice.lake.bitemporal.BitemporalQueries} with the schema. What both engines
 * share (the table's declaration, the result, the value_hash, the words of a rejection) is in
 * {@code io.sluice.lake.bitemporal}. JDK and JDBC only.
 */
package io.sluice.lake.postgres.bitemporal;
