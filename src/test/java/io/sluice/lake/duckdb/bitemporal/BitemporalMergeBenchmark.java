package io.sluice.lake.duckdb.bitemporal;

import com.sun.management.OperatingSystemMXBean;
import io.sluice.lake.bitemporal.Batch;
import io.sluice.lake.bitemporal.BitemporalTable;
import io.sluice.lake.bitemporal.Replace;
import io.sluice.lake.bitemporal.SourceQuery;
import io.sluice.lake.bitemporal.WriteResult;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * Not a test: prints the figures the orchestrator's benchmark asks for, on a DuckDB file in a temp directory.
 * <pre>
 * ./mvnw -B -q test-compile
 * java -Xmx4g -cp "target/test-classes:target/classes:$HOME/.m2/repository/org/duckdb/duckdb_jdbc/2.0.0.1/duckdb_jdbc-2.0.0.1.jar" \
 *      io.sluice.lake.duckdb.bitemporal.BitemporalMergeBenchmark [rows=1800000] [key|complete]
 * </pre>
 * Rows are ~5 filings per key with different values, so ~5 versions per key. Targets: initial load at most 3x a
 * raw INSERT INTO ... SELECT of the same rows, identical re-run at most 1x, 5,000-row incremental write under
 * 200 ms, single-key write under 20 ms. Process CPU time is printed beside wall time because a shared machine's
 * load distorts wall time.
 */
public final class BitemporalMergeBenchmark {

    private BitemporalMergeBenchmark() {}

    public static void main(String[] args) throws Exception {
        int rows = args.length > 0 ? Integer.parseInt(args[0]) : 1_800_000;
        boolean complete = args.length > 1 && args[1].equals("complete");
        int keys = rows / 5;
        BitemporalTable table = complete
                ? BitemporalTable.of("owners", List.of("firm", "owner"), List.of("name", "city"), "filing_date")
                        .withCompleteBy(List.of("firm"))
                : BitemporalTable.of("firms", List.of("firm"), List.of("name", "city"), "filing_date");
        Path dir = Files.createTempDirectory("sluice-bench");
        BitemporalMerge merge = new BitemporalMerge();
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:" + dir.resolve("lake.duckdb"))) {
            String keyCols = complete
                    ? "'F' || lpad(CAST(k // 4 AS VARCHAR), 7, '0') AS firm, 'O' || CAST(k % 4 AS VARCHAR) AS owner"
                    : "'F' || lpad(CAST(k AS VARCHAR), 7, '0') AS firm";
            execute(
                    c,
                    "CREATE TABLE src AS SELECT " + keyCols
                            + ", 'name ' || CAST(hash(k, f) % 1000 AS VARCHAR) AS name, "
                            + "'city ' || CAST(f AS VARCHAR) AS city, DATE '2015-01-01' + INTERVAL (f * 365) DAY AS filing_date "
                            + "FROM range(" + keys + ") AS r(k), range(5) AS s(f)");
            execute(c, "CHECKPOINT");
            String cols = complete ? "firm, owner, name, city, filing_date" : "firm, name, city, filing_date";
            execute(c, "CREATE TABLE raw AS SELECT " + cols + " FROM src WHERE false");
            long raw = time(() -> execute(c, "INSERT INTO raw SELECT " + cols + " FROM src"));
            rawCpu = lastCpu;
            execute(c, "DROP TABLE raw");
            print("raw INSERT INTO ... SELECT of " + rows + " rows", raw, -1);

            SourceQuery all = SourceQuery.of("SELECT * FROM src");
            long initial = time(() -> report(merge.write(c, table, all, Replace.ALL, Instant.now())));
            print("initial load (replace=all)", initial, raw);
            long rerun = time(() -> report(merge.write(c, table, all, Replace.ALL, Instant.now())));
            print("identical re-run (replace=all)", rerun, raw);
            long rerunNone = time(() -> report(merge.write(c, table, all, Replace.NONE, Instant.now())));
            print("identical re-run (replace=none)", rerunNone, raw);

            for (int round = 0; round < 3; round++) {
                String incremental = incremental(
                        keyCols, keys, "late " + round, "DATE '2017-06-01' + INTERVAL (" + round + ") DAY", complete);
                long inc = time(
                        () -> report(merge.write(c, table, SourceQuery.of(incremental), Replace.NONE, Instant.now())));
                print("5,000-row incremental write (late filings)", inc, -1);
            }
            for (int round = 0; round < 5; round++) {
                Map<String, Object> row = Batch.entry(
                        "firm",
                        "F0012345",
                        "name",
                        "single " + round,
                        "city",
                        "y",
                        "filing_date",
                        "2024-0" + (round + 1) + "-01");
                if (complete) {
                    row.put("owner", "O1");
                }
                long one =
                        time(() -> report(merge.write(c, table, Batch.of(List.of(row)), Replace.NONE, Instant.now())));
                print("single-key write (Batch, appender)", one, -1);
            }
            for (int round = 0; round < 3; round++) {
                String sql =
                        "SELECT " + (complete ? "'F0012345' AS firm, 'O1' AS owner" : "'F0012345' AS firm") + ", 'sql "
                                + round + "' AS name, 'z' AS city, DATE '2025-02-0" + (round + 1) + "' AS filing_date";
                long one = time(() -> report(merge.write(c, table, SourceQuery.of(sql), Replace.NONE, Instant.now())));
                print("single-key write (SourceQuery)", one, -1);
            }
            try (BitemporalSession session = merge.session(c, table)) {
                for (int round = 0; round < 8; round++) {
                    String sql = "SELECT " + (complete ? "'F0023456' AS firm, 'O1' AS owner" : "'F0023456' AS firm")
                            + ", 'session " + round + "' AS name, 'z' AS city, DATE '2025-03-0" + (round + 1)
                            + "' AS filing_date";
                    long one = time(() -> report(session.write(SourceQuery.of(sql), Replace.NONE, Instant.now())));
                    print("single-key write (session, SourceQuery)", one, -1);
                }
                for (int round = 0; round < 8; round++) {
                    Map<String, Object> row = Batch.entry(
                            "firm",
                            "F0034567",
                            "name",
                            "batch " + round,
                            "city",
                            "y",
                            "filing_date",
                            "2024-0" + (round + 1) + "-01");
                    if (complete) {
                        row.put("owner", "O1");
                    }
                    long one = time(() -> report(session.write(Batch.of(List.of(row)), Replace.NONE, Instant.now())));
                    print("single-key write (session, Batch)", one, -1);
                }
                for (int round = 0; round < 3; round++) {
                    String incremental = incremental(
                            keyCols,
                            keys,
                            "session " + round,
                            "DATE '2018-06-01' + INTERVAL (" + round + ") DAY",
                            complete);
                    long inc =
                            time(() -> report(session.write(SourceQuery.of(incremental), Replace.NONE, Instant.now())));
                    print("5,000-row incremental write (session)", inc, -1);
                }
            }
            System.out.printf("versions: %d%n", count(c, "SELECT count(*) FROM " + table.name()));
        }
    }

    /**
     * 5,000 late filings spread over the key range; in complete mode whole filings (all 4 owners of 1,250 firms),
     * because a filing that lists one owner would drop the others (the caller's obligation, section 8).
     */
    private static String incremental(String keyCols, int keys, String name, String date, boolean complete) {
        String from = complete
                ? "(SELECT f * 4 + o AS k FROM range(0, " + keys / 4 + ", " + Math.max(1, keys / 4 / 1250)
                        + ") AS r(f), range(4) AS s(o))"
                : "(SELECT k FROM range(0, " + keys + ", " + Math.max(1, keys / 5000) + ") AS r(k))";
        return "SELECT " + keyCols + ", '" + name + "' AS name, 'x' AS city, " + date + " AS filing_date FROM " + from
                + " AS keys LIMIT 5000";
    }

    private interface Work {
        void run() throws Exception;
    }

    private static final OperatingSystemMXBean OS =
            (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    private static long lastCpu;

    /** Wall time in ms; the process CPU time of the same work is kept in {@link #lastCpu} (less sensitive to load). */
    private static long time(Work work) throws Exception {
        long cpu0 = OS.getProcessCpuTime();
        long t0 = System.nanoTime();
        work.run();
        lastCpu = (OS.getProcessCpuTime() - cpu0) / 1_000_000;
        return (System.nanoTime() - t0) / 1_000_000;
    }

    private static void report(WriteResult r) {
        System.out.println("    " + r.summary());
    }

    private static long rawCpu;

    private static void print(String what, long ms, long raw) {
        System.out.printf(
                "%-46s %6d ms wall%s %7d ms cpu%s%n",
                what,
                ms,
                raw > 0 ? String.format(" (%5.2fx raw)", (double) ms / raw) : "              ",
                lastCpu,
                raw > 0 ? String.format(" (%5.2fx raw)", (double) lastCpu / rawCpu) : "");
    }

    private static void execute(Connection c, String sql) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute(sql);
        }
    }

    private static long count(Connection c, String sql) throws SQLException {
        try (Statement s = c.createStatement();
                var rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
