package io.sluice.lake.duckdb.bitemporal;

import static io.sluice.lake.duckdb.bitemporal.VersionRow.current;
import static io.sluice.lake.duckdb.bitemporal.VersionRow.instants;
import static io.sluice.lake.duckdb.bitemporal.VersionRow.maxInstant;
import static io.sluice.lake.duckdb.bitemporal.VersionRow.micros;
import static io.sluice.lake.duckdb.bitemporal.VersionRow.visibleByKey;
import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.lake.bitemporal.BitemporalTable;
import io.sluice.lake.bitemporal.Replace;
import io.sluice.lake.bitemporal.WriteResult;
import io.sluice.testing.Property;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The seven invariants of section 5, each over random histories, against {@link ReferenceModel}. Each property has
 * its own in-memory DuckDB; each try starts from dropped tables. The rollbacks are in
 * {@link BitemporalRollbackPropertiesTest}.
 */
class BitemporalInvariantsPropertiesTest {

    private static final int TRIES = 50;

    private Connection db;
    private Connection other;

    /** An invariant over disjoint histories, and the seed of the order it applies them in too. */
    record Reordering(Histories.History history, long seed) {}

    @BeforeEach
    void openDatabases() throws SQLException {
        db = Lake.memory();
        other = Lake.memory();
    }

    @AfterEach
    void closeDatabases() throws SQLException {
        db.close();
        other.close();
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

    @Test
    void invariant_1_no_overlap_at_any_system_instant() {
        Property.tries(TRIES).check(Histories::histories, this::invariant_1_no_overlap_at_any_system_instant);
    }

    private void invariant_1_no_overlap_at_any_system_instant(Histories.History history) throws Exception {
        {
            Connection c = fresh(db, history);
            HistoryRun.run(c, history, HistoryRun.Record.NOTHING);
            List<VersionRow> rows = VersionRow.all(c, history.shape().table);
            for (long t : instants(rows)) {
                for (List<VersionRow> versions : visibleByKey(rows, t)) {
                    for (int i = 1; i < versions.size(); i++) {
                        VersionRow prev = versions.get(i - 1);
                        assertThat(prev.to())
                                .as("overlap at %s: %s / %s", t, prev, versions.get(i))
                                .isNotNull();
                        assertThat(prev.to()).isBeforeOrEqualTo(versions.get(i).from());
                    }
                }
            }
        }
    }

    @Test
    void invariant_2_visible_versions_are_coalesced_and_never_empty() {
        Property.tries(TRIES)
                .check(Histories::histories, this::invariant_2_visible_versions_are_coalesced_and_never_empty);
    }

    private void invariant_2_visible_versions_are_coalesced_and_never_empty(Histories.History history)
            throws Exception {
        {
            Connection c = fresh(db, history);
            HistoryRun.run(c, history, HistoryRun.Record.NOTHING);
            List<VersionRow> rows = VersionRow.all(c, history.shape().table);
            for (VersionRow row : rows) {
                assertThat(row.to() == null || row.from().isBefore(row.to()))
                        .as("empty interval %s", row)
                        .isTrue();
            }
            for (long t : instants(rows)) {
                for (List<VersionRow> versions : visibleByKey(rows, t)) {
                    for (int i = 1; i < versions.size(); i++) {
                        VersionRow prev = versions.get(i - 1);
                        VersionRow next = versions.get(i);
                        if (next.from().equals(prev.to())) {
                            assertThat(next.hash())
                                    .as("not coalesced at %s: %s / %s", t, prev, next)
                                    .isNotEqualTo(prev.hash());
                        }
                    }
                }
            }
        }
    }

    @Test
    void invariant_3_history_is_append_only_and_each_slice_is_the_timeline_of_its_knowledge() {
        Property.tries(TRIES)
                .check(
                        Histories::histories,
                        this::invariant_3_history_is_append_only_and_each_slice_is_the_timeline_of_its_knowledge);
    }

    private void invariant_3_history_is_append_only_and_each_slice_is_the_timeline_of_its_knowledge(
            Histories.History history) throws Exception {
        {
            Connection c = fresh(db, history);
            List<HistoryRun.Step> steps = HistoryRun.run(c, history, HistoryRun.Record.ROWS);
            long lastInstant = Long.MIN_VALUE;
            List<Long> slices = new ArrayList<>();
            List<Set<ReferenceModel.Version>> timelines = new ArrayList<>();
            for (HistoryRun.Step step : steps) {
                assertThat(current(step.after()))
                        .as("current rows after %s", step.batch())
                        .isEqualTo(step.model().timeline());
                if (step.result().outcome() != WriteResult.Outcome.WRITTEN) {
                    assertThat(step.after()).isEqualTo(step.before());
                    if (step.result()
                            .knowledgeTime()
                            .isPresent()) { // new knowledge, same versions: an instant all the same
                        long k = micros(step.result().knowledgeTime().get());
                        assertThat(k).isEqualTo(Math.max(micros(step.requested()), lastInstant + 1));
                        lastInstant = k;
                    }
                    continue;
                }
                long t = micros(step.result().systemTime().orElseThrow());
                long requested = micros(step.requested());
                assertThat(t).as("system time").isEqualTo(Math.max(requested, lastInstant + 1));
                assertThat(t).isGreaterThan(maxInstant(step.before()));
                lastInstant = t;
                List<VersionRow> closedNow = new ArrayList<>();
                for (VersionRow old : step.before()) {
                    if (!step.after().contains(old)) {
                        assertThat(old.systemTo())
                                .as("only current rows are ever closed")
                                .isNull();
                        VersionRow closed = new VersionRow(
                                old.key(), old.values(), old.from(), old.to(), old.hash(), old.systemFrom(), t);
                        assertThat(step.after()).contains(closed);
                        closedNow.add(closed);
                    }
                }
                List<VersionRow> added = new ArrayList<>(step.after());
                step.before().forEach(added::remove);
                added.removeAll(closedNow);
                assertThat(added)
                        .allSatisfy(r -> assertThat(r.systemFrom()).isEqualTo(t))
                        .allSatisfy(r -> assertThat(r.systemTo()).isNull());
                assertThat(added).hasSize((int) step.result().versionsOpened());
                assertThat(closedNow).hasSize((int) step.result().versionsClosed());
                slices.add(t);
                timelines.add(step.model().timeline());
            }
            List<VersionRow> end = last(steps).after();
            for (int i = 0; i < slices.size(); i++) {
                long t = slices.get(i);
                Set<ReferenceModel.Version> slice = end.stream()
                        .filter(r -> r.visibleAt(t))
                        .map(VersionRow::version)
                        .collect(Collectors.toSet());
                assertThat(slice).as("slice at write %d", i + 1).isEqualTo(timelines.get(i));
            }
        }
    }

    @Test
    void invariant_4_reapplying_a_batch_or_refreshing_with_current_knowledge_is_a_no_op() {
        Property.tries(TRIES)
                .check(
                        Histories::histories,
                        this::invariant_4_reapplying_a_batch_or_refreshing_with_current_knowledge_is_a_no_op);
    }

    private void invariant_4_reapplying_a_batch_or_refreshing_with_current_knowledge_is_a_no_op(
            Histories.History history) throws Exception {
        BitemporalTable table = history.shape().table;
        {
            Connection c = fresh(db, history);
            HistoryRun.run(c, history, HistoryRun.Record.STATE, (step, session) -> {
                if (step.invalid()) {
                    return;
                }
                Instant later = step.requested().plusSeconds(60);
                WriteResult again =
                        session.write(step.batch().toBatch(table), step.batch().replace(), later);
                assertThat(again.outcome()).as("re-applying %s", step.batch()).isEqualTo(WriteResult.Outcome.UNCHANGED);
                assertThat(VersionRow.everything(c, table)).isEqualTo(step.stateAfter());
                TestBatch refresh = step.model().knowledgeAsFullRefresh();
                WriteResult full = session.write(refresh.toBatch(table), Replace.ALL, later);
                assertThat(full.outcome()).as("full refresh").isEqualTo(WriteResult.Outcome.UNCHANGED);
                assertThat(VersionRow.everything(c, table)).isEqualTo(step.stateAfter());
                boolean noEmptyFilings = refresh.markers().stream()
                        .allMatch(m -> refresh.rows().stream()
                                .anyMatch(r ->
                                        r.key().subList(0, m.scope().size()).equals(m.scope())
                                                && r.date().equals(m.date())));
                if (noEmptyFilings) { // then the rows alone are the knowledge: as SQL, a re-run that is never staged
                    TestBatch rows = new TestBatch(refresh.rows(), List.of(), Replace.ALL);
                    WriteResult fullSql = session.write(rows.toSource(table), Replace.ALL, later);
                    assertThat(fullSql.outcome()).as("full refresh from SQL").isEqualTo(WriteResult.Outcome.UNCHANGED);
                    assertThat(fullSql.rowsIn()).isEqualTo(refresh.rows().size());
                    assertThat(VersionRow.everything(c, table)).isEqualTo(step.stateAfter());
                }
            });
        }
    }

    @Test
    void invariant_5_disjoint_batches_give_the_same_current_rows_in_any_order() {
        Property.tries(TRIES)
                .check(
                        d -> new Reordering(Histories.disjointHistories(d), d.anyLong()),
                        r -> invariant_5_disjoint_batches_give_the_same_current_rows_in_any_order(
                                r.history(), r.seed()));
    }

    private void invariant_5_disjoint_batches_give_the_same_current_rows_in_any_order(
            Histories.History history, long seed) throws Exception {
        List<TestBatch> shuffled = new ArrayList<>(history.batches());
        Collections.shuffle(shuffled, new Random(seed));
        {
            Connection inOrder = fresh(db, history);
            Connection reordered = fresh(other, history);
            BitemporalTable table = history.shape().table;
            HistoryRun.Step a = last(HistoryRun.run(inOrder, history, HistoryRun.Record.NOTHING));
            HistoryRun.run(reordered, new Histories.History(history.shape(), shuffled), HistoryRun.Record.NOTHING);
            Set<ReferenceModel.Version> expected = a.model().timeline();
            assertThat(current(VersionRow.all(inOrder, table))).isEqualTo(expected);
            assertThat(current(VersionRow.all(reordered, table))).isEqualTo(expected);
        }
    }

    @Test
    void invariant_6_as_of_answers_equal_the_latest_filing_on_or_before_the_day() {
        Property.tries(TRIES)
                .check(
                        Histories::histories,
                        this::invariant_6_as_of_answers_equal_the_latest_filing_on_or_before_the_day);
    }

    private void invariant_6_as_of_answers_equal_the_latest_filing_on_or_before_the_day(Histories.History history)
            throws Exception {
        BitemporalTable table = history.shape().table;
        List<LocalDate> days = new ArrayList<>();
        for (int year = 2019; year <= 2026; year++) {
            days.add(LocalDate.of(year, 1, 1));
            days.add(LocalDate.of(year, 6, 30));
        }
        {
            Connection c = fresh(db, history);
            List<HistoryRun.Step> steps = HistoryRun.run(c, history, HistoryRun.Record.NOTHING);
            // each write's slice on every filing date and two days between them; the current state on all days
            List<LocalDate> slice = new ArrayList<>(Histories.DATES);
            slice.add(LocalDate.of(2019, 6, 30));
            slice.add(LocalDate.of(2022, 6, 30));
            for (HistoryRun.Step step : steps) {
                for (LocalDate day : slice) {
                    Map<List<String>, List<String>> expected = step.model().asOf(day);
                    step.result()
                            .systemTime()
                            .ifPresent(t -> assertThat(asOf(c, table, day, t))
                                    .as("as of %s at %s", day, t)
                                    .isEqualTo(expected));
                }
            }
            ReferenceModel end = last(steps).model();
            for (LocalDate day : days) {
                assertThat(asOf(c, table, day, null))
                        .as("current, as of %s", day)
                        .isEqualTo(end.asOf(day));
            }
        }
    }

    @Test
    void invariant_7_a_rejected_batch_changes_nothing_companion_tables_included() {
        Property.tries(TRIES)
                .check(
                        Histories::histories,
                        this::invariant_7_a_rejected_batch_changes_nothing_companion_tables_included);
    }

    private void invariant_7_a_rejected_batch_changes_nothing_companion_tables_included(Histories.History history)
            throws Exception {
        {
            Connection c = fresh(db, history);
            for (HistoryRun.Step step : HistoryRun.run(c, history, HistoryRun.Record.STATE)) {
                assertThat(step.result().isRejected())
                        .as("rejected: %s", step.batch())
                        .isEqualTo(step.invalid());
                if (step.invalid()) {
                    assertThat(step.stateAfter()).isEqualTo(step.stateBefore());
                }
            }
        }
    }

    private static Map<List<String>, List<String>> asOf(Connection c, BitemporalTable t, LocalDate day, Instant at) {
        try {
            return HistoryRun.asOf(c, t, day, at);
        } catch (SQLException e) {
            throw new AssertionError(e);
        }
    }

    private static <T> T last(List<T> list) {
        return list.get(list.size() - 1);
    }
}
