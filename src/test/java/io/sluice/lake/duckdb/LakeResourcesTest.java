package io.sluice.lake.duckdb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.management.OperatingSystemMXBean;
import io.sluice.lake.LakeUnavailable;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.InstantSource;
import java.util.List;
import org.assertj.core.data.Percentage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The lake's DuckDB bounds: set at open, held by every connection, large work spilling to the temp directory or failing cleanly. */
class LakeResourcesTest {

    /** About 250 MB to sort, more than the limits below let a query hold in memory. */
    private static final String WIDE_ROWS =
            "SELECT i, md5(i::VARCHAR) || md5((i + 1)::VARCHAR) AS h FROM range(2500000) t(i)";

    @TempDir
    Path dir;

    private TestLakes.Settings settings() {
        return TestLakes.Settings.of(dir.resolve("lake.duckdb"));
    }

    @Test
    void theBoundsHoldOnTheConnectionsOfReadsAndWritesAndLeftoverSpillFilesAreRemoved() throws Exception {
        Path temp = dir.resolve("lake.tmp");
        Files.createDirectories(temp);
        Path leftover = Files.writeString(
                temp.resolve("duckdb_temp_4242_0_storage_DEFAULT-0.tmp"), "spilled by a process that was killed");
        Path other = Files.writeString(temp.resolve("notes.txt"), "not DuckDB's");
        DuckDbLake lake = TestLakes.open(
                settings().withMemoryLimit("300MB").withThreads(1).withMaxTempDirectorySize("2GB"),
                InstantSource.system(),
                new LakeMaintenance());
        try {
            String query =
                    "SELECT current_setting('memory_limit') || '|' || current_setting('threads') || '|' || current_setting('temp_directory')"
                            + " || '|' || current_setting('max_temp_directory_size')";
            List<String> read = lake.read(session -> session.queryStrings(query));
            List<String> written = lake.write("t", session -> session.queryStrings(query));
            assertThat(read).containsExactly("286.1 MiB|1|" + temp + "|1.8 GiB");
            assertThat(written)
                    .as("a write's connection, duplicated from the same root")
                    .isEqualTo(read);
            assertThat(leftover).doesNotExist();
            assertThat(other).as("only DuckDB's spill files are removed").exists();
        } finally {
            lake.close(null);
        }
    }

    @Test
    void theDefaultsBoundMemoryToAQuarterOfTheMachineAndThreadsToItsProcessors() throws Exception {
        DuckDbLake lake = TestLakes.open(settings(), InstantSource.system(), new LakeMaintenance());
        try {
            double limit = bytes(lake.read(session -> session.queryStrings("SELECT current_setting('memory_limit')"))
                    .get(0));
            long physical = ((OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getTotalMemorySize();
            assertThat(limit).isCloseTo(physical * 0.25, Percentage.withPercentage(10));
            assertThat(lake.<Long>read(session -> session.queryLong("SELECT current_setting('threads')")))
                    .isEqualTo(Runtime.getRuntime().availableProcessors());
            double maxTemp = bytes(
                    lake.read(session -> session.queryStrings("SELECT current_setting('max_temp_directory_size')"))
                            .get(0));
            long free = Files.getFileStore(dir).getUsableSpace();
            assertThat(maxTemp).as("half the free disk").isCloseTo(free * 0.5, Percentage.withPercentage(10));
        } finally {
            lake.close(null);
        }
    }

    /** DuckDB's way of showing a size ({@code 5.8 GiB}) in bytes. */
    private static double bytes(String shown) {
        String[] parts = shown.split(" ");
        int power = List.of("bytes", "KiB", "MiB", "GiB", "TiB").indexOf(parts[1]);
        assertThat(power).as("unit of " + shown).isNotNegative();
        return Double.parseDouble(parts[0]) * Math.pow(1024, power);
    }

    @Test
    void aSortLargerThanTheMemoryLimitSpillsToTheTempDirectoryAndCompletes() throws Exception {
        DuckDbLake lake = TestLakes.open(
                settings().withMemoryLimit("128MB").withThreads(2), InstantSource.system(), new LakeMaintenance());
        try {
            long sorted = lake.write(
                    "sorted", session -> session.execute("CREATE TABLE sorted AS " + WIDE_ROWS + " ORDER BY h"));
            assertThat(sorted).isEqualTo(2_500_000);
            assertThat(lake.<Long>read(session ->
                            session.queryLong("SELECT count(*) FROM (SELECT h, lag(h) OVER (ORDER BY rowid) AS before "
                                    + "FROM sorted) WHERE before > h")))
                    .as("stored in order")
                    .isZero();
            // the same rows held in a temp table outlive the statement, so the spill can be seen: files in the lake's
            // temp directory
            long spilled = lake.read(session -> {
                session.execute("CREATE TEMP TABLE held AS " + WIDE_ROWS);
                return session.queryLong("SELECT count(*) FROM duckdb_temporary_files() WHERE path LIKE '"
                        + dir.resolve("lake.tmp") + "/" + LakeResources.TEMP_FILE_PREFIX + "%'");
            });
            assertThat(spilled).isPositive();
        } finally {
            lake.close(null);
        }
    }

    @Test
    void aSortThatMayNotSpillEnoughFailsWithAClearErrorAndTheLakeStaysUsable() throws Exception {
        DuckDbLake lake = TestLakes.open(
                settings().withMemoryLimit("128MB").withThreads(2).withMaxTempDirectorySize("8MB"),
                InstantSource.system(),
                new LakeMaintenance());
        try {
            lake.write("kept", session -> session.execute("CREATE TABLE kept AS SELECT 42 AS answer"));
            assertThatThrownBy(() -> lake.write(
                            "sorted",
                            session -> session.execute("CREATE TABLE sorted AS " + WIDE_ROWS + " ORDER BY h")))
                    .hasMessageContaining("the lake's memory limit and temp space")
                    .hasMessageContaining("sluice.lake.memory-limit")
                    .hasMessageContaining("Out of Memory Error");
            assertThat(lake.<Boolean>read(session -> session.tableExists("sorted")))
                    .as("rolled back")
                    .isFalse();
            assertThat(lake.<Long>read(session -> session.queryLong("SELECT answer FROM kept")))
                    .isEqualTo(42);
            assertThat(lake.<Long>write("kept", session -> session.execute("INSERT INTO kept VALUES (43)")))
                    .isEqualTo(1);
        } finally {
            lake.close(null);
        }
    }

    @Test
    void aBoundDuckDbRefusesStopsTheStartWithTheKeyItCameFrom() {
        assertThatThrownBy(() -> TestLakes.open(
                        settings().withMemoryLimit("a lot"), InstantSource.system(), new LakeMaintenance()))
                .isInstanceOf(LakeUnavailable.class)
                .hasMessageStartingWith("sluice.lake.memory-limit 'a lot' is not accepted by DuckDB");
        assertThatThrownBy(() -> TestLakes.open(
                        settings().withMaxTempDirectorySize("150%"), InstantSource.system(), new LakeMaintenance()))
                .isInstanceOf(LakeUnavailable.class)
                .hasMessageContaining("sluice.lake.max-temp-directory-size '150%'");
    }
}
