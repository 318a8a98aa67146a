package io.sluice.lake.duckdb;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.InstantSource;
import java.time.LocalDate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The lake re-clusters a bi-temporal table although its engine sessions never live long: each measures the table's
 * unsorted tail itself, so neither a restart nor a refused publish (both drop the session) makes it forget what earlier
 * sessions appended. Six writes per session append about 84,000 rows, less than one session would ever re-cluster for
 * if it only counted its own.
 */
class ReclusteringLakeTest {

    @TempDir
    Path dir;

    private static String owners(String firms, int pct, String filed) {
        return "SELECT firm, 'O' || o AS owner, " + pct + " AS pct, DATE '" + filed + "' AS filed FROM (" + firms
                + ") CROSS JOIN range(10) t(o)";
    }

    @Test
    void acrossRestartsAndRefusedPublishes() throws Exception {
        Path file = dir.resolve("lake.duckdb");
        DuckDbLake lake = TestLakes.open(file, InstantSource.system());
        try {
            assertThat(TestLakes.publish(
                                    lake,
                                    KeptSessionDifferentialTest.T,
                                    "first",
                                    owners("SELECT i AS firm FROM range(20000) t(i)", 10, "2020-01-01"),
                                    true)
                            .published())
                    .isTrue();
            for (int k = 0; k < 30; k++) {
                if (k > 0 && k % 6 == 0) {
                    lake.close(null);
                    lake = TestLakes.open(file, InstantSource.system());
                }
                if (k == 8) {
                    assertThat(TestLakes.publish(
                                            lake,
                                            KeptSessionDifferentialTest.T,
                                            "refused",
                                            owners("SELECT 5 AS firm", 300, "2021-06-01"),
                                            false)
                                    .published())
                            .as("a blocking check fails")
                            .isFalse();
                }
                String day = LocalDate.parse("2021-01-01").plusDays(k).toString();
                assertThat(TestLakes.publish(
                                        lake,
                                        KeptSessionDifferentialTest.T,
                                        "day" + k,
                                        owners(
                                                "SELECT i AS firm FROM range(20000) t(i) WHERE i % 30 = " + k,
                                                11 + k,
                                                day),
                                        false)
                                .published())
                        .isTrue();
            }
            lake.awaitMaintenance(); // publishes leave re-clustering to the lake's maintenance thread
            DuckDbLake reading = lake;
            long firstRowid = reading.<Long>read(s -> s.queryLong("SELECT min(rowid) FROM owners__assertions"));
            assertThat(firstRowid).as("the first load's rows were rewritten").isGreaterThanOrEqualTo(200_000);
            assertThat(reading.<Long>read(s -> s.queryLong("SELECT count(*) FROM owners__assertions")))
                    .isEqualTo(400_000L); // the first load, then each firm once more
            assertThat(reading.<Long>read(s -> s.queryLong("SELECT count(*) FROM owners WHERE system_to IS NULL")))
                    .isEqualTo(200_000L);
        } finally {
            lake.close(null);
        }
    }
}
