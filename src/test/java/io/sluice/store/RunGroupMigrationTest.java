package io.sluice.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.Map;
import org.flywaydb.core.api.configuration.FluentConfiguration;

/**
 * V16 turns a run's backfill into its group and tags, keeping existing rows: the runs of a backfill get the backfill's
 * id as their group and the tag sluice/backfill, and the retries made before it (reason "attempt N: run X died with
 * the process") sluice/attempt and sluice/parent-run; single launches stay without either. On H2 and on PostgreSQL.
 */
class RunGroupMigrationTest extends MigrationCheck {

    private static final String BACKFILL = "6f1c2e4a-0000-4000-8000-000000000001";

    @Override
    protected void migrates(FluentConfiguration flyway, Connection c) throws SQLException {
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
        exec(
                c,
                "INSERT INTO run (id, status, mode, assets, keys_json, partitions_json, config_json, reason, "
                        + "launched_by, created_at, backfill_id) VALUES (?, 'SUCCESS', 'FULL_REFRESH', 'a/b', '[]', "
                        + "'[\"p1\"]', '{}', ?, 'tester', CURRENT_TIMESTAMP, ?)",
                id,
                reason,
                backfill);
    }
}
