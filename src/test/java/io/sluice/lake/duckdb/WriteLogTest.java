package io.sluice.lake.duckdb;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.lake.LakeWrite;
import io.sluice.lake.Staging;
import io.sluice.lake.TableSpec;
import io.sluice.lake.WriteMode;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Instant;
import java.time.InstantSource;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import org.duckdb.DuckDBDriver;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The lake's write log as start-up recovery reads it: a run's writes with the watermark its step stores. */
class WriteLogTest {

    private static final Instant T = Instant.parse("2030-05-06T07:08:09.123456Z");
    private static final TableSpec RAW = new TableSpec("raw_orders", WriteMode.append("load_id"), List.of());

    @TempDir
    Path dir;

    @Test
    void aRunsWritesComeBackWithTheirPartitionRowsAndWatermark() throws Exception {
        DuckDbLake lake = TestLakes.open(dir.resolve("lake.duckdb"), InstantSource.fixed(T));
        try {
            publish(
                    lake,
                    "run-a",
                    Optional.of("2024-01-01...2024-01-31"),
                    "SELECT 'l1' AS load_id, range AS x FROM range(3)",
                    "17");
            publish(lake, "run-b", Optional.empty(), "SELECT 'l2' AS load_id, range AS x FROM range(2)", null);
            publish(lake, "run-a", Optional.of("2024-02-01"), "SELECT 'l3' AS load_id, range AS x FROM range(1)", null);

            List<LakeWrite> writes = lake.writesOf("run-a");
            assertThat(writes)
                    .extracting(LakeWrite::partition)
                    .containsExactly("2024-01-01...2024-01-31", "2024-02-01");
            LakeWrite first = writes.get(0);
            assertThat(first.table()).isEqualTo("raw_orders");
            assertThat(first.mode()).isEqualTo("APPEND");
            assertThat(first.writtenAt()).isEqualTo(T);
            assertThat(first.rowsIn()).isEqualTo(3);
            assertThat(first.rowsInserted()).isEqualTo(3);
            assertThat(first.currentRows()).isEqualTo(3);
            assertThat(first.watermark()).isEqualTo("17");
            assertThat(writes.get(1).watermark()).isNull();
            assertThat(lake.writesOf("run-b"))
                    .singleElement()
                    .satisfies(w -> assertThat(w.partition()).isNull());
            assertThat(lake.writesOf("it's no run")).isEmpty();
        } finally {
            lake.close(null);
        }
    }

    @Test
    void aLakeFileOfAnEarlierReleaseGetsTheWatermarkColumnAndKeepsItsWrites() throws Exception {
        Path file = dir.resolve("old.duckdb");
        try (Connection c = new DuckDBDriver().connect("jdbc:duckdb:" + file, new Properties());
                Statement s = c.createStatement()) {
            s.execute("CREATE SEQUENCE __sluice_write_seq");
            s.execute(
                    "CREATE TABLE __sluice_writes (write_id BIGINT PRIMARY KEY, table_name VARCHAR NOT NULL, mode VARCHAR NOT NULL, "
                            + "run_id VARCHAR NOT NULL, partition_key VARCHAR, written_at TIMESTAMPTZ NOT NULL, system_time TIMESTAMPTZ, "
                            + "rows_in BIGINT NOT NULL, rows_inserted BIGINT NOT NULL, rows_removed BIGINT NOT NULL, current_rows BIGINT NOT NULL, "
                            + "snapshot VARCHAR)");
            s.execute(
                    "INSERT INTO __sluice_writes VALUES (nextval('__sluice_write_seq'), 'raw_orders', 'APPEND', 'old-run', NULL, "
                            + "TIMESTAMPTZ '2029-01-01T00:00:00Z', NULL, 5, 5, 0, 5, NULL)");
        }
        DuckDbLake lake = TestLakes.open(file, InstantSource.fixed(T));
        try {
            assertThat(lake.writesOf("old-run")).singleElement().satisfies(w -> {
                assertThat(w.rowsInserted()).isEqualTo(5);
                assertThat(w.watermark()).isNull();
            });
            publish(lake, "new-run", Optional.empty(), "SELECT 'l1' AS load_id, 1 AS x", "42");
            assertThat(lake.writesOf("new-run"))
                    .singleElement()
                    .satisfies(w -> assertThat(w.watermark()).isEqualTo("42"));
        } finally {
            lake.close(null);
        }
    }

    private static void publish(
            DuckDbLake lake, String runId, Optional<String> partition, String select, String watermark) {
        Staging staging = lake.stage(RAW, runId, partition);
        try {
            staging.rows(select);
            assertThat(staging.publish(false, watermark).published()).isTrue();
        } finally {
            staging.close();
        }
    }
}
