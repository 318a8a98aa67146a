package io.sluice.lake.bitemporal;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.InstantSource;
import org.junit.jupiter.api.Test;

/** When a session re-clusters a table ({@link ClusteringSql}), and what the rows look like afterwards. */
class ReclusteringTest {

    @Test
    void appendedRowsAreSortedByScopeAgainAndTheFirstLoadIsNotRewritten() throws SQLException {
        BitemporalTable table = BitemporalTable.of("owners", java.util.List.of("firm", "owner"), java.util.List.of("pct"), "filing_date")
                .withCompleteBy(java.util.List.of("firm"));
        try (Connection c = Lake.memory()) {
            new BitemporalMerge().createTables(c, table);
            try (BitemporalSession session = new BitemporalSession(c, table, InstantSource.system(), BitemporalSession.FirstLoad.AUTO, true, 4)) {
                // a first load of firms F1..F3, then one owner at a time for F3, F1, F2: appended out of scope order
                session.write(SourceQuery.of("SELECT 'F' || (i % 3 + 1) AS firm, 'O' || i AS owner, '10' AS pct, '2020-01-01' AS filing_date "
                        + "FROM range(6) t(i)"), Replace.ALL, HistoryRun.BASE);
                assertThat(session.reclusterings()).as("a first load is inserted sorted").isZero();
                String[] order = {"F3", "F1", "F2"};
                for (int i = 0; i < order.length; i++) {
                    session.write(SourceQuery.of("SELECT '" + order[i] + "' AS firm, 'N' AS owner, '20' AS pct, '2021-01-01' AS filing_date"),
                            Replace.NONE, HistoryRun.BASE.plusSeconds(3600L * (i + 1)));
                }
                assertThat(session.reclusterings()).isPositive();
                assertThat(physicalOrder(c, "owners")).isSortedAccordingTo(String::compareTo);
                assertThat(physicalOrder(c, "owners__assertions")).isSortedAccordingTo(String::compareTo);
                assertThat(physicalOrder(c, "owners__filings")).isSortedAccordingTo(String::compareTo);
            }
        }
    }

    @Test
    void inTheCallersTransactionsAsTheLakeWritesAndOnlyOnceItsTablesAreCommitted() throws SQLException {
        BitemporalTable table = BitemporalTable.of("owners", java.util.List.of("firm", "owner"), java.util.List.of("pct"), "filing_date")
                .withCompleteBy(java.util.List.of("firm"));
        try (Connection c = Lake.memory();
             BitemporalSession session = new BitemporalSession(c, table, InstantSource.system(), BitemporalSession.FirstLoad.AUTO, true, 1)) {
            String[] order = {"F2", "F1", "F3", "F1", "F2"};
            java.util.List<String> before = null;
            for (int i = 0; i < order.length; i++) {
                c.setAutoCommit(false);
                session.write(SourceQuery.of("SELECT '" + order[i] + "' AS firm, 'O' || " + i + " AS owner, '1' AS pct, DATE '2020-01-01' + "
                        + i + " AS filing_date"), Replace.NONE, HistoryRun.BASE.plusSeconds(3600L * (i + 1)));
                if (i == 0) {
                    assertThat(session.reclusterings()).as("not in the transaction that created the tables").isZero();
                }
                if (i == order.length - 1) {
                    before = VersionRow.everything(c, table).stream().map(Object::toString).toList();
                    c.rollback(); // the caller changes its mind: the write and its re-clustering go together
                    c.setAutoCommit(true);
                    break;
                }
                c.commit();
                session.committed();
                c.setAutoCommit(true);
            }
            assertThat(session.reclusterings()).isPositive();
            assertThat(VersionRow.everything(c, table).stream().map(Object::toString).toList()).isNotEqualTo(before);
            assertThat(physicalOrder(c, "owners__filings")).as("re-clustered by the last committed write").isSortedAccordingTo(String::compareTo);
        }
    }

    /** The scope column in rowid order, the order a scan meets the rows in. */
    private static java.util.List<String> physicalOrder(Connection c, String table) throws SQLException {
        java.util.List<String> firms = new java.util.ArrayList<>();
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT firm FROM " + table + " ORDER BY rowid")) {
            while (rs.next()) {
                firms.add(rs.getString(1));
            }
        }
        return firms;
    }

    @Test
    void dueOnceEnoughWasAppendedAndAtLeastATenthOfTheTable() {
        assertThat(BitemporalSession.clusteringDue(122_879, 122_880, 0)).isFalse();
        assertThat(BitemporalSession.clusteringDue(122_880, 122_880, 1_000_000)).isTrue();
        assertThat(BitemporalSession.clusteringDue(122_880, 122_880, 10_000_000)).as("a tenth of the table").isFalse();
        assertThat(BitemporalSession.clusteringDue(1_000_000, 122_880, 10_000_000)).isTrue();
    }
}
