package io.sluice.lake.duckdb.bitemporal;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.lake.bitemporal.BitemporalTable;
import io.sluice.lake.bitemporal.Sql;
import io.sluice.lake.bitemporal.ValueHash;
import io.sluice.lake.bitemporal.WriteResult;
import io.sluice.testing.Draw;
import io.sluice.testing.Property;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.time.InstantSource;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * The general path (set-based SQL, which recomputes a changed scope's timeline only from its last filing before the
 * change) over random writes and rollbacks, whole or of a date range: after every operation the current versions are
 * exactly timeline(KB) of the current companion tables, computed here in Java from scratch, and every version's
 * value_hash is the hash of its values. Rollbacks are not in {@link SmallWritePropertiesTest}, which takes writes only.
 */
class GeneralPathTimelinePropertiesTest {

    sealed interface Op permits Write, Rollback, RangeRollback {}

    record Write(TestBatch batch) implements Op {}

    /** A rollback to the time of an earlier write ({@code pick} of them), 1 µs before it, or to nothing. */
    record Rollback(int pick, boolean justBefore) implements Op {}

    /** A rollback of the dates from {@code Histories.DATES[a]} to {@code Histories.DATES[b]} only. */
    record RangeRollback(int pick, int a, int b) implements Op {}

    record History(TestTables shape, List<Op> ops) {}

    /** 2 to 14 operations: writes, rollbacks and range rollbacks, 7 to 2 to 2. */
    static History histories(Draw d) {
        TestTables shape = d.of(TestTables.values());
        int last = Histories.DATES.size() - 1;
        return new History(shape, d.listOf(2, 14, () -> switch (d.weighted(7, 2, 2)) {
            case 0 -> new Write(Histories.valid(d, shape));
            case 1 -> new Rollback(d.between(0, 99), d.bool());
            default -> new RangeRollback(d.between(0, 99), d.between(0, last), d.between(0, last));
        }));
    }

    @Test
    void the_current_versions_are_the_timeline_of_the_current_knowledge() {
        Property.tries(60)
                .check(
                        GeneralPathTimelinePropertiesTest::histories,
                        GeneralPathTimelinePropertiesTest
                                ::the_current_versions_are_the_timeline_of_the_current_knowledge);
    }

    private static void the_current_versions_are_the_timeline_of_the_current_knowledge(History history)
            throws SQLException {
        BitemporalTable table = history.shape().table;
        try (Connection c = Lake.memory()) {
            new BitemporalMerge().createTables(c, table);
            List<Instant> times = new ArrayList<>();
            try (BitemporalSession session = new BitemporalSession(
                    c, table, InstantSource.system(), SessionOptions.DEFAULT.withSmallWrites(false))) {
                for (int i = 0; i < history.ops().size(); i++) {
                    Op op = history.ops().get(i);
                    Instant requested = HistoryRun.BASE.plusSeconds(3600L * (i + 1));
                    WriteResult result;
                    if (op instanceof Write w) {
                        result = session.write(
                                w.batch().toBatch(table), w.batch().replace(), requested);
                    } else if (op instanceof Rollback r) {
                        result = session.rollback(rollbackTime(times, r.pick(), r.justBefore()), requested);
                    } else {
                        RangeRollback r = (RangeRollback) op;
                        result = session.rollback(
                                rollbackTime(times, r.pick(), false),
                                requested,
                                Optional.of(new DateRange(
                                        Histories.DATES.get(Math.min(r.a(), r.b())),
                                        Histories.DATES
                                                .get(Math.max(r.a(), r.b()))
                                                .plusDays(1))));
                    }
                    assertThat(currentVersions(c, table))
                            .as("after operation %d, %s", i, op)
                            .isEqualTo(timeline(c, table));
                    result.knowledgeTime().ifPresent(times::add);
                }
            }
        }
    }

    /** The time of an earlier write (1 µs before it if {@code justBefore}), or null (no knowledge) now and then. */
    private static Instant rollbackTime(List<Instant> times, int pick, boolean justBefore) {
        if (times.isEmpty() || pick % 7 == 0) {
            return null;
        }
        Instant at = times.get(pick % times.size());
        return justBefore ? at.minusNanos(1000) : at;
    }

    /** (key..., valid_from, valid_to, value_hash) of the current versions, each checked to hash its own values. */
    private static Set<List<String>> currentVersions(Connection c, BitemporalTable table) throws SQLException {
        Set<List<String>> versions = new HashSet<>();
        for (List<String> row : Lake.rows(
                c,
                "SELECT " + Sql.list(table.keyColumns(), "") + ", valid_from, valid_to, value_hash, "
                        + "value_hash = " + ValueHash.sql(table.valueColumns(), "v") + " FROM "
                        + Sql.quote(table.name())
                        + " AS v WHERE system_to IS NULL")) {
            assertThat(row.get(row.size() - 1))
                    .as("value_hash of the values of %s", row)
                    .isEqualTo("true");
            versions.add(List.copyOf(row.subList(0, row.size() - 1)));
        }
        return versions;
    }

    /** timeline(KB) of the current companion tables (docs/bitemporal.md section 3), as currentVersions. */
    private static Set<List<String>> timeline(Connection c, BitemporalTable table) throws SQLException {
        int keys = table.keyColumns().size();
        int scope = table.scopeColumns().size();
        // scope -> filing date -> key -> value_hash (NULL in key mode: a tombstone)
        Map<List<String>, TreeMap<LocalDate, Map<List<String>, String>>> knowledge = new HashMap<>();
        for (List<String> row : Lake.rows(
                c,
                "SELECT " + Sql.list(table.keyColumns(), "") + ", filing_date, value_hash FROM "
                        + Sql.quote(table.assertionsTable()) + " WHERE sys_to IS NULL")) {
            List<String> key = List.copyOf(row.subList(0, keys));
            knowledge
                    .computeIfAbsent(List.copyOf(key.subList(0, scope)), s -> new TreeMap<>())
                    .computeIfAbsent(LocalDate.parse(row.get(keys)), d -> new HashMap<>())
                    .put(key, row.get(keys + 1));
        }
        if (table.completeMode()) {
            for (List<String> row : Lake.rows(
                    c,
                    "SELECT " + Sql.list(table.scopeColumns(), "") + ", filing_date FROM "
                            + Sql.quote(table.filingsTable()) + " WHERE sys_to IS NULL")) {
                knowledge
                        .computeIfAbsent(List.copyOf(row.subList(0, scope)), s -> new TreeMap<>())
                        .computeIfAbsent(LocalDate.parse(row.get(scope)), d -> new HashMap<>());
            }
        }
        Set<List<String>> versions = new HashSet<>();
        knowledge.forEach((s, filings) -> {
            Set<List<String>> keysOfScope = new HashSet<>();
            filings.values().forEach(filing -> keysOfScope.addAll(filing.keySet()));
            for (List<String> key : keysOfScope) {
                String open = null;
                LocalDate from = null;
                for (Map.Entry<LocalDate, Map<List<String>, String>> filing : filings.entrySet()) {
                    String state = filing.getValue().get(key);
                    state = "NULL".equals(state) ? null : state;
                    if (open != null && open.equals(state)) {
                        continue;
                    }
                    if (open != null) {
                        versions.add(version(key, from, filing.getKey().toString(), open));
                    }
                    open = state;
                    from = filing.getKey();
                }
                if (open != null) {
                    versions.add(version(key, from, "NULL", open));
                }
            }
        });
        return versions;
    }

    private static List<String> version(List<String> key, LocalDate from, String to, String hash) {
        List<String> version = new ArrayList<>(key);
        version.addAll(List.of(from.toString(), to, hash));
        return version;
    }
}
