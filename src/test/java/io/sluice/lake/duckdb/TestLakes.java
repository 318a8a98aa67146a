package io.sluice.lake.duckdb;

import io.sluice.lake.LakeSettings;
import java.nio.file.Path;
import java.time.Duration;
import java.time.InstantSource;

/** Lakes for the tests of this package: one DuckDB file, snapshots kept 7 days. */
final class TestLakes {

    private TestLakes() {
    }

    /** An open lake on {@code file}; close it with {@code lake.close(null)}. */
    static DuckDbLake open(Path file, InstantSource clock) {
        DuckDbLake lake = new DuckDbLake(new LakeSettings() {
            @Override
            public String file() {
                return file.toString();
            }

            @Override
            public Duration snapshotRetention() {
                return Duration.ofDays(7);
            }
        }, clock);
        lake.open();
        return lake;
    }
}
