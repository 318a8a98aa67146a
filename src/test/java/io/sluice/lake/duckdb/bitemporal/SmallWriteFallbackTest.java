package io.sluice.lake.duckdb.bitemporal;

import static io.sluice.lake.duckdb.bitemporal.SmallWriteSessions.OWNERS;
import static io.sluice.lake.duckdb.bitemporal.SmallWriteSessions.session;
import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.lake.bitemporal.Batch;
import io.sluice.lake.bitemporal.BitemporalTable;
import io.sluice.lake.bitemporal.Replace;
import io.sluice.lake.bitemporal.SourceQuery;
import io.sluice.lake.bitemporal.WriteResult;
import java.sql.Connection;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * When a session takes the small path and when it falls back to the general one: dates, the caller's transactions and
 * the limits on state, rows and scopes.
 */
class SmallWriteFallbackTest {

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
}
