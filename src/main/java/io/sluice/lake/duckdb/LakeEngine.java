package io.sluice.lake.duckdb;

/** The engine the lake runs on ({@code sluice.lake.engine}, {@code SLUICE_LAKE_ENGINE}). */
public enum LakeEngine {
    /** One DuckDB file that one process owns (the default). */
    DUCKDB,
    /** A schema of a PostgreSQL database that several nodes share. */
    POSTGRES
}
