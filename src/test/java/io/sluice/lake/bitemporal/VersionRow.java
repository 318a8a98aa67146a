package io.sluice.lake.bitemporal;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;

/** One row of a version table as the tests read it; system times in microseconds since the epoch. */
record VersionRow(List<String> key, List<String> values, LocalDate from, LocalDate to, String hash, long systemFrom,
                  Long systemTo) {

    boolean visibleAt(long t) {
        return systemFrom <= t && (systemTo == null || t < systemTo);
    }

    ReferenceModel.Version version() {
        return new ReferenceModel.Version(key, values, from, to);
    }

    static List<VersionRow> all(Connection c, BitemporalTable t) throws SQLException {
        StringBuilder sql = new StringBuilder("SELECT ");
        for (String column : t.keyColumns()) {
            sql.append('"').append(column).append("\", ");
        }
        for (String column : t.valueColumns()) {
            sql.append("CAST(\"").append(column).append("\" AS VARCHAR), ");
        }
        sql.append("valid_from, valid_to, value_hash, epoch_us(system_from), epoch_us(system_to) FROM \"")
                .append(t.name()).append("\" ORDER BY ALL");
        List<VersionRow> rows = new ArrayList<>();
        int k = t.keyColumns().size();
        int v = t.valueColumns().size();
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql.toString())) {
            while (rs.next()) {
                List<String> key = new ArrayList<>();
                for (int i = 1; i <= k; i++) {
                    key.add(rs.getString(i));
                }
                List<String> values = new ArrayList<>();
                for (int i = k + 1; i <= k + v; i++) {
                    values.add(rs.getString(i));
                }
                String to = rs.getString(k + v + 2);
                long sysTo = rs.getLong(k + v + 5);
                Long systemTo = rs.wasNull() ? null : sysTo;
                rows.add(new VersionRow(key, values, LocalDate.parse(rs.getString(k + v + 1)),
                        to == null ? null : LocalDate.parse(to), rs.getString(k + v + 3), rs.getLong(k + v + 4),
                        systemTo));
            }
        }
        return rows;
    }

    /** The whole persistent state of the table: versions and companion tables, as text. */
    static List<List<String>> everything(Connection c, BitemporalTable t) throws SQLException {
        List<List<String>> all = new ArrayList<>();
        all.addAll(Lake.rows(c, "SELECT 'v', * FROM \"" + t.name() + "\" ORDER BY ALL"));
        all.addAll(Lake.rows(c, "SELECT 'a', * FROM \"" + t.assertionsTable() + "\" ORDER BY ALL"));
        if (t.completeMode()) {
            all.addAll(Lake.rows(c, "SELECT 'f', * FROM \"" + t.filingsTable() + "\" ORDER BY ALL"));
        }
        return all;
    }
}
