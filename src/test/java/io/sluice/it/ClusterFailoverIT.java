package io.sluice.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Three packaged nodes on one embedded PostgreSQL, as a team runs them: {@code a} with the lake, {@code b} and {@code c}
 * executing only assets without a lake table ({@code SLUICE_LAKE_ENABLED=false}). A 2,000-partition backfill of
 * {@code bench/noop_pooled_daily} (each partition 100 ms) with {@code maxConcurrent} 3, its pool {@code bench} limited to
 * 2, the every-minute schedule {@code bench_noop}, the 5-second sensor {@code bench_sensor} and the eager
 * {@code bench/noop_eager} all run while {@code b} is killed (SIGKILL) at a quarter of the backfill, holding a run, and
 * {@code c} is stopped (SIGTERM) at 60%. Then: each partition has exactly one successful run, nothing is left QUEUED or
 * STARTED, at no instant did more runs of the backfill or the pool run than their limits (from the stored start and end
 * times), each scheduled minute and each sensor slot ticked once, each materialization of {@code bench/noop}
 * triggered one eager run, {@code b}'s runs were taken over within the lease plus one check interval (the figure is
 * printed), {@code c} exited 0 within its drain, and the nodes API tells a RUNNING, b LOST, c STOPPED. Lease 10 s,
 * heartbeat and check every 2 s, drain grace 5 s. About 6 to 9 minutes on 2 cores.
 */
class ClusterFailoverIT {

    private static final Duration LEASE = Duration.ofSeconds(10);
    private static final Duration CHECK = Duration.ofSeconds(2);
    private static final Duration GRACE = Duration.ofSeconds(5);
    private static final int PARTITIONS = 2_000;
    private static final String ASSET = "bench/noop_pooled_daily";

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
    void aClusterLosesNothingWhenOneNodeIsKilledAndAnotherStopped() throws Exception {
        cluster = new LocalCluster(data);
        SluiceServer a = node("a", true);
        SluiceServer b;
        SluiceServer c;
        ExecutorService starts = Executors.newFixedThreadPool(2);
        try {
            Future<SluiceServer> startB = starts.submit(() -> node("b", false));
            Future<SluiceServer> startC = starts.submit(() -> node("c", false));
            b = startB.get();
            c = startC.get();
        } finally {
            starts.shutdownNow();
        }
        String idB = self(b);
        String idC = self(c);

        a.put("/api/pools/bench", "{\"limit\": 2, \"reason\": \"cluster test\"}", 200);
        a.post("/api/schedules/bench_noop/start", "{\"reason\":\"cluster test\"}", 200);
        b.post("/api/sensors/bench_sensor/start", "{\"reason\":\"cluster test\"}", 200);
        JsonNode backfill = c.post(
                "/api/backfills",
                "{\"assets\": [\"" + ASSET + "\"], \"ranges\": [{\"start\": \"2000-01-01\", \"end\": \""
                        + java.time.LocalDate.parse("2000-01-01").plusDays(PARTITIONS - 1)
                        + "\"}], \"partitionsPerRun\": 1, \"maxConcurrent\": 3, \"reason\": \"cluster test\"}",
                201);
        String id = backfill.at("/backfill/id").asText();

        // at a quarter, once b holds a run: SIGKILL. b is frozen first (SIGSTOP), so that the runs it holds are read
        // while it can store nothing more: a run of 100 ms read STARTED could otherwise end before the kill
        awaitDone(a, id, PARTITIONS / 4);
        List<String> heldByB = frozenHolding(b, idB, Duration.ofSeconds(60));
        Instant killed = Instant.now();
        b.kill();
        // all of b's runs are ended by another node, as failed with the reason, and retried
        Instant takenOver = awaitEnded(heldByB, Duration.ofSeconds(120));
        Duration takeover = Duration.between(killed, takenOver);
        System.out.printf(
                "takeover after SIGKILL: %.1f s (lease %d s + check %d s)%n",
                takeover.toMillis() / 1000.0, LEASE.toSeconds(), CHECK.toSeconds());
        for (Map<String, Object> run : runs("id = ANY(?)", (Object) heldByB.toArray(new String[0]))) {
            assertThat(run.get("status")).as(run.toString()).isEqualTo("FAILURE");
            assertThat((String) run.get("error"))
                    .as("the reason names the node and its silence")
                    .contains("node b")
                    .contains("silent for");
        }
        assertThat(takeover)
                .as("taken over within the lease plus a check interval (and a margin for this loaded machine)")
                .isLessThanOrEqualTo(LEASE.plus(CHECK).plusSeconds(10));

        // at 60%: SIGTERM; c drains (grace 5 s) and exits 0
        awaitDone(a, id, PARTITIONS * 6 / 10);
        Instant terminated = Instant.now();
        assertThat(c.terminate(GRACE.plusSeconds(30))).as("c's exit status").isZero();
        assertThat(Files.readString(c.log("c.log")))
                .as("c's stop is its own: its heartbeat neither fences it nor registers it again")
                .doesNotContain("fences itself")
                .doesNotContain("registered again");
        System.out.printf(
                "drain after SIGTERM: %.1f s%n",
                Duration.between(terminated, Instant.now()).toMillis() / 1000.0);

        a.awaitBackfill(id, f -> f.at("/status").asText().equals("COMPLETED"), Duration.ofMinutes(10));
        a.post("/api/schedules/bench_noop/stop", "{\"reason\":\"cluster test done\"}", 200);
        a.post("/api/sensors/bench_sensor/stop", "{\"reason\":\"cluster test done\"}", 200);

        // (1) each partition has exactly one successful run
        Map<String, Integer> successes = new HashMap<>();
        for (Map<String, Object> run : runs("group_id = ? AND status = 'SUCCESS'", id)) {
            String partitions = (String) run.get("partitions_json");
            successes.merge(partitions, 1, Integer::sum);
        }
        assertThat(successes).as("one successful run per partition").hasSize(PARTITIONS);
        assertThat(successes.values()).containsOnly(1);
        // (2) nothing left QUEUED or STARTED
        a.await(
                "/api/runs?status=QUEUED&limit=1",
                r -> r.isEmpty(),
                Duration.ofSeconds(60)); // the last eager run may still be on its way
        a.await("/api/runs?status=STARTED&limit=1", r -> r.isEmpty(), Duration.ofSeconds(60));
        // (3) never more than the limits at once
        List<Map<String, Object>> ofBackfill = runs("group_id = ? AND started_at IS NOT NULL", id);
        List<Map<String, Object>> ofPool = runs("assets = ? AND started_at IS NOT NULL", ASSET);
        int backfillMost = mostAtOnce(ofBackfill);
        int poolMost = mostAtOnce(ofPool);
        System.out.printf(
                "most at once: %d runs of the backfill (limit 3), %d of the pool (limit 2)%n", backfillMost, poolMost);
        assertThat(backfillMost).as("runs of the backfill at once").isLessThanOrEqualTo(3);
        assertThat(poolMost).as("runs of the pool at once").isLessThanOrEqualTo(2);
        // (4) each scheduled minute ticked once
        List<Instant> minutes = new ArrayList<>();
        for (JsonNode tick : a.get("/api/schedules/bench_noop/ticks?limit=500")) {
            minutes.add(Instant.parse(tick.at("/tick").asText()));
        }
        assertThat(minutes).as("schedule ticks").isNotEmpty().doesNotHaveDuplicates();
        // (5) no sensor interval ticked twice: a fire's tick is named by its slot's middle (started + k * 5 s)
        Instant started = Instant.ofEpochMilli(Instant.parse(
                        a.get("/api/sensors/bench_sensor").at("/startedAt").asText())
                .toEpochMilli());
        List<Instant> sensorTicks = new ArrayList<>();
        for (JsonNode tick : a.get("/api/sensors/bench_sensor/ticks?limit=500")) {
            sensorTicks.add(Instant.parse(tick.at("/tick").asText()));
        }
        assertThat(sensorTicks).as("sensor ticks").hasSizeGreaterThan(5).doesNotHaveDuplicates();
        assertThat(sensorTicks)
                .as("sensor ticks are slot middles from %s", started)
                .allSatisfy(t -> assertThat(Duration.between(started, t).toMillis() % 5_000)
                        .isZero());
        // (6) one eager run per materialization of bench/noop (a run lost with b may be followed by its retry)
        int noop = runs("assets = 'bench/noop' AND status = 'SUCCESS'").size();
        List<Map<String, Object>> eager = runs("assets = 'bench/noop_eager'");
        long eagerFailed =
                eager.stream().filter(r -> "FAILURE".equals(r.get("status"))).count();
        assertThat(noop).as("schedule runs of bench/noop").isGreaterThan(0);
        assertThat(eager.size()).as("eager runs").isBetween(noop, (int) (noop + eagerFailed));
        // (9) the nodes as the API tells them
        Map<String, String> states = new HashMap<>();
        for (JsonNode node : a.get("/api/nodes")) {
            states.put(node.at("/id").asText(), node.at("/state").asText());
        }
        assertThat(states)
                .containsEntry(self(a), "RUNNING")
                .containsEntry(idB, "LOST")
                .containsEntry(idC, "STOPPED");
    }

    /** A node on the shared PostgreSQL, with the production settings, its own data directory and port. */
    private SluiceServer node(String name, boolean lake) throws Exception {
        Map<String, String> env = new HashMap<>(Map.of(
                "SLUICE_CLUSTER_LEASE",
                LEASE.toSeconds() + "s",
                "SLUICE_CLUSTER_HEARTBEAT",
                "2s",
                "SLUICE_CLUSTER_CHECK_INTERVAL",
                CHECK.toSeconds() + "s",
                "SLUICE_CLUSTER_DRAIN_GRACE",
                GRACE.toSeconds() + "s",
                "SLUICE_BENCH_SLEEP_MS",
                "100"));
        env.put("SLUICE_AUTOMATION_TRIGGERS_ENABLED", "true");
        if (!lake) {
            env.put("SLUICE_LAKE_ENABLED", "false");
        }
        return cluster.start(name, env);
    }

    /** The id of the node answering on {@code node}. */
    private static String self(SluiceServer node) throws Exception {
        for (JsonNode n : node.get("/api/nodes")) {
            if (n.at("/self").asBoolean()) {
                return n.at("/id").asText();
            }
        }
        throw new AssertionError("no node is self in " + node.get("/api/nodes"));
    }

    private static void awaitDone(SluiceServer node, String backfill, int done) throws Exception {
        node.awaitBackfill(backfill, b -> b.at("/progress/succeeded").asLong() >= done, Duration.ofMinutes(10));
    }

    /** The runs STARTED on {@code owner}, once there is one. */
    private List<String> awaitStartedOn(String owner, Duration limit) throws Exception {
        Instant deadline = Instant.now().plus(limit);
        while (Instant.now().isBefore(deadline)) {
            List<String> held = new ArrayList<>();
            for (Map<String, Object> run : runs("status = 'STARTED' AND owner_node = ?", owner)) {
                held.add((String) run.get("id"));
            }
            if (!held.isEmpty()) {
                return held;
            }
            Thread.sleep(5);
        }
        throw new AssertionError("node " + owner + " held no STARTED run within " + limit);
    }

    /**
     * Freezes {@code node} (SIGSTOP) at an instant it holds STARTED runs and answers them; thawed again (SIGCONT) and
     * tried anew when what it held ended in the meantime.
     */
    private List<String> frozenHolding(SluiceServer node, String owner, Duration limit) throws Exception {
        Instant deadline = Instant.now().plus(limit);
        while (Instant.now().isBefore(deadline)) {
            awaitStartedOn(owner, Duration.between(Instant.now(), deadline));
            signal(node, "STOP");
            Thread.sleep(500); // a commit in flight lands or not; nothing more comes from the frozen node
            List<String> held = new ArrayList<>();
            for (Map<String, Object> run : runs("status = 'STARTED' AND owner_node = ?", owner)) {
                held.add((String) run.get("id"));
            }
            if (!held.isEmpty()) {
                return held;
            }
            signal(node, "CONT");
        }
        throw new AssertionError("node " + owner + " held no STARTED run when frozen within " + limit);
    }

    private static void signal(SluiceServer node, String signal) throws Exception {
        Process kill = new ProcessBuilder("kill", "-" + signal, Long.toString(node.pid()))
                .inheritIO()
                .start();
        assertThat(kill.waitFor()).as("kill -%s", signal).isZero();
    }

    /** Waits until every run of {@code ids} has ended: the latest end. */
    private Instant awaitEnded(List<String> ids, Duration limit) throws Exception {
        Instant deadline = Instant.now().plus(limit);
        while (Instant.now().isBefore(deadline)) {
            List<Map<String, Object>> rows = runs("id = ANY(?)", (Object) ids.toArray(new String[0]));
            if (rows.stream().allMatch(r -> r.get("ended_at") != null)) {
                return rows.stream()
                        .map(r -> ((Timestamp) r.get("ended_at")).toInstant())
                        .max(Instant::compareTo)
                        .orElseThrow();
            }
            Thread.sleep(100);
        }
        throw new AssertionError("runs " + ids + " were not taken over within " + limit + ": "
                + runs("id = ANY(?)", (Object) ids.toArray(new String[0])));
    }

    /** The most intervals [started_at, ended_at) that overlap at one instant. */
    static int mostAtOnce(List<Map<String, Object>> runs) {
        List<long[]> events = new ArrayList<>();
        for (Map<String, Object> run : runs) {
            events.add(new long[] {((Timestamp) run.get("started_at")).getTime() * 1000 + nanos(run, "started_at"), 1});
            Timestamp end = (Timestamp) run.get("ended_at");
            assertThat(end).as("an ended run: " + run).isNotNull();
            events.add(new long[] {end.getTime() * 1000 + nanos(run, "ended_at"), -1});
        }
        // an end at the same instant as a start frees its slot first
        events.sort((x, y) -> x[0] != y[0] ? Long.compare(x[0], y[0]) : Long.compare(x[1], y[1]));
        int now = 0;
        int most = 0;
        for (long[] e : events) {
            now += (int) e[1];
            most = Math.max(most, now);
        }
        return most;
    }

    private static long nanos(Map<String, Object> run, String column) {
        return ((Timestamp) run.get(column)).getNanos() / 1000 % 1000;
    }

    /** Rows of {@code run} matching {@code where}, read straight from the shared store. */
    private List<Map<String, Object>> runs(String where, Object... values) throws SQLException {
        String sql = "SELECT id, status, started_at, ended_at, error, owner_node, assets, partitions_json FROM run"
                + " WHERE " + where;
        List<Map<String, Object>> rows = new ArrayList<>();
        try (Connection c = cluster.postgres().getPostgresDatabase().getConnection();
                PreparedStatement s = c.prepareStatement(sql)) {
            for (int i = 0; i < values.length; i++) {
                if (values[i] instanceof String[] array) {
                    s.setArray(i + 1, c.createArrayOf("varchar", array));
                } else {
                    s.setObject(i + 1, values[i]);
                }
            }
            try (ResultSet r = s.executeQuery()) {
                Set<String> columns = new HashSet<>();
                for (int i = 1; i <= r.getMetaData().getColumnCount(); i++) {
                    columns.add(r.getMetaData().getColumnLabel(i));
                }
                while (r.next()) {
                    Map<String, Object> row = new HashMap<>();
                    for (String column : columns) {
                        row.put(column, r.getObject(column));
                    }
                    rows.add(row);
                }
            }
        }
        return rows;
    }
}
