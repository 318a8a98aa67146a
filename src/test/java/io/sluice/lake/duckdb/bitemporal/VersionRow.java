package io.sluice.lake.duckdb.bitemporal;

import io.sluice.lake.bitemporal.BitemporalTable;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

/** One row of a version table as the tests read it; system times in microseconds since the epoch. */
record VersionRow(
        List<String> key,
        List<String> values,
        LocalDate from,
        LocalDate to,
        String hash,
        long systemFrom,
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
                .append(t.name())
                .append("\" ORDER BY ALL");
        List<VersionRow> rows = new ArrayList<>();
        int k = t.keyColumns().size();
        int v = t.valueColumns().size();
        try (Statement s = c.createStatement();
                ResultSet rs = s.executeQuery(sql.toString())) {
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
                rows.add(new VersionRow(
                        key,
                        values,
                        LocalDate.parse(rs.getString(k + v + 1)),
                        to == null ? null : LocalDate.parse(to),
                        rs.getString(k + v + 3),
                        rs.getLong(k + v + 4),
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

    /** The current versions (system_to NULL). */
    static Set<ReferenceModel.Version> current(List<VersionRow> rows) {
        return rows.stream()
                .filter(r -> r.systemTo() == null)
                .map(VersionRow::version)
                .collect(Collectors.toSet());
    }

    /** Every system time at which a version opened or closed, in order. */
    static Set<Long> instants(List<VersionRow> rows) {
        Set<Long> instants = new TreeSet<>();
        for (VersionRow r : rows) {
            instants.add(r.systemFrom());
            if (r.systemTo() != null) {
                instants.add(r.systemTo());
            }
        }
        return instants;
    }

    static long maxInstant(List<VersionRow> rows) {
        return instants(rows).stream().mapToLong(Long::longValue).max().orElse(Long.MIN_VALUE);
    }

    /** The versions visible at system time {@code t}, key by key, each key's in valid_from order. */
    static List<List<VersionRow>> visibleByKey(List<VersionRow> rows, long t) {
        return rows.stream()
                .filter(r -> r.visibleAt(t))
                .collect(Collectors.groupingBy(VersionRow::key))
                .values()
                .stream()
                .map(list -> list.stream()
                        .sorted(Comparator.comparing(VersionRow::from))
                        .toList())
                .toList();
    }

    /** Microseconds since the epoch, as the version table holds system times. */
    static long micros(Instant t) {
        return t.getEpochSecond() * 1_000_000L + t.getNano() / 1000;
    }
}
