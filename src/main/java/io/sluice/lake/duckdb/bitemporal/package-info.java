/**
 * The bi-temporal merge of docs/bitemporal.md: a framework-free writer on a plain JDBC connection to DuckDB. What it
 * shares with the PostgreSQL merge (the table, the result, the reads, the value hash) is in {@code io.sluice.lake.bitemporal}.
 *
 * <pre>{@code
 * BitemporalTable owners = BitemporalTable.of("owners", List.of("firm", "owner"), List.of("pct"), "filing_date")
 *         .withCompleteBy(List.of("firm"));
 * BitemporalMerge merge = new BitemporalMerge(clock);              // clock: java.time.InstantSource
 *
 * // data already in the lake never travels through Java:
 * WriteResult r = merge.write(connection, owners,
 *         SourceQuery.of("SELECT firm, owner, pct, filing_date FROM raw_owners WHERE batch_id = 42")
 *                 .withMarkers("SELECT firm, filing_date FROM raw_empty_filings WHERE batch_id = 42"),
 *         Replace.NONE);
 *
 * // many small writes on one connection: keep a session (prepared statements stay planned)
 * try (BitemporalSession session = merge.session(connection, owners)) {
 *     session.write(Batch.of(List.of(Batch.entry("firm", "F1", "owner", "O1", "pct", "10",
 *             "filing_date", "2024-01-01"))), Replace.NONE);
 * }
 *
 * // rollback: the knowledge believed at system time t becomes current again, as a new write (nothing is deleted)
 * WriteResult undo = merge.rollback(connection, owners, t, clock.instant());
 *
 * // reads
 * BoundQuery q = BitemporalQueries.asOf(owners, LocalDate.of(2021, 6, 30), r.systemTime().orElse(null));
 * }</pre>
 *
 * A write runs in the connection's transaction if auto-commit is off (the caller commits), else in its own. A
 * rejected batch ({@link io.sluice.lake.bitemporal.WriteResult#isRejected()}) writes nothing. A session that has
 * appended enough rows re-clusters the table by scope (see {@code ClusteringSql}): the same rows, new rowids; in the
 * write's transaction, or in one of its own when its owner calls {@code maintain()} after deferring it. Only {@code BatchLoader} imports {@code org.duckdb}.
 */
package io.sluice.lake.duckdb.bitemporal;
