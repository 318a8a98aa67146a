package io.sluice.store;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import javax.sql.DataSource;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.configuration.FluentConfiguration;
import org.junit.jupiter.api.Test;

/**
 * A migration checked on a fresh H2 and a fresh embedded PostgreSQL: a subclass migrates to the version before the one
 * it checks, stores rows as that version had them, migrates to the latest and reads what became of them.
 */
abstract class MigrationCheck {

    /** Migrates {@code flyway} to a target, stores rows through {@code c}, migrates to the latest and asserts. */
    protected abstract void migrates(FluentConfiguration flyway, Connection c) throws SQLException;

    @Test
    void h2() throws SQLException {
        String url = "jdbc:h2:mem:" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1";
        try (Connection c = DriverManager.getConnection(url, "sa", "")) {
            migrates(
                    Flyway.configure()
                            .dataSource(url, "sa", "")
                            .locations("classpath:db/migration/common", "classpath:db/migration/h2"),
                    c);
        }
    }

    @Test
    void postgresql() throws Exception {
        try (EmbeddedPostgres postgres = EmbeddedPostgres.builder().start()) {
            DataSource ds = postgres.getPostgresDatabase();
            try (Connection c = ds.getConnection()) {
                migrates(
                        Flyway.configure()
                                .dataSource(ds)
                                .locations("classpath:db/migration/common", "classpath:db/migration/postgresql"),
                        c);
            }
        }
    }

    protected static void exec(Connection c, String sql, Object... values) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            for (int i = 0; i < values.length; i++) {
                ps.setObject(i + 1, values[i]);
            }
            ps.executeUpdate();
        }
    }

    /** The first column of every row {@code sql} reads, as text. */
    protected static List<String> rows(Connection c, String sql) throws SQLException {
        List<String> rows = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement(sql);
                ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                rows.add(rs.getString(1));
            }
        }
        return rows;
    }
}
