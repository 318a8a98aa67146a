package io.sluice.lake.duckdb.bitemporal;

import static io.sluice.lake.duckdb.bitemporal.SmallWriteSessions.OWNERS;
import static io.sluice.lake.duckdb.bitemporal.SmallWriteSessions.session;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.lake.bitemporal.BitemporalTable;
import io.sluice.lake.bitemporal.Replace;
import io.sluice.lake.bitemporal.SourceQuery;
import io.sluice.lake.bitemporal.WriteResult;
import java.sql.Connection;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Keys and scopes of every type, and table names, written by the small path as by the general one. */
class SmallWriteKeysTest {

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
}
