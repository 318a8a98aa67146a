package io.sluice.lake.duckdb.bitemporal;

import static io.sluice.lake.bitemporal.Batch.entry;
import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.lake.bitemporal.Batch;
import io.sluice.lake.bitemporal.BitemporalQueries;
import io.sluice.lake.bitemporal.BitemporalTable;
import io.sluice.lake.bitemporal.Replace;
import io.sluice.lake.bitemporal.WriteResult;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Examples A, B and C of section 7, table for table. */
class WorkedExamplesTest {

    private static final Instant T1 = Instant.parse("2025-01-01T00:00:00Z");
    private static final Instant T2 = Instant.parse("2025-01-02T00:00:00Z");
    private static final Instant T3 = Instant.parse("2025-01-03T00:00:00Z");
    private static final Instant T4 = Instant.parse("2025-01-04T00:00:00Z");
    private static final Instant T5 = Instant.parse("2025-01-05T00:00:00Z");
    private static final Instant T6 = Instant.parse("2025-01-06T00:00:00Z");
    private static final Map<Instant, String> LABELS =
            Map.of(T1, "T1", T2, "T2", T3, "T3", T4, "T4", T5, "T5", T6, "T6");

    private static final BitemporalTable FIRMS =
            BitemporalTable.of("firms", List.of("firm"), List.of("name"), "filing_date");
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
    void example_a_key_mode_coalescing_rerun_new_filing_and_correction() throws Exception {
        Batch w1 = Batch.of(List.of(name("2020-01-01", "A"), name("2021-01-01", "A"), name("2022-01-01", "B")));
        assertThat(merge.write(c, FIRMS, w1, Replace.NONE, T1).versionsOpened()).isEqualTo(2);
        WriteResult rerun = merge.write(c, FIRMS, w1, Replace.NONE, T2);
        assertThat(rerun.outcome()).isEqualTo(WriteResult.Outcome.UNCHANGED);
        assertThat(rerun.systemTime()).isEmpty();
        WriteResult w3 = merge.write(c, FIRMS, Batch.of(List.of(name("2023-01-01", "C"))), Replace.NONE, T3);
        assertThat(w3)
                .extracting(WriteResult::versionsOpened, WriteResult::versionsClosed)
                .containsExactly(2L, 1L);
        merge.write(c, FIRMS, Batch.of(List.of(name("2021-01-01", "X"))), Replace.NONE, T4);

        assertThat(Lake.versions(c, FIRMS, LABELS))
                .containsExactlyInAnyOrder(
                        List.of("F1", "A", "2020-01-01", "2022-01-01", "T1", "T4"),
                        List.of("F1", "B", "2022-01-01", "NULL", "T1", "T3"),
                        List.of("F1", "B", "2022-01-01", "2023-01-01", "T3", "NULL"),
                        List.of("F1", "C", "2023-01-01", "NULL", "T3", "NULL"),
                        List.of("F1", "A", "2020-01-01", "2021-01-01", "T4", "NULL"),
                        List.of("F1", "X", "2021-01-01", "2022-01-01", "T4", "NULL"));
        assertThat(asOf(FIRMS, "2021-06-30", T3, "name")).containsExactly("A");
        assertThat(asOf(FIRMS, "2021-06-30", T4, "name")).containsExactly("X");
        assertThat(Lake.count(c, "SELECT count(*) FROM firms__assertions WHERE sys_to IS NULL"))
                .isEqualTo(4);
        assertThat(Lake.count(c, "SELECT count(*) FROM firms__assertions"))
                .as("replaced knowledge is kept")
                .isEqualTo(5);
    }

    @Test
    void example_b_complete_mode_disappear_reappear_amended_and_empty_filing() throws Exception {
        merge.write(
                c,
                OWNERS,
                Batch.of(List.of(
                        owner("2020-01-01", "O1", "10"),
                        owner("2020-01-01", "O2", "20"),
                        owner("2021-01-01", "O1", "10"),
                        owner("2022-01-01", "O1", "10"),
                        owner("2022-01-01", "O2", "20"))),
                Replace.NONE,
                T1);
        merge.write(
                c,
                OWNERS,
                Batch.of(List.of(owner("2021-01-01", "O1", "10"), owner("2021-01-01", "O2", "20"))),
                Replace.NONE,
                T2);
        WriteResult w3 = merge.write(
                c,
                OWNERS,
                Batch.empty().withMarkers(List.of(entry("firm", "F1", "filing_date", "2023-01-01"))),
                Replace.NONE,
                T3);
        assertThat(w3)
                .extracting(WriteResult::rowsIn, WriteResult::versionsOpened, WriteResult::versionsClosed)
                .containsExactly(0L, 2L, 2L);

        assertThat(Lake.versions(c, OWNERS, LABELS))
                .containsExactlyInAnyOrder(
                        List.of("F1", "O1", "10", "2020-01-01", "NULL", "T1", "T3"),
                        List.of("F1", "O1", "10", "2020-01-01", "2023-01-01", "T3", "NULL"),
                        List.of("F1", "O2", "20", "2020-01-01", "2021-01-01", "T1", "T2"),
                        List.of("F1", "O2", "20", "2022-01-01", "NULL", "T1", "T2"),
                        List.of("F1", "O2", "20", "2020-01-01", "NULL", "T2", "T3"),
                        List.of("F1", "O2", "20", "2020-01-01", "2023-01-01", "T3", "NULL"));
        assertThat(Lake.count(c, "SELECT count(*) FROM owners__filings")).isEqualTo(4);
    }

    @Test
    void example_c_late_filing_splits_an_interval() throws Exception {
        merge.write(c, FIRMS, Batch.of(List.of(name("2018-01-01", "A"), name("2021-01-01", "A"))), Replace.NONE, T1);
        Batch late = Batch.of(List.of(name("2019-01-01", "B")));
        merge.write(c, FIRMS, late, Replace.NONE, T2);
        assertThat(merge.write(c, FIRMS, late, Replace.NONE, T3).outcome()).isEqualTo(WriteResult.Outcome.UNCHANGED);

        assertThat(Lake.versions(c, FIRMS, LABELS))
                .containsExactlyInAnyOrder(
                        List.of("F1", "A", "2018-01-01", "NULL", "T1", "T2"),
                        List.of("F1", "A", "2018-01-01", "2019-01-01", "T2", "NULL"),
                        List.of("F1", "B", "2019-01-01", "2021-01-01", "T2", "NULL"),
                        List.of("F1", "A", "2021-01-01", "NULL", "T2", "NULL"));
    }

    @Test
    void example_a_rolled_back_to_t3_makes_the_t3_slice_current_and_w4_again_gives_the_t4_state() throws Exception {
        Batch w1 = Batch.of(List.of(name("2020-01-01", "A"), name("2021-01-01", "A"), name("2022-01-01", "B")));
        Batch w4 = Batch.of(List.of(name("2021-01-01", "X")));
        merge.write(c, FIRMS, w1, Replace.NONE, T1);
        merge.write(c, FIRMS, w1, Replace.NONE, T2);
        merge.write(c, FIRMS, Batch.of(List.of(name("2023-01-01", "C"))), Replace.NONE, T3);
        List<List<String>> knowledgeAtT3 = currentAssertions();
        merge.write(c, FIRMS, w4, Replace.NONE, T4);

        WriteResult rollback = merge.rollback(c, FIRMS, T3, T5);
        assertThat(rollback)
                .extracting(
                        WriteResult::outcome,
                        WriteResult::rowsIn,
                        WriteResult::versionsOpened,
                        WriteResult::versionsClosed)
                .containsExactly(WriteResult.Outcome.WRITTEN, 0L, 1L, 2L);
        assertThat(rollback.systemTime()).contains(T5);
        assertThat(Lake.versions(c, FIRMS, LABELS))
                .containsExactlyInAnyOrder(
                        List.of("F1", "A", "2020-01-01", "2022-01-01", "T1", "T4"),
                        List.of("F1", "B", "2022-01-01", "NULL", "T1", "T3"),
                        List.of("F1", "B", "2022-01-01", "2023-01-01", "T3", "NULL"),
                        List.of("F1", "C", "2023-01-01", "NULL", "T3", "NULL"),
                        List.of("F1", "A", "2020-01-01", "2021-01-01", "T4", "T5"),
                        List.of("F1", "X", "2021-01-01", "2022-01-01", "T4", "T5"),
                        List.of("F1", "A", "2020-01-01", "2022-01-01", "T5", "NULL"));
        assertThat(current(FIRMS)).isEqualTo(slice(FIRMS, T3));
        assertThat(currentAssertions()).isEqualTo(knowledgeAtT3).hasSize(4);
        assertThat(asOf(FIRMS, "2021-06-30", T4, "name")).containsExactly("X");
        assertThat(merge.rollback(c, FIRMS, T3, T6).outcome())
                .as("rolling back to the current knowledge")
                .isEqualTo(WriteResult.Outcome.UNCHANGED);

        WriteResult again = merge.write(c, FIRMS, w4, Replace.NONE, T6);
        assertThat(again)
                .extracting(WriteResult::versionsOpened, WriteResult::versionsClosed)
                .containsExactly(2L, 1L);
        assertThat(current(FIRMS)).isEqualTo(slice(FIRMS, T4));
    }

    @Test
    void rolling_back_example_c_before_the_late_filing_lets_it_split_history_again() throws Exception {
        merge.write(c, FIRMS, Batch.of(List.of(name("2018-01-01", "A"), name("2021-01-01", "A"))), Replace.NONE, T1);
        Batch late = Batch.of(List.of(name("2019-01-01", "B")));
        merge.write(c, FIRMS, late, Replace.NONE, T2);
        merge.rollback(c, FIRMS, T1, T3);
        assertThat(current(FIRMS)).isEqualTo(slice(FIRMS, T1));
        merge.write(c, FIRMS, late, Replace.NONE, T4);
        assertThat(current(FIRMS))
                .isEqualTo(slice(FIRMS, T2))
                .containsExactlyInAnyOrder(
                        List.of("F1", "A", "2018-01-01", "2019-01-01"),
                        List.of("F1", "B", "2019-01-01", "2021-01-01"),
                        List.of("F1", "A", "2021-01-01", "NULL"));
    }

    @Test
    void rolling_back_example_b_to_t1_and_to_nothing() throws Exception {
        merge.write(
                c,
                OWNERS,
                Batch.of(List.of(
                        owner("2020-01-01", "O1", "10"),
                        owner("2020-01-01", "O2", "20"),
                        owner("2021-01-01", "O1", "10"),
                        owner("2022-01-01", "O1", "10"),
                        owner("2022-01-01", "O2", "20"))),
                Replace.NONE,
                T1);
        merge.write(
                c,
                OWNERS,
                Batch.of(List.of(owner("2021-01-01", "O1", "10"), owner("2021-01-01", "O2", "20"))),
                Replace.NONE,
                T2);
        merge.write(
                c,
                OWNERS,
                Batch.empty().withMarkers(List.of(entry("firm", "F1", "filing_date", "2023-01-01"))),
                Replace.NONE,
                T3);

        merge.rollback(c, OWNERS, T1, T4);
        assertThat(current(OWNERS)).isEqualTo(slice(OWNERS, T1));
        assertThat(Lake.count(c, "SELECT count(*) FROM owners__filings WHERE sys_to IS NULL"))
                .isEqualTo(3);
        WriteResult empty = merge.rollback(c, OWNERS, null, T5);
        assertThat(empty.versionsOpened()).isZero();
        assertThat(current(OWNERS)).isEmpty();
        assertThat(Lake.count(c, "SELECT count(*) FROM owners__assertions WHERE sys_to IS NULL"))
                .isZero();
        assertThat(Lake.count(c, "SELECT count(*) FROM owners__filings WHERE sys_to IS NULL"))
                .isZero();
        assertThat(Lake.count(c, "SELECT count(*) FROM owners"))
                .as("nothing is deleted")
                .isEqualTo(9);
    }

    @Test
    void companion_tables_of_the_old_layout_get_system_time_columns() throws Exception {
        try (var s = c.createStatement()) {
            s.execute(
                    "CREATE TABLE firms (firm VARCHAR NOT NULL, name VARCHAR, valid_from DATE NOT NULL, valid_to DATE, "
                            + "value_hash VARCHAR NOT NULL, system_from TIMESTAMPTZ NOT NULL, system_to TIMESTAMPTZ)");
            s.execute(
                    "CREATE TABLE firms__assertions (firm VARCHAR NOT NULL, filing_date DATE NOT NULL, value_hash VARCHAR)");
            s.execute("INSERT INTO firms VALUES ('F1', 'A', DATE '2020-01-01', NULL, md5('A'), TIMESTAMPTZ '" + T1
                    + "', NULL)");
            s.execute("INSERT INTO firms__assertions VALUES ('F1', DATE '2020-01-01', md5('A'))");
        }
        merge.createTables(c, FIRMS);
        assertThat(Lake.rows(c, "SELECT epoch_us(sys_from), sys_to FROM firms__assertions"))
                .containsExactly(List.of(String.valueOf(T1.toEpochMilli() * 1000), "NULL"));
        merge.write(c, FIRMS, Batch.of(List.of(name("2021-01-01", "B"))), Replace.NONE, T2);
        merge.rollback(c, FIRMS, T1, T3);
        assertThat(current(FIRMS))
                .isEqualTo(slice(FIRMS, T1))
                .containsExactly(List.of("F1", "A", "2020-01-01", "NULL"));
    }

    @Test
    void changes_at_a_system_time_are_the_versions_it_opened_or_closed() throws Exception {
        merge.write(c, FIRMS, Batch.of(List.of(name("2018-01-01", "A"), name("2021-01-01", "A"))), Replace.NONE, T1);
        merge.write(c, FIRMS, Batch.of(List.of(name("2019-01-01", "B"))), Replace.NONE, T2);
        List<String> changes = new ArrayList<>();
        try (PreparedStatement s = BitemporalQueries.changesAt(FIRMS, T2).prepare(c);
                ResultSet rs = s.executeQuery()) {
            while (rs.next()) {
                changes.add(rs.getString("name") + " " + rs.getString("valid_from") + " " + rs.getString("valid_to"));
            }
        }
        assertThat(changes)
                .containsExactlyInAnyOrder(
                        "A 2018-01-01 null", "A 2018-01-01 2019-01-01", "B 2019-01-01 2021-01-01", "A 2021-01-01 null");
    }

    private List<String> asOf(BitemporalTable t, String businessDate, Instant systemTime, String column)
            throws Exception {
        List<String> values = new ArrayList<>();
        try (PreparedStatement s = BitemporalQueries.asOf(t, LocalDate.parse(businessDate), systemTime)
                        .prepare(c);
                ResultSet rs = s.executeQuery()) {
            while (rs.next()) {
                values.add(rs.getString(column));
            }
        }
        return values;
    }

    /** The current versions: key, values, valid_from, valid_to. */
    private List<List<String>> current(BitemporalTable t) throws Exception {
        return slice(t, null);
    }

    /** The versions visible at system time {@code at} (current ones for null): key, values, valid_from, valid_to. */
    private List<List<String>> slice(BitemporalTable t, Instant at) throws Exception {
        String columns = String.join(", ", t.keyColumns()) + ", " + String.join(", ", t.valueColumns());
        String visible = at == null
                ? "system_to IS NULL"
                : "system_from <= TIMESTAMPTZ '" + at + "' AND (system_to IS NULL OR TIMESTAMPTZ '" + at
                        + "' < system_to)";
        return Lake.rows(
                c,
                "SELECT " + columns + ", CAST(valid_from AS VARCHAR), CAST(valid_to AS VARCHAR) FROM " + t.name()
                        + " WHERE " + visible + " ORDER BY ALL");
    }

    private List<List<String>> currentAssertions() throws Exception {
        return Lake.rows(
                c,
                "SELECT firm, CAST(filing_date AS VARCHAR), value_hash FROM firms__assertions "
                        + "WHERE sys_to IS NULL ORDER BY ALL");
    }

    private static Map<String, Object> name(String date, String name) {
        return entry("firm", "F1", "filing_date", date, "name", name);
    }

    private static Map<String, Object> owner(String date, String owner, String pct) {
        return entry("firm", "F1", "owner", owner, "filing_date", date, "pct", pct);
    }
}
