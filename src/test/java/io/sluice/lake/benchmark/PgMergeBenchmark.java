package io.sluice.lake.benchmark;

import static io.sluice.lake.benchmark.MergeBenchmark.COLUMNS;
import static io.sluice.lake.benchmark.MergeBenchmark.OWNERSHIP;
import static io.sluice.lake.benchmark.MergeBenchmark.ROWS;
import static io.sluice.lake.benchmark.MergeBenchmark.SAMPLES;
import static io.sluice.lake.benchmark.MergeBenchmark.count;
import static io.sluice.lake.benchmark.MergeBenchmark.execute;
import static io.sluice.lake.benchmark.MergeBenchmark.expect;
import static io.sluice.lake.benchmark.MergeBenchmark.time;
import static io.sluice.lake.benchmark.MergeBenchmark.verify;

import io.sluice.lake.benchmark.MergeBenchmark.Figure;
import io.sluice.lake.bitemporal.Replace;
import io.sluice.lake.bitemporal.WriteResult;
import io.sluice.lake.postgres.bitemporal.PostgresBitemporalMerge;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.postgresql.copy.CopyManager;
import org.postgresql.core.BaseConnection;

/**
 * The merge benchmark's steps on PostgreSQL ({@link PostgresBitemporalMerge}, as the PostgreSQL lake runs it), on the
 * rows {@link MergeBenchmark} generates in DuckDB: they are copied into a PostgreSQL table first (untimed), then each
 * step is timed as on DuckDB: (a) a raw {@code INSERT INTO ... SELECT}, (b) the first load from the staged table
 * ({@link Replace#ALL}), (c) its identical re-run, (d) one day's filings ({@link Replace#NONE}), (e) a SINGLE_KEY write
 * of one CRD as the lake publishes it ({@link Replace#SCOPES} in the publish's transaction, the commit included; the
 * median of the same 11 CRDs as DuckDB's (e)). Every load is verified from a second connection. It runs in a schema of
 * its own, dropped at the end.
 */
public final class PgMergeBenchmark {

    private final MergeBenchmark generator;
    private final PrintWriter log;

    public PgMergeBenchmark(int firms, PrintWriter log) {
        this.generator = new MergeBenchmark(firms, log);
        this.log = log;
    }

    /**
     * Runs every step on {@code postgres}, with the rows of the DuckDB file {@code duckDb} (generated there first if it
     * holds none, as after a DuckDB run on it); {@code dir} takes the CSV files the rows travel in.
     */
    public List<Figure> run(Path duckDb, BenchPostgres postgres, Path dir) throws SQLException, IOException {
        List<Figure> figures = new ArrayList<>();
        String schema = "sluice_bench_" + ProcessHandle.current().pid();
        try (Connection duck = DriverManager.getConnection("jdbc:duckdb:" + duckDb.toAbsolutePath());
                Connection c = postgres.connect();
                Connection check = postgres.connect()) {
            if (count(duck, "SELECT count(*) FROM information_schema.tables WHERE table_name = '" + ROWS + "'") == 0) {
                generator.generate(duck);
            }
            log.printf("PostgreSQL: %s%n", postgres.describe(c));
            String explain = System.getenv("SLUICE_BENCH_PG_EXPLAIN");
            if (explain != null && explain.matches("[0-9]+")) {
                // where the time goes: each statement of the benchmark's connection slower than that many ms, with
                // its analyzed plan, in the server's log (the embedded server's log is printed with the output)
                execute(c, "LOAD 'auto_explain'");
                execute(c, "SET auto_explain.log_min_duration = " + explain);
                execute(c, "SET auto_explain.log_analyze = on");
                execute(c, "SET auto_explain.log_buffers = on");
                execute(c, "SET auto_explain.log_nested_statements = on");
                execute(c, "SET log_min_duration_statement = " + explain);
            }
            execute(c, "DROP SCHEMA IF EXISTS " + schema + " CASCADE");
            execute(c, "CREATE SCHEMA " + schema);
            execute(c, "SET search_path TO " + schema);
            execute(check, "SET search_path TO " + schema);
            try {
                long rows = copy(duck, "SELECT " + COLUMNS + " FROM " + ROWS, c, ROWS, dir);
                log.printf("copied %,d rows into PostgreSQL (schema %s)%n", rows, schema);

                PostgresBitemporalMerge merge = new PostgresBitemporalMerge();
                execute(c, "CREATE TABLE bench_raw (LIKE " + ROWS + ")");
                double raw = time(() -> execute(c, "INSERT INTO bench_raw SELECT " + COLUMNS + " FROM " + ROWS));
                verify(check, "SELECT count(owner_name) FROM bench_raw", rows, "raw rows with values");
                figures.add(new Figure("a", "raw INSERT INTO ... SELECT (floor)", raw, rows + " rows"));

                merge.createTables(c, schema, OWNERSHIP); // committed on its own, before the bulk load
                WriteResult[] result = new WriteResult[1];
                double initial = time(() -> result[0] = merge.write(
                        c, schema, OWNERSHIP, schema + "." + ROWS, Optional.empty(), Replace.ALL, Instant.now()));
                expect(!result[0].isRejected(), "the first load was rejected: " + result[0].summary());
                MergeBenchmark.verifyFirstLoad(c, check, rows);
                figures.add(new Figure("b", "BITEMPORAL_MERGE initial load", initial, result[0].summary()));

                double rerun = time(() -> result[0] = merge.write(
                        c, schema, OWNERSHIP, schema + "." + ROWS, Optional.empty(), Replace.ALL, Instant.now()));
                expect(result[0].outcome() == WriteResult.Outcome.UNCHANGED, "the identical re-run changed versions");
                figures.add(new Figure("c", "identical re-run of (b)", rerun, result[0].summary()));

                long dayRows = copy(duck, MergeBenchmark.oneDay(), c, "bench_day", dir);
                verify(check, "SELECT count(owner_name) FROM bench_day", dayRows, "the day's rows");
                double day = time(() -> result[0] = merge.write(
                        c, schema, OWNERSHIP, schema + ".bench_day", Optional.empty(), Replace.NONE, Instant.now()));
                expect(result[0].versionsOpened() > 0, "the day's filings opened no version");
                figures.add(new Figure(
                        "d", "incremental: one day's filings (" + dayRows + " rows)", day, result[0].summary()));

                figures.add(singleKeys(c, merge, schema, MergeBenchmark.middleCrd(duck) + SAMPLES + 1));
            } finally {
                execute(c, "DROP SCHEMA IF EXISTS " + schema + " CASCADE");
            }
        }
        return figures;
    }

    /**
     * (e) as the PostgreSQL lake publishes a SINGLE_KEY write: the CRD's rows staged in a table (untimed), then the
     * merge with {@link Replace#SCOPES} in the publish's transaction and its commit (timed); a first write untimed, as
     * on DuckDB; the median of 11.
     */
    private Figure singleKeys(Connection c, PostgresBitemporalMerge merge, String schema, long firstCrd)
            throws SQLException {
        double[] millis = new double[SAMPLES];
        WriteResult[] result = new WriteResult[1];
        String staged = "bench_stage";
        long stagedRows = 0;
        execute(c, "CREATE TABLE " + staged + " AS " + MergeBenchmark.oneCrdRows(firstCrd, " Sr.") + " LIMIT 0");
        for (int i = -1; i < millis.length; i++) {
            execute(c, "INSERT INTO " + staged + " " + MergeBenchmark.oneCrdRows(firstCrd + i, " Sr."));
            stagedRows += i < 0 ? 0 : count(c, "SELECT count(*) FROM " + staged);
            c.setAutoCommit(false);
            double t = time(() -> {
                result[0] = merge.write(
                        c, schema, OWNERSHIP, schema + "." + staged, Optional.empty(), Replace.SCOPES, Instant.now());
                c.commit();
            });
            execute(c, "DELETE FROM " + staged);
            c.commit();
            c.setAutoCommit(true);
            expect(result[0].versionsOpened() > 0, "the single-key correction opened no version");
            if (i >= 0) {
                millis[i] = t;
            }
        }
        Arrays.sort(millis);
        return new Figure(
                "e",
                "SINGLE_KEY: one CRD, as published (median of " + SAMPLES + ", " + stagedRows / SAMPLES + " rows avg)",
                millis[SAMPLES / 2],
                result[0].summary());
    }

    /**
     * Copies the rows of {@code query} on DuckDB into a new PostgreSQL table {@code table} (the benchmark's columns,
     * typed as the DuckDB engine's table types them) through a CSV file and {@code COPY}, analyzed; returns how many.
     */
    private static long copy(Connection duck, String query, Connection pg, String table, Path dir)
            throws SQLException, IOException {
        Path csv = dir.resolve(table + ".csv");
        execute(duck, "COPY (" + query + ") TO '" + csv.toAbsolutePath() + "' (FORMAT csv, HEADER false)");
        execute(
                pg,
                "CREATE TABLE " + table + " (crd_number BIGINT, owner_key VARCHAR, owner_name VARCHAR, "
                        + "owner_role VARCHAR, ownership_code VARCHAR, filing_date DATE)");
        long copied;
        try (Reader in = Files.newBufferedReader(csv)) {
            copied = new CopyManager(pg.unwrap(BaseConnection.class))
                    .copyIn("COPY " + table + " (" + COLUMNS + ") FROM STDIN (FORMAT csv)", in);
        } finally {
            Files.deleteIfExists(csv);
        }
        execute(pg, "ANALYZE " + table);
        return copied;
    }
}
