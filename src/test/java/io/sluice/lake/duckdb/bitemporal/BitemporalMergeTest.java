package io.sluice.lake.duckdb.bitemporal;

import static io.sluice.lake.bitemporal.Batch.entry;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.lake.bitemporal.Batch;
import io.sluice.lake.bitemporal.BitemporalTable;
import io.sluice.lake.bitemporal.Replace;
import io.sluice.lake.bitemporal.SourceQuery;
import io.sluice.lake.bitemporal.WriteResult;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Instant;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The writer's inputs and transactions: source SQL, sessions, caller-owned transactions, types, identifiers. */
class BitemporalMergeTest {

    private static final Instant T1 = Instant.parse("2025-01-01T00:00:00Z");
    private static final Instant T2 = Instant.parse("2025-01-02T00:00:00Z");
    private static final BitemporalTable OWNERS = BitemporalTable.of(
                    "owners", List.of("firm", "owner"), List.of("pct"), "filing_date")
            .withCompleteBy(List.of("firm"));

    private final BitemporalMerge merge = new BitemporalMerge();
    private Connection c;

    @BeforeEach
    void open() throws Exception {
        c = Lake.memory();
    }

    @AfterEach
    void close() throws Exception {
        c.close();
    }

    @Test
    void source_sql_gives_the_same_table_as_the_same_rows_in_memory() throws Exception {
        execute(
                "CREATE TABLE raw_owners AS SELECT * FROM (VALUES ('F1', 'O1', DATE '2020-01-01', 10), "
                        + "('F1', 'O2', DATE '2020-01-01', 20), ('F1', 'O1', DATE '2021-01-01', 10)) v(firm, owner, filed, pct)");
        execute("CREATE TABLE raw_empty_filings AS SELECT 'F1' AS firm, DATE '2022-01-01' AS filed");
        SourceQuery source = SourceQuery.of("SELECT firm, owner, filed AS filing_date, pct FROM raw_owners")
                .withMarkers("SELECT firm, filed AS filing_date FROM raw_empty_filings");
        WriteResult fromSql = merge.write(c, OWNERS, source, Replace.NONE, T1);

        BitemporalTable inMemory = new BitemporalTable(
                "owners_mem", OWNERS.keyColumns(), OWNERS.valueColumns(), "filing_date", OWNERS.completeBy(), Map.of());
        merge.write(
                c,
                inMemory,
                Batch.of(List.of(
                                entry("firm", "F1", "owner", "O1", "filing_date", "2020-01-01", "pct", 10),
                                entry("firm", "F1", "owner", "O2", "filing_date", "2020-01-01", "pct", 20),
                                entry("firm", "F1", "owner", "O1", "filing_date", "2021-01-01", "pct", 10)))
                        .withMarkers(List.of(entry("firm", "F1", "filing_date", "2022-01-01"))),
                Replace.NONE,
                T1);

        assertThat(fromSql)
                .extracting(WriteResult::rowsIn, WriteResult::versionsOpened)
                .containsExactly(3L, 2L);
        assertThat(Lake.rows(c, "SELECT * FROM owners ORDER BY ALL"))
                .isEqualTo(Lake.rows(c, "SELECT * FROM owners_mem ORDER BY ALL"))
                .containsExactly(
                        List.of(
                                "F1",
                                "O1",
                                "10",
                                "2020-01-01",
                                "2022-01-01",
                                "d3d9446802a44259755d38e6d163e820",
                                "2025-01-01T00:00Z",
                                "NULL"),
                        List.of(
                                "F1",
                                "O2",
                                "20",
                                "2020-01-01",
                                "2021-01-01",
                                "98f13708210194c475687be6106a3b84",
                                "2025-01-01T00:00Z",
                                "NULL"));
    }

    @Test
    void a_full_refresh_from_sql_that_differs_in_one_place_is_not_taken_for_a_re_run() throws Exception {
        String base = "('F1', 'O1', DATE '2020-01-01', '10'), ('F1', 'O2', DATE '2020-01-01', '20'), "
                + "('F1', 'O1', DATE '2021-01-01', '10'), ('F2', 'O1', DATE '2021-01-01', NULL)";
        merge.write(c, OWNERS, refresh(base), Replace.ALL, T1);
        assertThat(merge.write(c, OWNERS, refresh(base), Replace.ALL, T2).outcome())
                .isEqualTo(WriteResult.Outcome.UNCHANGED);
        List<String> nearMisses = List.of(
                base.replace("'20'", "'21'"), // a value
                base.replace("'F2', 'O1', DATE '2021-01-01', NULL", "'F2', 'O1', DATE '2021-01-01', '\\N'"),
                base.replace("DATE '2021-01-01', '10'", "DATE '2022-01-01', '10'"), // a date
                base.replace("'F1', 'O2'", "'F2', 'O2'"), // a scope
                base.replace("('F1', 'O1', DATE '2021-01-01', '10'), ", ""), // a row fewer
                base + ", ('F1', 'O1', DATE '2021-01-01', '10')", // an identical duplicate
                base + ", ('F1', 'O1', DATE '2021-01-01', '11')", // a conflicting duplicate
                base + ", (NULL, 'O1', DATE '2021-01-01', '10')"); // a NULL key
        for (String rows : nearMisses) {
            BitemporalTable twin = new BitemporalTable(
                    "owners_twin",
                    OWNERS.keyColumns(),
                    OWNERS.valueColumns(),
                    "filing_date",
                    OWNERS.completeBy(),
                    Map.of());
            execute("DROP TABLE IF EXISTS owners_twin; DROP TABLE IF EXISTS owners_twin__assertions; "
                    + "DROP TABLE IF EXISTS owners_twin__filings");
            merge.write(c, twin, refresh(base), Replace.ALL, T1);
            WriteResult fromSql = merge.write(c, twin, refresh(rows), Replace.ALL, T2);
            // the same batch in memory never takes the re-run check
            execute("DROP TABLE IF EXISTS owners_mem; DROP TABLE IF EXISTS owners_mem__assertions; "
                    + "DROP TABLE IF EXISTS owners_mem__filings; CREATE OR REPLACE TABLE sluice_test_rows AS "
                    + "SELECT * FROM (VALUES " + rows + ") v(firm, owner, filing_date, pct)");
            BitemporalTable mem = new BitemporalTable(
                    "owners_mem",
                    OWNERS.keyColumns(),
                    OWNERS.valueColumns(),
                    "filing_date",
                    OWNERS.completeBy(),
                    Map.of());
            merge.write(c, mem, refresh(base), Replace.ALL, T1);
            List<List<String>> memRows = Lake.rows(c, "SELECT * FROM sluice_test_rows");
            List<Map<String, Object>> entries = memRows.stream()
                    .map(r -> entry(
                            "firm",
                            nul(r.get(0)),
                            "owner",
                            nul(r.get(1)),
                            "filing_date",
                            nul(r.get(2)),
                            "pct",
                            nul(r.get(3))))
                    .toList();
            WriteResult inMemory = merge.write(c, mem, Batch.of(entries), Replace.ALL, T2);
            assertThat(fromSql.outcome()).as(rows).isEqualTo(inMemory.outcome());
            assertThat(Lake.rows(c, "SELECT * FROM owners_twin ORDER BY ALL"))
                    .as(rows)
                    .isEqualTo(Lake.rows(c, "SELECT * FROM owners_mem ORDER BY ALL"));
        }
    }

    @Test
    void every_way_of_a_first_load_gives_the_same_table_as_the_general_path() throws Exception {
        // key mode with an INTERVAL value: 1 month and 30 days are equal to DuckDB but differ in text, so in hash
        BitemporalTable firms = BitemporalTable.of("firms", List.of("firm"), List.of("name", "wait"), "filing_date")
                .withColumnType("wait", "INTERVAL");
        Batch keyMode = Batch.of(List.of(
                        entry("firm", "F1", "name", "A", "wait", "1 month", "filing_date", "2020-01-01"),
                        entry("firm", "F1", "name", "A", "wait", "30 days", "filing_date", "2021-01-01"),
                        entry("firm", "F1", "name", "A", "wait", "30 days", "filing_date", "2022-01-01"),
                        entry("firm", "F2", "name", null, "wait", null, "filing_date", "2020-01-01"),
                        entry("firm", "F2", "name", "\\N", "wait", null, "filing_date", "2021-01-01"),
                        entry("firm", "F2", "name", "a|b", "wait", "1 day", "filing_date", "2023-01-01"),
                        entry("firm", "F2", "name", "a|b", "wait", "1 day", "filing_date", "2023-01-01")))
                .withMarkers(List.of(entry("firm", "F1", "filing_date", "2023-01-01")));
        Batch completeMode = Batch.of(List.of(
                        owner("O1", "10"),
                        owner("O2", "20"),
                        owner("O3", null),
                        entry("firm", "F1", "owner", "O1", "filing_date", "2021-01-01", "pct", "11"),
                        entry("firm", "F1", "owner", "O2", "filing_date", "2021-01-01", "pct", "20"),
                        entry("firm", "F2", "owner", "O1", "filing_date", "2021-01-01", "pct", "10")))
                .withMarkers(List.of(entry("firm", "F1", "filing_date", "2022-01-01")));
        for (var load : List.of(Map.entry(firms, keyMode), Map.entry(OWNERS, completeMode))) {
            List<Object> tables = new ArrayList<>();
            for (FirstLoad mode : FirstLoad.values()) {
                BitemporalTable t = load.getKey();
                execute("DROP TABLE IF EXISTS " + t.name() + "; DROP TABLE IF EXISTS " + t.assertionsTable()
                        + "; DROP TABLE IF EXISTS " + t.filingsTable());
                // COLLIDING_VALUE_IDS: 1-bit value ids collide, so the write takes the general path
                try (BitemporalSession session = new BitemporalSession(
                        c, t, InstantSource.system(), SessionOptions.DEFAULT.withFirstLoad(mode))) {
                    assertThat(session.write(load.getValue(), Replace.NONE, T1).outcome())
                            .isEqualTo(WriteResult.Outcome.WRITTEN);
                }
                tables.add(List.of(
                        Lake.rows(c, "SELECT * FROM " + t.name() + " ORDER BY ALL"),
                        Lake.rows(c, "SELECT * FROM " + t.assertionsTable() + " ORDER BY ALL")));
            }
            assertThat(tables).allSatisfy(table -> assertThat(table).isEqualTo(tables.get(0)));
        }
        assertThat(Lake.rows(c, "SELECT wait, valid_from, valid_to FROM firms WHERE firm = 'F1' ORDER BY valid_from"))
                .containsExactly(
                        List.of("1 month", "2020-01-01", "2021-01-01"), List.of("30 days", "2021-01-01", "2023-01-01"));
    }

    @Test
    void a_first_load_hashes_value_tuples_when_values_repeat_or_the_batch_is_small() {
        assertThat(StagingSql.fewValueTuples(1_000, 1_000)).isTrue();
        assertThat(StagingSql.fewValueTuples(1_813_524, 900)).isTrue();
        assertThat(StagingSql.fewValueTuples(1_800_000, 450_000)).isTrue();
        assertThat(StagingSql.fewValueTuples(1_800_000, 450_001)).isFalse();
        assertThat(StagingSql.fewValueTuples(1_800_000, 1_800_000)).isFalse();
    }

    @Test
    void a_full_refresh_from_sql_that_changes_only_the_text_of_a_value_is_not_taken_for_a_re_run() throws Exception {
        // DuckDB finds INTERVAL '1 month' equal to '30 days', value_hash does not
        BitemporalTable waits = BitemporalTable.of("waits", List.of("firm"), List.of("wait"), "filing_date")
                .withColumnType("wait", "INTERVAL");
        String rows = "SELECT * FROM (VALUES ('F1', DATE '2020-01-01', '1 month'), ('F2', DATE '2020-01-01', '%s')) "
                + "v(firm, filing_date, wait)";
        merge.write(c, waits, SourceQuery.of(rows.formatted("1 month")), Replace.ALL, T1);
        WriteResult again = merge.write(c, waits, SourceQuery.of(rows.formatted("30 days")), Replace.ALL, T2);
        assertThat(again.outcome()).isEqualTo(WriteResult.Outcome.WRITTEN);
        assertThat(Lake.rows(c, "SELECT firm, wait FROM waits WHERE system_to IS NULL ORDER BY firm"))
                .containsExactly(List.of("F1", "1 month"), List.of("F2", "30 days"));
    }

    @Test
    void a_table_without_value_columns_loads_re_runs_and_changes() throws Exception {
        BitemporalTable members = BitemporalTable.of("members", List.of("firm", "owner"), List.of(), "filing_date")
                .withCompleteBy(List.of("firm"));
        String rows = "SELECT * FROM (VALUES ('F1', 'O1', DATE '2020-01-01'), ('F1', 'O1', DATE '2021-01-01'), "
                + "('F1', 'O2', DATE '2021-01-01')%s) v(firm, owner, filing_date)";
        assertThat(merge.write(c, members, SourceQuery.of(rows.formatted("")), Replace.ALL, T1)
                        .versionsOpened())
                .isEqualTo(2);
        assertThat(merge.write(c, members, SourceQuery.of(rows.formatted("")), Replace.ALL, T2)
                        .outcome())
                .isEqualTo(WriteResult.Outcome.UNCHANGED);
        WriteResult added = merge.write(
                c, members, SourceQuery.of(rows.formatted(", ('F1', 'O2', DATE '2020-01-01')")), Replace.ALL, T2);
        assertThat(added)
                .extracting(WriteResult::versionsOpened, WriteResult::versionsClosed)
                .containsExactly(1L, 1L);
        assertThat(Lake.rows(
                        c,
                        "SELECT owner, valid_from, valid_to, value_hash FROM members WHERE system_to IS NULL "
                                + "ORDER BY ALL"))
                .containsExactly(
                        List.of("O1", "2020-01-01", "NULL", "d41d8cd98f00b204e9800998ecf8427e"),
                        List.of("O2", "2020-01-01", "NULL", "d41d8cd98f00b204e9800998ecf8427e"));
    }

    private static SourceQuery refresh(String values) {
        return SourceQuery.of("SELECT * FROM (VALUES " + values + ") v(firm, owner, filing_date, pct)");
    }

    private static Object nul(String text) {
        return "NULL".equals(text) ? null : text;
    }

    @Test
    void a_session_reuses_its_statements_across_writes_and_cleans_up_on_close() throws Exception {
        try (BitemporalSession session = merge.session(c, OWNERS)) {
            for (int i = 0; i < 3; i++) {
                Batch batch = Batch.of(List.of(
                        entry("firm", "F1", "owner", "O" + i, "filing_date", "2020-01-01", "pct", String.valueOf(i))));
                assertThat(session.write(batch, Replace.SCOPES, T1.plusSeconds(i))
                                .versionsOpened())
                        .isEqualTo(1);
            }
            assertThat(session.write(
                                    SourceQuery.of("SELECT NULL AS firm, 'x' AS owner, DATE '2020-01-01' AS "
                                            + "filing_date, '1' AS pct"),
                                    Replace.NONE,
                                    T2)
                            .rejection())
                    .contains("NULL in key column firm");
        }
        assertThat(Lake.rows(c, "SELECT owner, system_to IS NULL FROM owners ORDER BY ALL"))
                .containsExactly(List.of("O0", "false"), List.of("O1", "false"), List.of("O2", "true"));
        assertThat(Lake.count(c, "SELECT count(*) FROM duckdb_tables() WHERE temporary"))
                .isZero();
    }

    @Test
    void inside_a_caller_transaction_the_caller_commits_or_rolls_back() throws Exception {
        merge.createTables(c, OWNERS);
        c.setAutoCommit(false);
        merge.write(c, OWNERS, Batch.of(List.of(owner("O1", "10"))), Replace.NONE, T1);
        c.rollback();
        assertThat(Lake.count(c, "SELECT count(*) FROM owners")).isZero();
        assertThat(Lake.count(c, "SELECT count(*) FROM owners__assertions")).isZero();

        merge.write(c, OWNERS, Batch.of(List.of(owner("O1", "10"))), Replace.NONE, T1);
        WriteResult rejected =
                merge.write(c, OWNERS, Batch.of(List.of(owner("O1", "10"), owner("O1", "11"))), Replace.NONE, T2);
        c.commit();
        c.setAutoCommit(true);
        assertThat(rejected.rejection()).hasValueSatisfying(r -> assertThat(r).startsWith("conflicting rows"));
        assertThat(Lake.rows(c, "SELECT owner, pct FROM owners")).containsExactly(List.of("O1", "10"));
    }

    @Test
    void typed_columns_are_cast_and_unreadable_values_reject_the_batch() throws Exception {
        BitemporalTable prices = BitemporalTable.of("prices", List.of("id"), List.of("price"), "day")
                .withColumnType("id", "INTEGER")
                .withColumnType("price", "DECIMAL(10, 2)");
        merge.write(
                c, prices, Batch.of(List.of(entry("id", 7, "price", "1.5", "day", "2020-01-01"))), Replace.NONE, T1);
        assertThat(Lake.rows(c, "SELECT typeof(id), typeof(price), CAST(price AS VARCHAR) FROM prices"))
                .containsExactly(List.of("INTEGER", "DECIMAL(10,2)", "1.50"));
        WriteResult bad = merge.write(
                c, prices, Batch.of(List.of(entry("id", "x", "price", "1", "day", "2020-01-02"))), Replace.NONE, T2);
        assertThat(bad.rejection()).contains("key column id: cannot read x as INTEGER");
        WriteResult badDate =
                merge.write(c, prices, Batch.of(List.of(entry("id", 1, "day", "2020-13-01"))), Replace.NONE, T2);
        assertThat(badDate.rejection()).contains("date column day: cannot read 2020-13-01 as DATE");
        // a NULL value is a value; one that cannot be read is not, and the first bad row of a larger batch is named
        WriteResult badValue = merge.write(
                c,
                prices,
                SourceQuery.of("SELECT 1 AS id, NULL AS price, DATE '2020-01-03' AS day "
                        + "UNION ALL SELECT 2, 'cheap', DATE '2020-01-03'"),
                Replace.NONE,
                T2);
        assertThat(badValue.rejection()).contains("value column price: cannot read cheap as DECIMAL(10, 2)");
        assertThat(Lake.rows(c, "SELECT count(*) FROM prices")).containsExactly(List.of("1"));
    }

    @Test
    void a_clock_that_goes_back_gets_the_last_system_time_plus_one_microsecond() throws Exception {
        BitemporalTable t = BitemporalTable.of("t", List.of("k"), List.of("v"), "d");
        merge.write(c, t, Batch.of(List.of(entry("k", "a", "v", "1", "d", "2020-01-01"))), Replace.NONE, T2);
        WriteResult w =
                merge.write(c, t, Batch.of(List.of(entry("k", "a", "v", "2", "d", "2021-01-01"))), Replace.NONE, T1);
        assertThat(w.systemTime()).contains(T2.plusNanos(1000));
    }

    @Test
    void identifiers_and_types_are_checked_so_nothing_can_be_injected() {
        assertThatThrownBy(() -> BitemporalTable.of("t; DROP TABLE x", List.of("k"), List.of(), "d"))
                .hasMessageContaining("table name");
        assertThatThrownBy(() -> BitemporalTable.of("t", List.of("k\""), List.of(), "d"))
                .hasMessageContaining("column name");
        assertThatThrownBy(() -> BitemporalTable.of("t", List.of("k"), List.of("valid_from"), "d"))
                .hasMessageContaining("reserved");
        assertThatThrownBy(() -> BitemporalTable.of("t", List.of("k"), List.of("K"), "d"))
                .hasMessageContaining("declared twice");
        assertThatThrownBy(() ->
                        BitemporalTable.of("t", List.of("k"), List.of("v"), "d").withCompleteBy(List.of("v")))
                .hasMessageContaining("not a key column");
        assertThatThrownBy(() -> BitemporalTable.of("t", List.of("k"), List.of("v"), "d")
                        .withColumnType("v", "VARCHAR); DROP TABLE x; --"))
                .hasMessageContaining("invalid type");
        assertThatThrownBy(() ->
                        BitemporalTable.of("t", List.of("k"), List.of("v"), "d").withColumnType("v", "DOUBLE"))
                .hasMessageContaining("floating-point");
        assertThat(BitemporalTable.of("t", List.of("a", "b"), List.of(), "d")
                        .withCompleteBy(List.of("b", "a"))
                        .completeMode())
                .as("complete_by = all key columns is key mode")
                .isFalse();
    }

    @Test
    void a_row_with_an_unknown_column_is_refused_before_anything_runs() {
        BitemporalTable t = BitemporalTable.of("t", List.of("k"), List.of("v"), "d");
        assertThatThrownBy(() -> merge.write(
                        c, t, Batch.of(List.of(entry("k", "a", "typo", "1", "d", "2020-01-01"))), Replace.NONE, T1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("unknown column typo");
    }

    private static Map<String, Object> owner(String owner, String pct) {
        return entry("firm", "F1", "owner", owner, "filing_date", "2020-01-01", "pct", pct);
    }

    private void execute(String sql) throws Exception {
        try (Statement s = c.createStatement()) {
            s.execute(sql);
        }
    }
}
