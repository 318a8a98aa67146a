package io.sluice.lake.duckdb.bitemporal;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.lake.bitemporal.BitemporalTable;
import io.sluice.lake.bitemporal.Replace;
import io.sluice.lake.bitemporal.SourceQuery;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.List;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.Test;

/** When a session re-clusters a table ({@link ClusteringSql}), and what the rows look like afterwards. */
class ReclusteringTest {

    @Test
    void appendedRowsAreSortedByScopeAgainAndTheFirstLoadIsNotRewritten() throws SQLException {
        BitemporalTable table = BY_FIRM;
        try (Connection c = Lake.memory()) {
            new BitemporalMerge().createTables(c, table);
            try (BitemporalSession session = new BitemporalSession(
                    c, table, InstantSource.system(), SessionOptions.DEFAULT.withClustering(Clustering.everyWrite()))) {
                firstLoad(session);
                assertThat(session.reclusterings())
                        .as("a first load is inserted sorted")
                        .isZero();
                appendOutOfScopeOrder(session);
                assertThat(session.reclusterings()).isPositive();
                assertSortedByScope(c);
            }
        }
    }

    @Test
    void aDeferringSessionLeavesItToMaintainWhichKeepsEveryRow() throws SQLException {
        BitemporalTable table = BY_FIRM;
        try (Connection c = Lake.memory();
                BitemporalSession session = new BitemporalSession(
                        c,
                        table,
                        InstantSource.system(),
                        SessionOptions.DEFAULT.withClustering(Clustering.everyWrite()))) {
            session.deferClustering();
            assertThat(session.maintain()).as("nothing appended yet").isFalse();
            firstLoad(session);
            appendOutOfScopeOrder(session);
            assertThat(session.reclusterings()).as("no write re-clustered").isZero();
            List<String> appended = physicalOrder(c, "owners__filings");
            assertThat(appended)
                    .as("appended out of scope order")
                    .isNotEqualTo(appended.stream().sorted().toList());
            assertThat(session.maintenanceDue()).isTrue();
            List<String> before = VersionRow.everything(c, table).stream()
                    .map(Object::toString)
                    .sorted()
                    .toList();

            assertThat(session.maintain()).isTrue();
            assertThat(session.reclusterings()).isOne();
            assertThat(session.maintenanceDue())
                    .as("until more rows are appended")
                    .isFalse();
            assertThat(session.maintain()).isFalse();
            assertSortedByScope(c);
            assertThat(VersionRow.everything(c, table).stream()
                            .map(Object::toString)
                            .sorted()
                            .toList())
                    .isEqualTo(before);
            assertThat(c.getAutoCommit())
                    .as("maintain ran and committed its own transaction")
                    .isTrue();
        }
    }

    @Test
    void aReclusteringThatFailsLeavesEveryRowAndRowidAsItWas() throws SQLException {
        BitemporalTable table = BY_FIRM;
        try (Connection c = Lake.memory();
                BitemporalSession session = new BitemporalSession(
                        c,
                        table,
                        InstantSource.system(),
                        SessionOptions.DEFAULT.withClustering(Clustering.everyWrite()))) {
            session.deferClustering();
            firstLoad(session);
            appendOutOfScopeOrder(session);
            String fingerprint = "SELECT count(*), min(rowid), max(rowid), sum(hash(rowid, t)) FROM ";
            List<List<String>> before = new ArrayList<>();
            for (String t : List.of("owners", "owners__assertions", "owners__filings")) {
                before.addAll(Lake.rows(c, fingerprint + t + " AS t"));
            }
            try (Connection other = Lake.another(c);
                    Statement s = other.createStatement()) {
                // another transaction's pending delete of the last filing: the re-clustering's delete of the filings,
                // its last step after both other tables were rewritten, conflicts with it
                other.setAutoCommit(false);
                s.execute("DELETE FROM owners__filings WHERE rowid = (SELECT max(rowid) FROM owners__filings)");
                Assertions.assertThatThrownBy(session::maintain).isInstanceOf(SQLException.class);
                other.rollback();
            }
            List<List<String>> after = new ArrayList<>();
            for (String t : List.of("owners", "owners__assertions", "owners__filings")) {
                after.addAll(Lake.rows(c, fingerprint + t + " AS t"));
            }
            assertThat(after).isEqualTo(before);
            assertThat(c.getAutoCommit()).isTrue();
        }
    }

    @Test
    void inTheCallersTransactionsAndOnlyOnceItsTablesAreCommitted() throws SQLException {
        BitemporalTable table = BY_FIRM;
        try (Connection c = Lake.memory();
                BitemporalSession session = new BitemporalSession(
                        c,
                        table,
                        InstantSource.system(),
                        SessionOptions.DEFAULT.withClustering(Clustering.everyWrite()))) {
            String[] order = {"F2", "F1", "F3", "F1", "F2"};
            List<String> before = null;
            for (int i = 0; i < order.length; i++) {
                c.setAutoCommit(false);
                session.write(
                        SourceQuery.of("SELECT '" + order[i] + "' AS firm, 'O' || " + i
                                + " AS owner, '1' AS pct, DATE '2020-01-01' + " + i + " AS filing_date"),
                        Replace.NONE,
                        HistoryRun.BASE.plusSeconds(3600L * (i + 1)));
                if (i == 0) {
                    assertThat(session.reclusterings())
                            .as("not in the transaction that created the tables")
                            .isZero();
                }
                if (i == order.length - 1) {
                    before = VersionRow.everything(c, table).stream()
                            .map(Object::toString)
                            .toList();
                    c.rollback(); // the caller changes its mind: the write and its re-clustering go together
                    c.setAutoCommit(true);
                    break;
                }
                c.commit();
                session.committed();
                c.setAutoCommit(true);
            }
            assertThat(session.reclusterings()).isPositive();
            assertThat(VersionRow.everything(c, table).stream()
                            .map(Object::toString)
                            .toList())
                    .isNotEqualTo(before);
            assertThat(physicalOrder(c, "owners__filings"))
                    .as("re-clustered by the last committed write")
                    .isSortedAccordingTo(String::compareTo);
        }
    }

    private static final BitemporalTable BY_FIRM = BitemporalTable.of(
                    "owners", List.of("firm", "owner"), List.of("pct"), "filing_date")
            .withCompleteBy(List.of("firm"));

    /** A first load of six owners of firms F1..F3 (inserted sorted by scope). */
    private static void firstLoad(BitemporalSession session) throws SQLException {
        session.write(
                SourceQuery.of(
                        "SELECT 'F' || (i % 3 + 1) AS firm, 'O' || i AS owner, '10' AS pct, '2020-01-01' AS filing_date "
                                + "FROM range(6) t(i)"),
                Replace.ALL,
                HistoryRun.BASE);
    }

    /** One new owner at a time for F3, F1, F2: appended out of scope order. */
    private static void appendOutOfScopeOrder(BitemporalSession session) throws SQLException {
        String[] order = {"F3", "F1", "F2"};
        for (int i = 0; i < order.length; i++) {
            session.write(
                    SourceQuery.of("SELECT '" + order[i]
                            + "' AS firm, 'N' AS owner, '20' AS pct, '2021-01-01' AS filing_date"),
                    Replace.NONE,
                    HistoryRun.BASE.plusSeconds(3600L * (i + 1)));
        }
    }

    private static void assertSortedByScope(Connection c) throws SQLException {
        assertThat(physicalOrder(c, "owners")).isSortedAccordingTo(String::compareTo);
        assertThat(physicalOrder(c, "owners__assertions")).isSortedAccordingTo(String::compareTo);
        assertThat(physicalOrder(c, "owners__filings")).isSortedAccordingTo(String::compareTo);
    }

    /** The scope column in rowid order, the order a scan meets the rows in. */
    private static List<String> physicalOrder(Connection c, String table) throws SQLException {
        List<String> firms = new ArrayList<>();
        try (Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT firm FROM " + table + " ORDER BY rowid")) {
            while (rs.next()) {
                firms.add(rs.getString(1));
            }
        }
        return firms;
    }

    @Test
    void dueOnceTheTailHoldsARowGroupAndATenthOfTheTable() {
        assertThat(Clustering.DEFAULT.due(122_879, 200_000)).isFalse();
        assertThat(Clustering.DEFAULT.due(122_880, 1_000_000)).isTrue();
        assertThat(Clustering.DEFAULT.due(122_880, 10_000_000))
                .as("a tenth of the table")
                .isFalse();
        assertThat(Clustering.DEFAULT.due(1_000_000, 10_000_000)).isTrue();
        assertThat(Clustering.NEVER.due(Long.MAX_VALUE / 20, Long.MAX_VALUE / 20))
                .isFalse();
        assertThat(Clustering.everyWrite().due(0, 1)).isTrue();
    }

    private static final BitemporalTable OWNERS = BitemporalTable.of(
                    "owners", List.of("firm", "owner"), List.of("pct"), "filing_date")
            .withCompleteBy(List.of("firm"))
            .withColumnType("firm", "INTEGER");

    /** Fills the assertions table straight with {@code firms}, a query of one INTEGER column "firm", one row each. */
    private static void assertions(Connection c, String firms) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute(
                    "INSERT INTO owners__assertions SELECT firm, 'O', DATE '2020-01-01', 'h', TIMESTAMPTZ '2030-01-01 00:00:00+00', NULL "
                            + "FROM (" + firms + ")");
        }
    }

    private static long[] tail(Connection c, long groupRows) throws SQLException {
        try (Statement s = c.createStatement();
                ResultSet rs = s.executeQuery(new ClusteringSql(OWNERS).unsortedTail(groupRows))) {
            rs.next();
            return new long[] {rs.getLong(1), rs.getLong(2)};
        }
    }

    @Test
    void theUnsortedTailIsWhatWasAppendedOutOfScopeOrder() throws SQLException {
        try (Connection c = Lake.memory()) {
            new BitemporalMerge().createTables(c, OWNERS);
            // 20 groups of 100 rows, each sorted and its scopes apart from the others', in a shuffled order of groups
            assertions(
                    c,
                    "SELECT g * 100 + i AS firm FROM (SELECT unnest([7, 3, 19, 0, 12, 5, 1, 18, 9, 14, 2, 16, 4, 11, 8, 17, 6, 13, 10, 15]) AS g) "
                            + "CROSS JOIN range(100) t(i) ORDER BY list_position([7, 3, 19, 0, 12, 5, 1, 18, 9, 14, 2, 16, 4, 11, 8, 17, 6, 13, 10, 15], g), i");
            assertThat(tail(c, 100))
                    .as("sorted groups in any order: nothing to re-cluster")
                    .containsExactly(0, 2_000);
            // then 300 rows appended in arrival order, each group of them spanning every scope
            assertions(c, "SELECT (i * 7919) % 2000 AS firm FROM range(300) t(i)");
            assertThat(tail(c, 100)).containsExactly(300, 2_300);
            assertThat(Clustering.DEFAULT.due(300, 2_300))
                    .as("below a row group")
                    .isFalse();
        }
    }

    @Test
    void aSessionMeasuresTheTailItDidNotAppendAndReclustersIt() throws SQLException {
        Clustering small = new Clustering(1, 100, 200, false);
        try (Connection c = Lake.memory()) {
            new BitemporalMerge().createTables(c, OWNERS);
            assertions(c, "SELECT i AS firm FROM range(2000) t(i)");
            assertions(c, "SELECT (i * 7919) % 2000 AS firm FROM range(300) t(i)"); // appended before this session, by
            // another
            try (BitemporalSession session = new BitemporalSession(
                    c, OWNERS, InstantSource.system(), SessionOptions.DEFAULT.withClustering(small))) {
                session.write(
                        SourceQuery.of("SELECT 5 AS firm, 'N' AS owner, '1' AS pct, '2024-01-01' AS filing_date"),
                        Replace.NONE,
                        HistoryRun.BASE);
                assertThat(session.reclusterings())
                        .as("its one row is far from the threshold; the tail it measured is not")
                        .isOne();
            }
            assertThat(tail(c, 100)[0]).isZero();
            try (Statement s = c.createStatement();
                    ResultSet rs = s.executeQuery("SELECT count(*) FROM owners__assertions")) {
                rs.next();
                assertThat(rs.getLong(1)).isEqualTo(2_301);
            }
        }
    }
}
