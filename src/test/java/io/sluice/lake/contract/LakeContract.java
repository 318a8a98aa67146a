package io.sluice.lake.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.lake.AssetCheck;
import io.sluice.lake.Lake;
import io.sluice.lake.LakeInterrupted;
import io.sluice.lake.LakeWrite;
import io.sluice.lake.Publication;
import io.sluice.lake.RunLake;
import io.sluice.lake.Staging;
import io.sluice.lake.TableSpec;
import io.sluice.lake.WriteMode;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What every lake engine guarantees, as the port states it: bound values, the write modes' idempotence, write-audit-
 * publish, versions, the write log, cancellation and serialized writes. One subclass per engine opens a fresh lake for
 * each test. The SQL here is portable: it runs unchanged on DuckDB and PostgreSQL.
 */
abstract class LakeContract {

    protected Lake lake;

    /** A fresh, empty lake. */
    protected abstract Lake open() throws Exception;

    protected abstract void close(Lake lake) throws Exception;

    /** A query that runs until it is cancelled (at least many seconds). */
    protected abstract String endlessQuery();

    @BeforeEach
    void openLake() throws Exception {
        lake = open();
    }

    @AfterEach
    void closeLake() throws Exception {
        close(lake);
    }

    // ---- bound values

    @Test
    void numberedParametersAreBoundByPositionAndMayRepeat() {
        assertThat(lake.<List<String>>read(s -> s.queryStrings("SELECT $1 || '-' || $2 || '-' || $1", "a", "b")))
                .containsExactly("a-b-a");
        assertThat(lake.<Long>read(s -> s.queryLong("SELECT $2 - $1 + $2", 1L, 10L)))
                .isEqualTo(19);
    }

    @Test
    void aDollarOrQuestionMarkInsideAStringLiteralIsText() {
        assertThat(lake.<List<String>>read(s -> s.queryStrings("SELECT 'it''s $1 or ?' || $1", "x")))
                .containsExactly("it's $1 or ?x");
        assertThat(lake.<List<String>>read(s -> s.queryStrings("SELECT 'it''s $2' || ?", "y")))
                .containsExactly("it's $2y");
    }

    @Test
    void aValueNeverBecomesSqlText() {
        String key = "x' OR '1'='1";
        assertThat(lake.<List<String>>read(s -> s.queryStrings("SELECT $1", key)))
                .containsExactly(key);
        assertThat(lake.<Long>read(s -> s.queryLong("SELECT count(*) FROM (SELECT 'a' AS k) t WHERE k = ?", key)))
                .isZero();
    }

    @Test
    void aListIsBoundAsOneArray() {
        assertThat(lake.<Long>read(s -> s.queryLong(
                        "SELECT count(*) FROM (SELECT unnest(?) AS k) u WHERE k IN ('a', 'c')",
                        List.of("a", "b", "c"))))
                .isEqualTo(2);
        assertThat(lake.<Long>read(
                        s -> s.queryLong("SELECT sum(k) FROM (SELECT unnest($1) AS k) u", List.of(1L, 2L, 3L))))
                .isEqualTo(6);
        assertThat(lake.<Long>read(s -> s.queryLong("SELECT count(*) FROM (SELECT unnest(?) AS k) u", List.of())))
                .isZero();
    }

    @Test
    void loadedKeysAreATableOfTheSession() {
        long found = lake.<Long>write("keys_user", s -> {
            s.loadKeys("wanted", List.of("k1", "k2", "it's"));
            s.loadKeys("wanted", List.of("k1", "k2", "it's", "k4"));
            return s.queryLong("SELECT count(*) FROM wanted WHERE key IN ('k1', 'it''s', 'k4')");
        });
        assertThat(found).isEqualTo(3);
    }

    @Test
    void aSessionUpsertReplacesRowsByKeyAndIsIdempotent() {
        String rows = "SELECT * FROM (VALUES (1, 'one'), (2, 'two')) AS v(id, name)";
        assertThat(lake.<Long>write("names", s -> s.upsert("names", List.of("id"), rows)))
                .isEqualTo(2);
        lake.<Long>write("names", s -> s.upsert("names", List.of("id"), rows));
        lake.<Long>write(
                "names", s -> s.upsert("names", List.of("id"), "SELECT * FROM (VALUES (2, 'TWO')) AS v(id, name)"));
        assertThat(lake.<List<String>>read(s -> s.queryStrings("SELECT name FROM names ORDER BY id")))
                .containsExactly("one", "TWO");
        assertThat(lake.<Boolean>read(s -> s.tableExists("names"))).isTrue();
        assertThat(lake.<Boolean>read(s -> s.tableExists("nothing_here"))).isFalse();
    }

    // ---- the write modes, each twice over

    private Publication publish(TableSpec table, String runId, Optional<String> partition, String select) {
        try (Staging staging = lake.stage(table, runId, partition)) {
            staging.rows(select);
            return staging.publish(false);
        }
    }

    private long count(String table) {
        return lake.<Long>read(s -> s.queryLong("SELECT count(*) FROM " + table));
    }

    @Test
    void appendSkipsALoadThatIsAlreadyThere() {
        TableSpec raw = new TableSpec("raw", WriteMode.append("load_id"), List.of());
        String load1 = "SELECT * FROM (VALUES ('L1', 1), ('L1', 2)) AS v(load_id, n)";
        Publication first = publish(raw, "run-1", Optional.empty(), load1);
        Publication again = publish(raw, "run-2", Optional.empty(), load1);
        assertThat(first.published()).isTrue();
        assertThat(first.rowsInserted()).isEqualTo(2);
        assertThat(again.published()).isTrue();
        assertThat(again.rowsInserted()).isZero();
        assertThat(again.currentRows()).isEqualTo(2);
        publish(raw, "run-3", Optional.empty(), "SELECT * FROM (VALUES ('L2', 3)) AS v(load_id, n)");
        assertThat(count("raw")).isEqualTo(3);
    }

    @Test
    void partitionOverwriteReplacesExactlyOnePartition() {
        TableSpec daily = new TableSpec("daily", WriteMode.partitionOverwrite("day"), List.of());
        String day1 = "SELECT * FROM (VALUES ('2024-01-01', 1), ('2024-01-01', 2)) AS v(day, n)";
        publish(daily, "run-1", Optional.of("2024-01-01"), day1);
        publish(daily, "run-2", Optional.of("2024-01-02"), "SELECT * FROM (VALUES ('2024-01-02', 9)) AS v(day, n)");
        Publication same = publish(daily, "run-3", Optional.of("2024-01-01"), day1);
        assertThat(same.published()).isTrue();
        assertThat(same.rowsChanged()).isZero();
        assertThat(count("daily")).isEqualTo(3);
        Publication changed = publish(
                daily, "run-4", Optional.of("2024-01-01"), "SELECT * FROM (VALUES ('2024-01-01', 5)) AS v(day, n)");
        assertThat(changed.rowsInserted()).isEqualTo(1);
        assertThat(changed.rowsRemoved()).isEqualTo(2);
        assertThat(lake.<List<String>>read(s -> s.queryStrings("SELECT day || ':' || n FROM daily ORDER BY day, n")))
                .containsExactly("2024-01-01:5", "2024-01-02:9");
        Publication stray = publish(
                daily, "run-5", Optional.of("2024-01-03"), "SELECT * FROM (VALUES ('2024-01-04', 1)) AS v(day, n)");
        assertThat(stray.published()).isFalse();
        assertThat(stray.rejection()).contains("outside partition 2024-01-03");
    }

    @Test
    void upsertReplacesRowsByKeyAndLeavesIdenticalRowsAlone() {
        TableSpec firms = new TableSpec("firms", WriteMode.upsert("id"), List.of());
        String rows = "SELECT * FROM (VALUES (1, 'a'), (2, 'b')) AS v(id, name)";
        assertThat(publish(firms, "run-1", Optional.empty(), rows).rowsInserted())
                .isEqualTo(2);
        Publication same = publish(firms, "run-2", Optional.empty(), rows);
        assertThat(same.rowsChanged()).isZero();
        Publication one = publish(firms, "run-3", Optional.empty(), "SELECT * FROM (VALUES (2, 'B')) AS v(id, name)");
        assertThat(one.rowsInserted()).isEqualTo(1);
        assertThat(one.rowsRemoved()).isEqualTo(1);
        assertThat(lake.<List<String>>read(s -> s.queryStrings("SELECT name FROM firms ORDER BY id")))
                .containsExactly("a", "B");
    }

    private static final TableSpec HISTORY = new TableSpec(
            "history", WriteMode.bitemporal(List.of("id"), List.of("name"), "valid_on", List.of()), List.of());

    private Publication publishHistory(String runId, boolean complete, String rows, String markers) {
        try (Staging staging = lake.stage(HISTORY, runId, Optional.empty())) {
            if (rows != null) {
                staging.rows(rows);
            }
            if (markers != null) {
                staging.markers(markers);
            }
            return staging.publish(complete);
        }
    }

    private List<String> believedNow() {
        return lake.read(s -> s.queryStrings("SELECT id || ':' || name || ':' || valid_from || ':' || coalesce("
                + "CAST(valid_to AS VARCHAR), '-') FROM history WHERE system_to IS NULL ORDER BY id, valid_from"));
    }

    @Test
    void aBitemporalMergeKeepsHistoryAndAnIdenticalWriteChangesNothing() {
        String first = "SELECT * FROM (VALUES (1, 'a', DATE '2024-01-01'), (2, 'b', DATE '2024-01-01'))"
                + " AS v(id, name, valid_on)";
        Publication load = publishHistory("run-1", true, first, null);
        assertThat(load.published()).as(load.rejection()).isTrue();
        assertThat(load.rowsInserted()).isEqualTo(2);
        assertThat(publishHistory("run-2", true, first, null).rowsChanged()).isZero();

        // the rows of some keys replace every filing known for those keys: here key 2's whole history, two filings
        Publication keyed = publishHistory(
                "run-3",
                false,
                "SELECT * FROM (VALUES (2, 'b', DATE '2024-01-01'), (2, 'B', DATE '2024-02-01'))"
                        + " AS v(id, name, valid_on)",
                null);
        assertThat(keyed.published()).as(keyed.rejection()).isTrue();
        assertThat(keyed.rowsInserted()).isEqualTo(2);
        assertThat(keyed.rowsRemoved()).isEqualTo(1);
        assertThat(keyed.currentRows()).isEqualTo(3);
        assertThat(believedNow()).containsExactly("1:a:2024-01-01:-", "2:b:2024-01-01:2024-02-01", "2:B:2024-02-01:-");
        assertThat(lake.<Long>read(s -> s.queryLong("SELECT count(*) FROM history WHERE system_to IS NOT NULL")))
                .as("the version the keyed write replaced is kept, closed in system time")
                .isEqualTo(1);
        assertThat(lake.writesOf("run-3"))
                .singleElement()
                .satisfies(w -> assertThat(w.mode()).isEqualTo("BITEMPORAL_MERGE"));
    }

    @Test
    void aBitemporalFilingOfMarkersOnlyLeavesItsKeyWithNoBelievedValue() {
        publishHistory(
                "run-1",
                true,
                "SELECT * FROM (VALUES (1, 'a', DATE '2024-01-01'), (2, 'b', DATE '2024-01-01'))"
                        + " AS v(id, name, valid_on)",
                null);
        Publication ended = publishHistory(
                "run-2", false, null, "SELECT * FROM (VALUES (1, DATE '2024-03-01')) AS v(id, valid_on)");
        assertThat(ended.published()).as(ended.rejection()).isTrue();
        assertThat(ended.rowsRemoved()).isEqualTo(1);
        assertThat(believedNow()).containsExactly("2:b:2024-01-01:-");
        assertThat(lake.<List<String>>read(s -> s.queryStrings("SELECT name FROM history WHERE system_to IS NOT NULL")))
                .as("key 1's version is kept, closed in system time")
                .containsExactly("a");
    }

    @Test
    void aBitemporalBatchWithTwoValuesForOneKeyAndDateIsRejectedWhole() {
        publishHistory(
                "run-1", true, "SELECT * FROM (VALUES (1, 'a', DATE '2024-01-01')) AS v(id, name, valid_on)", null);
        Publication refused = publishHistory(
                "run-2",
                false,
                "SELECT * FROM (VALUES (1, 'x', DATE '2024-05-01'), (1, 'y', DATE '2024-05-01'), "
                        + "(3, 'c', DATE '2024-05-01')) AS v(id, name, valid_on)",
                null);
        assertThat(refused.published()).isFalse();
        assertThat(refused.rejection()).isNotBlank();
        assertThat(believedNow()).containsExactly("1:a:2024-01-01:-");
        assertThat(lake.writesOf("run-2")).isEmpty();
        assertThat(stagedRowsLeft()).isZero();
    }

    // ---- write, audit, publish

    @Test
    void aFailingBlockingCheckLeavesTheTableUnchangedAndItsStagingGone() {
        TableSpec checked = new TableSpec(
                "checked",
                WriteMode.upsert("id"),
                List.of(new AssetCheck.NotNull("names_present", AssetCheck.Severity.ERROR, List.of("name"))));
        publish(checked, "run-1", Optional.empty(), "SELECT * FROM (VALUES (1, 'a')) AS v(id, name)");
        long version = lake.<Long>read(s -> s.tableVersion("checked"));
        Publication refused = publish(
                checked,
                "run-2",
                Optional.empty(),
                "SELECT * FROM (VALUES (1, CAST(NULL AS VARCHAR)), (2, 'b')) AS v(id, name)");
        assertThat(refused.published()).isFalse();
        assertThat(refused.rejection()).contains("names_present");
        assertThat(lake.<List<String>>read(s -> s.queryStrings("SELECT id || ':' || name FROM checked")))
                .containsExactly("1:a");
        assertThat(lake.<Long>read(s -> s.tableVersion("checked"))).isEqualTo(version);
        assertThat(stagedRowsLeft()).isZero();
        assertThat(lake.writesOf("run-2")).isEmpty();
    }

    @Test
    void aBlockingCheckWhoseSqlFailsRefusesThePublishAndSaysWhy() {
        TableSpec checked = new TableSpec(
                "checked",
                WriteMode.upsert("id"),
                List.of(
                        new AssetCheck.CustomSql(
                                "broken",
                                AssetCheck.Severity.ERROR,
                                "SELECT * FROM {table} WHERE CAST(name AS INTEGER) > 0"),
                        new AssetCheck.NotNull("names_present", AssetCheck.Severity.ERROR, List.of("name"))));
        Publication refused =
                publish(checked, "run-1", Optional.empty(), "SELECT * FROM (VALUES (1, 'a')) AS v(id, name)");
        assertThat(refused.published()).isFalse();
        assertThat(refused.rejection()).contains("broken");
        assertThat(refused.checks()).extracting(c -> c.name()).containsExactly("broken", "names_present");
        assertThat(refused.checks().get(0).passed()).isFalse();
        assertThat(refused.checks().get(0).message()).startsWith("the check could not run: ");
        // the next check ran (PostgreSQL undoes the failed one alone), or says why it could not (DuckDB)
        assertThat(refused.checks().get(1).message())
                .satisfiesAnyOf(
                        m -> assertThat(m).isEqualTo("no violating rows"),
                        m -> assertThat(m).startsWith("not run: check broken could not run"));
        assertThat(publish(checked, "run-2", Optional.empty(), "SELECT * FROM (VALUES (1, '0')) AS v(id, name)")
                        .published())
                .as("a later publish whose rows the check can read")
                .isTrue();
        assertThat(lake.writesOf("run-1")).isEmpty();
        assertThat(stagedRowsLeft()).isZero();
    }

    @Test
    void aThresholdCheckComparesTheFigureItsQueryReturns() {
        String latest = "SELECT value FROM {table} WHERE metric = ? AND load_id = (SELECT max(load_id) FROM {table})";
        TableSpec figures = new TableSpec(
                "figures",
                WriteMode.append("load_id"),
                List.of(
                        new AssetCheck.ValueThreshold(
                                "rows_present", AssetCheck.Severity.ERROR, latest.replace("?", "'rows'"), 1.0, null),
                        new AssetCheck.ValueThreshold(
                                "null_share_at_most_60pct",
                                AssetCheck.Severity.WARN,
                                latest.replace("?", "'null_share'"),
                                null,
                                0.6),
                        new AssetCheck.ValueThreshold(
                                "absent_figure", AssetCheck.Severity.WARN, latest.replace("?", "'absent'"), 0.0, 1.0)));
        Publication first = publish(
                figures,
                "run-1",
                Optional.empty(),
                "SELECT * FROM (VALUES ('L1', 'rows', CAST(4 AS DOUBLE PRECISION)), ('L1', 'null_share', 0.25)) "
                        + "AS v(load_id, metric, value)");
        assertThat(first.published()).isTrue();
        assertThat(first.checks())
                .extracting(c -> c.name() + " " + c.passed() + " " + c.observed() + " " + c.threshold())
                .containsExactly(
                        "rows_present true 4 in [1, inf]",
                        "null_share_at_most_60pct true 0.25 in [-inf, 0.6]",
                        "absent_figure false no value in [0, 1]");
        assertThat(first.checks().get(2).message()).isEqualTo("the query returned no value to compare with in [0, 1]");

        Publication second = publish(
                figures,
                "run-2",
                Optional.empty(),
                "SELECT * FROM (VALUES ('L2', 'rows', CAST(4 AS DOUBLE PRECISION)), ('L2', 'null_share', 0.75)) "
                        + "AS v(load_id, metric, value)");
        assertThat(second.published()).as("a warning does not block").isTrue();
        assertThat(second.checks().get(1).passed()).isFalse();
        assertThat(second.checks().get(1).observed()).isEqualTo("0.75");
        assertThat(second.checks().get(1).message()).isEqualTo("value 0.75 is not in [-inf, 0.6]");

        Publication refused = publish(
                figures,
                "run-3",
                Optional.empty(),
                "SELECT * FROM (VALUES ('L3', 'rows', CAST(0 AS DOUBLE PRECISION)), ('L3', 'null_share', 0.1)) "
                        + "AS v(load_id, metric, value)");
        assertThat(refused.published())
                .as("a blocking threshold refuses the publish")
                .isFalse();
        assertThat(refused.rejection()).contains("rows_present");
        assertThat(count("figures")).isEqualTo(4);
    }

    /** The rows that staging tables hold (an engine may keep emptied staging tables for reuse). */
    private long stagedRowsLeft() {
        return lake.<Long>read(s -> {
            long rows = 0;
            for (String table : s.queryStrings(
                    "SELECT table_name FROM information_schema.tables WHERE table_name LIKE '\\_\\_stage\\_%' ESCAPE '\\'")) {
                rows += s.queryLong("SELECT count(*) FROM " + table);
            }
            return rows;
        });
    }

    @Test
    void versionsGrowAndLoadsAppendedNameTheLoadsOfTheWritesBetween() {
        TableSpec raw = new TableSpec("landing", WriteMode.append("load_id"), List.of());
        assertThat(lake.<Long>read(s -> s.tableVersion("landing"))).isZero();
        publish(raw, "run-1", Optional.empty(), "SELECT * FROM (VALUES ('L1', 1)) AS v(load_id, n)");
        long v1 = lake.<Long>read(s -> s.tableVersion("landing"));
        publish(raw, "run-2", Optional.empty(), "SELECT * FROM (VALUES ('L2', 1), ('L3', 1)) AS v(load_id, n)");
        long v2 = lake.<Long>read(s -> s.tableVersion("landing"));
        publish(raw, "run-3", Optional.empty(), "SELECT * FROM (VALUES ('L1', 1)) AS v(load_id, n)");
        long v3 = lake.<Long>read(s -> s.tableVersion("landing"));
        assertThat(v1).isPositive();
        assertThat(v2).isGreaterThan(v1);
        assertThat(v3).isGreaterThan(v2);
        assertThat(loads("landing", v1, v2)).containsExactly("L2", "L3");
        assertThat(loads("landing", 0, v3)).containsExactly("L1", "L2", "L3");
        assertThat(loads("landing", v2, v3)).isEmpty();
    }

    private List<String> loads(String table, long after, long upTo) {
        return lake.<List<String>>read(s -> s.queryStrings(
                s.loadsAppended(table, after, upTo).wrap("SELECT load_id FROM (", ") l ORDER BY load_id")));
    }

    @Test
    void theWriteLogKeepsWhatEachRunPublished() {
        TableSpec daily = new TableSpec("logged", WriteMode.partitionOverwrite("day"), List.of());
        try (Staging staging = lake.stage(daily, "run-log", Optional.of("2024-02-01"))) {
            staging.rows("SELECT * FROM (VALUES ('2024-02-01', 1), ('2024-02-01', 2)) AS v(day, n)");
            assertThat(staging.publish(false, "wm-1").published()).isTrue();
        }
        publish(daily, "run-other", Optional.of("2024-02-02"), "SELECT * FROM (VALUES ('2024-02-02', 1)) AS v(day, n)");
        List<LakeWrite> writes = lake.writesOf("run-log");
        assertThat(writes).hasSize(1);
        LakeWrite write = writes.get(0);
        assertThat(write.table()).isEqualTo("logged");
        assertThat(write.partition()).isEqualTo("2024-02-01");
        assertThat(write.mode()).isEqualTo("PARTITION_OVERWRITE");
        assertThat(write.rowsIn()).isEqualTo(2);
        assertThat(write.rowsInserted()).isEqualTo(2);
        assertThat(write.currentRows()).isEqualTo(2);
        assertThat(write.watermark()).isEqualTo("wm-1");
        assertThat(write.writtenAt()).isNotNull();
        assertThat(lake.writesOf("run-nobody")).isEmpty();
    }

    @Test
    void theLakeHasAnIdentity() {
        assertThat(lake.identity()).isNotBlank();
    }

    // ---- cancellation and serialized writes

    @Test
    void anInterruptStopsTheRunsStatementRollsBackAndRefusesLaterWork() throws Exception {
        lake.write("kept", s -> s.execute("CREATE TABLE kept AS SELECT * FROM (VALUES (1)) AS v(n)"));
        RunLake run = lake.forRun("run-cancel");
        CountDownLatch inserted = new CountDownLatch(1);
        CompletableFuture<Long> work = CompletableFuture.supplyAsync(() -> run.<Long>write("kept", s -> {
            s.execute("INSERT INTO kept VALUES (2)");
            inserted.countDown();
            return s.queryLong(endlessQuery());
        }));
        assertThat(inserted.await(30, TimeUnit.SECONDS)).isTrue();
        int open = 0;
        for (int i = 0; i < 100 && open == 0; i++) {
            Thread.sleep(100);
            open = lake.interrupt("run-cancel");
        }
        assertThat(open).isPositive();
        assertThatThrownBy(() -> work.get(60, TimeUnit.SECONDS)).hasCauseInstanceOf(LakeInterrupted.class);
        assertThat(count("kept")).isEqualTo(1);
        assertThatThrownBy(() -> run.<Long>read(s -> s.queryLong("SELECT 1"))).isInstanceOf(LakeInterrupted.class);
        assertThat(lake.forRun("run-other").<Long>read(s -> s.queryLong("SELECT 1")))
                .isEqualTo(1);
        run.close();
    }

    @Test
    void twoWritersOfOneTableTakeTurns() throws Exception {
        lake.write("counter", s -> s.execute("CREATE TABLE counter AS SELECT * FROM (VALUES (0)) AS v(n)"));
        List<Long> seen = Collections.synchronizedList(new ArrayList<>());
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Runnable increment = () -> {
            try {
                lake.write("counter", s -> {
                    long n = s.queryLong("SELECT max(n) FROM counter");
                    Thread.sleep(300);
                    s.execute("INSERT INTO counter VALUES (" + (n + 1) + ")");
                    seen.add(n);
                    return null;
                });
            } catch (Throwable e) {
                failure.set(e);
            }
        };
        Thread a = new Thread(increment);
        Thread b = new Thread(increment);
        a.start();
        b.start();
        // a read does not wait for the writers
        long readStarted = System.nanoTime();
        lake.<Long>read(s -> s.queryLong("SELECT count(*) FROM counter"));
        assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - readStarted))
                .isLessThan(250);
        a.join();
        b.join();
        assertThat(failure.get()).isNull();
        assertThat(seen).containsExactlyInAnyOrder(0L, 1L);
        assertThat(lake.<Long>read(s -> s.queryLong("SELECT max(n) FROM counter")))
                .isEqualTo(2);
    }
}
