package io.sluice.lake.contract;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.lake.BusinessDates;
import io.sluice.lake.DeclaredTables;
import io.sluice.lake.Lake;
import io.sluice.lake.LakeTables;
import io.sluice.lake.Publication;
import io.sluice.lake.RollbackOutcome;
import io.sluice.lake.RollbackTarget;
import io.sluice.lake.Staging;
import io.sluice.lake.TableSpec;
import io.sluice.lake.WriteMode;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.time.LocalDate;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Every rollback can be undone: rolled back to an earlier run and then forward to a later one, a table of every write
 * mode is exactly as before (row for row; a bi-temporal table's current belief and its reads as of earlier system
 * times, with no version destroyed), for the whole table and for one partition; a rollback to a rollback's own run
 * restores the state that rollback left; and what a rollback needs is kept for the retention from the rollback. One
 * subclass per engine opens a fresh lake (retention 7 days) on the test's clock; the SQL here runs on both.
 */
abstract class RollbackContract {

    static final TableSpec APPEND = new TableSpec("rb_append", WriteMode.append("load_id"), List.of());
    static final TableSpec OVERWRITE = new TableSpec("rb_overwrite", WriteMode.partitionOverwrite("day"), List.of());
    static final TableSpec UPSERT = new TableSpec("rb_upsert", WriteMode.upsert("id"), List.of());
    static final TableSpec VERSIONS =
            new TableSpec("rb_versions", WriteMode.bitemporal(List.of("k"), List.of("v"), "d", List.of()), List.of());
    static final TableSpec COMPLETE = new TableSpec(
            "rb_complete", WriteMode.bitemporal(List.of("grp", "k"), List.of("v"), "d", List.of("grp")), List.of());
    static final String DAY1 = "2024-01-01";
    static final String DAY2 = "2024-01-02";
    static final String DAY3 = "2024-01-03";

    /** A clock that moves only when told to, and by a millisecond at every reading (system times must differ). */
    static final class SettableClock implements InstantSource {
        private Instant now = Instant.parse("2024-03-01T00:00:00Z");

        @Override
        public synchronized Instant instant() {
            now = now.plusMillis(1);
            return now;
        }

        synchronized void advance(Duration by) {
            now = now.plus(by);
        }
    }

    final SettableClock clock = new SettableClock();
    Lake lake;

    /** A fresh, empty lake on {@code clock}, keeping what rollbacks need for 7 days. */
    protected abstract Lake open(InstantSource clock) throws Exception;

    protected abstract void close(Lake lake) throws Exception;

    /** The query of a table's rows, one text per row (to compare states row for row), as {@code r}. */
    protected abstract String rowsAsText(String table);

    /** Leaves the lake as a release before rollbacks kept the writes in effect left it, and opens it again. */
    protected abstract Lake asOlderRelease(Lake lake) throws Exception;

    @BeforeEach
    void openLake() throws Exception {
        lake = open(clock);
    }

    @AfterEach
    void closeLake() throws Exception {
        close(lake);
    }

    Publication publish(TableSpec table, String run, String partition, String select) {
        Staging staging = lake.stage(table, run, Optional.ofNullable(partition));
        try {
            staging.rows(select);
            Publication p = staging.publish(false);
            assertThat(p.published()).as(p.rejection()).isTrue();
            return p;
        } finally {
            staging.close();
        }
    }

    /** Rolls back (the lake finds no problem first), as run {@code run}. */
    void rollback(TableSpec table, String run, String toRun, String partition) {
        assertThat(lake.rollbackProblem(table, RollbackTarget.toRun(toRun), Optional.ofNullable(partition)))
                .as("problem")
                .isEmpty();
        Optional<BusinessDates> dates = partition != null && table.mode() instanceof WriteMode.Bitemporal
                ? Optional.of(new BusinessDates(
                        LocalDate.parse(partition), LocalDate.parse(partition).plusDays(1)))
                : Optional.empty();
        lake.rollback(table, RollbackTarget.toRun(toRun), run, Optional.ofNullable(partition), dates);
        assertThat(lake.<List<String>>read(s -> s.queryStrings("SELECT run_id FROM __sluice_writes WHERE table_name = '"
                        + table.name() + "' ORDER BY write_id DESC LIMIT 1")))
                .as("the rollback is a write of its run")
                .containsExactly(run);
    }

    private Optional<String> problem(TableSpec table, String toRun, String partition) {
        return lake.rollbackProblem(table, RollbackTarget.toRun(toRun), Optional.ofNullable(partition));
    }

    /** The whole table as ordered text, row for row. */
    List<String> export(TableSpec table) {
        return lake.read(s -> s.queryStrings(rowsAsText(table.name()) + " ORDER BY r"));
    }

    static String land(String day, int load, String content) {
        return "SELECT CAST('" + day + "/" + load + "' AS VARCHAR) AS load_id, DATE '" + day + "' AS day, CAST('"
                + content + "' AS VARCHAR) AS c, i AS n FROM generate_series(0, 2) t(i)";
    }

    private static String overwrite(String day, String value) {
        return "SELECT CAST('" + day + "' AS VARCHAR) AS day, CAST('" + value
                + "' AS VARCHAR) AS v, i AS n FROM generate_series(0, 1) t(i)";
    }

    private static String upsert(String rows) {
        return "SELECT CAST(id AS BIGINT) AS id, CAST(v AS VARCHAR) AS v FROM (VALUES " + rows + ") AS r(id, v)";
    }

    private static String version(String day, int key, String value) {
        return "SELECT CAST(" + key + " AS BIGINT) AS k, CAST('" + value + "' AS VARCHAR) AS v, DATE '" + day
                + "' AS d";
    }

    @Test
    void anAppendTableRolledBackAndForwardIsExactlyAsBeforeAndKeepsEveryStateOfItsWrites() {
        publish(APPEND, "r1", DAY1, land(DAY1, 1, "a"));
        List<String> afterR1 = export(APPEND);
        publish(APPEND, "r2", DAY2, land(DAY2, 1, "a"));
        List<String> afterR2 = export(APPEND);
        publish(APPEND, "r3", DAY1, land(DAY1, 2, "a"));
        List<String> afterR3 = export(APPEND);

        rollback(APPEND, "x1", "r1", null);
        assertThat(export(APPEND)).isEqualTo(afterR1);
        rollback(APPEND, "x2", "r3", null);
        assertThat(export(APPEND))
                .as("rolling forward brings back what the rollback removed")
                .isEqualTo(afterR3);
        rollback(APPEND, "x3", "x1", null);
        assertThat(export(APPEND))
                .as("a rollback's own run names the state it left")
                .isEqualTo(afterR1);
        rollback(APPEND, "x4", "r2", null);
        assertThat(export(APPEND)).isEqualTo(afterR2);

        rollback(APPEND, "x5", "r1", null);
        publish(APPEND, "r4", DAY2, land(DAY2, 1, "b")); // the load a rollback took out, landed again with other rows
        List<String> afterR4 = export(APPEND);
        assertThat(afterR4).isNotEqualTo(afterR2);
        rollback(APPEND, "x6", "r2", null);
        assertThat(export(APPEND)).as("the load as r2 landed it").isEqualTo(afterR2);
        rollback(APPEND, "x7", "r4", null);
        assertThat(export(APPEND)).as("the load as r4 landed it").isEqualTo(afterR4);
    }

    @Test
    void twoAppendTablesWhoseLongNamesShareTheirFirstSixtyCharactersKeepTheirRemovedRowsApart() {
        String prefix = "rb_append_with_a_long_name_that_postgresql_would_cut_short_x";
        assertThat(prefix).hasSize(60);
        TableSpec one = new TableSpec(prefix + "_1", WriteMode.append("load_id"), List.of());
        TableSpec two = new TableSpec(prefix + "_2", WriteMode.append("load_id"), List.of());
        publish(one, "r1", DAY1, land(DAY1, 1, "a"));
        publish(two, "r1", DAY1, land(DAY1, 1, "b"));
        List<String> oneAfterR1 = export(one);
        List<String> twoAfterR1 = export(two);
        publish(one, "r2", DAY1, land(DAY1, 2, "a"));
        publish(two, "r2", DAY1, land(DAY1, 2, "b"));
        List<String> oneAfterR2 = export(one);
        List<String> twoAfterR2 = export(two);

        rollback(one, "x1", "r1", null);
        rollback(two, "x1", "r1", null);
        assertThat(export(one)).isEqualTo(oneAfterR1);
        assertThat(export(two)).isEqualTo(twoAfterR1);
        rollback(one, "x2", "r2", null);
        rollback(two, "x2", "r2", null);
        assertThat(export(one)).as("each table gets its own rows back").isEqualTo(oneAfterR2);
        assertThat(export(two)).as("each table gets its own rows back").isEqualTo(twoAfterR2);
    }

    @Test
    void anAppendPartitionRolledBackAndForwardIsExactlyAsBefore() {
        publish(APPEND, "r1", DAY1, land(DAY1, 1, "a"));
        publish(APPEND, "r2", DAY2, land(DAY2, 1, "a"));
        publish(APPEND, "r3", DAY1, land(DAY1, 2, "a"));
        publish(APPEND, "r4", DAY2, land(DAY2, 2, "a"));
        List<String> before = export(APPEND);

        rollback(APPEND, "x1", "r1", DAY1);
        assertThat(export(APPEND))
                .as("only DAY1's later load is taken out")
                .isEqualTo(before.stream().filter(r -> !r.contains(DAY1 + "/2")).toList());
        rollback(APPEND, "x2", "r3", DAY1);
        assertThat(export(APPEND)).isEqualTo(before);
    }

    @Test
    void aPartitionOverwriteTableRolledBackAndForwardIsExactlyAsBefore() {
        publish(OVERWRITE, "r1", DAY1, overwrite(DAY1, "v1"));
        List<String> afterR1 = export(OVERWRITE);
        publish(OVERWRITE, "r2", DAY2, overwrite(DAY2, "v1"));
        List<String> afterR2 = export(OVERWRITE);
        publish(OVERWRITE, "r3", DAY1, overwrite(DAY1, "v2"));
        List<String> afterR3 = export(OVERWRITE);

        rollback(OVERWRITE, "x1", "r1", null);
        assertThat(export(OVERWRITE)).isEqualTo(afterR1);
        rollback(OVERWRITE, "x2", "r3", null);
        assertThat(export(OVERWRITE)).isEqualTo(afterR3);
        rollback(OVERWRITE, "x3", "x1", null);
        assertThat(export(OVERWRITE))
                .as("a rollback's own run names the state it left")
                .isEqualTo(afterR1);
        publish(OVERWRITE, "r4", DAY3, overwrite(DAY3, "v1"));
        List<String> afterR4 = export(OVERWRITE);
        rollback(OVERWRITE, "x4", "r2", null);
        assertThat(export(OVERWRITE)).isEqualTo(afterR2);
        rollback(OVERWRITE, "x5", "r4", null);
        assertThat(export(OVERWRITE))
                .as("r4 wrote DAY3 after x1 had rolled DAY1 back")
                .isEqualTo(afterR4);

        rollback(OVERWRITE, "x6", "r3", DAY1);
        assertThat(export(OVERWRITE))
                .as("DAY1 as r3 left it, the others as they were")
                .contains(afterR3.get(0))
                .containsAll(afterR4.stream().filter(r -> !r.contains(DAY1)).toList());
        rollback(OVERWRITE, "x7", "x5", DAY1);
        assertThat(export(OVERWRITE)).isEqualTo(afterR4);
    }

    @Test
    void anUpsertTableRolledBackAndForwardIsExactlyAsBefore() {
        publish(UPSERT, "r1", null, upsert("(1, 'a'), (2, 'a')"));
        List<String> afterR1 = export(UPSERT);
        publish(UPSERT, "r2", null, upsert("(2, 'b'), (3, 'b')"));
        List<String> afterR2 = export(UPSERT);
        publish(UPSERT, "r3", null, upsert("(4, 'c')"));
        List<String> afterR3 = export(UPSERT);

        rollback(UPSERT, "x1", "r1", null);
        assertThat(export(UPSERT)).isEqualTo(afterR1);
        rollback(UPSERT, "x2", "r3", null);
        assertThat(export(UPSERT)).isEqualTo(afterR3);
        rollback(UPSERT, "x3", "x1", null);
        assertThat(export(UPSERT)).isEqualTo(afterR1);
        rollback(UPSERT, "x4", "r2", null);
        assertThat(export(UPSERT)).isEqualTo(afterR2);
    }

    /** The belief as of a system time (the current belief when null): key, value and business validity. */
    private List<String> belief(Instant at) {
        String when = at == null
                ? "system_to IS NULL"
                : "system_from <= TIMESTAMPTZ '" + at + "' AND (system_to IS NULL OR system_to > TIMESTAMPTZ '" + at
                        + "')";
        return lake.read(s ->
                s.queryStrings("SELECT concat_ws(' ', k, v, valid_from, coalesce(CAST(valid_to AS VARCHAR), '-')) FROM "
                        + VERSIONS.name() + " WHERE " + when + " ORDER BY 1"));
    }

    /** Every version ever opened, without when it was closed: a rollback may close versions, never remove one. */
    private List<String> opened() {
        return lake.read(s -> s.queryStrings(
                "SELECT concat_ws(' ', k, v, valid_from, system_from) FROM " + VERSIONS.name() + " ORDER BY 1"));
    }

    @Test
    void aBitemporalTableRolledBackAndForwardHasItsBeliefAndAsOfReadsAsBeforeAndKeepsItsHistory() {
        Instant t1 = publish(VERSIONS, "r1", DAY1, version(DAY1, 1, "v1")).systemTime();
        Instant t2 = publish(VERSIONS, "r2", DAY2, version(DAY2, 2, "v1")).systemTime();
        Instant t3 = publish(VERSIONS, "r3", DAY1, version(DAY1, 1, "v2")).systemTime();
        List<String> current = belief(null);
        List<String> asOfT1 = belief(t1);
        List<String> asOfT2 = belief(t2);
        List<String> asOfT3 = belief(t3);
        List<String> history = opened();

        rollback(VERSIONS, "x1", "r1", null);
        assertThat(belief(null)).isEqualTo(asOfT1);
        rollback(VERSIONS, "x2", "r3", null);
        assertThat(belief(null)).isEqualTo(current);
        rollback(VERSIONS, "x3", "r3", DAY1);
        rollback(VERSIONS, "x4", "r1", DAY1);
        assertThat(belief(null)).as("DAY1 as r1 left it, DAY2 as it is").isEqualTo(asOfT2);
        rollback(VERSIONS, "x5", "r3", DAY1);
        assertThat(belief(null)).isEqualTo(current);
        assertThat(List.of(belief(t1), belief(t2), belief(t3)))
                .as("reads as of earlier system times")
                .containsExactly(asOfT1, asOfT2, asOfT3);
        assertThat(opened()).as("no version is destroyed").containsAll(history);
    }

    @Test
    void theStateARollbackUndidIsKeptForTheRetentionFromTheRollbackAndThenRefusedWithTheReason() {
        publish(UPSERT, "r1", null, upsert("(1, 'a')"));
        List<String> afterR1 = export(UPSERT);
        publish(UPSERT, "r2", null, upsert("(1, 'b')"));
        List<String> afterR2 = export(UPSERT);
        clock.advance(Duration.ofDays(6));
        rollback(UPSERT, "x1", "r1", null);
        clock.advance(Duration.ofDays(4)); // r2's write is 10 days old, the rollback that undid it 4
        publish(UPSERT, "r3", null, upsert("(9, 'z')")); // a write drops what is no longer kept
        rollback(UPSERT, "x2", "r2", null);
        assertThat(export(UPSERT)).isEqualTo(afterR2);

        rollback(UPSERT, "x3", "x1", null); // r1's own state was left 10 days ago: x1 names the same state
        assertThat(export(UPSERT)).isEqualTo(afterR1);
        assertThat(problem(UPSERT, "r1", null))
                .hasValueSatisfying(p -> assertThat(p).contains("r1").contains("no longer kept"));
        clock.advance(Duration.ofDays(8));
        publish(OVERWRITE, "o1", DAY1, overwrite(DAY1, "v1")); // any publish drops expired snapshots
        assertThat(problem(UPSERT, "r2", null))
                .hasValueSatisfying(p -> assertThat(p)
                        .contains("no longer kept")
                        .contains("sluice.lake.snapshot-retention")
                        .contains("r2"));
    }

    @Test
    void aPartitionOverwriteRollbackCanBeUndoneForTheRetentionFromItAndACurrentStateIsAlwaysKept() {
        publish(OVERWRITE, "r1", DAY1, overwrite(DAY1, "v1"));
        publish(OVERWRITE, "r2", DAY2, overwrite(DAY2, "v1"));
        publish(OVERWRITE, "r3", DAY1, overwrite(DAY1, "v2"));
        List<String> afterR3 = export(OVERWRITE);
        clock.advance(Duration.ofDays(6));
        rollback(OVERWRITE, "x1", "r1", DAY1);
        List<String> afterX1 = export(OVERWRITE);
        clock.advance(Duration.ofDays(4));
        publish(OVERWRITE, "r4", DAY3, overwrite(DAY3, "v1")); // r1..r3 are 10 days old; x1 left r3's state 4 days ago
        List<String> day3 =
                export(OVERWRITE).stream().filter(r -> r.contains(DAY3)).toList();
        rollback(OVERWRITE, "x2", "r3", DAY1);
        assertThat(export(OVERWRITE))
                .containsExactlyInAnyOrderElementsOf(
                        Stream.concat(afterR3.stream(), day3.stream()).toList());
        rollback(OVERWRITE, "x3", "x1", DAY1);
        assertThat(export(OVERWRITE))
                .as("DAY1 as x1 left it: r1's state, current until x2")
                .containsExactlyInAnyOrderElementsOf(
                        Stream.concat(afterX1.stream(), day3.stream()).toList());

        clock.advance(Duration.ofDays(8));
        publish(OVERWRITE, "r5", DAY3, overwrite(DAY3, "v2")); // 8 days after x3 left r3's state: it is dropped
        assertThat(problem(OVERWRITE, "r3", DAY1))
                .hasValueSatisfying(p -> assertThat(p)
                        .contains("partition " + DAY1)
                        .contains("r3")
                        .contains("no longer kept")
                        .contains("sluice.lake.snapshot-retention (7 days)"));
        rollback(OVERWRITE, "x4", "r4", null);
        assertThat(export(OVERWRITE))
                .as("DAY2 (r2's, 18 days old) and DAY1 (r1's) are current states, kept; DAY3 goes back to r4's")
                .containsExactlyInAnyOrderElementsOf(
                        Stream.concat(afterX1.stream(), day3.stream()).toList());
    }

    @Test
    void rowsAnAppendRollbackRemovedAreKeptForTheRetentionFromTheRollbackAndThenRefusedWithTheReason() {
        publish(APPEND, "r1", DAY1, land(DAY1, 1, "a"));
        publish(APPEND, "r2", DAY2, land(DAY2, 1, "a"));
        List<String> afterR2 = export(APPEND);
        clock.advance(Duration.ofDays(5));
        rollback(APPEND, "x1", "r1", null);
        clock.advance(Duration.ofDays(6));
        publish(APPEND, "r3", DAY3, land(DAY3, 1, "a")); // 11 days after r2, 6 after x1: r2's rows are kept
        rollback(APPEND, "x2", "r2", null);
        assertThat(export(APPEND)).isEqualTo(afterR2);

        rollback(APPEND, "x3", "r1", null);
        clock.advance(Duration.ofDays(8));
        publish(APPEND, "r4", DAY3, land(DAY3, 2, "a")); // 8 days after x3: the rows it removed are dropped
        assertThat(problem(APPEND, "r2", null))
                .hasValueSatisfying(p -> assertThat(p)
                        .contains("no longer kept")
                        .contains("x3")
                        .contains("sluice.lake.snapshot-retention"));
        var refused = lake.rollback(APPEND, RollbackTarget.toRun("r2"), "x4", Optional.empty(), Optional.empty());
        assertThat(refused.toString()).contains("no longer kept");
    }

    /** A complete-mode table's belief as of a system time (current when null). */
    private List<String> completeBelief(Instant at) {
        String when = at == null
                ? "system_to IS NULL"
                : "system_from <= TIMESTAMPTZ '" + at + "' AND (system_to IS NULL OR system_to > TIMESTAMPTZ '" + at
                        + "')";
        return lake.read(s -> s.queryStrings("SELECT concat_ws(' ', grp, k, v, valid_from, coalesce(CAST(valid_to AS "
                + "VARCHAR), '-')) FROM " + COMPLETE.name() + " WHERE " + when + " ORDER BY 1"));
    }

    private static String filing(String day, String rows) {
        return "SELECT CAST(grp AS BIGINT) AS grp, CAST(k AS BIGINT) AS k, CAST(v AS VARCHAR) AS v, DATE '" + day
                + "' AS d FROM (VALUES " + rows + ") AS r(grp, k, v)";
    }

    @Test
    void aCompleteModeBitemporalTableRollsBackItsFilingsAndForwardAgain() {
        Instant t1 = publish(COMPLETE, "r1", DAY1, filing(DAY1, "(1, 1, 'a'), (1, 2, 'a')"))
                .systemTime();
        Instant t2 = publish(COMPLETE, "r2", DAY2, filing(DAY2, "(1, 1, 'b')")).systemTime();
        publish(COMPLETE, "r3", DAY1, filing(DAY1, "(1, 1, 'c'), (1, 3, 'c')"));
        List<String> current = completeBelief(null);
        List<String> asOfT1 = completeBelief(t1);
        List<String> asOfT2 = completeBelief(t2);
        assertThat(asOfT2)
                .as("r2's filing replaced every filing of its scope, DAY1's too")
                .containsExactly("1 1 b 2024-01-02 -");

        rollback(COMPLETE, "x1", "r1", null);
        assertThat(completeBelief(null)).isEqualTo(asOfT1);
        rollback(COMPLETE, "x2", "r3", null);
        assertThat(completeBelief(null)).isEqualTo(current);
        rollback(COMPLETE, "x3", "r1", DAY1);
        assertThat(completeBelief(null))
                .as("DAY1 as r1 left it; DAY2 as it is (r3 replaced r2's filing)")
                .isEqualTo(asOfT1);
        rollback(COMPLETE, "x4", "r3", null);
        assertThat(completeBelief(null)).isEqualTo(current);
    }

    static final TableSpec KEYED = new TableSpec("br_keyed", WriteMode.upsert("k"), List.of());

    /** The lake's table browser, with {@link #KEYED} declared. */
    protected abstract LakeTables tables(Lake lake, DeclaredTables declared);

    private LakeTables tables(Lake lake) {
        return tables(
                lake,
                name -> name.equalsIgnoreCase(KEYED.name())
                        ? Optional.of(new DeclaredTables.Declared("test/" + KEYED.name(), KEYED))
                        : Optional.empty());
    }

    private void publishWithWatermark(TableSpec table, String run, String select, String watermark) {
        try (Staging staging = lake.stage(table, run, Optional.empty())) {
            staging.rows(select);
            Publication p = staging.publish(false, watermark);
            assertThat(p.published()).as(p.rejection()).isTrue();
        }
    }

    @Test
    void aRollbackSetsTheWatermarkOfItsRestoredWritesAndRecoveryReadsTheSame() {
        publishWithWatermark(KEYED, "r1", "SELECT 'a' AS k, 1 AS v", "10");
        publishWithWatermark(KEYED, "r2", "SELECT 'b' AS k, 2 AS v", "20");
        publishWithWatermark(KEYED, "single", "SELECT 'c' AS k, 3 AS v", null); // a SINGLE_KEY run records no watermark
        RollbackOutcome back =
                lake.rollback(KEYED, RollbackTarget.toRun("r1"), "rb1", Optional.empty(), Optional.empty());
        assertThat(back.publication().published()).isTrue();
        assertThat(back.watermarks()).containsExactly(new RollbackOutcome.Watermark(null, "10"));
        assertThat(back.changedSince()).isPresent();
        assertThat(lake.rollbackOf(KEYED, "rb1")).contains(back);
        // undo the rollback: back to just before it, the watermark of r2 again
        RollbackOutcome undo =
                lake.rollback(KEYED, RollbackTarget.beforeRun("rb1"), "rb2", Optional.empty(), Optional.empty());
        assertThat(undo.watermarks()).containsExactly(new RollbackOutcome.Watermark(null, "20"));
        assertThat(lake.<Long>read(s -> s.queryLong("SELECT count(*) FROM br_keyed")))
                .isEqualTo(3);
        assertThat(lake.rollbackOf(KEYED, "r1"))
                .as("r1 published, it rolled nothing back")
                .isEmpty();
    }

    @Test
    void undoingTheRunThatMadeTheFirstWriteEmptiesTheTableAndLeavesNoWatermark() {
        publishWithWatermark(KEYED, "first", "SELECT 'a' AS k, 1 AS v", "10");
        assertThat(lake.rollbackProblem(KEYED, RollbackTarget.beforeRun("first"), Optional.empty()))
                .isEmpty();
        LakeTables.RollbackPreview preview =
                tables(lake).rollbackPreview("br_keyed", RollbackTarget.beforeRun("first"));
        assertThat(preview.problem()).isEmpty();
        assertThat(preview.restored()).isEmpty();
        assertThat(preview.rowsAfter()).isZero();
        assertThat(preview.watermarks()).containsExactly(new RollbackOutcome.Watermark(null, null));
        RollbackOutcome undo =
                lake.rollback(KEYED, RollbackTarget.beforeRun("first"), "undo", Optional.empty(), Optional.empty());
        assertThat(undo.publication().currentRows()).isZero();
        assertThat(undo.watermarks()).containsExactly(new RollbackOutcome.Watermark(null, null));
        assertThat(lake.rollbackProblem(KEYED, RollbackTarget.beforeRun("nobody"), Optional.empty()))
                .hasValueSatisfying(p -> assertThat(p).contains("did not write"));
    }

    @Test
    void writesOfALakeFromBeforeWriteEffectsWereKeptCountAsInEffectAndRollBackAndForward() throws Exception {
        publish(APPEND, "r1", DAY1, land(DAY1, 1, "a"));
        List<String> afterR1 = export(APPEND);
        publish(APPEND, "r2", DAY2, land(DAY2, 1, "a"));
        List<String> afterR2 = export(APPEND);
        lake = asOlderRelease(lake);
        rollback(APPEND, "x1", "r1", null);
        assertThat(export(APPEND)).isEqualTo(afterR1);
        rollback(APPEND, "x2", "r2", null);
        assertThat(export(APPEND)).isEqualTo(afterR2);
    }
}
