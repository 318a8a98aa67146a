package io.sluice.lake.benchmark;

import io.sluice.lake.bitemporal.BitemporalTable;
import io.sluice.lake.bitemporal.Replace;
import io.sluice.lake.bitemporal.SourceQuery;
import io.sluice.lake.bitemporal.WriteResult;
import io.sluice.lake.duckdb.bitemporal.BitemporalMerge;
import io.sluice.lake.duckdb.bitemporal.BitemporalSession;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.duckdb.DuckDBConnection;

/**
 * The bi-temporal merge benchmark of the Form ADV ownership table, in one run on one DuckDB file: (a) a raw
 * {@code INSERT INTO ... SELECT} of the rows into a plain table, the floor; (b) the initial BITEMPORAL_MERGE load of
 * the same rows; (c) an identical re-run of (b); (d) an incremental write of one day's filings; (e) a SINGLE_KEY write
 * of one CRD's whole history (replace=scopes, as the orchestrator sends it), the median of 11 CRDs, each written as the
 * lake publishes it (on a session the table's connection keeps, in the caller's transaction), (e') the same on a
 * session of its own per write, and if asked, (f) (e) again after a number of days of filings. Every table is created and committed
 * before it is loaded (DuckDB 2.0.0.1 loses the values of a large INSERT into a table created in the same
 * transaction), and every load is verified from a second connection before its figure counts.
 */
public final class MergeBenchmark {

    /** One measured step: what, wall milliseconds, what the writer reported. */
    public record Figure(String step, String what, double millis, String result) {}

    static final BitemporalTable OWNERSHIP = BitemporalTable.of(
                    "bench_ownership",
                    List.of("crd_number", "owner_key"),
                    List.of("owner_name", "owner_role", "ownership_code"),
                    "filing_date")
            .withCompleteBy(List.of("crd_number"))
            .withColumnType("crd_number", "BIGINT");

    static final String ROWS = "bench_rows";
    /** Writes per SINGLE_KEY figure (one write takes a few milliseconds, so one sample says little on a shared machine). */
    static final int SAMPLES = 11;
    /** The most firms a run generates. */
    public static final int MAX_FIRMS = 1_000_000;

    static final String COLUMNS = "crd_number, owner_key, owner_name, owner_role, ownership_code, filing_date";

    private final int firms;
    private final int days;
    private final PrintWriter log;

    /** The most days of filings (f) appends. */
    public static final int MAX_DAYS = 3_650;

    public MergeBenchmark(int firms, PrintWriter log) {
        this(firms, 0, log);
    }

    /** {@code days}: also (f), SINGLE_KEY writes after that many daily filings (0: not). */
    public MergeBenchmark(int firms, int days, PrintWriter log) {
        if (days < 0 || days > MAX_DAYS) {
            throw new IllegalArgumentException("days must be between 0 and " + MAX_DAYS);
        }
        this.days = days;
        if (firms < 100 || firms > MAX_FIRMS) {
            // the generator numbers CRDs from 100,001 in 32-bit arithmetic; a million firms is ~86M rows, far past any
            // use here
            throw new IllegalArgumentException("firms must be between 100 and " + MAX_FIRMS);
        }
        this.firms = firms;
        this.log = log;
    }

    /** Runs every step on the DuckDB file {@code db}, which must not hold the benchmark's tables yet. */
    public List<Figure> run(Path db) throws SQLException {
        List<Figure> figures = new ArrayList<>();
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:" + db.toAbsolutePath());
                Connection check = c.unwrap(DuckDBConnection.class).duplicate()) {
            BitemporalMerge merge = new BitemporalMerge();
            log.printf("generating the Form ADV ownership rows of %,d firms ...%n", firms);
            generate(c);
            long rows = count(c, "SELECT count(*) FROM " + ROWS);
            long keys = count(c, "SELECT count(*) FROM (SELECT DISTINCT crd_number, owner_key FROM " + ROWS + ")");
            log.printf("%,d rows, %,d keys (%.1f filings per key)%n", rows, keys, (double) rows / keys);

            execute(c, "CREATE TABLE bench_raw AS SELECT " + COLUMNS + " FROM " + ROWS + " LIMIT 0");
            double raw = time(() -> execute(c, "INSERT INTO bench_raw SELECT " + COLUMNS + " FROM " + ROWS));
            verify(check, "SELECT count(owner_name) FROM bench_raw", rows, "raw rows with values");
            figures.add(new Figure("a", "raw INSERT INTO ... SELECT (floor)", raw, rows + " rows"));

            merge.createTables(c, OWNERSHIP); // committed on its own, before the bulk load
            SourceQuery all = SourceQuery.of("SELECT * FROM " + ROWS);
            WriteResult[] result = new WriteResult[1];
            double initial = time(() -> result[0] = merge.write(c, OWNERSHIP, all, Replace.ALL, Instant.now()));
            verifyFirstLoad(c, check, rows);
            figures.add(new Figure("b", "BITEMPORAL_MERGE initial load", initial, result[0].summary()));

            double rerun = time(() -> result[0] = merge.write(c, OWNERSHIP, all, Replace.ALL, Instant.now()));
            expect(result[0].outcome() == WriteResult.Outcome.UNCHANGED, "the identical re-run changed versions");
            figures.add(new Figure("c", "identical re-run of (b)", rerun, result[0].summary()));

            execute(c, "CREATE TABLE bench_day AS " + oneDay());
            long dayRows = count(check, "SELECT count(owner_name) FROM bench_day");
            double day = time(() -> result[0] =
                    merge.write(c, OWNERSHIP, SourceQuery.of("SELECT * FROM bench_day"), Replace.NONE, Instant.now()));
            expect(result[0].versionsOpened() > 0, "the day's filings opened no version");
            figures.add(
                    new Figure("d", "incremental: one day's filings (" + dayRows + " rows)", day, result[0].summary()));

            long crd = middleCrd(c);
            // one write is one sample of a few milliseconds on a shared machine: medians of 11 writes, 11 CRDs each
            // way.
            figures.add(singleKeys(c, merge, "e", "SINGLE_KEY: one CRD, as published", crd + SAMPLES + 1, " Sr."));

            // (e') the same kind of write on a session of its own (BitemporalMerge.write): set up, planned, dropped
            // each time
            double[] oneShot = new double[SAMPLES];
            long oneRows = 0;
            for (int i = 0; i < oneShot.length; i++) {
                oneRows += oneCrd(c, "bench_one", crd + i, " Jr.");
                oneShot[i] = time(() -> result[0] = merge.write(
                        c, OWNERSHIP, SourceQuery.of("SELECT * FROM bench_one"), Replace.SCOPES, Instant.now()));
                expect(result[0].versionsOpened() > 0, "the single-key correction opened no version");
            }
            Arrays.sort(oneShot);
            figures.add(new Figure(
                    "e'",
                    "SINGLE_KEY on a session of its own (median of " + SAMPLES + ", " + oneRows / SAMPLES
                            + " rows avg)",
                    oneShot[SAMPLES / 2],
                    result[0].summary()));

            if (days > 0) {
                // (f) months later: `days` daily filings appended by the orchestrator's kept session (which re-clusters
                // the tables when enough was appended), then (e) again on other CRDs
                long[] reclustered = {0};
                double daily = time(() -> {
                    try (BitemporalSession session = merge.session(c, OWNERSHIP)) {
                        for (int d = 0; d < days; d++) {
                            execute(c, "CREATE OR REPLACE TABLE bench_day AS " + day(d));
                            session.write(SourceQuery.of("SELECT * FROM bench_day"), Replace.NONE, Instant.now());
                        }
                        reclustered[0] = session.reclusterings();
                    }
                });
                long assertions = count(c, "SELECT count(*) FROM " + OWNERSHIP.assertionsTable());
                Figure later = singleKeys(
                        c, merge, "f", "SINGLE_KEY after " + days + " days of filings", crd - 2 * SAMPLES, " III");
                figures.add(new Figure(
                        "f",
                        later.what(),
                        later.millis(),
                        String.format(
                                Locale.ROOT,
                                "%,d assertions after %,d daily writes in %.0f ms, which re-clustered the tables %d times; %s",
                                assertions,
                                days,
                                daily,
                                reclustered[0],
                                later.result())));
            }
        }
        return figures;
    }

    /**
     * (e): SINGLE_KEY writes of 11 CRDs from {@code firstCrd} on, as the orchestrator writes them (the table's
     * connection keeps one session, each write joins the publish's transaction, and the session is told when that
     * commits; the first write sets the session up: untimed; each publish stages its rows in a table of its own, so the
     * statement that reads them is planned each time); the median.
     */
    private Figure singleKeys(
            Connection c, BitemporalMerge merge, String step, String what, long firstCrd, String suffix)
            throws SQLException {
        double[] kept = new double[SAMPLES];
        long small;
        WriteResult[] keptResult = new WriteResult[1];
        try (BitemporalSession session = merge.session(c, OWNERSHIP)) {
            String staged = "bench_stage";
            for (int i = -1; i < kept.length; i++) {
                if (i < 0) {
                    oneCrd(c, staged, firstCrd + i, suffix);
                } else {
                    execute(c, "INSERT INTO " + staged + " " + oneCrdRows(firstCrd + i, suffix));
                }
                c.setAutoCommit(false);
                double millis = time(() -> {
                    keptResult[0] =
                            session.write(SourceQuery.of("SELECT * FROM " + staged), Replace.SCOPES, Instant.now());
                    c.commit();
                });
                execute(c, "DELETE FROM " + staged);
                session.committed();
                c.setAutoCommit(true);
                expect(keptResult[0].versionsOpened() > 0, "the single-key correction opened no version");
                if (i >= 0) {
                    kept[i] = millis;
                }
            }
            small = session.smallWritesDone();
        }
        Arrays.sort(kept);
        return new Figure(
                step,
                what + " (median of " + SAMPLES + ")",
                kept[SAMPLES / 2],
                keptResult[0].summary() + " (" + small + " of " + (SAMPLES + 1) + " by the small-write path)");
    }

    /** One CRD's rows with changed names from 2015 on, in table {@code name}; returns how many. */
    private static long oneCrd(Connection c, String name, long crd, String suffix) throws SQLException {
        execute(c, "CREATE OR REPLACE TABLE " + name + " AS " + oneCrdRows(crd, suffix));
        return count(c, "SELECT count(*) FROM " + name);
    }

    /** The CRD in the middle of the generated ones; (e) writes the 11 CRDs after {@code middleCrd + SAMPLES}. */
    static long middleCrd(Connection duckDb) throws SQLException {
        return count(duckDb, "SELECT (min(crd_number) + max(crd_number)) // 2 FROM " + ROWS);
    }

    /** One CRD's rows with changed names from 2015 on: a query that reads only {@link #ROWS} (DuckDB or PostgreSQL). */
    static String oneCrdRows(long crd, String suffix) {
        return "SELECT crd_number, owner_key, CASE WHEN filing_date >= DATE '2015-01-01' THEN owner_name || '" + suffix
                + "' ELSE owner_name END AS owner_name, owner_role, ownership_code, filing_date FROM " + ROWS
                + " WHERE crd_number = " + crd;
    }

    /** Generates the rows into {@link #ROWS} on the DuckDB connection {@code c}. */
    void generate(Connection c) throws SQLException {
        // the example's generator, with its values bound as the extract asset binds them ($1 firms, $2 seed, $3 from,
        // $4 to, $5 through)
        try (PreparedStatement p = c.prepareStatement(
                "CREATE TABLE bench_filings AS " + resource("/io/sluice/example/form_adv_filings.sql"))) {
            p.setInt(1, firms);
            p.setInt(2, 0);
            p.setObject(3, LocalDate.of(2001, 1, 1));
            p.setObject(4, LocalDate.of(2026, 1, 1));
            p.setObject(5, LocalDate.of(2025, 12, 31));
            p.execute();
        }
        // as the transform stages them: one row per (crd, owner, date), the latest amendment winning
        execute(
                c,
                "CREATE TABLE " + ROWS
                        + " AS SELECT crd_number, owner_key, arg_max(owner_name, amendment_no) AS owner_name, "
                        + "arg_max(owner_role, amendment_no) AS owner_role, arg_max(ownership_code, amendment_no) AS ownership_code, "
                        + "filing_date FROM bench_filings GROUP BY crd_number, owner_key, filing_date ORDER BY crd_number, owner_key, filing_date");
        execute(c, "DROP TABLE bench_filings");
        execute(c, "CHECKPOINT");
    }

    /**
     * Day {@code d} from 2026-02-01 of (f): the firms whose CRD is {@code d} modulo 16 file, listing the owners of their
     * latest filing, about one in five with another ownership code.
     */
    private static String day(int d) {
        return "SELECT r.crd_number, r.owner_key, r.owner_name, r.owner_role, CASE WHEN hash(r.owner_key, " + d
                + ") % 5 = 0 "
                + "THEN chr(65 + (hash(r.owner_key, " + d
                + ") % 6)::INT) ELSE r.ownership_code END AS ownership_code, DATE '2026-02-01' + "
                + d + " AS filing_date FROM " + ROWS + " AS r JOIN (SELECT crd_number, max(filing_date) AS last FROM "
                + ROWS
                + " WHERE crd_number % 16 = " + (d % 16)
                + " GROUP BY ALL) AS l ON r.crd_number = l.crd_number AND r.filing_date = l.last";
    }

    /**
     * One day's filings: every 16th firm files on 2026-01-15, listing the owners of its latest filing, about one in
     * five with a changed ownership code (~5,000 rows at 21,000 firms).
     */
    static String oneDay() {
        return "SELECT r.crd_number, r.owner_key, r.owner_name, r.owner_role, CASE WHEN hash(r.owner_key) % 5 = 0 THEN 'F' "
                + "ELSE r.ownership_code END AS ownership_code, DATE '2026-01-15' AS filing_date FROM " + ROWS
                + " AS r "
                + "JOIN (SELECT crd_number, max(filing_date) AS last FROM " + ROWS
                + " WHERE crd_number % 16 = 0 GROUP BY ALL) AS l "
                + "ON r.crd_number = l.crd_number AND r.filing_date = l.last";
    }

    interface Work {
        void run() throws SQLException;
    }

    static double time(Work work) throws SQLException {
        long t0 = System.nanoTime();
        work.run();
        return (System.nanoTime() - t0) / 1e6;
    }

    /**
     * The first load of {@code rows} rows, as {@code check} (a second connection) reads it: every version and every
     * assertion with its values and hash. {@code c}: the connection that wrote it (DuckDB or PostgreSQL).
     */
    static void verifyFirstLoad(Connection c, Connection check, long rows) throws SQLException {
        long versions = count(c, "SELECT count(*) FROM " + OWNERSHIP.name());
        verify(
                check,
                "SELECT count(value_hash) FROM " + OWNERSHIP.name() + " WHERE owner_name IS NOT NULL",
                versions,
                "versions with values");
        verify(check, "SELECT count(value_hash) FROM " + OWNERSHIP.assertionsTable(), rows, "assertions with hashes");
    }

    static void verify(Connection check, String sql, long expected, String what) throws SQLException {
        long actual = count(check, sql);
        expect(actual == expected, what + ": expected " + expected + ", read " + actual + " from another connection");
    }

    static void expect(boolean condition, String message) {
        if (!condition) {
            throw new IllegalStateException("benchmark invalid: " + message);
        }
    }

    private static String resource(String name) {
        try (InputStream in = MergeBenchmark.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static void execute(Connection c, String sql) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute(sql);
        }
    }

    static long count(Connection c, String sql) throws SQLException {
        try (Statement s = c.createStatement();
                ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
