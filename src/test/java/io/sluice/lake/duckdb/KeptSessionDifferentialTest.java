package io.sluice.lake.duckdb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.lake.AssetCheck;
import io.sluice.lake.Publication;
import io.sluice.lake.RollbackTarget;
import io.sluice.lake.Staging;
import io.sluice.lake.TableSpec;
import io.sluice.lake.WriteMode;
import io.sluice.lake.bitemporal.BitemporalTable;
import io.sluice.lake.bitemporal.Replace;
import io.sluice.lake.bitemporal.SourceQuery;
import io.sluice.lake.bitemporal.WriteResult;
import io.sluice.lake.duckdb.bitemporal.BitemporalMerge;
import io.sluice.lake.duckdb.bitemporal.BitemporalSession;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Instant;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Kept engine sessions against fresh ones: the same publishes, rollbacks, rejected and check-failing batches and
 * filing markers on a lake that keeps its sessions and on one reopened before every operation leave the same
 * versions, assertions and filings; writes in one caller transaction; concurrent publishes; nested writes.
 */
class KeptSessionDifferentialTest {

    static final BitemporalTable OWNERS = BitemporalTable.of(
                    "owners", List.of("firm", "owner"), List.of("pct"), "filed")
            .withCompleteBy(List.of("firm"))
            .withColumnType("pct", "INTEGER");

    static String rows(String values) {
        return "SELECT * FROM (VALUES " + values + ") AS r(firm, owner, pct, filed)";
    }

    static List<String> dump(Connection c, String sql) throws Exception {
        List<String> out = new ArrayList<>();
        try (Statement s = c.createStatement();
                ResultSet rs = s.executeQuery(sql)) {
            int n = rs.getMetaData().getColumnCount();
            while (rs.next()) {
                StringBuilder b = new StringBuilder();
                for (int i = 1; i <= n; i++) b.append(rs.getString(i)).append(' ');
                out.add(b.toString().trim());
            }
        }
        return out;
    }

    static List<String> versions(Connection c) throws Exception {
        return dump(c, "SELECT firm, owner, pct, valid_from, valid_to, system_to IS NULL FROM owners ORDER BY ALL");
    }

    /** Two writes in one caller transaction; the second (small path) closes a version the first inserted. */
    @Test
    void two_small_writes_in_one_caller_transaction() throws Exception {
        List<String> expected;
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:")) {
            BitemporalMerge merge = new BitemporalMerge(InstantSource.system());
            try (BitemporalSession s = merge.session(c, OWNERS)) {
                s.write(
                        SourceQuery.of(rows("('F1','O1',10,DATE '2020-01-01'), ('F2','O1',10,DATE '2020-01-01')")),
                        Replace.ALL);
                s.write(SourceQuery.of(rows("('F1','O1',11,DATE '2021-01-01')")), Replace.NONE);
                s.write(SourceQuery.of(rows("('F1','O1',12,DATE '2022-01-01')")), Replace.NONE);
                expected = versions(c);
            }
        }
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:")) {
            BitemporalMerge merge = new BitemporalMerge(InstantSource.system());
            try (BitemporalSession s = merge.session(c, OWNERS)) {
                s.write(
                        SourceQuery.of(rows("('F1','O1',10,DATE '2020-01-01'), ('F2','O1',10,DATE '2020-01-01')")),
                        Replace.ALL);
                c.setAutoCommit(false);
                WriteResult a = s.write(
                        SourceQuery.of(rows("('F1','O1',11,DATE '2021-01-01')")),
                        Replace.NONE,
                        Instant.parse("2030-01-01T00:00:00Z"));
                WriteResult b = s.write(
                        SourceQuery.of(rows("('F1','O1',12,DATE '2022-01-01')")),
                        Replace.NONE,
                        Instant.parse("2030-01-02T00:00:00Z"));
                c.commit();
                s.committed();
                assertThat(a.versionsOpened()).isPositive();
                assertThat(b.versionsClosed()).isPositive(); // the version a opened, in the same transaction
                assertThat(s.smallWritesDone()).isEqualTo(2);
                assertThat(versions(c)).isEqualTo(expected);
            }
        }
    }

    // ---------------- lake differential: kept sessions vs a lake reopened before every operation ----------------

    static final TableSpec T = new TableSpec(
            "owners",
            new WriteMode.Bitemporal(List.of("firm", "owner"), List.of("pct"), "filed", List.of("firm")),
            List.of(new AssetCheck.Range("pct_range", AssetCheck.Severity.ERROR, "pct", 0.0, 100.0)));

    static final class TickClock implements InstantSource {
        Instant now = Instant.parse("2030-01-01T00:00:00Z");

        @Override
        public synchronized Instant instant() {
            now = now.plusMillis(1);
            return now;
        }
    }

    static DuckDbLake lake(Path file, InstantSource clock) {
        return TestLakes.open(file, clock);
    }

    interface Op {
        String run(DuckDbLake lake);
    }

    static Op publish(String run, String select, boolean complete) {
        return lake -> {
            Staging st = lake.stage(T, run, Optional.empty());
            try {
                st.rows(select);
                Publication p = st.publish(complete);
                return run + " published=" + p.published() + " +" + p.rowsInserted() + " -" + p.rowsRemoved() + " "
                        + p.rejection();
            } finally {
                st.close();
            }
        };
    }

    static Op withMarkers(String run, String select, String markers) {
        return lake -> {
            Staging st = lake.stage(T, run, Optional.empty());
            try {
                if (select != null) st.rows(select);
                st.markers(markers);
                Publication p = st.publish(false);
                return run + " published=" + p.published() + " +" + p.rowsInserted() + " -" + p.rowsRemoved() + " "
                        + p.rejection();
            } finally {
                st.close();
            }
        };
    }

    static Op rollback(String run, String toRun) {
        return lake -> {
            Publication p = lake.rollback(T, RollbackTarget.toRun(toRun), run, Optional.empty(), Optional.empty())
                    .publication();
            return run + " rollback=" + p.published() + " +" + p.rowsInserted() + " -" + p.rowsRemoved() + " "
                    + p.rejection();
        };
    }

    static List<String> state(DuckDbLake lake) {
        return lake.read(s -> {
            List<String> all = new ArrayList<>();
            all.addAll(
                    s.queryStrings(
                            "SELECT concat_ws(' ', 'V', firm, owner, pct, valid_from, coalesce(CAST(valid_to AS VARCHAR), '-'), "
                                    + "dense_rank() OVER (ORDER BY system_from), coalesce(CAST(dense_rank() OVER (ORDER BY system_to) AS VARCHAR), '-')) FROM owners ORDER BY ALL"));
            all.addAll(
                    s.queryStrings(
                            "SELECT concat_ws(' ', 'A', firm, owner, filing_date, sys_to IS NULL) FROM owners__assertions ORDER BY ALL"));
            all.addAll(s.queryStrings(
                    "SELECT concat_ws(' ', 'F', firm, filing_date, sys_to IS NULL) FROM owners__filings ORDER BY ALL"));
            return all;
        });
    }

    List<String> replay(Path file, boolean reopen, List<Op> ops) throws Exception {
        List<String> log = new ArrayList<>();
        TickClock clock = new TickClock();
        DuckDbLake lake = lake(file, clock);
        try {
            for (Op op : ops) {
                if (reopen) {
                    lake.close(null);
                    lake = lake(file, clock);
                }
                try {
                    log.add(op.run(lake));
                } catch (RuntimeException e) {
                    log.add("FAILED " + e.getMessage().lines().findFirst().orElse(""));
                }
                log.addAll(state(lake));
                log.add("--");
            }
        } finally {
            lake.close(null);
        }
        return log;
    }

    @TempDir
    Path dir;

    @Test
    void kept_sessions_write_what_fresh_sessions_write() throws Exception {
        List<Op> ops = List.of(
                publish(
                        "r1",
                        rows(
                                "('F1','O1',10,DATE '2020-01-01'), ('F1','O2',20,DATE '2020-01-01'), ('F2','O1',5,DATE '2020-01-01')"),
                        true),
                publish("r2", rows("('F1','O1',10,DATE '2020-01-01'), ('F1','O1',10,DATE '2021-01-01')"), false),
                rollback("r3", "r1"),
                publish("r4", rows("('F1','O1',30,DATE '2021-06-01')"), false),
                publish("r5", rows("('F1','O1',300,DATE '2022-01-01')"), false), // blocking check fails
                publish(
                        "r6",
                        rows("('F2','O1',NULL,DATE '2022-01-01'), ('F2',NULL,1,DATE '2022-01-01')"),
                        false), // rejected
                publish("r7", rows("('F2','O3',12.5,DATE '2022-06-01')"), false), // another staged type
                rollback("r8", "r4"),
                publish("r9", rows("('F2','O3',7,DATE '2023-01-01'), ('F3','O1',1,DATE '2023-01-01')"), false),
                publish("r10", rows("('F2','O3',7,DATE '2023-01-01'), ('F3','O1',1,DATE '2023-01-01')"), true),
                publish("r11", rows("('F3','O1',2,DATE '2024-01-01')"), false),
                withMarkers("r12", null, "SELECT 'F3' AS firm, DATE '2024-06-01' AS filed"),
                withMarkers(
                        "r13",
                        rows("('F1','O9',1,DATE '2025-01-01')"),
                        "SELECT 'F2' AS firm, DATE '2025-01-01' AS filed"),
                publish("r14", rows("('F2','O3',7,DATE '2026-01-01')"), false),
                withMarkers("r15", null, "SELECT NULL AS firm, DATE '2024-06-01' AS filed"),
                publish("r16", rows("('F2','O3',8,DATE '2026-01-01')"), false),
                rollback("r17", "r12"),
                publish("r18", rows("('F2','O3',9,DATE '2026-01-01')"), false));
        List<String> fresh = replay(dir.resolve("fresh.duckdb"), true, ops);
        List<String> kept = replay(dir.resolve("kept.duckdb"), false, ops);
        assertThat(kept).isEqualTo(fresh);
        assertThat(kept).contains("r12 published=true +0 -1 null"); // markers only: F3's history is one empty filing
    }

    @Test
    void concurrent_publishes_to_two_kept_tables() throws Exception {
        DuckDbLake lake = lake(dir.resolve("c.duckdb"), InstantSource.system());
        List<String> failures = Collections.synchronizedList(new ArrayList<>());
        try {
            List<Thread> threads = new ArrayList<>();
            for (String name : List.of("ta", "tb")) {
                TableSpec spec = new TableSpec(name, T.mode(), List.of());
                threads.add(new Thread(() -> {
                    for (int i = 0; i < 15; i++) {
                        try {
                            Staging st = lake.stage(spec, name + i, Optional.empty());
                            try {
                                st.rows(rows(
                                        "('F" + (i % 3) + "','O1'," + i + ",DATE '2020-01-0" + (1 + i % 5) + "')"));
                                Publication p = st.publish(i == 0);
                                if (!p.published()) failures.add(name + i + " " + p.rejection());
                            } finally {
                                st.close();
                            }
                        } catch (RuntimeException e) {
                            failures.add(name + i + " "
                                    + e.getMessage().lines().findFirst().orElse(""));
                        }
                    }
                }));
            }
            threads.forEach(Thread::start);
            for (Thread t : threads) t.join();
        } finally {
            lake.close(null);
        }
        assertThat(failures).isEmpty();
    }

    @Test
    void a_write_nested_in_a_write_of_the_same_table_gets_a_transaction_of_its_own() throws Exception {
        DuckDbLake lake = lake(dir.resolve("n.duckdb"), InstantSource.system());
        try {
            lake.write("notes", s -> s.execute("CREATE TABLE notes (n INTEGER)"));
            assertThatThrownBy(() -> lake.write("notes", outer -> {
                        outer.execute("INSERT INTO notes VALUES (1)");
                        lake.write("notes", inner -> inner.execute("INSERT INTO notes VALUES (2)"));
                        outer.execute("INSERT INTO notes VALUES (3)");
                        throw new IllegalStateException("outer fails");
                    }))
                    .hasMessage("outer fails");
            // the inner write committed on its own; the outer one, rolled back, left nothing
            List<String> notes = lake.read(s -> s.queryStrings("SELECT n FROM notes ORDER BY n"));
            assertThat(notes).containsExactly("2");
        } finally {
            lake.close(null);
        }
    }
}
