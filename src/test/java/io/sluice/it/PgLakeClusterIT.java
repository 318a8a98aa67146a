package io.sluice.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two packaged nodes on one embedded PostgreSQL, both writing the PostgreSQL lake (in the store's database): the
 * example's 24-year landing, a per-day backfill of {@code extract} and {@code raw} (8,766 runs), with the eager
 * bi-temporal transforms it triggers, while node {@code b} is killed (SIGKILL) a third of the way in. Node {@code a}
 * finishes. Then each day has exactly one successful run, nothing is left QUEUED or STARTED, and the tables equal a
 * single node's run of the same landing in a database of its own: the same row counts for extract and raw (each filing
 * once), and the same current belief of both transforms. Lease 10 s, heartbeat and check every 2 s; 20 firms, so that
 * the runs, not the data, take the time.
 */
class PgLakeClusterIT {

    private static final String FIRMS = "{\"extract/form_adv_filings\": {\"firms\": 20}}";
    private static final String LANDING = "\"assets\": [\"extract/form_adv_filings\", \"raw/form_adv_filings\"], "
            + "\"ranges\": [{\"start\": \"2001-01-01\", \"end\": \"2024-12-31\"}], \"config\": " + FIRMS;
    private static final int DAYS = 8_766;
    private static final List<String> TRANSFORMS = List.of("form_adv_firm_identity", "form_adv_firm_ownership");

    @TempDir
    Path data;

    private LocalCluster cluster;

    @AfterEach
    void stop() throws Exception {
        if (cluster != null) {
            cluster.close();
        }
    }

    @Test
    void twoNodesLandTheHistoryIntoOneLakeAndLoseNothingWhenOneIsKilled() throws Exception {
        cluster = new LocalCluster(data);
        cluster.createDatabase("single");
        cluster.createDatabase("cluster");

        // the reference: one node, the same 24 years in one run, then both transforms
        SluiceServer single = node("single", "single", false);
        String landed = single.post(
                        "/api/backfills", "{" + LANDING + ", \"singleRun\": true, \"reason\": \"one\"}", 201)
                .at("/backfill/id")
                .asText();
        assertThat(single.awaitBackfill(
                                landed, b -> !"RUNNING".equals(b.at("/status").asText()), Duration.ofMinutes(5))
                        .at("/status")
                        .asText())
                .isEqualTo("COMPLETED");
        String transforms = single.post(
                        "/api/runs",
                        "{\"assets\": [\"transform/form_adv_firm_identity\", \"transform/form_adv_firm_ownership\"], "
                                + "\"mode\": \"FULL_REFRESH\", \"reason\": \"one\"}",
                        201)
                .at("/id")
                .asText();
        assertThat(single.awaitRun(transforms, Duration.ofMinutes(5))
                        .at("/status")
                        .asText())
                .isEqualTo("SUCCESS");
        single.close();
        Map<String, Object> reference = contents("single");
        assertThat((Long) reference.get("raw"))
                .as("filings landed by the single node")
                .isPositive();

        // the cluster: two nodes, one run per day, the transforms triggered eagerly
        SluiceServer a;
        SluiceServer b;
        ExecutorService starts = Executors.newFixedThreadPool(2);
        try {
            Future<SluiceServer> startA = starts.submit(() -> node("a", "cluster", true));
            Future<SluiceServer> startB = starts.submit(() -> node("b", "cluster", true));
            a = startA.get();
            b = startB.get();
        } finally {
            starts.shutdownNow();
        }
        Instant posted = Instant.now();
        String id = a.post("/api/backfills", "{" + LANDING + ", \"partitionsPerRun\": 1, \"reason\": \"cluster\"}", 201)
                .at("/backfill/id")
                .asText();
        a.awaitBackfill(id, f -> f.at("/progress/succeeded").asLong() >= DAYS / 3, Duration.ofMinutes(15));
        assertThat(runs("cluster", "group_id = ? AND status = 'SUCCESS' AND owner_node <> ?", id, self(a)))
                .as("node b executed runs of the backfill before it was killed")
                .isNotEmpty();
        b.kill();
        JsonNode done =
                a.awaitBackfill(id, f -> !"RUNNING".equals(f.at("/status").asText()), Duration.ofMinutes(30));
        assertThat(done.at("/status").asText()).as(done.toString()).isEqualTo("COMPLETED");
        System.out.printf(
                "landing of %d days on two nodes (one killed at a third): %d s%n",
                DAYS, Duration.between(posted, Instant.now()).toSeconds());
        awaitQuiet(Duration.ofMinutes(10));

        // each day has exactly one successful run
        Map<String, Integer> successes = new HashMap<>();
        for (Map<String, Object> run : runs("cluster", "group_id = ? AND status = 'SUCCESS'", id)) {
            successes.merge((String) run.get("partitions_json"), 1, Integer::sum);
        }
        assertThat(successes).as("one successful run per day").hasSize(DAYS);
        assertThat(successes.values()).containsOnly(1);
        assertThat(runs("cluster", "status IN ('QUEUED', 'STARTED')")).isEmpty();
        // the lake equals the single node's
        Map<String, Object> lake = contents("cluster");
        assertThat(lake.get("raw distinct")).as("each filing once").isEqualTo(lake.get("raw"));
        assertThat(lake).isEqualTo(reference);
        assertThat(stagingTables("cluster")).as("no staging table is left").isZero();
    }

    /** A node on the shared PostgreSQL (database {@code database}) with the PostgreSQL lake in it. */
    private SluiceServer node(String name, String database, boolean triggers) throws Exception {
        return cluster.start(
                name,
                database,
                Map.of(
                        "SLUICE_LAKE_ENGINE", "postgres",
                        "SLUICE_CLUSTER_LEASE", "10s",
                        "SLUICE_CLUSTER_HEARTBEAT", "2s",
                        "SLUICE_CLUSTER_CHECK_INTERVAL", "2s",
                        "SLUICE_AUTOMATION_TRIGGERS_ENABLED", Boolean.toString(triggers)));
    }

    private static String self(SluiceServer node) throws Exception {
        for (JsonNode n : node.get("/api/nodes")) {
            if (n.at("/self").asBoolean()) {
                return n.at("/id").asText();
            }
        }
        throw new AssertionError("no node is self in " + node.get("/api/nodes"));
    }

    /** Waits until no run has been QUEUED or STARTED for 10 s (the eager transforms after the landing). */
    private void awaitQuiet(Duration limit) throws Exception {
        Instant deadline = Instant.now().plus(limit);
        Instant quietSince = Instant.now();
        while (Instant.now().isBefore(deadline)) {
            if (!runs("cluster", "status IN ('QUEUED', 'STARTED')").isEmpty()) {
                quietSince = Instant.now();
            } else if (Duration.between(quietSince, Instant.now()).toSeconds() >= 10) {
                return;
            }
            Thread.sleep(500);
        }
        throw new AssertionError("runs still QUEUED or STARTED after " + limit + ": "
                + runs("cluster", "status IN ('QUEUED', 'STARTED')"));
    }

    /**
     * What the lake of {@code database} holds: the row counts of extract and raw (and raw's distinct rows), and each
     * transform's current belief (its rows without their system times, sorted).
     */
    private Map<String, Object> contents(String database) throws SQLException {
        Map<String, Object> contents = new TreeMap<>();
        try (Connection c = cluster.postgres().getDatabase("postgres", database).getConnection()) {
            contents.put("extract", count(c, "SELECT count(*) FROM lake.extract_form_adv_filings"));
            contents.put("raw", count(c, "SELECT count(*) FROM lake.raw_form_adv_filings"));
            contents.put(
                    "raw distinct",
                    count(c, "SELECT count(*) FROM (SELECT DISTINCT * FROM lake.raw_form_adv_filings) d"));
            for (String table : TRANSFORMS) {
                List<String> rows = new ArrayList<>();
                try (Statement s = c.createStatement();
                        ResultSet r = s.executeQuery("SELECT * FROM lake." + table + " WHERE system_to IS NULL")) {
                    while (r.next()) {
                        StringBuilder row = new StringBuilder();
                        for (int i = 1; i <= r.getMetaData().getColumnCount(); i++) {
                            String column = r.getMetaData().getColumnLabel(i);
                            if (!column.startsWith("system_")) {
                                row.append(column)
                                        .append('=')
                                        .append(r.getString(i))
                                        .append(' ');
                            }
                        }
                        rows.add(row.toString());
                    }
                }
                rows.sort(null);
                assertThat(rows)
                        .as("%s's current belief in %s", table, database)
                        .isNotEmpty();
                contents.put(table, rows);
            }
        }
        return contents;
    }

    private long stagingTables(String database) throws SQLException {
        try (Connection c = cluster.postgres().getDatabase("postgres", database).getConnection()) {
            return count(
                    c,
                    "SELECT count(*) FROM information_schema.tables WHERE table_schema = 'lake'"
                            + " AND table_name LIKE '\\_\\_stage\\_%'");
        }
    }

    private static long count(Connection c, String sql) throws SQLException {
        try (Statement s = c.createStatement();
                ResultSet r = s.executeQuery(sql)) {
            r.next();
            return r.getLong(1);
        }
    }

    private List<Map<String, Object>> runs(String database, String where, Object... values) throws SQLException {
        String sql = "SELECT id, status, owner_node, assets, partitions_json FROM run WHERE " + where;
        List<Map<String, Object>> rows = new ArrayList<>();
        try (Connection c = cluster.postgres().getDatabase("postgres", database).getConnection();
                PreparedStatement s = c.prepareStatement(sql)) {
            for (int i = 0; i < values.length; i++) {
                s.setObject(i + 1, values[i]);
            }
            try (ResultSet r = s.executeQuery()) {
                while (r.next()) {
                    Map<String, Object> row = new HashMap<>();
                    for (int i = 1; i <= r.getMetaData().getColumnCount(); i++) {
                        row.put(r.getMetaData().getColumnLabel(i), r.getObject(i));
                    }
                    rows.add(row);
                }
            }
        }
        return rows;
    }
}
