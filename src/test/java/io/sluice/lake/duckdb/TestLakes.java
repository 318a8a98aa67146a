package io.sluice.lake.duckdb;

import io.sluice.lake.Publication;
import io.sluice.lake.Staging;
import io.sluice.lake.TableSpec;
import java.nio.file.Path;
import java.time.Duration;
import java.time.InstantSource;
import java.util.Optional;
import java.util.OptionalInt;

/** Lakes for the tests of this package: one DuckDB file, snapshots kept 7 days. */
final class TestLakes {

    private TestLakes() {}

    /** An open lake on {@code file}; close it with {@code lake.close(null)}. */
    static DuckDbLake open(Path file, InstantSource clock) {
        return open(file, clock, new LakeMaintenance());
    }

    /** As above, with its upkeep on {@code maintenance} (a test can hold its thread). */
    static DuckDbLake open(Path file, InstantSource clock, LakeMaintenance maintenance) {
        return open(Settings.of(file), clock, maintenance);
    }

    /** A lake with the given settings. */
    static DuckDbLake open(Settings settings, InstantSource clock, LakeMaintenance maintenance) {
        DuckDbLake lake = new DuckDbLake(settings, clock, maintenance);
        lake.open();
        return lake;
    }

    /** The lake's settings: the defaults of {@link LakeSettings}, with the temp directory beside the file. */
    record Settings(
            String file, String memoryLimit, OptionalInt threads, String tempDirectory, String maxTempDirectorySize)
            implements LakeSettings {

        static Settings of(Path file) {
            return new Settings(
                    file.toString(),
                    "25%",
                    OptionalInt.empty(),
                    file.resolveSibling("lake.tmp").toString(),
                    "50%");
        }

        @Override
        public boolean enabled() {
            return true;
        }

        Settings withMemoryLimit(String limit) {
            return new Settings(file, limit, threads, tempDirectory, maxTempDirectorySize);
        }

        Settings withThreads(int count) {
            return new Settings(file, memoryLimit, OptionalInt.of(count), tempDirectory, maxTempDirectorySize);
        }

        Settings withMaxTempDirectorySize(String size) {
            return new Settings(file, memoryLimit, threads, tempDirectory, size);
        }

        @Override
        public Duration snapshotRetention() {
            return Duration.ofDays(7);
        }

        @Override
        public LakeEngine engine() {
            return LakeEngine.DUCKDB;
        }

        @Override
        public Postgres postgres() {
            throw new UnsupportedOperationException("a DuckDB lake of the tests has no PostgreSQL settings");
        }
    }

    /** Stages {@code select} for run {@code runId}, publishes it and closes the staging. */
    static Publication publish(DuckDbLake lake, TableSpec table, String runId, String select, boolean complete) {
        Staging staging = lake.stage(table, runId, Optional.empty());
        try {
            staging.rows(select);
            return staging.publish(complete);
        } finally {
            staging.close();
        }
    }
}
