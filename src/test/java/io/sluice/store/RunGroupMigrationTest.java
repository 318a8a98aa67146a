package io.sluice.store;

import static org.assertj.core.api.Assertions.assertThat;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;
import javax.sql.DataSource;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.configuration.FluentConfiguration;
import org.junit.jupiter.api.Test;

/**
 * V16 turns a run's backfill into its group and tags, keeping existing rows: the runs of a backfill get the backfill's
 * id as their group and the tag sluice/backfill, and the retries made before it (reason "attempt N: run X died with
 * the process") sluice/attempt and sluice/parent-run; single launches stay without either. On H2 and on PostgreSQL.
 */
class RunGroupMigrationTest {

    private static final String BACKFILL = "6f1c2e4a-0000-4000-8000-000000000001";

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
        flyway.target("15").load().migrate();
        insert(c, "single", null, "because");
        insert(c, "first", BACKFILL, "fill the gap");
        insert(c, "retry", BACKFILL, "attempt 2: run first died with the process");
        flyway.target("latest").load().migrate();

        Map<String, String[]> runs = new HashMap<>();
        try (PreparedStatement ps = c.prepareStatement("SELECT id, group_id, tags_json FROM run");
                ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                runs.put(rs.getString(1), new String[] {rs.getString(2), rs.getString(3)});
            }
        }
        assertThat(runs.get("single")).containsExactly(null, null);
        assertThat(runs.get("first")).containsExactly(BACKFILL, "{\"sluice/backfill\":\"" + BACKFILL + "\"}");
        assertThat(runs.get("retry"))
                .containsExactly(
                        BACKFILL,
                        "{\"sluice/attempt\":\"2\",\"sluice/backfill\":\"" + BACKFILL
                                + "\",\"sluice/parent-run\":\"first\"}");
    }

    private static void insert(Connection c, String id, String backfill, String reason) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(
                "INSERT INTO run (id, status, mode, assets, keys_json, partitions_json, config_json, "
                        + "reason, launched_by, created_at, backfill_id) VALUES (?, 'SUCCESS', 'FULL_REFRESH', 'a/b', '[]', '[\"p1\"]', '{}', ?, 'tester', "
                        + "CURRENT_TIMESTAMP, ?)")) {
            ps.setString(1, id);
            ps.setString(2, reason);
            ps.setString(3, backfill);
            ps.executeUpdate();
        }
    }
}
