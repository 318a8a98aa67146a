package io.sluice.lake;

/**
 * The SQL dialect of the lake's engine ({@code sluice.lake.engine}). Assets write their SQL in it; the rare place that
 * needs two spellings asks {@link Lake#dialect()}. What both engines accept (standard SQL, bound values with {@code ?} or
 * {@code $n}, a list bound as one value) is written once.
 */
public enum LakeDialect {
    /** DuckDB: the embedded default, a file one process owns. */
    DUCKDB,
    /** PostgreSQL: a schema of a database every node of a cluster writes. */
    POSTGRES
}
