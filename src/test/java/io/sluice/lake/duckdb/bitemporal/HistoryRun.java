package io.sluice.lake.duckdb.bitemporal;

import io.sluice.lake.bitemporal.BitemporalQueries;
import io.sluice.lake.bitemporal.BitemporalTable;
import io.sluice.lake.bitemporal.WriteResult;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Applies a history to a fresh table, write by write, with the reference model beside it, and records what each
 * write did. Requested system times go forward one hour per write, except every third write, which asks for a time
 * in the past (so the writer must use the last system time + 1 µs).
 */
final class HistoryRun {

    static final Instant BASE = Instant.parse("2030-01-01T00:00:00Z");

    /** One write; {@code before}/{@code after} and the states are null unless recorded. */
    record Step(
            TestBatch batch,
            boolean invalid,
            Instant requested,
            WriteResult result,
            List<VersionRow> before,
            List<VersionRow> after,
            List<List<String>> stateBefore,
            List<List<String>> stateAfter,
            ReferenceModel model) {}

    /** What to read back after each write: nothing, the version rows, or the version rows and companion tables. */
    enum Record {
        NOTHING,
        ROWS,
        STATE
    }

    /** A check run right after a write, before the next one, with the session that wrote it. */
    @FunctionalInterface
    interface AfterEachWrite {
        void check(Step step, BitemporalSession session) throws SQLException;
    }

    private HistoryRun() {}

    static List<Step> run(Connection c, Histories.History history, Record record) throws SQLException {
        return run(c, history, record, (step, session) -> {});
    }

    static List<Step> run(Connection c, Histories.History history, Record record, AfterEachWrite afterEachWrite)
            throws SQLException {
        BitemporalTable table = history.shape().table;
        BitemporalMerge merge = new BitemporalMerge();
        merge.createTables(c, table);
        try (BitemporalSession session = merge.session(c, table)) {
            return run(c, history, record, afterEachWrite, session);
        }
    }

    private static List<Step> run(
            Connection c,
            Histories.History history,
            Record record,
            AfterEachWrite afterEachWrite,
            BitemporalSession session)
            throws SQLException {
        BitemporalTable table = history.shape().table;
        ReferenceModel model = history.shape().model();
        List<Step> steps = new ArrayList<>();
        boolean rows = record != Record.NOTHING;
        boolean state = record == Record.STATE;
        List<VersionRow> before = rows ? VersionRow.all(c, table) : null;
        List<List<String>> stateBefore = state ? VersionRow.everything(c, table) : null;
        for (int i = 0; i < history.batches().size(); i++) {
            TestBatch batch = history.batches().get(i);
            Instant requested = i % 3 == 2 ? BASE : BASE.plusSeconds(3600L * (i + 1));
            boolean invalid = ReferenceModel.rejection(batch).isPresent();
            WriteResult result = session.write(batch.toSource(table), batch.replace(), requested);
            if (!invalid) {
                model.apply(batch);
            }
            Step step = new Step(
                    batch,
                    invalid,
                    requested,
                    result,
                    before,
                    rows ? VersionRow.all(c, table) : null,
                    stateBefore,
                    state ? VersionRow.everything(c, table) : null,
                    model.copy());
            steps.add(step);
            afterEachWrite.check(step, session);
            before = step.after();
            stateBefore = step.stateAfter();
        }
        return steps;
    }

    /** The as-of answer of the engine's query: key -> values. */
    static Map<List<String>, List<String>> asOf(Connection c, BitemporalTable t, LocalDate day, Instant at)
            throws SQLException {
        Map<List<String>, List<String>> answer = new HashMap<>();
        try (PreparedStatement s = BitemporalQueries.asOf(t, day, at).prepare(c);
                ResultSet rs = s.executeQuery()) {
            while (rs.next()) {
                List<String> key = new ArrayList<>();
                for (String k : t.keyColumns()) {
                    key.add(rs.getString(k));
                }
                List<String> values = new ArrayList<>();
                for (String v : t.valueColumns()) {
                    values.add(rs.getString(v));
                }
                if (answer.put(key, values) != null) {
                    throw new AssertionError("two rows for key " + key + " as of " + day + ", " + at);
                }
            }
        }
        return answer;
    }
}
