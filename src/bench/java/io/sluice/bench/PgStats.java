package io.sluice.bench;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Counts a database's committed transactions and written rows from PostgreSQL's statistics, so the
 * table can say how many transactions each contender spends per partition (and Sluice's per table).
 */
record PgStats(long transactions, long rowsWritten, Map<String, long[]> byTable) {

    static final PgStats NONE = new PgStats(0, 0, Map.of());

    static PgStats read(BenchDb db) {
        if (!db.isPostgres()) {
            return NONE;
        }
        try {
            Thread.sleep(1_200); // the statistics collector flushes every 500 ms
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        try (Connection c = DriverManager.getConnection(db.jdbcUrl(), db.user(), db.password());
                Statement s = c.createStatement()) {
            long tx;
            long rows;
            try (ResultSet rs =
                    s.executeQuery("SELECT xact_commit, tup_inserted + tup_updated + tup_deleted FROM pg_stat_database "
                            + "WHERE datname = '" + db.pgName() + "'")) {
                rs.next();
                tx = rs.getLong(1);
                rows = rs.getLong(2);
            }
            Map<String, long[]> tables = new LinkedHashMap<>();
            try (ResultSet rs = s.executeQuery(
                    "SELECT relname, n_tup_ins, n_tup_upd, n_tup_del FROM pg_stat_user_tables ORDER BY relname")) {
                while (rs.next()) {
                    tables.put(rs.getString(1), new long[] {rs.getLong(2), rs.getLong(3), rs.getLong(4)});
                }
            }
            return new PgStats(tx, rows, tables);
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    PgStats minus(PgStats before) {
        Map<String, long[]> diff = new LinkedHashMap<>();
        byTable.forEach((t, v) -> {
            long[] b = before.byTable.getOrDefault(t, new long[3]);
            diff.put(t, new long[] {v[0] - b[0], v[1] - b[1], v[2] - b[2]});
        });
        return new PgStats(transactions - before.transactions, rowsWritten - before.rowsWritten, diff);
    }
}
