package io.sluice.lake.duckdb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.lake.Publication;
import io.sluice.lake.Staging;
import io.sluice.lake.TableSpec;
import io.sluice.lake.WriteMode;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * A small publish hands its staging table back to the lake emptied, and the next publish of the table stages into it
 * instead of creating one (DDL would make the kept writer's prepared statements bind again); a staging table of other
 * columns, a big one, or one more than the pool keeps is dropped.
 */
class StagingPoolTest extends LakeFixture {

    private static final TableSpec OWNERS = new TableSpec(
            "owners",
            new WriteMode.Bitemporal(List.of("firm", "owner"), List.of("pct"), "filed", List.of("firm")),
            List.of());
    private static final TableSpec FIRMS = new TableSpec("firms", new WriteMode.Upsert(List.of("firm")), List.of());

    private int runs;

    @Test
    void publishes_after_the_first_stage_into_the_same_emptied_table_and_write_the_same_as_a_new_one() {
        publish(OWNERS, owners("('F1', 'O1', 10, DATE '2020-01-01'), ('F2', 'O1', 5, DATE '2020-01-01')"), true);
        List<String> afterFirst = stagingTables();
        assertThat(afterFirst).hasSize(1);
        assertThat(rowsIn(afterFirst.get(0))).isZero();

        Publication correction = publish(
                OWNERS, owners("('F1', 'O1', 10, DATE '2020-01-01'), ('F1', 'O1', 12, DATE '2021-01-01')"), false);
        assertThat(correction.published()).isTrue();
        assertThat(correction.rowsInserted()).isEqualTo(2);
        assertThat(correction.rowsRemoved()).isEqualTo(1);
        Publication rerun = publish(
                OWNERS, owners("('F1', 'O1', 10, DATE '2020-01-01'), ('F1', 'O1', 12, DATE '2021-01-01')"), false);
        assertThat(rerun.rowsInserted() + rerun.rowsRemoved()).isZero();

        assertThat(stagingTables()).isEqualTo(afterFirst);
        assertThat(rowsIn(afterFirst.get(0))).isZero();
        assertThat(current())
                .containsExactly(
                        "F1 O1 10 2020-01-01 2021-01-01", "F1 O1 12 2021-01-01 null", "F2 O1 5 2020-01-01 null");
    }

    @Test
    void staged_rows_of_other_columns_get_the_staging_table_created_again_with_their_columns() {
        publish(FIRMS, "SELECT 'F1' AS firm, 10 AS employees", true);

        Staging staging = lake.stage(FIRMS, "run-" + ++runs, Optional.empty());
        try {
            // inserted into the pooled table, 12.5 would become the INTEGER 13
            staging.rows("SELECT 'F1' AS firm, 12.5 AS employees");
            assertThat(stagingTables()).hasSize(1);
            assertThat(count("SELECT count(*) FROM (DESCRIBE " + stagingTables().get(0)
                            + ") WHERE column_name = 'employees' " + "AND column_type LIKE 'DECIMAL%'"))
                    .isEqualTo(1);
            assertThat(count("SELECT count(*) FROM " + stagingTables().get(0) + " WHERE employees = 12.5"))
                    .isEqualTo(1);
        } finally {
            staging.close();
        }

        // a column the pooled table lacks: staged all the same (the write then rejects it, as it would a new table)
        Publication wider = publish(FIRMS, "SELECT 'F1' AS firm, 11 AS employees, 'Zurich' AS city", false);
        assertThat(wider.published()).isFalse();
        assertThat(wider.rejection()).contains("columns that table firms does not have: [city]");
        assertThat(stagingTables()).hasSize(1);
    }

    @Test
    void a_rejected_batch_returns_its_staging_table_emptied_and_the_next_publish_writes_from_it() {
        publish(OWNERS, owners("('F1', 'O1', 10, DATE '2020-01-01')"), true);
        List<String> pooled = stagingTables();

        Publication rejected = publish(
                OWNERS, owners("('F1', 'O1', 10, DATE '2021-01-01'), ('F1', NULL, 10, DATE '2021-01-01')"), false);
        assertThat(rejected.published()).isFalse();
        assertThat(stagingTables()).isEqualTo(pooled);
        assertThat(rowsIn(pooled.get(0))).isZero();

        assertThat(publish(OWNERS, owners("('F1', 'O1', 11, DATE '2021-01-01')"), false)
                        .published())
                .isTrue();
        assertThat(current()).containsExactly("F1 O1 11 2021-01-01 null");
    }

    @Test
    void a_publish_of_more_rows_than_the_pool_keeps_drops_its_staging_table() {
        long rows = StagingPool.MAX_ROWS + 1;
        Publication big =
                publish(FIRMS, "SELECT 'F' || i AS firm, i AS employees FROM range(" + rows + ") AS t(i)", true);
        assertThat(big.published()).isTrue();
        assertThat(big.rowsIn()).isEqualTo(rows);
        assertThat(stagingTables()).isEmpty();

        publish(FIRMS, "SELECT 'F1' AS firm, 7 AS employees", false);
        assertThat(stagingTables()).hasSize(1);
        assertThat(count("SELECT employees FROM firms WHERE firm = 'F1'")).isEqualTo(7);
    }

    @Test
    void overlapping_publishes_of_one_table_stage_into_tables_of_their_own_and_the_pool_keeps_at_most_two() {
        Staging[] open = new Staging[StagingPool.MAX_FREE + 1];
        for (int i = 0; i < open.length; i++) {
            open[i] = lake.stage(FIRMS, "run-" + ++runs, Optional.empty());
            open[i].rows("SELECT 'F" + i + "' AS firm, " + i + " AS employees");
        }
        assertThat(stagingTables()).hasSize(open.length);
        for (Staging staging : open) {
            assertThat(staging.publish(false).published()).isTrue();
            staging.close();
        }
        assertThat(stagingTables()).hasSize(StagingPool.MAX_FREE);
        assertThat(count("SELECT count(*) FROM firms")).isEqualTo(open.length);
    }

    @Test
    void enum_columns_of_other_values_get_the_staging_table_created_again() {
        TableSpec kinds = new TableSpec("kinds", new WriteMode.Upsert(List.of("firm")), List.of());
        publish(kinds, "SELECT 'F1' AS firm, CAST('a' AS ENUM('a', 'b')) AS kind", true);

        Staging staging = lake.stage(kinds, "run-" + ++runs, Optional.empty());
        try {
            // into the pooled ENUM('a', 'b') column, 'x' would fail to convert
            staging.rows("SELECT 'F2' AS firm, CAST('x' AS ENUM('x', 'y')) AS kind");
            assertThat(count("SELECT count(*) FROM " + stagingTables().get(0) + " WHERE CAST(kind AS VARCHAR) = 'x'"))
                    .isEqualTo(1);
        } finally {
            staging.close();
        }
    }

    @Test
    void a_query_whose_column_names_repeat_stages_into_a_table_of_its_own_every_time() {
        TableSpec repeated = new TableSpec("repeated", new WriteMode.Upsert(List.of("firm")), List.of());
        for (int employees = 1; employees <= 3; employees++) {
            // CREATE TABLE AS names the repeat x_1; an INSERT BY NAME into that table would fail on the repeated x
            Publication published =
                    publish(repeated, "SELECT 'F1' AS firm, " + employees + " AS x, 0 AS X", employees == 1);
            assertThat(published.published()).as(published.rejection()).isTrue();
        }
        assertThat(stagingTables()).isEmpty();
        assertThat(count("SELECT x FROM repeated WHERE firm = 'F1'")).isEqualTo(3);
    }

    @Test
    void a_query_that_names_a_collation_stages_into_a_table_of_its_own_every_time() {
        TableSpec collated = new TableSpec("collated", new WriteMode.Upsert(List.of("firm")), List.of());
        // DESCRIBE shows both as VARCHAR, but the staged column keeps its collation, which the upsert compares by
        publish(collated, "SELECT 'F1' COLLATE NOCASE AS firm, 1 AS employees", true);
        assertThat(stagingTables()).isEmpty();
        assertThat(publish(collated, "SELECT 'f1' AS firm, 2 AS employees", false)
                        .rowsRemoved())
                .isEqualTo(1); // F1 matched f1
        assertThat(stagingTables()).hasSize(1);
        publish(collated, "SELECT 'F1' COLLATE NOCASE AS firm, 3 AS employees", false);
        assertThat(stagingTables()).hasSize(1);
    }

    @Test
    void only_the_collate_keyword_keeps_a_query_out_of_the_pool() {
        List<DuckDbSession.ResultColumn> columns = List.of(new DuckDbSession.ResultColumn("collateral", "VARCHAR"));
        assertThat(StagingPool.reusable(columns, "SELECT collateral FROM loans"))
                .isTrue();
        assertThat(StagingPool.reusable(columns, "SELECT name COLLATE nocase AS collateral FROM loans"))
                .isFalse();
    }

    @Test
    void a_staging_closed_twice_hands_its_table_back_once_and_refuses_rows_after_close() {
        Staging first = lake.stage(FIRMS, "run-" + ++runs, Optional.empty());
        first.rows("SELECT 'F1' AS firm, 1 AS employees");
        first.publish(true);
        first.close();
        first.close();
        assertThatThrownBy(() -> first.rows("SELECT 'F9' AS firm, 9 AS employees"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("closed");

        // had the table gone back to the pool twice, both would stage into it and publish each other's rows
        Staging second = lake.stage(FIRMS, "run-" + ++runs, Optional.empty());
        Staging third = lake.stage(FIRMS, "run-" + ++runs, Optional.empty());
        try {
            second.rows("SELECT 'F2' AS firm, 2 AS employees");
            third.rows("SELECT 'F3' AS firm, 3 AS employees");
            assertThat(stagingTables()).hasSize(2);
            assertThat(second.publish(false).rowsIn()).isEqualTo(1);
            assertThat(third.publish(false).rowsIn()).isEqualTo(1);
        } finally {
            second.close();
            third.close();
        }
        assertThat(lake.<List<String>>read(
                        session -> session.queryStrings("SELECT firm || '=' || employees FROM firms ORDER BY firm")))
                .containsExactly("F1=1", "F2=2", "F3=3");
    }

    @Test
    void rows_staged_again_after_a_failed_first_staging_leave_no_table_behind() {
        publish(FIRMS, "SELECT 'F1' AS firm, 1 AS employees", true);

        Staging staging = lake.stage(FIRMS, "run-" + ++runs, Optional.empty());
        try {
            // fails while it runs, after the pooled table was taken
            assertThatThrownBy(() ->
                            staging.rows("SELECT 'F2' AS firm, CAST(error('no employees') AS INTEGER) AS employees"))
                    .hasMessageContaining("no employees");
            staging.rows("SELECT 'F2' AS firm, 2 AS employees");
            assertThat(staging.publish(false).published()).isTrue();
        } finally {
            staging.close();
        }
        assertThat(stagingTables()).hasSize(1);
        assertThat(rowsIn(stagingTables().get(0))).isZero();
    }

    private static String owners(String values) {
        return "SELECT * FROM (VALUES " + values + ") AS r(firm, owner, pct, filed)";
    }

    private Publication publish(TableSpec table, String select, boolean complete) {
        return TestLakes.publish(lake, table, "run-" + ++runs, select, complete);
    }

    private List<String> stagingTables() {
        return lake.read(session ->
                session.queryStrings("SELECT table_name FROM information_schema.tables WHERE table_name LIKE "
                        + "'\\_\\_stage\\_%' ESCAPE '\\' ORDER BY table_name"));
    }

    private long rowsIn(String table) {
        return count("SELECT count(*) FROM " + table);
    }

    private long count(String sql) {
        return lake.<Long>read(session -> session.queryLong(sql));
    }

    private List<String> current() {
        return lake.read(session ->
                session.queryStrings("SELECT concat_ws(' ', firm, owner, pct, valid_from, coalesce(CAST(valid_to AS "
                        + "VARCHAR), 'null')) FROM owners WHERE system_to IS NULL ORDER BY ALL"));
    }
}
