package io.sluice.lake.postgres.bitemporal;

import io.sluice.lake.bitemporal.Batch;
import io.sluice.lake.bitemporal.BitemporalTable;
import io.sluice.testing.EmbeddedPg;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import org.postgresql.Driver;

/**
 * What the tests of the PostgreSQL merge need of PostgreSQL: a fresh database on the JVM's embedded server
 * ({@link EmbeddedPg}, which fails a test, never skips it, if PostgreSQL cannot start), a connection, a batch staged as
 * the lake stages it, and a table's rows as sorted text. Public for the differential test, which lives beside the
 * DuckDB engine's generators.
 */
public final class PgTestDatabase {

    private PgTestDatabase() {}

    /** The JDBC URL of a new, empty database on the JVM's embedded PostgreSQL ({@link EmbeddedPg}). */
    public static String freshDatabase() {
        return EmbeddedPg.freshDatabase("bitemporal");
    }

    /**
     * A connection to {@code url}, through the driver itself: after Quarkus tests in the same JVM, DriverManager may not
     * see the driver from this class loader.
     */
    public static Connection connect(String url) throws SQLException {
        Properties login = new Properties();
        login.setProperty("user", EmbeddedPg.USER);
        login.setProperty("password", EmbeddedPg.USER);
        return new Driver().connect(url, login);
    }

    /** Stages a batch as the lake would ({@link StagedBatch#stage}). */
    public static void stage(Connection c, BitemporalTable table, Batch batch, String rowsTable, String markersTable)
            throws SQLException {
        StagedBatch.stage(c, table, batch, rowsTable, markersTable);
    }

    /** Every row of {@code sql} as text ("NULL" for NULL). */
    public static List<List<String>> rows(Connection c, String sql) throws SQLException {
        List<List<String>> rows = new ArrayList<>();
        try (Statement s = c.createStatement();
                ResultSet rs = s.executeQuery(sql)) {
            int n = rs.getMetaData().getColumnCount();
            while (rs.next()) {
                List<String> row = new ArrayList<>(n);
                for (int i = 1; i <= n; i++) {
                    String v = rs.getString(i);
                    row.add(v == null ? "NULL" : v);
                }
                rows.add(row);
            }
        }
        return rows;
    }

    /**
     * The version table and its companion tables of {@code table} in {@code schema} as sorted text, system times in
     * microseconds since the epoch: what the differential test compares with DuckDB's (see {@link #normalized}).
     */
    public static List<List<String>> everything(Connection c, String schema, BitemporalTable table)
            throws SQLException {
        return normalized(
                table,
                (name, columns) -> rows(c, "SELECT " + columns + " FROM \"" + schema + "\".\"" + name + "\""),
                "CAST(CAST(EXTRACT(EPOCH FROM %s) * 1000000 AS BIGINT) AS VARCHAR)");
    }

    /** Reads a table's columns ({@code columns} as SQL) into rows. */
    @FunctionalInterface
    public interface Reader {
        List<List<String>> read(String table, String columns) throws SQLException;
    }

    /**
     * The three tables of {@code table}, each row prefixed by its table's role and all of them sorted: every column as
     * {@code CAST(.. AS VARCHAR)}, system times through {@code micros} (a format with one {@code %s}, the column).
     */
    public static List<List<String>> normalized(BitemporalTable table, Reader reader, String micros)
            throws SQLException {
        List<List<String>> all = new ArrayList<>();
        List<String> versionText = new ArrayList<>();
        for (String column : table.versionColumns()) {
            versionText.add(
                    column.equals("system_from") || column.equals("system_to")
                            ? String.format(micros, column)
                            : "CAST(\"" + column + "\" AS VARCHAR)");
        }
        add(all, "versions", reader.read(table.name(), String.join(", ", versionText)));
        List<String> assertionText = new ArrayList<>();
        table.keyColumns().forEach(k -> assertionText.add("CAST(\"" + k + "\" AS VARCHAR)"));
        assertionText.add("CAST(filing_date AS VARCHAR)");
        assertionText.add("value_hash");
        assertionText.add(String.format(micros, "sys_from"));
        assertionText.add(String.format(micros, "sys_to"));
        add(all, "assertions", reader.read(table.assertionsTable(), String.join(", ", assertionText)));
        if (table.completeMode()) {
            List<String> filingText = new ArrayList<>();
            table.scopeColumns().forEach(s -> filingText.add("CAST(\"" + s + "\" AS VARCHAR)"));
            filingText.add("CAST(filing_date AS VARCHAR)");
            filingText.add(String.format(micros, "sys_from"));
            filingText.add(String.format(micros, "sys_to"));
            add(all, "filings", reader.read(table.filingsTable(), String.join(", ", filingText)));
        }
        all.sort((a, b) -> String.join("\u0001", a).compareTo(String.join("\u0001", b)));
        return all;
    }

    private static void add(List<List<String>> all, String role, List<List<String>> rows) {
        for (List<String> row : rows) {
            List<String> tagged = new ArrayList<>(row.size() + 1);
            tagged.add(role);
            tagged.addAll(row);
            all.add(tagged);
        }
    }
}
