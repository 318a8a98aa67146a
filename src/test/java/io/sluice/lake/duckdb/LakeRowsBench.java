package io.sluice.lake.duckdb;

import io.sluice.lake.DeclaredTables;
import io.sluice.lake.LakeTables;
import io.sluice.lake.TableSpec;
import io.sluice.lake.WriteMode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * A deep page of the data browser on a raw-filings-like APPEND table of 248,000 rows (15 columns), looked up by firm:
 * the OFFSET read the browser made before (every column sorted, {@code ORDER BY ALL LIMIT 51 OFFSET n}) against the keyset
 * read it makes now ({@link LakeTables#rows} after a cursor), at the same depth. Not part of the suite; run it with
 * {@code ./mvnw -B -q test -Dtest=LakeRowsBench -Dsurefire.failIfNoSpecifiedTests=false} ({@code -Dbench.rows=N}).
 */
class LakeRowsBench {

    static final int ROWS = Integer.getInteger("bench.rows", 248_000);
    static final int PAGE = 50;
    static final int WARMUP = 5;
    static final int TIMED = 30;

    static final TableSpec RAW =
            new TableSpec("bench_raw", WriteMode.append("filing_id").lookedUpBy("crd_number"), List.of());

    @Test
    void deepPageOffsetAgainstKeyset() throws Exception {
        Path dir = Files.createTempDirectory("lake-rows-bench");
        DuckDbLake lake = TestLakes.open(dir.resolve("lake.duckdb"), InstantSource.system());
        try {
            DeclaredTables declared = name -> name.equalsIgnoreCase(RAW.name())
                    ? Optional.of(new DeclaredTables.Declared("bench/raw", RAW))
                    : Optional.empty();
            LakeTables tables = new DuckDbLakeTables(lake, declared);
            long t0 = System.nanoTime();
            TestLakes.publish(
                    lake,
                    RAW,
                    "load",
                    "SELECT 'F' || lpad(i::VARCHAR, 9, '0') AS filing_id, 100000 + (i * 7919) % 3000 AS crd_number, "
                            + "DATE '2001-01-01' + (i % 8766)::INTEGER AS filing_date, 'owner ' || (i % 40) AS owner_key, "
                            + "'Firm ' || ((i * 7919) % 3000) AS legal_name, 'Business ' || (i % 97) AS business_name, "
                            + "'NY' AS state, (i % 1000) * 1.25 AS aum, i % 500 AS employees, "
                            + "'Owner name ' || (i % 40) AS owner_name, (i % 100)::DECIMAL(5,2) AS pct, "
                            + "i % 2 = 0 AS control, 'A' AS form, 'run' AS _load_run_id, "
                            + "TIMESTAMPTZ '2026-01-01 00:00:00+00' AS _loaded_at FROM range(" + ROWS + ") t(i)",
                    false);
            System.out.printf(
                    Locale.ROOT,
                    "LakeRowsBench: %,d rows landed in %,d ms%n",
                    ROWS,
                    (System.nanoTime() - t0) / 1_000_000);
            int depth = ROWS - 8_000; // a deep page: the 240,001st row on at 248,000
            // the cursor of the last row before the deep page, as the page ending there hands it out
            String cursor = tables.rows(
                            RAW.name(), Optional.empty(), Optional.empty(), Optional.empty(), depth, Optional.empty())
                    .next()
                    .orElseThrow();
            measure(
                    "before: first page (ORDER BY ALL LIMIT 51)",
                    () -> lake.readSession(db ->
                            db.rows("SELECT * FROM " + RAW.name() + " ORDER BY ALL LIMIT ? OFFSET ?", PAGE + 1, 0)));
            measure(
                    "before: deep page (ORDER BY ALL LIMIT 51 OFFSET " + depth + ")",
                    () -> lake.readSession(db -> db.rows(
                            "SELECT * FROM " + RAW.name() + " ORDER BY ALL LIMIT ? OFFSET ?", PAGE + 1, depth)));
            measure(
                    "now: first page (keyset)",
                    () -> tables.rows(
                            RAW.name(), Optional.empty(), Optional.empty(), Optional.empty(), PAGE, Optional.empty()));
            measure(
                    "now: deep page (keyset, after the " + depth + "th row)",
                    () -> tables.rows(
                            RAW.name(),
                            Optional.empty(),
                            Optional.empty(),
                            Optional.empty(),
                            PAGE,
                            Optional.of(LakeTables.Position.after(cursor))));
            measure(
                    "now: one firm's rows (key=100001)",
                    () -> tables.rows(
                            RAW.name(),
                            Optional.empty(),
                            Optional.empty(),
                            Optional.of("100001"),
                            PAGE,
                            Optional.empty()));
        } finally {
            lake.close(null);
        }
    }

    private static void measure(String what, Supplier<Object> read) {
        for (int i = 0; i < WARMUP; i++) {
            read.get();
        }
        List<Double> ms = new ArrayList<>();
        for (int i = 0; i < TIMED; i++) {
            long start = System.nanoTime();
            read.get();
            ms.add((System.nanoTime() - start) / 1e6);
        }
        Collections.sort(ms);
        System.out.printf(
                Locale.ROOT,
                "LakeRowsBench: %-60s p50 %7.1f ms  p90 %7.1f ms  max %7.1f ms%n",
                what,
                ms.get(ms.size() / 2),
                ms.get((int) (ms.size() * 0.9)),
                ms.get(ms.size() - 1));
    }
}
