package io.sluice.lake.duckdb.bitemporal;

import static io.sluice.lake.duckdb.bitemporal.VersionRow.current;
import static io.sluice.lake.duckdb.bitemporal.VersionRow.instants;
import static io.sluice.lake.duckdb.bitemporal.VersionRow.maxInstant;
import static io.sluice.lake.duckdb.bitemporal.VersionRow.micros;
import static io.sluice.lake.duckdb.bitemporal.VersionRow.visibleByKey;
import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.lake.bitemporal.BitemporalTable;
import io.sluice.lake.bitemporal.WriteResult;
import io.sluice.testing.Property;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Rollbacks, whole or of a date range, over random histories, against the knowledge recorded after each write and
 * {@link ReferenceModel}; the invariants they keep are those of {@link BitemporalInvariantsPropertiesTest}. Each
 * property has its own in-memory DuckDB; each try starts from dropped tables.
 */
class BitemporalRollbackPropertiesTest {

    private static final int TRIES = 50;

    private Connection db;

    /** A history and which write to roll back to. */
    record RollbackTo(Histories.History history, int pick) {}

    /** A history, which write to roll back to, and which of its filing dates bound the range. */
    record RangeRollbackTo(Histories.History history, int pick, int first, int last) {}

    @BeforeEach
    void openDatabase() throws SQLException {
        db = Lake.memory();
    }

    @AfterEach
    void closeDatabase() throws SQLException {
        db.close();
    }

    /** The property's database, with the history's tables dropped. */
    private Connection fresh(Connection c, Histories.History history) throws SQLException {
        BitemporalTable t = history.shape().table;
        try (Statement s = c.createStatement()) {
            s.execute("DROP TABLE IF EXISTS \"" + t.name() + "\"; DROP TABLE IF EXISTS \"" + t.assertionsTable()
                    + "\"; DROP TABLE IF EXISTS \"" + t.filingsTable() + "\"");
        }
        return c;
    }

    /**
     * Rollback to the system time of write k (none for k = 0) makes the slice at that time current and the knowledge
     * base equal to the one after write k, destroys nothing, and keeps invariants 1 to 4; re-applying the writes after k
     * then gives the same current rows as the whole history did (so later filings split history correctly).
     */
    @Test
    void rollback_to_write_k_restores_its_slice_and_knowledge() {
        Property.tries(TRIES)
                .check(
                        d -> new RollbackTo(Histories.histories(d), d.anyInt()),
                        r -> rollback_to_write_k_restores_its_slice_and_knowledge(r.history(), r.pick()));
    }

    private void rollback_to_write_k_restores_its_slice_and_knowledge(Histories.History history, int pick)
            throws Exception {
        BitemporalTable table = history.shape().table;
        Connection c = fresh(db, history);
        List<List<List<String>>> knowledge = new ArrayList<>();
        List<HistoryRun.Step> steps = HistoryRun.run(
                c, history, HistoryRun.Record.NOTHING, (step, session) -> knowledge.add(currentKnowledge(c, table)));
        int k = Math.floorMod(pick, steps.size() + 1);
        Instant asOf = knowledgeTimeAfter(steps, k);
        ReferenceModel expected =
                k == 0 ? history.shape().model() : steps.get(k - 1).model();
        List<VersionRow> before = VersionRow.all(c, table);
        BitemporalMerge merge = new BitemporalMerge();

        WriteResult rollback = merge.rollback(c, table, asOf, HistoryRun.BASE);
        List<VersionRow> after = VersionRow.all(c, table);
        assertThat(current(after))
                .as("current rows after rollback to write %d", k)
                .isEqualTo(expected.timeline());
        if (asOf != null) {
            long t = micros(asOf);
            assertThat(current(after))
                    .as("the slice at write %d", k)
                    .isEqualTo(after.stream()
                            .filter(r -> r.visibleAt(t))
                            .map(VersionRow::version)
                            .collect(Collectors.toSet()));
        }
        assertThat(currentKnowledge(c, table))
                .as("knowledge base after rollback to write %d", k)
                .isEqualTo(k == 0 ? List.of() : knowledge.get(k - 1));
        assertRollbackDestroysNothing(rollback, before, after);
        assertNoOverlapAndCoalesced(after);
        List<List<String>> everything = VersionRow.everything(c, table);
        assertThat(merge.rollback(c, table, asOf, HistoryRun.BASE).outcome())
                .as("rolling back again")
                .isEqualTo(WriteResult.Outcome.UNCHANGED);
        assertThat(VersionRow.everything(c, table)).isEqualTo(everything);

        try (BitemporalSession session = merge.session(c, table)) {
            for (HistoryRun.Step step : steps.subList(k, steps.size())) {
                session.write(step.batch().toBatch(table), step.batch().replace(), HistoryRun.BASE);
            }
        }
        List<VersionRow> replayed = VersionRow.all(c, table);
        assertThat(current(replayed))
                .as("current rows after re-applying writes %d..", k + 1)
                .isEqualTo(last(steps).model().timeline());
        assertNoOverlapAndCoalesced(replayed);
    }

    /**
     * Rollback of a date range (a partition's business dates) to write k: the knowledge of those dates becomes the
     * one after write k and every other date keeps its current knowledge; nothing is destroyed, versions stay
     * without overlap and coalesced, and rolling back again writes nothing.
     */
    @Test
    void rollback_of_a_date_range_restores_those_dates_and_keeps_the_others() {
        Property.tries(TRIES)
                .check(
                        d -> new RangeRollbackTo(Histories.histories(d), d.anyInt(), d.anyInt(), d.anyInt()),
                        r -> rollback_of_a_date_range_restores_those_dates_and_keeps_the_others(
                                r.history(), r.pick(), r.first(), r.last()));
    }

    private void rollback_of_a_date_range_restores_those_dates_and_keeps_the_others(
            Histories.History history, int pick, int first, int last) throws Exception {
        BitemporalTable table = history.shape().table;
        Connection c = fresh(db, history);
        List<List<List<String>>> knowledge = new ArrayList<>();
        List<HistoryRun.Step> steps = HistoryRun.run(
                c, history, HistoryRun.Record.NOTHING, (step, session) -> knowledge.add(currentKnowledge(c, table)));
        int k = Math.floorMod(pick, steps.size() + 1);
        Instant asOf = knowledgeTimeAfter(steps, k);
        List<List<String>> then = k == 0 ? List.of() : knowledge.get(k - 1);
        List<List<String>> now = currentKnowledge(c, table);
        List<LocalDate> dates = new ArrayList<>(new TreeSet<>(Stream.concat(then.stream(), now.stream())
                .map(BitemporalRollbackPropertiesTest::filingDate)
                .toList()));
        if (dates.isEmpty()) {
            dates.add(LocalDate.of(2020, 1, 1));
        }
        LocalDate a = dates.get(Math.floorMod(first, dates.size()));
        LocalDate b = dates.get(Math.floorMod(last, dates.size()));
        DateRange range = new DateRange(a.isBefore(b) ? a : b, (a.isBefore(b) ? b : a).plusDays(1));
        Predicate<List<String>> inRange = row ->
                !filingDate(row).isBefore(range.from()) && filingDate(row).isBefore(range.until());
        List<List<String>> expected =
                new ArrayList<>(then.stream().filter(inRange).toList());
        expected.addAll(now.stream().filter(inRange.negate()).toList());
        List<VersionRow> before = VersionRow.all(c, table);
        BitemporalMerge merge = new BitemporalMerge();

        WriteResult rollback = merge.rollback(c, table, asOf, HistoryRun.BASE, Optional.of(range));
        List<VersionRow> after = VersionRow.all(c, table);
        assertThat(currentKnowledge(c, table))
                .as("knowledge after rolling %s back to write %d", range, k)
                .containsExactlyInAnyOrderElementsOf(expected);
        assertRollbackDestroysNothing(rollback, before, after);
        assertNoOverlapAndCoalesced(after);
        List<List<String>> everything = VersionRow.everything(c, table);
        assertThat(merge.rollback(c, table, asOf, HistoryRun.BASE, Optional.of(range))
                        .outcome())
                .as("rolling back again")
                .isEqualTo(WriteResult.Outcome.UNCHANGED);
        assertThat(VersionRow.everything(c, table)).isEqualTo(everything);
    }

    /** The filing date of a knowledge row: the one before the hash of an assertion, the last column of a filing. */
    private static LocalDate filingDate(List<String> row) {
        return LocalDate.parse(row.get(row.get(0).equals("a") ? row.size() - 2 : row.size() - 1));
    }

    /** The system time of the knowledge after write k (null for k = 0: none). */
    private static Instant knowledgeTimeAfter(List<HistoryRun.Step> steps, int k) {
        Instant asOf = null;
        for (HistoryRun.Step step : steps.subList(0, k)) {
            asOf = step.result().knowledgeTime().orElse(asOf);
        }
        return asOf;
    }

    /**
     * A rollback that wrote is at a system time after every other, only closes current rows (each kept, closed at that
     * time) and adds the versions it opened; one that did not write left every row as it was.
     */
    private static void assertRollbackDestroysNothing(
            WriteResult rollback, List<VersionRow> before, List<VersionRow> after) {
        if (rollback.outcome() != WriteResult.Outcome.WRITTEN) {
            assertThat(after).isEqualTo(before);
            return;
        }
        long t = micros(rollback.systemTime().orElseThrow());
        assertThat(t).isGreaterThan(maxInstant(before));
        for (VersionRow old : before) {
            if (!after.contains(old)) {
                assertThat(old.systemTo())
                        .as("only current rows are ever closed")
                        .isNull();
                assertThat(after)
                        .contains(new VersionRow(
                                old.key(), old.values(), old.from(), old.to(), old.hash(), old.systemFrom(), t));
            }
        }
        assertThat(after.size()).isEqualTo(before.size() + rollback.versionsOpened());
    }

    private static void assertNoOverlapAndCoalesced(List<VersionRow> rows) {
        for (long t : instants(rows)) {
            for (List<VersionRow> versions : visibleByKey(rows, t)) {
                for (int i = 1; i < versions.size(); i++) {
                    VersionRow prev = versions.get(i - 1);
                    VersionRow next = versions.get(i);
                    assertThat(prev.to())
                            .as("overlap at %s: %s / %s", t, prev, next)
                            .isNotNull();
                    assertThat(prev.to()).isBeforeOrEqualTo(next.from());
                    if (next.from().equals(prev.to())) {
                        assertThat(next.hash())
                                .as("not coalesced at %s: %s / %s", t, prev, next)
                                .isNotEqualTo(prev.hash());
                    }
                }
            }
        }
    }

    /** The current knowledge base: assertions, and filings in complete mode, without their system times. */
    private static List<List<String>> currentKnowledge(Connection c, BitemporalTable t) throws SQLException {
        String keys = t.keyColumns().stream().map(k -> "\"" + k + "\"").collect(Collectors.joining(", "));
        List<List<String>> all = new ArrayList<>(Lake.rows(
                c,
                "SELECT 'a', " + keys + ", filing_date, value_hash FROM \"" + t.assertionsTable()
                        + "\" WHERE sys_to IS NULL ORDER BY ALL"));
        if (t.completeMode()) {
            String scope = t.scopeColumns().stream().map(k -> "\"" + k + "\"").collect(Collectors.joining(", "));
            all.addAll(Lake.rows(
                    c,
                    "SELECT 'f', " + scope + ", filing_date FROM \"" + t.filingsTable()
                            + "\" WHERE sys_to IS NULL ORDER BY ALL"));
        }
        return all;
    }

    private static <T> T last(List<T> list) {
        return list.get(list.size() - 1);
    }
}
