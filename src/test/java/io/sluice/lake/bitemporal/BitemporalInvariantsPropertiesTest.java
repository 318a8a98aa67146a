package io.sluice.lake.bitemporal;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterProperty;
import net.jqwik.api.lifecycle.BeforeProperty;


/**
 * The seven invariants of section 5, each over random histories, against {@link ReferenceModel}. Each property has
 * its own in-memory DuckDB; each try starts from dropped tables.
 */
class BitemporalInvariantsPropertiesTest {

    private static final int TRIES = 100;

    private Connection db;
    private Connection other;

    @BeforeProperty
    void openDatabases() throws SQLException {
        db = Lake.memory();
        other = Lake.memory();
    }

    @AfterProperty
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

    @Provide
    Arbitrary<Histories.History> histories() {
        return Histories.histories();
    }

    @Provide
    Arbitrary<Histories.History> disjointHistories() {
        return Histories.disjointHistories();
    }

    @Property(tries = TRIES)
    void invariant_1_no_overlap_at_any_system_instant(@ForAll("histories") Histories.History history) throws Exception {
        {
            Connection c = fresh(db, history);
            HistoryRun.run(c, history, HistoryRun.Record.NOTHING);
            List<VersionRow> rows = VersionRow.all(c, history.shape().table);
            for (long t : instants(rows)) {
                for (List<VersionRow> versions : visibleByKey(rows, t)) {
                    for (int i = 1; i < versions.size(); i++) {
                        VersionRow prev = versions.get(i - 1);
                        assertThat(prev.to()).as("overlap at %s: %s / %s", t, prev, versions.get(i)).isNotNull();
                        assertThat(prev.to()).isBeforeOrEqualTo(versions.get(i).from());
                    }
                }
            }
        }
    }

    @Property(tries = TRIES)
    void invariant_2_visible_versions_are_coalesced_and_never_empty(@ForAll("histories") Histories.History history)
            throws Exception {
        {
            Connection c = fresh(db, history);
            HistoryRun.run(c, history, HistoryRun.Record.NOTHING);
            List<VersionRow> rows = VersionRow.all(c, history.shape().table);
            for (VersionRow row : rows) {
                assertThat(row.to() == null || row.from().isBefore(row.to())).as("empty interval %s", row).isTrue();
            }
            for (long t : instants(rows)) {
                for (List<VersionRow> versions : visibleByKey(rows, t)) {
                    for (int i = 1; i < versions.size(); i++) {
                        VersionRow prev = versions.get(i - 1);
                        VersionRow next = versions.get(i);
                        if (next.from().equals(prev.to())) {
                            assertThat(next.hash()).as("not coalesced at %s: %s / %s", t, prev, next)
                                    .isNotEqualTo(prev.hash());
                        }
                    }
                }
            }
        }
    }

    @Property(tries = TRIES)
    void invariant_3_history_is_append_only_and_each_slice_is_the_timeline_of_its_knowledge(
            @ForAll("histories") Histories.History history) throws Exception {
        {
            Connection c = fresh(db, history);
            List<HistoryRun.Step> steps = HistoryRun.run(c, history, HistoryRun.Record.ROWS);
            long lastInstant = Long.MIN_VALUE;
            List<Long> slices = new ArrayList<>();
            List<Set<ReferenceModel.Version>> timelines = new ArrayList<>();
            for (HistoryRun.Step step : steps) {
                assertThat(current(step.after())).as("current rows after %s", step.batch())
                        .isEqualTo(step.model().timeline());
                if (step.result().outcome() != WriteResult.Outcome.WRITTEN) {
                    assertThat(step.after()).isEqualTo(step.before());
                    if (step.result().knowledgeTime().isPresent()) { // new knowledge, same versions: an instant all the same
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
                        assertThat(old.systemTo()).as("only current rows are ever closed").isNull();
                        VersionRow closed = new VersionRow(old.key(), old.values(), old.from(), old.to(), old.hash(),
                                old.systemFrom(), t);
                        assertThat(step.after()).contains(closed);
                        closedNow.add(closed);
                    }
                }
                List<VersionRow> added = new ArrayList<>(step.after());
                step.before().forEach(added::remove);
                added.removeAll(closedNow);
                assertThat(added).allSatisfy(r -> assertThat(r.systemFrom()).isEqualTo(t))
                        .allSatisfy(r -> assertThat(r.systemTo()).isNull());
                assertThat(added).hasSize((int) step.result().versionsOpened());
                assertThat(closedNow).hasSize((int) step.result().versionsClosed());
                slices.add(t);
                timelines.add(step.model().timeline());
            }
            List<VersionRow> end = last(steps).after();
            for (int i = 0; i < slices.size(); i++) {
                long t = slices.get(i);
                Set<ReferenceModel.Version> slice = end.stream().filter(r -> r.visibleAt(t))
                        .map(VersionRow::version).collect(Collectors.toSet());
                assertThat(slice).as("slice at write %d", i + 1).isEqualTo(timelines.get(i));
            }
        }
    }

    @Property(tries = TRIES)
    void invariant_4_reapplying_a_batch_or_refreshing_with_current_knowledge_is_a_no_op(
            @ForAll("histories") Histories.History history) throws Exception {
        BitemporalTable table = history.shape().table;
        {
            Connection c = fresh(db, history);
            HistoryRun.run(c, history, HistoryRun.Record.STATE, (step, session) -> {
                if (step.invalid()) {
                    return;
                }
                Instant later = step.requested().plusSeconds(60);
                WriteResult again = session.write(step.batch().toBatch(table), step.batch().replace(), later);
                assertThat(again.outcome()).as("re-applying %s", step.batch()).isEqualTo(WriteResult.Outcome.UNCHANGED);
                assertThat(VersionRow.everything(c, table)).isEqualTo(step.stateAfter());
                TestBatch refresh = step.model().knowledgeAsFullRefresh();
                WriteResult full = session.write(refresh.toBatch(table), Replace.ALL, later);
                assertThat(full.outcome()).as("full refresh").isEqualTo(WriteResult.Outcome.UNCHANGED);
                assertThat(VersionRow.everything(c, table)).isEqualTo(step.stateAfter());
                boolean noEmptyFilings = refresh.markers().stream().allMatch(m -> refresh.rows().stream().anyMatch(
                        r -> r.key().subList(0, m.scope().size()).equals(m.scope()) && r.date().equals(m.date())));
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

    @Property(tries = TRIES)
    void invariant_5_disjoint_batches_give_the_same_current_rows_in_any_order(
            @ForAll("disjointHistories") Histories.History history, @ForAll long seed) throws Exception {
        List<TestBatch> shuffled = new ArrayList<>(history.batches());
        Collections.shuffle(shuffled, new java.util.Random(seed));
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

    @Property(tries = TRIES)
    void invariant_6_as_of_answers_equal_the_latest_filing_on_or_before_the_day(
            @ForAll("histories") Histories.History history) throws Exception {
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
                    step.result().systemTime().ifPresent(t -> assertThat(asOf(c, table, day, t))
                            .as("as of %s at %s", day, t).isEqualTo(expected));
                }
            }
            ReferenceModel end = last(steps).model();
            for (LocalDate day : days) {
                assertThat(asOf(c, table, day, null)).as("current, as of %s", day).isEqualTo(end.asOf(day));
            }
        }
    }

    @Property(tries = TRIES)
    void invariant_7_a_rejected_batch_changes_nothing_companion_tables_included(
            @ForAll("histories") Histories.History history) throws Exception {
        {
            Connection c = fresh(db, history);
            for (HistoryRun.Step step : HistoryRun.run(c, history, HistoryRun.Record.STATE)) {
                assertThat(step.result().isRejected()).as("rejected: %s", step.batch()).isEqualTo(step.invalid());
                if (step.invalid()) {
                    assertThat(step.stateAfter()).isEqualTo(step.stateBefore());
                }
            }
        }
    }

    /**
     * Rollback to the system time of write k (none for k = 0) makes the slice at that time current and the knowledge
     * base equal to the one after write k, destroys nothing, and keeps invariants 1 to 4; re-applying the writes after k
     * then gives the same current rows as the whole history did (so later filings split history correctly).
     */
    @Property(tries = TRIES)
    void rollback_to_write_k_restores_its_slice_and_knowledge(@ForAll("histories") Histories.History history,
                                                              @ForAll int pick) throws Exception {
        BitemporalTable table = history.shape().table;
        Connection c = fresh(db, history);
        List<List<List<String>>> knowledge = new ArrayList<>();
        List<HistoryRun.Step> steps = HistoryRun.run(c, history, HistoryRun.Record.NOTHING,
                (step, session) -> knowledge.add(currentKnowledge(c, table)));
        int k = Math.floorMod(pick, steps.size() + 1);
        Instant asOf = knowledgeTimeAfter(steps, k);
        ReferenceModel expected = k == 0 ? history.shape().model() : steps.get(k - 1).model();
        List<VersionRow> before = VersionRow.all(c, table);
        BitemporalMerge merge = new BitemporalMerge();

        WriteResult rollback = merge.rollback(c, table, asOf, HistoryRun.BASE);
        List<VersionRow> after = VersionRow.all(c, table);
        assertThat(current(after)).as("current rows after rollback to write %d", k).isEqualTo(expected.timeline());
        if (asOf != null) {
            long t = micros(asOf);
            assertThat(current(after)).as("the slice at write %d", k).isEqualTo(
                    after.stream().filter(r -> r.visibleAt(t)).map(VersionRow::version).collect(Collectors.toSet()));
        }
        assertThat(currentKnowledge(c, table)).as("knowledge base after rollback to write %d", k)
                .isEqualTo(k == 0 ? List.of() : knowledge.get(k - 1));
        assertRollbackDestroysNothing(rollback, before, after);
        assertNoOverlapAndCoalesced(after);
        List<List<String>> everything = VersionRow.everything(c, table);
        assertThat(merge.rollback(c, table, asOf, HistoryRun.BASE).outcome()).as("rolling back again")
                .isEqualTo(WriteResult.Outcome.UNCHANGED);
        assertThat(VersionRow.everything(c, table)).isEqualTo(everything);

        try (BitemporalSession session = merge.session(c, table)) {
            for (HistoryRun.Step step : steps.subList(k, steps.size())) {
                session.write(step.batch().toBatch(table), step.batch().replace(), HistoryRun.BASE);
            }
        }
        List<VersionRow> replayed = VersionRow.all(c, table);
        assertThat(current(replayed)).as("current rows after re-applying writes %d..", k + 1)
                .isEqualTo(last(steps).model().timeline());
        assertNoOverlapAndCoalesced(replayed);
    }

    /**
     * Rollback of a date range (a partition's business dates) to write k: the knowledge of those dates becomes the
     * one after write k and every other date keeps its current knowledge; nothing is destroyed, versions stay
     * without overlap and coalesced, and rolling back again writes nothing.
     */
    @Property(tries = TRIES)
    void rollback_of_a_date_range_restores_those_dates_and_keeps_the_others(@ForAll("histories") Histories.History history,
                                                                           @ForAll int pick, @ForAll int first, @ForAll int last)
            throws Exception {
        BitemporalTable table = history.shape().table;
        Connection c = fresh(db, history);
        List<List<List<String>>> knowledge = new ArrayList<>();
        List<HistoryRun.Step> steps = HistoryRun.run(c, history, HistoryRun.Record.NOTHING,
                (step, session) -> knowledge.add(currentKnowledge(c, table)));
        int k = Math.floorMod(pick, steps.size() + 1);
        Instant asOf = knowledgeTimeAfter(steps, k);
        List<List<String>> then = k == 0 ? List.of() : knowledge.get(k - 1);
        List<List<String>> now = currentKnowledge(c, table);
        List<LocalDate> dates = new ArrayList<>(new TreeSet<>(java.util.stream.Stream.concat(then.stream(), now.stream())
                .map(BitemporalInvariantsPropertiesTest::filingDate).toList()));
        if (dates.isEmpty()) {
            dates.add(LocalDate.of(2020, 1, 1));
        }
        LocalDate a = dates.get(Math.floorMod(first, dates.size()));
        LocalDate b = dates.get(Math.floorMod(last, dates.size()));
        DateRange range = new DateRange(a.isBefore(b) ? a : b, (a.isBefore(b) ? b : a).plusDays(1));
        java.util.function.Predicate<List<String>> inRange = row -> !filingDate(row).isBefore(range.from())
                && filingDate(row).isBefore(range.until());
        List<List<String>> expected = new ArrayList<>(then.stream().filter(inRange).toList());
        expected.addAll(now.stream().filter(inRange.negate()).toList());
        List<VersionRow> before = VersionRow.all(c, table);
        BitemporalMerge merge = new BitemporalMerge();

        WriteResult rollback = merge.rollback(c, table, asOf, HistoryRun.BASE, java.util.Optional.of(range));
        List<VersionRow> after = VersionRow.all(c, table);
        assertThat(currentKnowledge(c, table)).as("knowledge after rolling %s back to write %d", range, k)
                .containsExactlyInAnyOrderElementsOf(expected);
        assertRollbackDestroysNothing(rollback, before, after);
        assertNoOverlapAndCoalesced(after);
        List<List<String>> everything = VersionRow.everything(c, table);
        assertThat(merge.rollback(c, table, asOf, HistoryRun.BASE, java.util.Optional.of(range)).outcome()).as("rolling back again")
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
    private static void assertRollbackDestroysNothing(WriteResult rollback, List<VersionRow> before, List<VersionRow> after) {
        if (rollback.outcome() != WriteResult.Outcome.WRITTEN) {
            assertThat(after).isEqualTo(before);
            return;
        }
        long t = micros(rollback.systemTime().orElseThrow());
        assertThat(t).isGreaterThan(maxInstant(before));
        for (VersionRow old : before) {
            if (!after.contains(old)) {
                assertThat(old.systemTo()).as("only current rows are ever closed").isNull();
                assertThat(after).contains(new VersionRow(old.key(), old.values(), old.from(), old.to(), old.hash(), old.systemFrom(), t));
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
                    assertThat(prev.to()).as("overlap at %s: %s / %s", t, prev, next).isNotNull();
                    assertThat(prev.to()).isBeforeOrEqualTo(next.from());
                    if (next.from().equals(prev.to())) {
                        assertThat(next.hash()).as("not coalesced at %s: %s / %s", t, prev, next).isNotEqualTo(prev.hash());
                    }
                }
            }
        }
    }

    /** The current knowledge base: assertions, and filings in complete mode, without their system times. */
    private static List<List<String>> currentKnowledge(Connection c, BitemporalTable t) throws SQLException {
        String keys = t.keyColumns().stream().map(k -> "\"" + k + "\"").collect(Collectors.joining(", "));
        List<List<String>> all = new ArrayList<>(Lake.rows(c, "SELECT 'a', " + keys + ", filing_date, value_hash FROM \""
                + t.assertionsTable() + "\" WHERE sys_to IS NULL ORDER BY ALL"));
        if (t.completeMode()) {
            String scope = t.scopeColumns().stream().map(k -> "\"" + k + "\"").collect(Collectors.joining(", "));
            all.addAll(Lake.rows(c, "SELECT 'f', " + scope + ", filing_date FROM \"" + t.filingsTable()
                    + "\" WHERE sys_to IS NULL ORDER BY ALL"));
        }
        return all;
    }

    private static Map<List<String>, List<String>> asOf(Connection c, BitemporalTable t, LocalDate day, Instant at) {
        try {
            return HistoryRun.asOf(c, t, day, at);
        } catch (SQLException e) {
            throw new AssertionError(e);
        }
    }

    private static Set<ReferenceModel.Version> current(List<VersionRow> rows) {
        return rows.stream().filter(r -> r.systemTo() == null).map(VersionRow::version).collect(Collectors.toSet());
    }

    private static Set<Long> instants(List<VersionRow> rows) {
        Set<Long> instants = new TreeSet<>();
        for (VersionRow r : rows) {
            instants.add(r.systemFrom());
            if (r.systemTo() != null) {
                instants.add(r.systemTo());
            }
        }
        return instants;
    }

    private static long maxInstant(List<VersionRow> rows) {
        return instants(rows).stream().mapToLong(Long::longValue).max().orElse(Long.MIN_VALUE);
    }

    private static List<List<VersionRow>> visibleByKey(List<VersionRow> rows, long t) {
        return rows.stream().filter(r -> r.visibleAt(t))
                .collect(Collectors.groupingBy(VersionRow::key)).values().stream()
                .map(list -> list.stream().sorted(Comparator.comparing(VersionRow::from)).toList())
                .toList();
    }

    private static long micros(Instant t) {
        return t.getEpochSecond() * 1_000_000L + t.getNano() / 1000;
    }

    private static <T> T last(List<T> list) {
        return list.get(list.size() - 1);
    }

}
