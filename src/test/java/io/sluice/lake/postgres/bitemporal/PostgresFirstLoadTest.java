package io.sluice.lake.postgres.bitemporal;

import static io.sluice.lake.bitemporal.Batch.entry;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.lake.bitemporal.Batch;
import io.sluice.lake.bitemporal.BitemporalTable;
import io.sluice.lake.bitemporal.Replace;
import io.sluice.lake.bitemporal.WriteResult;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The first load of the PostgreSQL merge (a bulk write into empty tables: their indexes dropped, the rows written, the
 * indexes built again, in the write's transaction) leaves the same rows and result as the general path, with the same
 * indexes, and a first load that fails leaves the empty tables with their indexes.
 */
class PostgresFirstLoadTest {

    private static final Instant T1 = Instant.parse("2025-01-01T00:00:00Z");
    private static final Instant T2 = Instant.parse("2025-01-02T00:00:00Z");
    private static final Instant T3 = Instant.parse("2025-01-03T00:00:00Z");

    private static final BitemporalTable FIRMS =
            BitemporalTable.of("firms", List.of("firm"), List.of("name"), "filing_date");
    private static final BitemporalTable OWNERS = BitemporalTable.of(
                    "owners", List.of("firm", "owner"), List.of("pct"), "filing_date")
            .withCompleteBy(List.of("firm"));

    private static final AtomicInteger SCHEMAS = new AtomicInteger();
    private static Connection c;

    /** Every write of a row or more into empty tables is a first load. */
    private final PostgresBitemporalMerge firstLoads = new PostgresBitemporalMerge(1);
    /** No write is. */
    private final PostgresBitemporalMerge general = new PostgresBitemporalMerge(Long.MAX_VALUE);

    @BeforeAll
    static void connect() throws Exception {
        c = PgTestDatabase.connect(PgTestDatabase.freshDatabase());
    }

    @AfterAll
    static void disconnect() throws Exception {
        c.close();
    }

    @Test
    void a_first_load_in_key_mode_leaves_the_rows_result_and_indexes_of_the_general_path() throws Exception {
        List<Map<String, Object>> rows = new ArrayList<>();
        for (int f = 1; f <= 30; f++) {
            rows.add(firm("F" + f, "2020-01-01", "A"));
            rows.add(firm("F" + f, "2021-01-01", f % 3 == 0 ? "B" : "A"));
            rows.add(firm("F" + f, "2022-01-01", "C"));
            rows.add(firm("F" + f, "2022-01-01", "C")); // identical rows count once
        }
        Batch first = Batch.of(rows).withMarkers(List.of(entry("firm", "F2", "filing_date", "2023-01-01")));
        Batch next = Batch.of(List.of(firm("F1", "2021-01-01", "X"), firm("F31", "2020-01-01", "N")));
        bothPaths(FIRMS, first, next, Replace.NONE);
    }

    @Test
    void a_first_load_in_complete_mode_leaves_the_rows_result_and_indexes_of_the_general_path() throws Exception {
        List<Map<String, Object>> rows = new ArrayList<>();
        for (int f = 1; f <= 20; f++) {
            rows.add(owner("F" + f, "2020-01-01", "O1", "10"));
            rows.add(owner("F" + f, "2020-01-01", "O2", "20"));
            rows.add(owner("F" + f, "2021-01-01", "O1", "10"));
            rows.add(owner("F" + f, "2022-01-01", "O1", f % 2 == 0 ? "15" : "10"));
            rows.add(owner("F" + f, "2022-01-01", "O2", "20"));
        }
        Batch first = Batch.of(rows).withMarkers(List.of(entry("firm", "F3", "filing_date", "2023-01-01")));
        Batch next = Batch.of(List.of(owner("F1", "2021-01-01", "O3", "5"), owner("F21", "2020-01-01", "O1", "1")));
        for (Replace replace : Replace.values()) {
            bothPaths(OWNERS, first, next, replace);
        }
    }

    @Test
    void a_first_load_that_fails_leaves_the_empty_tables_with_their_indexes() throws Exception {
        String schema = freshSchema();
        firstLoads.createTables(c, schema, OWNERS);
        List<List<String>> indexes = indexes(schema);
        assertThat(indexes).hasSize(new PgMergeSql(schema, OWNERS).indexes().size());
        execute("CREATE FUNCTION " + schema + ".refuse() RETURNS trigger LANGUAGE plpgsql AS "
                + "$f$ BEGIN RAISE EXCEPTION 'refused'; END $f$");
        execute("CREATE TRIGGER refuse BEFORE INSERT ON " + schema + ".owners FOR EACH ROW EXECUTE FUNCTION " + schema
                + ".refuse()");
        Batch batch = Batch.of(List.of(owner("F1", "2020-01-01", "O1", "10"), owner("F2", "2020-01-01", "O1", "5")));

        // in the merge's own transaction
        assertThatThrownBy(() -> write(firstLoads, schema, OWNERS, batch, Replace.NONE, T1))
                .isInstanceOf(SQLException.class)
                .hasMessageContaining("refused");
        assertEmptyWithIndexes(schema, indexes);

        // in the caller's: the write fails after it dropped the indexes and wrote the knowledge, the caller commits
        PgTestDatabase.stage(c, OWNERS, batch, schema + ".rows_in", schema + ".marks_in");
        c.setAutoCommit(false);
        try {
            assertThatThrownBy(() -> firstLoads.write(
                            c,
                            schema,
                            OWNERS,
                            schema + ".rows_in",
                            Optional.of(schema + ".marks_in"),
                            Replace.NONE,
                            T1))
                    .isInstanceOf(SQLException.class)
                    .hasMessageContaining("refused");
            assertThat(count("SELECT count(*) FROM " + schema + ".owners__assertions"))
                    .as("the transaction goes on")
                    .isZero();
            c.commit();
        } finally {
            c.setAutoCommit(true);
        }
        assertEmptyWithIndexes(schema, indexes);

        execute("DROP TRIGGER refuse ON " + schema + ".owners");
        assertThat(write(firstLoads, schema, OWNERS, batch, Replace.NONE, T2))
                .isEqualTo(WriteResult.written(2, 2, 0, T2));
        assertThat(indexes(schema)).isEqualTo(indexes);
    }

    @Test
    void a_write_into_tables_that_held_rows_is_not_a_first_load_and_keeps_its_result() throws Exception {
        String a = freshSchema();
        String b = freshSchema();
        Batch one = Batch.of(List.of(firm("F1", "2020-01-01", "A")));
        Batch none = Batch.of(List.of()).withMarkers(List.of(entry("firm", "F1", "filing_date", "2020-01-01")));
        Batch again = Batch.of(List.of(firm("F1", "2020-01-01", "B")));
        for (String schema : List.of(a, b)) {
            PostgresBitemporalMerge merge = schema.equals(a) ? firstLoads : general;
            write(merge, schema, FIRMS, one, Replace.NONE, T1);
            write(merge, schema, FIRMS, none, Replace.ALL, T2);
            assertThat(count("SELECT count(*) FROM " + schema + ".firms WHERE system_to IS NULL"))
                    .isZero();
            assertThat(write(merge, schema, FIRMS, again, Replace.NONE, T3))
                    .isEqualTo(WriteResult.written(1, 1, 0, T3));
        }
        assertThat(PgTestDatabase.everything(c, a, FIRMS)).isEqualTo(PgTestDatabase.everything(c, b, FIRMS));
    }

    /** Writes {@code first} into empty tables and then {@code next}, by both paths: the same results, rows, indexes. */
    private void bothPaths(BitemporalTable table, Batch first, Batch next, Replace replace) throws Exception {
        String loaded = freshSchema();
        String written = freshSchema();
        WriteResult load = write(firstLoads, loaded, table, first, Replace.NONE, T1);
        assertThat(load).isEqualTo(write(general, written, table, first, Replace.NONE, T1));
        assertThat(load.versionsOpened()).isPositive();
        assertThat(PgTestDatabase.everything(c, loaded, table)).isEqualTo(PgTestDatabase.everything(c, written, table));
        assertThat(indexes(loaded))
                .as("the indexes are built again, as createTables makes them")
                .isEqualTo(indexes(written))
                .hasSize(new PgMergeSql(loaded, table).indexes().size());
        assertThat(count("SELECT count(*) FROM pg_index i JOIN pg_class r ON r.oid = i.indrelid JOIN pg_namespace n "
                        + "ON n.oid = r.relnamespace WHERE n.nspname = '" + loaded + "' AND NOT i.indisvalid"))
                .isZero();
        assertThat(count(
                        "SELECT CAST(min(reltuples) AS BIGINT) FROM pg_class r JOIN pg_namespace n ON n.oid = r.relnamespace "
                                + "WHERE n.nspname = '" + loaded + "' AND r.relkind = 'r' AND r.relname LIKE '"
                                + table.name() + "%'"))
                .as("the tables are analyzed")
                .isPositive();
        assertThat(write(firstLoads, loaded, table, next, replace, T2))
                .as("the next write is not a first load, with the indexes")
                .isEqualTo(write(general, written, table, next, replace, T2));
        assertThat(PgTestDatabase.everything(c, loaded, table)).isEqualTo(PgTestDatabase.everything(c, written, table));
    }

    private void assertEmptyWithIndexes(String schema, List<List<String>> indexes) throws Exception {
        for (String t : List.of("owners", "owners__assertions", "owners__filings")) {
            assertThat(count("SELECT count(*) FROM " + schema + "." + t)).as(t).isZero();
        }
        assertThat(indexes(schema)).isEqualTo(indexes);
    }

    /** The schema's indexes, each as its name and definition without the schema's name. */
    private static List<List<String>> indexes(String schema) throws SQLException {
        return PgTestDatabase.rows(
                c,
                "SELECT indexname, replace(indexdef, '" + schema + ".', '') FROM pg_indexes WHERE schemaname = '"
                        + schema + "' ORDER BY indexname");
    }

    private static WriteResult write(
            PostgresBitemporalMerge merge,
            String schema,
            BitemporalTable table,
            Batch batch,
            Replace replace,
            Instant at)
            throws Exception {
        PgTestDatabase.stage(c, table, batch, schema + ".rows_in", schema + ".marks_in");
        return merge.write(c, schema, table, schema + ".rows_in", Optional.of(schema + ".marks_in"), replace, at);
    }

    private static String freshSchema() throws SQLException {
        String schema = "f" + SCHEMAS.incrementAndGet();
        execute("CREATE SCHEMA " + schema);
        return schema;
    }

    private static void execute(String sql) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute(sql);
        }
    }

    private static long count(String sql) throws SQLException {
        return Long.parseLong(PgTestDatabase.rows(c, sql).get(0).get(0));
    }

    private static Map<String, Object> firm(String firm, String date, String name) {
        return entry("firm", firm, "filing_date", date, "name", name);
    }

    private static Map<String, Object> owner(String firm, String date, String owner, String pct) {
        return entry("firm", firm, "owner", owner, "filing_date", date, "pct", pct);
    }
}
