package io.sluice.lake.duckdb;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.lake.AssetCheck;
import io.sluice.lake.Publication;
import io.sluice.lake.Staging;
import io.sluice.lake.TableSpec;
import io.sluice.lake.WriteMode;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The lake keeps one engine session per bi-temporal table on the table's own connection, so that publishes after
 * the first find their statements prepared and their temp tables created; a failed publish drops what was kept.
 */
class KeptBitemporalSessionTest extends LakeFixture {

    private static final TableSpec OWNERS = new TableSpec(
            "owners",
            new WriteMode.Bitemporal(List.of("firm", "owner"), List.of("pct"), "filed", List.of("firm")),
            List.of());

    private int runs;

    @Test
    void publishes_after_the_first_reuse_the_kept_session_and_write_what_the_engine_decides() {
        assertThat(publish(
                                OWNERS,
                                "SELECT * FROM (VALUES ('F1', 'O1', 10, DATE '2020-01-01'), ('F1', 'O2', 20, DATE '2020-01-01'), "
                                        + "('F2', 'O1', 5, DATE '2020-01-01')) AS r(firm, owner, pct, filed)",
                                true)
                        .published())
                .isTrue();
        KeptWriter kept = lake.kept("owners").orElseThrow();

        // a SINGLE_KEY-style correction of firm F1: O2 leaves on 2021-01-01
        Publication correction = publish(
                OWNERS,
                "SELECT * FROM (VALUES ('F1', 'O1', 10, DATE '2020-01-01'), ('F1', 'O2', 20, "
                        + "DATE '2020-01-01'), ('F1', 'O1', 10, DATE '2021-01-01')) AS r(firm, owner, pct, filed)",
                false);
        assertThat(correction.published()).isTrue();
        assertThat(correction.rowsInserted()).isEqualTo(1); // O2 until 2021-01-01
        assertThat(correction.rowsRemoved()).isEqualTo(1); // O2 until further notice
        assertThat(lake.kept("owners")).containsSame(kept);

        Publication again = publish(
                OWNERS,
                "SELECT * FROM (VALUES ('F1', 'O1', 10, DATE '2020-01-01'), ('F1', 'O2', 20, "
                        + "DATE '2020-01-01'), ('F1', 'O1', 10, DATE '2021-01-01')) AS r(firm, owner, pct, filed)",
                false);
        assertThat(again.rowsInserted() + again.rowsRemoved()).isZero();
        assertThat(lake.kept("owners")).containsSame(kept);
        assertThat(current("owners"))
                .containsExactly(
                        "F1 O1 10 2020-01-01 null", "F1 O2 20 2020-01-01 2021-01-01", "F2 O1 5 2020-01-01 null");
    }

    @Test
    void a_rejected_publish_drops_the_kept_session_and_the_next_publish_writes_on_a_new_one() {
        publish(
                OWNERS,
                "SELECT * FROM (VALUES ('F1', 'O1', 10, DATE '2020-01-01')) AS r(firm, owner, pct, filed)",
                true);
        KeptWriter kept = lake.kept("owners").orElseThrow();

        Publication rejected = publish(
                OWNERS,
                "SELECT * FROM (VALUES ('F1', 'O1', 10, DATE '2021-01-01'), ('F1', NULL, 10, "
                        + "DATE '2021-01-01')) AS r(firm, owner, pct, filed)",
                false);
        assertThat(rejected.published()).isFalse();
        assertThat(lake.kept("owners")).isEmpty();

        assertThat(publish(
                                OWNERS,
                                "SELECT * FROM (VALUES ('F1', 'O1', 11, DATE '2021-01-01')) AS r(firm, owner, pct, filed)",
                                false)
                        .published())
                .isTrue();
        assertThat(lake.kept("owners")).isPresent().get().isNotSameAs(kept);
        assertThat(current("owners")).containsExactly("F1 O1 11 2021-01-01 null");
    }

    @Test
    void a_failed_blocking_check_leaves_the_table_as_it_was_and_later_publishes_still_write() {
        TableSpec checked = new TableSpec(
                "owners",
                OWNERS.mode(),
                List.of(new AssetCheck.Range("pct_range", AssetCheck.Severity.ERROR, "pct", 0.0, 100.0)));
        publish(
                checked,
                "SELECT * FROM (VALUES ('F1', 'O1', 10, DATE '2020-01-01')) AS r(firm, owner, pct, filed)",
                true);

        Publication failed = publish(
                checked,
                "SELECT * FROM (VALUES ('F1', 'O1', 300, DATE '2021-01-01')) AS r(firm, owner, pct, filed)",
                false);
        assertThat(failed.published()).isFalse();
        assertThat(current("owners")).containsExactly("F1 O1 10 2020-01-01 null");

        publish(
                checked,
                "SELECT * FROM (VALUES ('F1', 'O1', 30, DATE '2021-01-01')) AS r(firm, owner, pct, filed)",
                false);
        assertThat(current("owners")).containsExactly("F1 O1 30 2021-01-01 null");
    }

    @Test
    void staged_rows_of_another_shape_get_a_session_of_their_own_and_other_write_modes_keep_nothing() {
        publish(
                OWNERS,
                "SELECT * FROM (VALUES ('F1', 'O1', 10, DATE '2020-01-01')) AS r(firm, owner, pct, filed)",
                true);
        KeptWriter kept = lake.kept("owners").orElseThrow();
        publish(
                OWNERS,
                "SELECT * FROM (VALUES ('F1', 'O1', 12.5, DATE '2021-01-01')) AS r(firm, owner, pct, filed)",
                false);
        assertThat(lake.kept("owners")).isPresent().get().isNotSameAs(kept);

        TableSpec upserted = new TableSpec("firms", new WriteMode.Upsert(List.of("firm")), List.of());
        assertThat(publish(upserted, "SELECT 'F1' AS firm, 'Acme' AS name", true)
                        .published())
                .isTrue();
        assertThat(lake.kept("firms")).isEmpty();
    }

    @Test
    void staged_columns_without_a_type_or_of_a_nested_type_reject_the_batch_with_the_column_named() {
        publish(
                OWNERS,
                "SELECT * FROM (VALUES ('F1', 'O1', 10, DATE '2020-01-01')) AS r(firm, owner, pct, filed)",
                true);

        Publication untyped =
                publish(OWNERS, "SELECT 'F1' AS firm, 'O1' AS owner, NULL AS pct, DATE '2021-01-01' AS filed", false);
        assertThat(untyped.published()).isFalse();
        assertThat(untyped.rejection())
                .contains("staged column 'pct' has no type")
                .contains("CAST(NULL AS VARCHAR)");

        Publication nested =
                publish(OWNERS, "SELECT 'F1' AS firm, 'O1' AS owner, [1, 2] AS pct, DATE '2021-01-01' AS filed", false);
        assertThat(nested.published()).isFalse();
        assertThat(nested.rejection()).contains("staged column 'pct' has type INTEGER[]");

        assertThat(current("owners")).containsExactly("F1 O1 10 2020-01-01 null");
    }

    @Test
    void a_keyed_publish_of_only_an_empty_filing_marker_leaves_its_firm_without_owners() {
        publish(
                OWNERS,
                "SELECT * FROM (VALUES ('F1', 'O1', 10, DATE '2020-01-01'), ('F1', 'O2', 20, DATE '2020-01-01'), "
                        + "('F2', 'O1', 5, DATE '2020-01-01')) AS r(firm, owner, pct, filed)",
                true);

        Staging staging = lake.stage(OWNERS, "run-markers", Optional.empty());
        Publication published;
        try {
            staging.markers("SELECT 'F1' AS firm, DATE '2021-01-01' AS filed");
            published = staging.publish(false);
        } finally {
            staging.close();
        }

        // replace=scopes, as a keyed publish writes: F1's whole history is now one filing without owners
        assertThat(published.published()).as(published.rejection()).isTrue();
        assertThat(published.rowsRemoved()).isEqualTo(2);
        assertThat(published.rowsInserted()).isZero();
        assertThat(current("owners")).containsExactly("F2 O1 5 2020-01-01 null");
    }

    private Publication publish(TableSpec table, String select, boolean complete) {
        return TestLakes.publish(lake, table, "run-" + ++runs, select, complete);
    }

    private List<String> current(String table) {
        return lake.read(session ->
                session.queryStrings("SELECT concat_ws(' ', firm, owner, pct, valid_from, coalesce(CAST(valid_to AS "
                        + "VARCHAR), 'null')) FROM " + table + " WHERE system_to IS NULL ORDER BY ALL"));
    }
}
