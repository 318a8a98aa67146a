package io.sluice.lake.duckdb;

import java.nio.file.Path;
import java.time.InstantSource;

/** Opens and closes DuckDB lakes for tests outside this package (the lake contract suite). */
public final class DuckDbLakes {

    private DuckDbLakes() {}

    /** An open lake on {@code file} with the default settings; {@link #close} it. */
    public static DuckDbLake open(Path file, InstantSource clock) {
        return TestLakes.open(file, clock);
    }

    public static void close(DuckDbLake lake) {
        try {
            lake.close(null);
        } catch (java.sql.SQLException e) {
            throw new IllegalStateException(e);
        }
    }
}
