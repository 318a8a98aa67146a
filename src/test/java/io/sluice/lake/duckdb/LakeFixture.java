package io.sluice.lake.duckdb;

import java.nio.file.Path;
import java.time.InstantSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;

/** A lake on a DuckDB file of its own for each test, on the system clock. */
abstract class LakeFixture {

    @TempDir
    Path dir;

    DuckDbLake lake;

    @BeforeEach
    void openLake() {
        lake = TestLakes.open(dir.resolve("lake.duckdb"), InstantSource.system());
    }

    @AfterEach
    void closeLake() throws Exception {
        lake.close(null);
    }
}
