package io.sluice.lake.duckdb.bitemporal;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.lake.bitemporal.BitemporalTable;
import io.sluice.lake.bitemporal.Replace;
import io.sluice.lake.bitemporal.WriteResult;
import io.sluice.lake.postgres.bitemporal.PgTestDatabase;
import io.sluice.lake.postgres.bitemporal.PostgresBitemporalMerge;
import io.sluice.testing.Property;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The PostgreSQL merge against the DuckDB engine: random histories of {@link Histories} (first loads, corrections,
 * deletions by markers and tombstones, identical re-deliveries, scopes and everything replaced, late business dates,
 * invalid batches), each applied write by write to a fresh DuckDB table (through a {@link BitemporalSession}, as the
 * lake writes) and to a fresh PostgreSQL schema (through {@link PostgresBitemporalMerge} from staged tables). After
 * every write both return the same {@link WriteResult} and hold the same versions and companion rows, sorted, as
 * text, system times included. System times are requested as {@link HistoryRun} requests them (every third in the
 * past). It lives here for the generators; the seed is printed, and {@code -Dseed=N} replays a run.
 */
class PostgresDifferentialTest {

    private static final int TRIES = 60;
    private static final AtomicInteger SCHEMAS = new AtomicInteger();

    private static Connection pg;

    @BeforeAll
    static void connect() throws SQLException {
        pg = PgTestDatabase.connect(PgTestDatabase.freshDatabase());
    }

    @AfterAll
    static void disconnect() throws SQLException {
        pg.close();
    }

    @Test
    void postgres_writes_what_duckdb_writes() {
        long seed = Long.getLong("seed", ThreadLocalRandom.current().nextLong());
        System.out.println("PostgresDifferentialTest: seed " + seed + " (-Dseed=" + seed + " replays this run)");
        String before = System.getProperty(Property.SEED);
        if (before == null) {
            System.setProperty(Property.SEED, Long.toHexString(seed));
        }
        long started = System.nanoTime();
        try {
            Property.tries(TRIES).check(Histories::histories, this::bothEnginesAgree);
        } finally {
            if (before == null) {
                System.clearProperty(Property.SEED);
            }
            System.out.println("PostgresDifferentialTest: " + TRIES + " histories in "
                    + (System.nanoTime() - started) / 1_000_000 + " ms (seed " + seed + ")");
        }
    }

    private void bothEnginesAgree(Histories.History history) throws Exception {
        bothEnginesAgree(history, history.shape().table);
    }

    private void bothEnginesAgree(Histories.History history, BitemporalTable table) throws Exception {
        String schema = "h" + SCHEMAS.incrementAndGet();
        try (Statement s = pg.createStatement()) {
            s.execute("CREATE SCHEMA " + schema);
        }
        PostgresBitemporalMerge postgres = new PostgresBitemporalMerge();
        postgres.createTables(pg, schema, table);
        try (Connection duck = Lake.memory()) {
            BitemporalMerge merge = new BitemporalMerge();
            merge.createTables(duck, table);
            try (BitemporalSession session = merge.session(duck, table)) {
                for (int i = 0; i < history.batches().size(); i++) {
                    TestBatch batch = history.batches().get(i);
                    Instant requested = i % 3 == 2 ? HistoryRun.BASE : HistoryRun.BASE.plusSeconds(3600L * (i + 1));
                    WriteResult byDuckDb = session.write(batch.toSource(table), batch.replace(), requested);
                    PgTestDatabase.stage(
                            pg, table, batch.toBatch(table), schema + ".stage_rows", schema + ".stage_marks");
                    WriteResult byPostgres = postgres.write(
                            pg,
                            schema,
                            table,
                            schema + ".stage_rows",
                            Optional.of(schema + ".stage_marks"),
                            batch.replace(),
                            requested);
                    assertThat(byPostgres).as("write %d of %s", i, batch).isEqualTo(byDuckDb);
                    assertThat(PgTestDatabase.everything(pg, schema, table))
                            .as("tables after write %d of %s", i, batch)
                            .isEqualTo(duckDb(duck, table));
                }
            }
        }
    }

    /**
     * Typed columns (BIGINT key; DECIMAL, bare DECIMAL, DATE, BOOLEAN and VARCHAR values): corrections, a tombstone, a
     * full refresh and its re-run, an unreadable key and an unreadable value give the same results, rejection words and
     * tables on both engines (the value texts, and so the hashes, agree).
     */
    @Test
    void typed_columns_and_unreadable_values_agree() throws Exception {
        BitemporalTable table = BitemporalTable.of(
                        "typed", List.of("id"), List.of("amount", "rate", "day", "ok", "note"), "filing_date")
                .withColumnType("id", "BIGINT")
                .withColumnType("amount", "DECIMAL(10,2)")
                .withColumnType("rate", "DECIMAL")
                .withColumnType("day", "DATE")
                .withColumnType("ok", "BOOLEAN");
        List<TestBatch> batches = List.of(
                typed(
                        List.of(
                                row("1", "1.5", "2", "2020-02-03", "true", "a|b", "2020-01-01"),
                                row("2", "-7", "0.125", null, "false", "x\\|y", "2020-01-01"),
                                row("3", null, null, "2021-12-31", null, "\\N", "2020-01-01"),
                                row("1", "1.50", "2.000", "2020-02-03", "TRUE", "a|b", "2021-01-01")),
                        List.of(),
                        Replace.NONE),
                typed(
                        List.of(row("1", "9.99", "2", "2020-02-03", "true", "a|b", "2021-01-01")),
                        List.of(),
                        Replace.NONE),
                typed(
                        List.of(),
                        List.of(new TestBatch.Marker(List.of("3"), java.time.LocalDate.parse("2022-01-01"))),
                        Replace.NONE),
                typed(List.of(row("x", "1", "1", "2020-01-01", "true", "n", "2020-01-01")), List.of(), Replace.NONE),
                typed(List.of(row("4", "lots", "1", "2020-01-01", "true", "n", "2020-01-01")), List.of(), Replace.NONE),
                typed(
                        List.of(
                                row("1", "1.5", "2", "2020-02-03", "true", "a|b", "2020-01-01"),
                                row("2", "-7", "0.125", null, "false", "x\\|y", "2020-01-01")),
                        List.of(),
                        Replace.ALL));
        List<TestBatch> withRerun = new ArrayList<>(batches);
        withRerun.add(batches.get(batches.size() - 1));
        bothEnginesAgree(new Histories.History(null, withRerun), table);
    }

    private static TestBatch typed(List<TestBatch.Row> rows, List<TestBatch.Marker> markers, Replace replace) {
        return new TestBatch(rows, markers, replace);
    }

    private static TestBatch.Row row(
            String id, String amount, String rate, String day, String ok, String note, String date) {
        return new TestBatch.Row(
                List.of(id), java.util.Arrays.asList(amount, rate, day, ok, note), java.time.LocalDate.parse(date));
    }

    /** DuckDB's tables as {@link PgTestDatabase#normalized} reads them. */
    private static List<List<String>> duckDb(Connection duck, BitemporalTable table) throws SQLException {
        return PgTestDatabase.normalized(
                table,
                (name, columns) -> new ArrayList<>(Lake.rows(duck, "SELECT " + columns + " FROM \"" + name + "\"")),
                "CAST(epoch_us(%s) AS VARCHAR)");
    }
}
