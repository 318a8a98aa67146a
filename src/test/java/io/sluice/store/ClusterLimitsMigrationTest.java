package io.sluice.store;

import static org.assertj.core.api.Assertions.assertThat;

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
 * V29_2 moves the limits into {@code concurrency_limit}: the pools' stored limits, and the maxConcurrent of backfills
 * still running or paused (as limits of their groups; 0 is none, an ended backfill's is dropped); the STARTED runs of a
 * group hold a slot of it. On H2 and on PostgreSQL.
 */
class ClusterLimitsMigrationTest {

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

    private static void migrates(FluentConfiguration flyway, Connection c) throws SQLException {
        flyway.target("26.1").load().migrate();
        exec(c, "INSERT INTO pool_limit (name, pool_limit, updated_at) VALUES ('warehouse', 4, CURRENT_TIMESTAMP)");
        backfill(c, "b-running", "RUNNING", 3);
        backfill(c, "b-paused", "PAUSED", 2);
        backfill(c, "b-unlimited", "RUNNING", 0);
        backfill(c, "b-done", "COMPLETED", 5);
        run(c, "r1", "STARTED", "b-running");
        run(c, "r2", "SUCCESS", "b-running");
        run(c, "r3", "STARTED", null);
        flyway.target("latest").load().migrate();

        assertThat(rows(c, "SELECT scope || ' ' || name || ' ' || max_running FROM concurrency_limit ORDER BY 1"))
                .containsExactly("GROUP b-paused 2", "GROUP b-running 3", "POOL warehouse 4");
        assertThat(rows(c, "SELECT scope || ' ' || name || ' ' || run_id FROM run_slot ORDER BY 1"))
                .containsExactly("GROUP b-running r1");
        assertThat(rows(c, "SELECT name FROM cluster_lock WHERE name = 'queue-promotion'"))
                .containsExactly("queue-promotion");
        assertThat(rows(c, "SELECT id FROM run WHERE pools IS NULL AND needs_lake = TRUE ORDER BY id"))
                .as("pools computed at the run's claim")
                .containsExactly("r1", "r2", "r3");
    }

    private static void backfill(Connection c, String id, String status, int max) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO backfill (id, status, assets, mode, request_json, "
                + "launched_by, created_at, partition_count, run_count, max_concurrent) "
                + "VALUES (?, ?, 'a/b', 'FULL_REFRESH', '{}', 'tester', CURRENT_TIMESTAMP, 1, 1, ?)")) {
            ps.setString(1, id);
            ps.setString(2, status);
            ps.setInt(3, max);
            ps.executeUpdate();
        }
    }

    private static void run(Connection c, String id, String status, String group) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(
                "INSERT INTO run (id, status, mode, assets, keys_json, partitions_json, config_json, "
                        + "launched_by, created_at, group_id) VALUES (?, ?, 'FULL_REFRESH', 'a/b', '[]', '[\"p1\"]', '{}', "
                        + "'tester', CURRENT_TIMESTAMP, ?)")) {
            ps.setString(1, id);
            ps.setString(2, status);
            ps.setString(3, group);
            ps.executeUpdate();
        }
    }

    private static void exec(Connection c, String sql) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            ps.executeUpdate();
        }
    }

    private static List<String> rows(Connection c, String sql) throws SQLException {
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
