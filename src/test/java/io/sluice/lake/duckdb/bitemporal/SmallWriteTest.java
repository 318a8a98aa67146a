package io.sluice.lake.duckdb.bitemporal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.lake.bitemporal.Batch;
import io.sluice.lake.bitemporal.Replace;
import io.sluice.lake.bitemporal.SourceQuery;
import java.sql.Connection;
import java.time.Instant;
import java.time.InstantSource;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link SmallWrite#plan} on hand-made states, and the session's fallbacks to the general path. */
class SmallWriteTest {

    /** Owners complete by firm, as the example's ownership table. */
    private static final BitemporalTable OWNERS = BitemporalTable.of(
                    "owners", List.of("firm", "owner"), List.of("pct"), "filing_date")
            .withCompleteBy(List.of("firm"));

    private static final LocalDate JAN = LocalDate.of(2024, 1, 1);
    private static final LocalDate FEB = LocalDate.of(2024, 2, 1);
    private static final LocalDate MAR = LocalDate.of(2024, 3, 1);

    /** Firm 1 (scope 1) filed owner 7 with hash "a" on Jan 1st and Mar 1st: one version from Jan 1st on. */
    private static final List<SmallWrite.Filing> FILINGS =
            List.of(new SmallWrite.Filing(1, JAN, 100), new SmallWrite.Filing(1, MAR, 101));

    private static final List<SmallWrite.Assertion> ASSERTIONS =
            List.of(new SmallWrite.Assertion(1, 7, JAN, "a", 200), new SmallWrite.Assertion(1, 7, MAR, "a", 201));
    private static final List<SmallWrite.Version> VERSIONS = List.of(new SmallWrite.Version(1, 7, JAN, null, "a", 300));

    @Test
    void a_late_filing_with_other_values_splits_the_version_and_takes_the_earlier_part_from_it() {
        // Feb 1st arrives late with hash "b": [Jan, Feb) a, [Feb, Mar) b, [Mar, -) a
        SmallWrite.Plan plan = SmallWrite.plan(
                        true,
                        Replace.NONE,
                        List.of(new SmallWrite.Row(1, 7, FEB, "b", 5)),
                        List.of(),
                        FILINGS,
                        ASSERTIONS,
                        VERSIONS)
                .orElseThrow();

        assertThat(plan.closeVersions()).containsExactly(300L);
        assertThat(plan.openVersions())
                .containsExactlyInAnyOrder(
                        new SmallWrite.Opening(SmallWrite.Source.VERSION, 300, JAN, FEB),
                        new SmallWrite.Opening(SmallWrite.Source.BATCH_ROW, 5, FEB, MAR),
                        new SmallWrite.Opening(SmallWrite.Source.VERSION, 300, MAR, null));
        assertThat(plan.assertionRows()).containsExactly(5L);
        assertThat(plan.filingRows()).containsExactly(5L);
        assertThat(plan.closeAssertions()).isEmpty();
        assertThat(plan.closeFilings()).isEmpty();
    }

    @Test
    void a_scope_replaced_by_one_filing_closes_the_other_filings_and_their_assertions() {
        SmallWrite.Plan plan = SmallWrite.plan(
                        true,
                        Replace.SCOPES,
                        List.of(new SmallWrite.Row(1, 7, JAN, "a", 5)),
                        List.of(),
                        FILINGS,
                        ASSERTIONS,
                        VERSIONS)
                .orElseThrow();

        assertThat(plan.closeFilings()).containsExactly(101L);
        assertThat(plan.closeAssertions()).containsExactly(201L);
        assertThat(plan.assertionRows()).isEmpty(); // Jan 1st is known with the same hash
        assertThat(plan.versionsChange()).isFalse(); // still one version from Jan 1st on
        assertThat(plan.knowledgeChanges()).isTrue();
    }

    @Test
    void an_empty_filing_marker_ends_the_version_and_the_identical_rerun_changes_nothing() {
        SmallWrite.Plan plan = SmallWrite.plan(
                        true,
                        Replace.NONE,
                        List.of(),
                        List.of(new SmallWrite.Marker(1, 0, FEB, 9)),
                        FILINGS,
                        ASSERTIONS,
                        VERSIONS)
                .orElseThrow();
        assertThat(plan.filingMarkers()).containsExactly(9L);
        assertThat(plan.closeVersions()).containsExactly(300L);
        assertThat(plan.openVersions())
                .containsExactlyInAnyOrder(
                        new SmallWrite.Opening(SmallWrite.Source.VERSION, 300, JAN, FEB),
                        new SmallWrite.Opening(SmallWrite.Source.VERSION, 300, MAR, null));

        SmallWrite.Plan rerun = SmallWrite.plan(
                        true,
                        Replace.NONE,
                        List.of(new SmallWrite.Row(1, 7, MAR, "a", 5)),
                        List.of(),
                        FILINGS,
                        ASSERTIONS,
                        VERSIONS)
                .orElseThrow();
        assertThat(rerun.knowledgeChanges()).isFalse();
        assertThat(rerun.versionsChange()).isFalse();
    }

    @Test
    void a_key_mode_tombstone_is_an_assertion_without_hash_that_ends_the_key() {
        // key mode: scope = key = 7; a tombstone on Mar 1st after the value of Jan 1st
        SmallWrite.Plan plan = SmallWrite.plan(
                        false,
                        Replace.NONE,
                        List.of(),
                        List.of(new SmallWrite.Marker(7, 7, MAR, 9)),
                        List.of(),
                        List.of(new SmallWrite.Assertion(7, 7, JAN, "a", 200)),
                        List.of(new SmallWrite.Version(7, 7, JAN, null, "a", 300)))
                .orElseThrow();
        assertThat(plan.tombstoneMarkers()).containsExactly(9L);
        assertThat(plan.closeVersions()).containsExactly(300L);
        assertThat(plan.openVersions())
                .containsExactly(new SmallWrite.Opening(SmallWrite.Source.VERSION, 300, JAN, MAR));
    }

    @Test
    void the_general_path_decides_repeated_keys_values_not_at_hand_and_full_refreshes() {
        List<SmallWrite.Row> twice =
                List.of(new SmallWrite.Row(1, 7, FEB, "b", 5), new SmallWrite.Row(1, 7, FEB, "b", 6));
        assertThat(SmallWrite.plan(true, Replace.NONE, twice, List.of(), FILINGS, ASSERTIONS, VERSIONS))
                .isEmpty();

        // Mar 1st's assertion says "c", which no current version carries (a value coming back from history)
        List<SmallWrite.Assertion> withC =
                List.of(new SmallWrite.Assertion(1, 7, JAN, "a", 200), new SmallWrite.Assertion(1, 7, MAR, "c", 201));
        assertThat(SmallWrite.plan(
                        true,
                        Replace.NONE,
                        List.of(new SmallWrite.Row(1, 7, FEB, "b", 5)),
                        List.of(),
                        FILINGS,
                        withC,
                        VERSIONS))
                .isEmpty();

        assertThatThrownBy(
                        () -> SmallWrite.plan(true, Replace.ALL, List.of(), List.of(), FILINGS, ASSERTIONS, VERSIONS))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void a_session_takes_the_small_path_for_a_correction_and_the_general_path_for_an_infinite_date() throws Exception {
        BitemporalTable table = OWNERS;
        try (Connection c = Lake.memory();
                BitemporalSession session = session(c, table, true)) {
            Instant t = Instant.parse("2030-01-01T00:00:00Z");
            session.write(
                    Batch.of(List.of(
                            Batch.entry("firm", "F1", "owner", "O1", "pct", "10", "filing_date", "2024-01-01"))),
                    Replace.NONE,
                    t);
            assertThat(session.smallWritesDone()).isZero(); // a first load

            WriteResult correction = session.write(
                    Batch.of(List.of(
                            Batch.entry("firm", "F1", "owner", "O1", "pct", "20", "filing_date", "2024-01-01"))),
                    Replace.SCOPES,
                    t.plusSeconds(1));
            assertThat(session.smallWritesDone()).isOne();
            assertThat(correction.versionsOpened()).isOne();
            assertThat(correction.versionsClosed()).isOne();

            WriteResult infinite = session.write(
                    Batch.of(List.of(Batch.entry("firm", "F1", "owner", "O1", "pct", "30", "filing_date", "infinity"))),
                    Replace.NONE,
                    t.plusSeconds(2));
            assertThat(session.smallWritesDone()).isOne(); // LocalDate cannot hold it: the general path wrote it
            assertThat(infinite.outcome()).isEqualTo(WriteResult.Outcome.WRITTEN);
            assertThat(Lake.count(c, "SELECT count(*) FROM owners WHERE system_to IS NULL"))
                    .isEqualTo(2);
        }
    }

    @Test
    void dates_before_year_1_or_after_9999_go_to_the_general_path_and_give_its_result() throws Exception {
        BitemporalTable table = BitemporalTable.of("firms", List.of("firm"), List.of("name"), "filing_date");
        try (Connection smallDb = Lake.memory();
                Connection generalDb = Lake.memory();
                BitemporalSession small = session(smallDb, table, true);
                BitemporalSession general = session(generalDb, table, false)) {
            Instant t = Instant.parse("2030-01-01T00:00:00Z");
            String[][] writes = {
                {"A", "2020-01-01"}, {"B", "0044-03-15 (BC)"}, {"C", "12000-03-15"}, {"D", "2021-01-01"}
            };
            for (int i = 0; i < writes.length; i++) {
                Batch batch =
                        Batch.of(List.of(Batch.entry("firm", "F1", "name", writes[i][0], "filing_date", writes[i][1])));
                WriteResult bySmall = small.write(batch, Replace.NONE, t.plusSeconds(i));
                assertThat(bySmall)
                        .as("write of %s", writes[i][1])
                        .isEqualTo(general.write(batch, Replace.NONE, t.plusSeconds(i)));
                assertThat(VersionRow.everything(smallDb, table)).isEqualTo(VersionRow.everything(generalDb, table));
            }
            // the table holds 44 BC and 12000 from the second write on: no small write could read its state since
            assertThat(small.smallWritesDone()).isZero();
        }
    }

    @Test
    void temp_tables_created_in_a_transaction_the_caller_rolls_back_are_created_again() throws Exception {
        BitemporalTable table = OWNERS;
        try (Connection c = Lake.memory();
                BitemporalSession session = session(c, table, true)) {
            Instant t = Instant.parse("2030-01-01T00:00:00Z");
            c.setAutoCommit(false);
            session.write(
                    owner("20", "2021-01-01"),
                    Replace.ALL,
                    t); // a first load: creates the general path's temp tables in the caller's transaction
            c.rollback();
            c.setAutoCommit(true);
            WriteResult after = session.write(owner("30", "2022-01-01"), Replace.ALL, t.plusSeconds(1));
            assertThat(after.versionsOpened()).isOne();
            assertThat(Lake.count(c, "SELECT count(*) FROM owners")).isOne();
        }
    }

    @Test
    void a_session_in_the_callers_transactions_creates_its_tables_until_told_of_a_commit_and_keeps_them_after()
            throws Exception {
        try (Connection c = Lake.memory();
                BitemporalSession session = session(c, OWNERS, true)) {
            Instant t = Instant.parse("2030-01-01T00:00:00Z");
            c.setAutoCommit(false);
            session.write(owner("20", "2021-01-01"), Replace.ALL, t);
            c.rollback(); // takes the tables and temp tables it created away: not committed()
            session.write(owner("20", "2021-01-01"), Replace.ALL, t.plusSeconds(1));
            c.commit();
            session.committed(); // from now on the session skips creating them
            session.write(owner("30", "2022-01-01"), Replace.SCOPES, t.plusSeconds(2));
            c.rollback(); // its rows go, the tables and temp tables stay
            WriteResult last = session.write(owner("40", "2022-01-01"), Replace.SCOPES, t.plusSeconds(3));
            c.commit();
            session.committed();
            assertThat(session.smallWritesDone()).isEqualTo(2);
            assertThat(last.versionsClosed()).isOne(); // 20 from 2021-01-01
            assertThat(last.versionsOpened()).isOne(); // 40 from 2022-01-01: the batch replaced the firm's filings
            assertThat(Lake.count(
                            c,
                            "SELECT count(*) FROM owners WHERE system_to IS NULL AND pct = '40' "
                                    + "AND valid_from = DATE '2022-01-01'"))
                    .isOne();
            assertThat(Lake.count(c, "SELECT count(*) FROM owners")).isEqualTo(2);
        }
    }

    private static Batch owner(String pct, String date) {
        return Batch.of(List.of(Batch.entry("firm", "F1", "owner", "O1", "pct", pct, "filing_date", date)));
    }

    @Test
    void a_scope_with_more_state_than_a_small_write_reads_goes_to_the_general_path() throws Exception {
        BitemporalTable table = OWNERS;
        try (Connection c = Lake.memory();
                BitemporalSession session = session(c, table, true)) {
            Instant t = Instant.parse("2030-01-01T00:00:00Z");
            int owners = SmallWriter.MAX_STATE; // their assertions and versions: twice the limit
            session.write(
                    SourceQuery.of(
                            "SELECT 'F1' AS firm, 'O' || i AS owner, '10' AS pct, DATE '2021-01-01' AS filing_date "
                                    + "FROM range(" + owners + ") AS r(i)"),
                    Replace.ALL,
                    t);
            WriteResult late = session.write(owner("20", "2020-01-01"), Replace.NONE, t.plusSeconds(1));
            assertThat(session.smallWritesDone()).isZero();
            assertThat(late.versionsOpened()).isOne(); // O1 from 2020-01-01 to 2021-01-01
            assertThat(late.versionsClosed()).isZero();
        }
    }

    @Test
    void a_batch_of_more_rows_than_a_small_write_takes_goes_to_the_general_path() throws Exception {
        try (Connection c = Lake.memory();
                BitemporalSession session = session(c, OWNERS, true)) {
            Instant t = Instant.parse("2030-01-01T00:00:00Z");
            session.write(owner("10", "2020-01-01"), Replace.NONE, t);
            long rows = SmallWriter.MAX_ROWS + 500;
            WriteResult big = session.write(
                    SourceQuery.of("SELECT 'F1' AS firm, 'N' || i AS owner, '5' AS pct, DATE '2021-01-01' "
                            + "AS filing_date FROM range(" + rows + ") AS r(i)"),
                    Replace.NONE,
                    t.plusSeconds(1));
            assertThat(session.smallWritesDone()).isZero();
            assertThat(big.rowsIn()).isEqualTo(rows);
            assertThat(big.versionsOpened()).isEqualTo(rows + 1); // the new owners, and O1 until 2021-01-01
            assertThat(Lake.count(c, "SELECT count(*) FROM owners__assertions WHERE sys_to IS NULL"))
                    .isEqualTo(rows + 1);
        }
    }

    @Test
    void a_batch_of_more_scopes_than_a_small_write_takes_goes_to_the_general_path() throws Exception {
        BitemporalTable table = OWNERS;
        try (Connection c = Lake.memory();
                BitemporalSession session = session(c, table, true)) {
            Instant t = Instant.parse("2030-01-01T00:00:00Z");
            int firms = SmallWriter.MAX_SCOPES + 1;
            session.write(
                    SourceQuery.of(
                            "SELECT 'F' || i AS firm, 'O1' AS owner, '10' AS pct, DATE '2021-01-01' AS filing_date "
                                    + "FROM range(" + firms + ") AS r(i)"),
                    Replace.ALL,
                    t);
            String late =
                    "SELECT 'F' || i AS firm, 'O1' AS owner, '20' AS pct, DATE '2020-01-01' AS filing_date FROM range(";
            session.write(SourceQuery.of(late + firms + ") AS r(i)"), Replace.NONE, t.plusSeconds(1));
            assertThat(session.smallWritesDone()).isZero();
            session.write(
                    SourceQuery.of(late + SmallWriter.MAX_SCOPES + ") AS r(i)")
                            .withMarkers("SELECT 'F0' AS firm, " + "DATE '2019-01-01' AS filing_date"),
                    Replace.NONE,
                    t.plusSeconds(2));
            assertThat(session.smallWritesDone()).isOne();
        }
    }

    @Test
    void typed_keys_are_told_apart_by_their_text_and_give_the_general_paths_result() throws Exception {
        // a DECIMAL owner key: 1.5 and 1.50 are one key; the firm a BIGINT
        BitemporalTable table = BitemporalTable.of("holdings", List.of("firm", "owner"), List.of("pct"), "filing_date")
                .withCompleteBy(List.of("firm"))
                .withColumnType("firm", "BIGINT")
                .withColumnType("owner", "DECIMAL(6,2)");
        try (Connection smallDb = Lake.memory();
                Connection generalDb = Lake.memory();
                BitemporalSession small = session(smallDb, table, true);
                BitemporalSession general = session(generalDb, table, false)) {
            Instant t = Instant.parse("2030-01-01T00:00:00Z");
            String[] writes = {
                "SELECT * FROM (VALUES (1, 1.5, 'a', DATE '2020-01-01'), (1, 2, 'b', DATE '2020-01-01'), (2, 1.5, 'c', DATE '2020-01-01')) "
                        + "AS r(firm, owner, pct, filing_date)",
                "SELECT * FROM (VALUES (1, 1.50, 'a', DATE '2021-01-01'), (10, 1.5, 'x', DATE '2021-01-01')) AS r(firm, owner, pct, filing_date)",
                "SELECT * FROM (VALUES (1, 1.50, 'z', DATE '2020-06-01'), (1, 2.00, 'b', DATE '2020-06-01')) AS r(firm, owner, pct, filing_date)"
            };
            for (int i = 0; i < writes.length; i++) {
                SourceQuery batch = SourceQuery.of(writes[i]);
                WriteResult bySmall = small.write(batch, Replace.NONE, t.plusSeconds(i));
                assertThat(bySmall).as("write %d", i).isEqualTo(general.write(batch, Replace.NONE, t.plusSeconds(i)));
                assertThat(VersionRow.everything(smallDb, table))
                        .as("after write %d", i)
                        .isEqualTo(VersionRow.everything(generalDb, table));
            }
            assertThat(small.smallWritesDone()).isEqualTo(2);
            // owner 2 left firm 1 on 2021-01-01; owner 1.5 of firm 1 is a from 2020, z from June, a again from 2021
            assertThat(Lake.count(smallDb, "SELECT count(*) FROM holdings WHERE system_to IS NULL AND firm = 1"))
                    .isEqualTo(4);
        }
    }

    @Test
    void scopes_named_by_parameters_find_the_same_state_as_the_join_for_every_exact_text_type() throws Exception {
        // firm texts that a careless round trip would change: quotes, a trailing space, non-ASCII, a sign, a DATE
        String[][] cases = {
            {"VARCHAR", "'O''Brien & Co '", "'Zürich AG'"},
            {"BIGINT", "-9007199254740993", "42"},
            {"DATE", "DATE '1999-12-31'", "DATE '2024-02-29'"},
            {"UUID", "UUID '5e4b4b5c-1f2a-4c39-9d5e-0a1b2c3d4e5f'", "UUID '00000000-0000-0000-0000-000000000001'"},
            {"BOOLEAN", "true", "false"}
        };
        for (String[] scopeCase : cases) {
            BitemporalTable table = BitemporalTable.of("owned", List.of("firm", "owner"), List.of("pct"), "filing_date")
                    .withCompleteBy(List.of("firm"))
                    .withColumnType("firm", scopeCase[0]);
            assertThat(new SmallWriteSql(table, new TempTables(table)).scopesByParameter())
                    .as(scopeCase[0])
                    .isTrue();
            try (Connection smallDb = Lake.memory();
                    Connection generalDb = Lake.memory();
                    BitemporalSession small = session(smallDb, table, true);
                    BitemporalSession general = session(generalDb, table, false)) {
                Instant t = Instant.parse("2030-01-01T00:00:00Z");
                String a = scopeCase[1];
                String b = scopeCase[2];
                String[] writes = {
                    rows(
                            a + ", 'o1', '10', DATE '2020-01-01'",
                            a + ", 'o2', '20', DATE '2020-01-01'",
                            b + ", 'o1', '5', DATE '2020-01-01'"),
                    rows(a + ", 'o1', '10', DATE '2021-01-01'"), // o2 leaves firm a: one scope, one parameter
                    rows(a + ", 'o1', '11', DATE '2020-06-01'", b + ", 'o1', '6', DATE '2021-01-01'")
                }; // two scopes
                for (int i = 0; i < writes.length; i++) {
                    SourceQuery batch = SourceQuery.of(writes[i]);
                    Replace replace = i == 0 ? Replace.ALL : Replace.NONE;
                    assertThat(small.write(batch, replace, t.plusSeconds(i)))
                            .as("%s write %d", scopeCase[0], i)
                            .isEqualTo(general.write(batch, replace, t.plusSeconds(i)));
                    assertThat(VersionRow.everything(smallDb, table))
                            .as("%s after write %d", scopeCase[0], i)
                            .isEqualTo(VersionRow.everything(generalDb, table));
                }
                assertThat(small.smallWritesDone()).as(scopeCase[0]).isEqualTo(2);
                assertThat(Lake.count(smallDb, "SELECT count(*) FROM owned WHERE system_to IS NULL"))
                        .as(scopeCase[0])
                        .isEqualTo(6);
            }
        }
        // scopes whose text may not name them exactly, or of several columns, are joined with the staged rows instead
        for (BitemporalTable joined : List.of(
                OWNERS.withColumnType("firm", "DECIMAL(6,2)"),
                OWNERS.withColumnType("firm", "TIMESTAMPTZ"),
                OWNERS.withColumnType("firm", "BLOB"),
                BitemporalTable.of("k", List.of("firm", "owner"), List.of("pct"), "filing_date"))) {
            assertThat(new SmallWriteSql(joined, new TempTables(joined)).scopesByParameter())
                    .as(joined.toString())
                    .isFalse();
        }
    }

    /** A rows query of (firm, owner, pct, filing_date) tuples. */
    private static String rows(String... tuples) {
        return "SELECT * FROM (VALUES (" + String.join("), (", tuples) + ")) AS r(firm, owner, pct, filing_date)";
    }

    @Test
    void keys_whose_text_does_not_tell_values_apart_as_duckdb_does_take_the_general_path() throws Exception {
        // INTERVAL '1 month' and INTERVAL '30 days' are equal to DuckDB, but their texts differ
        BitemporalTable table = BitemporalTable.of("terms", List.of("term"), List.of("rate"), "filing_date")
                .withColumnType("term", "INTERVAL");
        assertThat(SmallWriter.textKeys(table)).isFalse();
        assertThat(SmallWriter.textKeys(
                        OWNERS.withColumnType("firm", "BIGINT").withColumnType("owner", "DECIMAL(6,2)")))
                .isTrue();
        try (Connection c = Lake.memory();
                BitemporalSession session = session(c, table, true)) {
            Instant t = Instant.parse("2030-01-01T00:00:00Z");
            session.write(
                    SourceQuery.of(
                            "SELECT INTERVAL '1 month' AS term, 'low' AS rate, DATE '2020-01-01' AS filing_date"),
                    Replace.NONE,
                    t);
            WriteResult again = session.write(
                    SourceQuery.of(
                            "SELECT INTERVAL '30 days' AS term, 'low' AS rate, DATE '2021-01-01' " + "AS filing_date"),
                    Replace.NONE,
                    t.plusSeconds(1));
            assertThat(session.smallWritesDone()).isZero();
            // the same key with the same rate: the 2021 filing coalesces into the version from 2020
            assertThat(again.versionsOpened() + again.versionsClosed()).isZero();
            assertThat(Lake.count(c, "SELECT count(*) FROM terms")).isOne();
        }
    }

    @Test
    void tables_named_like_the_statements_common_table_expressions_are_written_by_both_paths() throws Exception {
        for (String name : List.of("chg", "cut", "cur", "d", "kv", "nxt", "b", "e", "f", "s", "n", "u", "t", "a")) {
            for (boolean complete : List.of(true, false)) {
                BitemporalTable table =
                        BitemporalTable.of(name, List.of("firm", "owner"), List.of("pct"), "filing_date");
                table = complete ? table.withCompleteBy(List.of("firm")) : table;
                try (Connection smallDb = Lake.memory();
                        Connection generalDb = Lake.memory();
                        BitemporalSession small = session(smallDb, table, true);
                        BitemporalSession general = session(generalDb, table, false)) {
                    Instant t = Instant.parse("2030-01-01T00:00:00Z");
                    String[] writes = {
                        "('F1', 'O1', '10', DATE '2020-01-01'), ('F1', 'O1', '10', DATE '2022-01-01')",
                        "('F1', 'O1', '20', DATE '2021-01-01')",
                        "('F1', 'O1', '30', DATE '2022-01-01')"
                    };
                    for (int i = 0; i < writes.length; i++) {
                        SourceQuery batch = SourceQuery.of(
                                "SELECT * FROM (VALUES " + writes[i] + ") AS r(firm, owner, pct, filing_date)");
                        WriteResult bySmall = small.write(batch, Replace.NONE, t.plusSeconds(i));
                        assertThat(bySmall)
                                .as("%s write %d", name, i)
                                .isEqualTo(general.write(batch, Replace.NONE, t.plusSeconds(i)));
                        assertThat(bySmall.versionsOpened())
                                .as("%s write %d", name, i)
                                .isPositive();
                    }
                    assertThat(VersionRow.everything(smallDb, table))
                            .isEqualTo(VersionRow.everything(generalDb, table));
                    assertThat(small.smallWritesDone()).as(name).isEqualTo(2);
                }
            }
        }
        assertThatThrownBy(() -> BitemporalTable.of("sluice_cut", List.of("firm"), List.of("pct"), "filing_date"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("reserved");
    }

    /** A session that takes small writes when they apply ({@code small}), or always the general path. */
    private static BitemporalSession session(Connection c, BitemporalTable table, boolean small) {
        return new BitemporalSession(c, table, InstantSource.system(), SessionOptions.DEFAULT.withSmallWrites(small));
    }
}
