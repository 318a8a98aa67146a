package io.sluice.lake.postgres.bitemporal;

import static io.sluice.lake.bitemporal.Batch.entry;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.lake.bitemporal.Batch;
import io.sluice.lake.bitemporal.BitemporalQueries;
import io.sluice.lake.bitemporal.BitemporalTable;
import io.sluice.lake.bitemporal.BoundQuery;
import io.sluice.lake.bitemporal.Replace;
import io.sluice.lake.bitemporal.ValueHash;
import io.sluice.lake.bitemporal.WriteResult;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The rules of docs/bitemporal.md on PostgreSQL: the worked examples of section 7 table for table, idempotent
 * re-delivery, corrections, rejections that leave every table as it was (in the merge's own transaction and in the
 * caller's), the system time, the value_hash vectors and the as-of reads. Each test writes into a schema of its own.
 */
class PostgresBitemporalMergeTest {

    private static final Instant T1 = Instant.parse("2025-01-01T00:00:00Z");
    private static final Instant T2 = Instant.parse("2025-01-02T00:00:00Z");
    private static final Instant T3 = Instant.parse("2025-01-03T00:00:00Z");
    private static final Instant T4 = Instant.parse("2025-01-04T00:00:00Z");
    private static final Map<Long, String> LABELS =
            Map.of(micros(T1), "T1", micros(T2), "T2", micros(T3), "T3", micros(T4), "T4");

    private static final BitemporalTable FIRMS =
            BitemporalTable.of("firms", List.of("firm"), List.of("name"), "filing_date");
    private static final BitemporalTable OWNERS = BitemporalTable.of(
                    "owners", List.of("firm", "owner"), List.of("pct"), "filing_date")
            .withCompleteBy(List.of("firm"));

    private static final AtomicInteger SCHEMAS = new AtomicInteger();
    private static Connection c;

    private final PostgresBitemporalMerge merge = new PostgresBitemporalMerge();
    private String schema;

    @BeforeAll
    static void connect() throws Exception {
        c = PgTestDatabase.connect(PgTestDatabase.freshDatabase());
    }

    @AfterAll
    static void disconnect() throws Exception {
        c.close();
    }

    @BeforeEach
    void freshSchema() throws Exception {
        schema = "s" + SCHEMAS.incrementAndGet();
        try (Statement s = c.createStatement()) {
            s.execute("CREATE SCHEMA " + schema);
        }
    }

    private WriteResult write(BitemporalTable table, Batch batch, Replace replace, Instant at) throws Exception {
        PgTestDatabase.stage(c, table, batch, schema + ".rows_in", schema + ".marks_in");
        return merge.write(c, schema, table, schema + ".rows_in", Optional.of(schema + ".marks_in"), replace, at);
    }

    @Test
    void example_a_key_mode_coalescing_rerun_new_filing_and_correction() throws Exception {
        Batch w1 = Batch.of(List.of(name("2020-01-01", "A"), name("2021-01-01", "A"), name("2022-01-01", "B")));
        assertThat(write(FIRMS, w1, Replace.NONE, T1)).isEqualTo(WriteResult.written(3, 2, 0, T1));
        WriteResult rerun = write(FIRMS, w1, Replace.NONE, T2);
        assertThat(rerun).isEqualTo(WriteResult.unchanged(3));
        assertThat(write(FIRMS, Batch.of(List.of(name("2023-01-01", "C"))), Replace.NONE, T3))
                .isEqualTo(WriteResult.written(1, 2, 1, T3));
        assertThat(write(FIRMS, Batch.of(List.of(name("2021-01-01", "X"))), Replace.NONE, T4))
                .as("a correction closes the coalesced version and splits it at the filings kept in the knowledge")
                .isEqualTo(WriteResult.written(1, 2, 1, T4));

        assertThat(versions(FIRMS))
                .containsExactlyInAnyOrder(
                        List.of("F1", "A", "2020-01-01", "2022-01-01", "T1", "T4"),
                        List.of("F1", "B", "2022-01-01", "NULL", "T1", "T3"),
                        List.of("F1", "B", "2022-01-01", "2023-01-01", "T3", "NULL"),
                        List.of("F1", "C", "2023-01-01", "NULL", "T3", "NULL"),
                        List.of("F1", "A", "2020-01-01", "2021-01-01", "T4", "NULL"),
                        List.of("F1", "X", "2021-01-01", "2022-01-01", "T4", "NULL"));
        assertThat(asOf(FIRMS, "2021-06-30", T3, "name")).containsExactly("A");
        assertThat(asOf(FIRMS, "2021-06-30", T4, "name")).containsExactly("X");
        assertThat(count("SELECT count(*) FROM " + schema + ".firms__assertions WHERE sys_to IS NULL"))
                .isEqualTo(4);
        assertThat(count("SELECT count(*) FROM " + schema + ".firms__assertions"))
                .as("replaced knowledge is kept")
                .isEqualTo(5);
    }

    @Test
    void example_b_complete_mode_disappear_reappear_amended_and_empty_filing() throws Exception {
        write(
                OWNERS,
                Batch.of(List.of(
                        owner("2020-01-01", "O1", "10"),
                        owner("2020-01-01", "O2", "20"),
                        owner("2021-01-01", "O1", "10"),
                        owner("2022-01-01", "O1", "10"),
                        owner("2022-01-01", "O2", "20"))),
                Replace.NONE,
                T1);
        write(
                OWNERS,
                Batch.of(List.of(owner("2021-01-01", "O1", "10"), owner("2021-01-01", "O2", "20"))),
                Replace.NONE,
                T2);
        WriteResult w3 = write(
                OWNERS,
                Batch.empty().withMarkers(List.of(entry("firm", "F1", "filing_date", "2023-01-01"))),
                Replace.NONE,
                T3);
        assertThat(w3).isEqualTo(WriteResult.written(0, 2, 2, T3));

        assertThat(versions(OWNERS))
                .containsExactlyInAnyOrder(
                        List.of("F1", "O1", "10", "2020-01-01", "NULL", "T1", "T3"),
                        List.of("F1", "O1", "10", "2020-01-01", "2023-01-01", "T3", "NULL"),
                        List.of("F1", "O2", "20", "2020-01-01", "2021-01-01", "T1", "T2"),
                        List.of("F1", "O2", "20", "2022-01-01", "NULL", "T1", "T2"),
                        List.of("F1", "O2", "20", "2020-01-01", "NULL", "T2", "T3"),
                        List.of("F1", "O2", "20", "2020-01-01", "2023-01-01", "T3", "NULL"));
        assertThat(count("SELECT count(*) FROM " + schema + ".owners__filings")).isEqualTo(4);
    }

    @Test
    void example_c_late_filing_splits_an_interval_and_its_redelivery_writes_nothing() throws Exception {
        write(FIRMS, Batch.of(List.of(name("2018-01-01", "A"), name("2021-01-01", "A"))), Replace.NONE, T1);
        Batch late = Batch.of(List.of(name("2019-01-01", "B")));
        write(FIRMS, late, Replace.NONE, T2);
        List<List<String>> before = PgTestDatabase.everything(c, schema, FIRMS);
        assertThat(write(FIRMS, late, Replace.NONE, T3)).isEqualTo(WriteResult.unchanged(1));
        assertThat(PgTestDatabase.everything(c, schema, FIRMS)).isEqualTo(before);

        assertThat(versions(FIRMS))
                .containsExactlyInAnyOrder(
                        List.of("F1", "A", "2018-01-01", "NULL", "T1", "T2"),
                        List.of("F1", "A", "2018-01-01", "2019-01-01", "T2", "NULL"),
                        List.of("F1", "B", "2019-01-01", "2021-01-01", "T2", "NULL"),
                        List.of("F1", "A", "2021-01-01", "NULL", "T2", "NULL"));
    }

    @Test
    void a_full_refresh_with_the_current_knowledge_is_a_no_op_and_one_without_a_firm_closes_it() throws Exception {
        Batch all = Batch.of(List.of(name("2020-01-01", "A"), firm("F2", "2020-01-01", "Z")));
        write(FIRMS, all, Replace.ALL, T1);
        List<List<String>> before = PgTestDatabase.everything(c, schema, FIRMS);
        assertThat(write(FIRMS, all, Replace.ALL, T2)).isEqualTo(WriteResult.unchanged(2));
        assertThat(PgTestDatabase.everything(c, schema, FIRMS)).isEqualTo(before);

        assertThat(write(FIRMS, Batch.of(List.of(name("2020-01-01", "A"))), Replace.ALL, T3))
                .isEqualTo(WriteResult.written(1, 0, 1, T3));
        assertThat(versions(FIRMS))
                .containsExactlyInAnyOrder(
                        List.of("F1", "A", "2020-01-01", "NULL", "T1", "NULL"),
                        List.of("F2", "Z", "2020-01-01", "NULL", "T1", "T3"));
    }

    @Test
    void a_tombstone_ends_a_key_and_a_coalescing_filing_changes_only_the_knowledge() throws Exception {
        write(FIRMS, Batch.of(List.of(name("2020-01-01", "A"))), Replace.NONE, T1);
        WriteResult same = write(FIRMS, Batch.of(List.of(name("2021-01-01", "A"))), Replace.NONE, T2);
        assertThat(same).isEqualTo(WriteResult.knowledgeOnly(1, T2));
        WriteResult tombstone = write(
                FIRMS,
                Batch.empty().withMarkers(List.of(entry("firm", "F1", "filing_date", "2022-01-01"))),
                Replace.NONE,
                T3);
        assertThat(tombstone).isEqualTo(WriteResult.written(0, 1, 1, T3));
        assertThat(versions(FIRMS))
                .containsExactlyInAnyOrder(
                        List.of("F1", "A", "2020-01-01", "NULL", "T1", "T3"),
                        List.of("F1", "A", "2020-01-01", "2022-01-01", "T3", "NULL"));
    }

    @Test
    void the_system_time_never_goes_back_and_identical_duplicate_rows_count_once() throws Exception {
        write(FIRMS, Batch.of(List.of(name("2020-01-01", "A"))), Replace.NONE, T2);
        WriteResult earlier =
                write(FIRMS, Batch.of(List.of(name("2021-01-01", "B"), name("2021-01-01", "B"))), Replace.NONE, T1);
        assertThat(earlier).isEqualTo(WriteResult.written(2, 2, 1, T2.plusNanos(1000)));
    }

    @Test
    void rejected_batches_leave_every_table_as_it_was() throws Exception {
        write(OWNERS, Batch.of(List.of(owner("2020-01-01", "O1", "10"))), Replace.NONE, T1);
        List<List<String>> before = PgTestDatabase.everything(c, schema, OWNERS);

        assertThat(write(
                        OWNERS,
                        Batch.of(List.of(owner("2021-01-01", "O1", "1"), owner("2021-01-01", "O1", "2"))),
                        Replace.NONE,
                        T2))
                .isEqualTo(WriteResult.rejected(2, "conflicting rows for key (F1, O1) on 2021-01-01"));
        assertThat(write(
                        OWNERS,
                        Batch.of(List.of(
                                owner("2021-01-01", "O1", "1"),
                                entry("firm", "F1", "owner", null, "pct", "3", "filing_date", "2021-01-01"))),
                        Replace.ALL,
                        T2))
                .isEqualTo(WriteResult.rejected(2, "NULL in key column owner"));
        assertThat(write(
                        OWNERS,
                        Batch.of(List.of(entry("firm", "F1", "owner", "O1", "pct", "3", "filing_date", null))),
                        Replace.NONE,
                        T2))
                .isEqualTo(WriteResult.rejected(1, "NULL in date column filing_date"));
        assertThat(write(
                        OWNERS,
                        Batch.empty().withMarkers(List.of(entry("firm", null, "filing_date", "2021-01-01"))),
                        Replace.NONE,
                        T2))
                .isEqualTo(WriteResult.rejected(0, "filing marker: NULL in scope column firm"));
        assertThat(write(
                        OWNERS,
                        Batch.of(List.of(entry("firm", "F1", "owner", "O1", "pct", "3", "filing_date", "someday"))),
                        Replace.NONE,
                        T2))
                .isEqualTo(WriteResult.rejected(1, "date column filing_date: cannot read someday as DATE"));
        assertThat(PgTestDatabase.everything(c, schema, OWNERS)).isEqualTo(before);
    }

    @Test
    void a_rejected_first_write_leaves_the_tables_created_and_empty_as_the_duckdb_engine_does() throws Exception {
        assertThat(write(
                        FIRMS,
                        Batch.of(List.of(entry("firm", null, "filing_date", "2020-01-01", "name", "A"))),
                        Replace.NONE,
                        T1))
                .isEqualTo(WriteResult.rejected(1, "NULL in key column firm"));
        assertThat(count("SELECT count(*) FROM " + schema + ".firms")).isZero();
        assertThat(count("SELECT count(*) FROM " + schema + ".firms__assertions"))
                .isZero();
    }

    @Test
    void a_rejection_in_the_callers_transaction_leaves_it_usable_and_writes_nothing() throws Exception {
        BitemporalTable typed = BitemporalTable.of("typed", List.of("id"), List.of("amount"), "filing_date")
                .withColumnType("id", "BIGINT")
                .withColumnType("amount", "DECIMAL(10,2)");
        write(
                typed,
                Batch.of(List.of(entry("id", "1", "amount", "1.5", "filing_date", "2020-01-01"))),
                Replace.NONE,
                T1);
        List<List<String>> before = PgTestDatabase.everything(c, schema, typed);
        PgTestDatabase.stage(
                c,
                typed,
                Batch.of(List.of(
                        entry("id", "2", "amount", "2", "filing_date", "2020-01-01"),
                        entry("id", "3", "amount", "lots", "filing_date", "2020-01-01"))),
                schema + ".rows_in",
                schema + ".marks_in");
        c.setAutoCommit(false);
        try {
            WriteResult rejected = merge.write(
                    c, schema, typed, schema + ".rows_in", Optional.of(schema + ".marks_in"), Replace.NONE, T2);
            assertThat(rejected)
                    .isEqualTo(WriteResult.rejected(2, "value column amount: cannot read lots as DECIMAL(10,2)"));
            assertThat(count("SELECT count(*) FROM " + schema + ".typed"))
                    .as("the transaction goes on")
                    .isEqualTo(1);
            c.commit();
        } finally {
            c.setAutoCommit(true);
        }
        assertThat(PgTestDatabase.everything(c, schema, typed)).isEqualTo(before);
        assertThat(PgTestDatabase.rows(c, "SELECT id, amount, value_hash FROM " + schema + ".typed"))
                .containsExactly(List.of("1", "1.50", md5("1.50")));
    }

    @Test
    void a_write_in_the_callers_transaction_is_undone_by_its_rollback() throws Exception {
        write(FIRMS, Batch.of(List.of(name("2020-01-01", "A"))), Replace.NONE, T1);
        List<List<String>> before = PgTestDatabase.everything(c, schema, FIRMS);
        PgTestDatabase.stage(
                c, FIRMS, Batch.of(List.of(name("2021-01-01", "B"))), schema + ".rows_in", schema + ".marks_in");
        c.setAutoCommit(false);
        try {
            assertThat(merge.write(c, schema, FIRMS, schema + ".rows_in", Optional.empty(), Replace.NONE, T2))
                    .isEqualTo(WriteResult.written(1, 2, 1, T2));
            c.rollback();
        } finally {
            c.setAutoCommit(true);
        }
        assertThat(PgTestDatabase.everything(c, schema, FIRMS)).isEqualTo(before);
    }

    @Test
    void the_value_hash_vectors_of_the_spec_hold_on_postgres() throws Exception {
        String hash = ValueHash.sql(List.of("v1", "v2"), "");
        assertThat(PgTestDatabase.rows(
                        c,
                        "SELECT " + hash + " FROM (SELECT CAST('A' AS VARCHAR) AS v1, "
                                + "CAST('B' AS VARCHAR) AS v2) AS t"))
                .containsExactly(List.of("685d9b3124d3d6e4e6260e32506211d7"));
        assertThat(PgTestDatabase.rows(
                        c,
                        "SELECT " + hash + " FROM (SELECT CAST('a|b' AS VARCHAR) AS v1, "
                                + "CAST(NULL AS VARCHAR) AS v2) AS t"))
                .containsExactly(List.of("384d8d6fc4b93457f713a12ad42db7d9"));
        assertThat(PgTestDatabase.rows(
                        c,
                        "SELECT " + hash + " FROM (SELECT CAST('x\\|y' AS VARCHAR) AS v1, "
                                + "CAST('Zürich' AS VARCHAR) AS v2) AS t"))
                .containsExactly(List.of("aafcb39692a41f2fc198d40bac972c65"));
    }

    @Test
    void tables_are_created_with_the_layout_of_the_spec() throws Exception {
        merge.createTables(c, schema, OWNERS);
        assertThat(PgTestDatabase.rows(
                        c,
                        "SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = '" + schema
                                + "' ORDER BY table_name, ordinal_position"))
                .extracting(r -> r.get(0) + "." + r.get(1))
                .containsExactly(
                        "owners.firm",
                        "owners.owner",
                        "owners.pct",
                        "owners.valid_from",
                        "owners.valid_to",
                        "owners.value_hash",
                        "owners.system_from",
                        "owners.system_to",
                        "owners__assertions.firm",
                        "owners__assertions.owner",
                        "owners__assertions.filing_date",
                        "owners__assertions.value_hash",
                        "owners__assertions.sys_from",
                        "owners__assertions.sys_to",
                        "owners__filings.firm",
                        "owners__filings.filing_date",
                        "owners__filings.sys_from",
                        "owners__filings.sys_to");
    }

    @Test
    void names_that_could_inject_sql_are_refused() {
        assertThatThrownBy(() -> merge.write(c, "lake; DROP", FIRMS, "rows_in", Optional.empty(), Replace.NONE, T1))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> merge.write(c, schema, FIRMS, "rows_in\" --", Optional.empty(), Replace.NONE, T1))
                .isInstanceOf(IllegalArgumentException.class);
    }

    private List<List<String>> versions(BitemporalTable t) throws Exception {
        List<String> cols = new ArrayList<>();
        t.keyColumns().forEach(k -> cols.add("\"" + k + "\""));
        t.valueColumns().forEach(v -> cols.add("\"" + v + "\""));
        String micros = "CAST(CAST(EXTRACT(EPOCH FROM %s) * 1000000 AS BIGINT) AS VARCHAR)";
        List<List<String>> out = new ArrayList<>();
        for (List<String> row : PgTestDatabase.rows(
                c,
                "SELECT " + String.join(", ", cols) + ", CAST(valid_from AS VARCHAR), CAST(valid_to AS VARCHAR), "
                        + String.format(micros, "system_from") + ", " + String.format(micros, "system_to") + " FROM "
                        + schema + ".\"" + t.name() + "\"")) {
            List<String> r = new ArrayList<>(row.subList(0, row.size() - 2));
            r.add(label(row.get(row.size() - 2)));
            r.add(label(row.get(row.size() - 1)));
            out.add(r);
        }
        return out;
    }

    private static String label(String micros) {
        return micros.equals("NULL") ? "NULL" : LABELS.getOrDefault(Long.parseLong(micros), micros);
    }

    private List<String> asOf(BitemporalTable t, String day, Instant at, String column) throws Exception {
        BoundQuery q = BitemporalQueries.asOf(schema, t, LocalDate.parse(day), at);
        List<String> out = new ArrayList<>();
        try (PreparedStatement s = q.prepare(c);
                ResultSet rs = s.executeQuery()) {
            while (rs.next()) {
                out.add(rs.getString(column));
            }
        }
        return out;
    }

    private long count(String sql) throws Exception {
        return Long.parseLong(PgTestDatabase.rows(c, sql).get(0).get(0));
    }

    private static String md5(String text) throws Exception {
        return PgTestDatabase.rows(c, "SELECT md5('" + text + "')").get(0).get(0);
    }

    private static long micros(Instant t) {
        return t.getEpochSecond() * 1_000_000L + t.getNano() / 1000;
    }

    private static Map<String, Object> name(String date, String name) {
        return firm("F1", date, name);
    }

    private static Map<String, Object> firm(String firm, String date, String name) {
        return entry("firm", firm, "filing_date", date, "name", name);
    }

    private static Map<String, Object> owner(String date, String owner, String pct) {
        return entry("firm", "F1", "owner", owner, "filing_date", date, "pct", pct);
    }
}
