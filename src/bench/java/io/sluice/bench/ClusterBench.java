package io.sluice.bench;

import com.fasterxml.jackson.databind.JsonNode;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Several Sluice nodes on one PostgreSQL (embedded, durable: fsync and synchronous_commit on): backfill throughput of
 * {@code bench/noop_daily} with 1, 2 and 3 nodes, the takeover time after a SIGKILL (kill to the last of the killed
 * node's runs ended by another node; median of {@code bench.kills}), and the wake-up latency of a run launched through a
 * node that does not execute (launch to STARTED on another node, its polling slowed to 60 s so only a NOTIFY explains a
 * quick start). Run with
 * {@code ./mvnw -B -q -Pbench -DskipTests package exec:exec -Dbench.main=io.sluice.bench.ClusterBench}; options as
 * {@code -Dbench.args="-Dbench.partitions=10000 -Dbench.nodes=1,2,3 -Dbench.kills=3 -Dbench.wakeups=5"}. Logs go to
 * {@code target/bench/cluster/}.
 */
public final class ClusterBench {

    private static final String ASSET = "bench/noop_daily";
    private static final String SLOW = "bench/noop_pooled_daily";
    private static final Duration LEASE = Duration.ofSeconds(10);
    private static final Duration CHECK = Duration.ofSeconds(2);

    public static void main(String[] args) throws Exception {
        Path project = Path.of(System.getProperty("bench.project", "."));
        Path out = Files.createDirectories(project.resolve("target/bench/cluster"));
        int partitions = Integer.getInteger("bench.partitions", 10_000);
        int kills = Integer.getInteger("bench.kills", 3);
        int wakeups = Integer.getInteger("bench.wakeups", 5);
        List<Integer> counts = new ArrayList<>();
        for (String n : System.getProperty("bench.nodes", "1,2,3").split(",")) {
            counts.add(Integer.parseInt(n.strip()));
        }
        System.err.printf(
                "machine: %d cores, JVM %s; %,d partitions of %s per node count; PostgreSQL durable%n",
                Runtime.getRuntime().availableProcessors(), System.getProperty("java.version"), partitions, ASSET);
        try (EmbeddedPostgres pg = EmbeddedPostgres.builder()
                .setServerConfig("fsync", "on")
                .setServerConfig("synchronous_commit", "on")
                .setServerConfig("max_connections", "300")
                .start()) {
            Map<Integer, Double> rates = new HashMap<>();
            for (int n : counts) {
                rates.put(n, throughput(project, out, pg, n, partitions));
            }
            List<Double> takeovers = takeovers(project, out, pg, kills);
            List<Double> wakes = wakeups(project, out, pg, wakeups);
            System.out.println();
            System.out.println("| nodes | partitions/s | vs one node |");
            System.out.println("|---|---|---|");
            for (int n : counts) {
                System.out.printf(
                        "| %d | %,.0f | %.2fx |%n",
                        n, rates.get(n), rates.containsKey(1) ? rates.get(n) / rates.get(1) : Double.NaN);
            }
            System.out.printf(
                    "takeover after SIGKILL (lease %d s, check %d s): median %.1f s of %s%n",
                    LEASE.toSeconds(), CHECK.toSeconds(), median(takeovers), takeovers);
            System.out.printf("wake-up through NOTIFY (poll 60 s): median %.3f s of %s%n", median(wakes), wakes);
        }
    }

    /** One backfill of {@code partitions} days over {@code n} fresh nodes: partitions per second. */
    private static double throughput(Path project, Path out, EmbeddedPostgres pg, int n, int partitions)
            throws Exception {
        List<SluiceServer> nodes = startNodes(project, out, pg, "nodes" + n, n, Map.of());
        try {
            backfill(nodes.get(0), LocalDate.of(1990, 1, 1), 1_000, "warm-up"); // JIT, untimed
            long start = System.nanoTime();
            JsonNode done = backfill(nodes.get(0), LocalDate.of(1995, 1, 1), partitions, "timed");
            double seconds = (System.nanoTime() - start) / 1e9;
            double rate = done.at("/progress/succeeded").asLong() / seconds;
            System.err.printf(
                    "  %d node(s): %,d partitions in %.1f s: %,.0f/s (%s)%n",
                    n,
                    done.at("/progress/succeeded").asLong(),
                    seconds,
                    rate,
                    done.at("/status").asText());
            return rate;
        } finally {
            for (SluiceServer node : nodes) {
                node.close();
            }
        }
    }

    /** Kills a node holding runs, {@code kills} times: seconds from the kill to the last of its runs ended elsewhere. */
    private static List<Double> takeovers(Path project, Path out, EmbeddedPostgres pg, int kills) throws Exception {
        String db = database(pg, "takeover");
        Map<String, String> slow = Map.of("SLUICE_BENCH_SLEEP_MS", "600000");
        List<SluiceServer> nodes = new ArrayList<>(startNodes(project, out, pg, "takeover", 2, slow));
        List<Double> seconds = new ArrayList<>();
        try {
            for (int k = 0; k < kills; k++) {
                SluiceServer victim = nodes.get(1);
                String owner = self(victim);
                String backfill = nodes.get(0)
                        .post(
                                "/api/backfills",
                                Map.of(
                                        "assets", List.of(SLOW),
                                        "ranges",
                                                List.of(Map.of(
                                                        "start",
                                                                LocalDate.of(2001 + k, 1, 1)
                                                                        .toString(),
                                                        "end",
                                                                LocalDate.of(2001 + k, 1, 8)
                                                                        .toString())),
                                        "reason", "takeover benchmark"))
                        .at("/backfill/id")
                        .asText();
                List<String> held = new ArrayList<>();
                for (int i = 0; i < 600 && held.isEmpty(); i++) {
                    Thread.sleep(100);
                    held = query(pg, db, "SELECT id FROM run WHERE status = 'STARTED' AND owner_node = ?", owner);
                }
                if (held.isEmpty()) {
                    throw new IllegalStateException("the second node claimed nothing in 60 s");
                }
                Instant killed = Instant.now();
                victim.kill();
                Instant last = null;
                for (int i = 0; i < 1_200 && last == null; i++) {
                    Thread.sleep(100);
                    List<String> open =
                            query(pg, db, "SELECT id FROM run WHERE status = 'STARTED' AND owner_node = ?", owner);
                    if (open.isEmpty()) {
                        last = Instant.now();
                    }
                }
                if (last == null) {
                    throw new IllegalStateException("the killed node's runs were not taken over in 120 s");
                }
                double s = Duration.between(killed, last).toMillis() / 1000.0;
                System.err.printf("  takeover %d: %d run(s) taken over %.1f s after SIGKILL%n", k + 1, held.size(), s);
                seconds.add(s);
                // cancel what is left, bring a fresh second node
                nodes.get(0).post("/api/backfills/" + backfill + "/cancel", Map.of("reason", "benchmark round done"));
                nodes.set(1, startNode(project, out, pg, db, "takeover-b" + (k + 2), false, slow));
            }
        } finally {
            for (SluiceServer node : nodes) {
                node.close();
            }
        }
        return seconds;
    }

    /** Runs launched through a node that does not execute: seconds from the launch until another node started it. */
    private static List<Double> wakeups(Path project, Path out, EmbeddedPostgres pg, int count) throws Exception {
        String db = database(pg, "wakeup");
        Map<String, String> slowPoll = Map.of("SLUICE_CLUSTER_POLL_FALLBACK", "60s");
        List<Double> seconds = new ArrayList<>();
        try (SluiceServer executes = startNode(project, out, pg, db, "wakeup-a", true, slowPoll);
                SluiceServer launches = startNode(
                        project,
                        out,
                        pg,
                        db,
                        "wakeup-b",
                        false,
                        Map.of("SLUICE_CLUSTER_POLL_FALLBACK", "60s", "SLUICE_RUNS_EXECUTE", "false"))) {
            for (int i = 0; i < count; i++) {
                Thread.sleep(3_000); // the executing node is idle, waiting on its poll or a NOTIFY
                long start = System.nanoTime();
                String id = launches.post("/api/runs", Map.of("assets", List.of("bench/noop"), "reason", "wake-up"))
                        .at("/id")
                        .asText();
                String status = "QUEUED";
                while (status.equals("QUEUED") && System.nanoTime() - start < 90e9) {
                    Thread.sleep(5);
                    status = executes.get("/api/runs/" + id).at("/status").asText();
                }
                double s = (System.nanoTime() - start) / 1e9;
                System.err.printf("  wake-up %d: %s after %.3f s%n", i + 1, status, s);
                seconds.add(s);
            }
        }
        return seconds;
    }

    /** {@code n} nodes on a fresh database: the first with the lake, the others without. */
    private static List<SluiceServer> startNodes(
            Path project, Path out, EmbeddedPostgres pg, String name, int n, Map<String, String> env) throws Exception {
        String db = database(pg, name);
        List<SluiceServer> nodes = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            nodes.add(startNode(project, out, pg, db, name + "-" + (char) ('a' + i), i == 0, env));
        }
        return nodes;
    }

    static SluiceServer startNode(
            Path project,
            Path out,
            EmbeddedPostgres pg,
            String db,
            String name,
            boolean lake,
            Map<String, String> extra)
            throws Exception {
        Map<String, String> env = new HashMap<>(extra);
        env.put(
                "SLUICE_DATA_DIR",
                Files.createTempDirectory("sluice-cluster-" + name).toString());
        env.put("QUARKUS_PROFILE", "prod,pg");
        env.put("SLUICE_PG_URL", "jdbc:postgresql://localhost:" + pg.getPort() + "/" + db);
        env.put("SLUICE_PG_USER", "postgres");
        env.put("SLUICE_PG_PASSWORD", "postgres");
        env.put("SLUICE_NODE_NAME", name);
        env.put("SLUICE_CLUSTER_LEASE", LEASE.toSeconds() + "s");
        env.put("SLUICE_CLUSTER_HEARTBEAT", "2s");
        env.put("SLUICE_CLUSTER_CHECK_INTERVAL", CHECK.toSeconds() + "s");
        env.putIfAbsent("SLUICE_AUTOMATION_TRIGGERS_ENABLED", "false");
        if (!lake) {
            env.put("SLUICE_LAKE_ENABLED", "false");
        }
        return SluiceServer.start(
                SluiceServer.quarkusRun(project), out.resolve(name + ".log"), env, List.of("-Xmx512m"));
    }

    /** A backfill of {@code days} days from {@code first}, one partition per run, until it ends: the backfill. */
    private static JsonNode backfill(SluiceServer node, LocalDate first, int days, String why) throws Exception {
        String id = node.post(
                        "/api/backfills",
                        Map.of(
                                "assets", List.of(ASSET),
                                "ranges",
                                        List.of(Map.of(
                                                "start", first.toString(),
                                                "end", first.plusDays(days - 1).toString())),
                                "reason", "cluster benchmark, " + why))
                .at("/backfill/id")
                .asText();
        while (true) {
            Thread.sleep(250);
            JsonNode b = node.get("/api/backfills/" + id);
            if (!b.at("/status").asText().equals("RUNNING")) {
                return b;
            }
        }
    }

    private static String self(SluiceServer node) throws Exception {
        for (JsonNode n : node.get("/api/nodes")) {
            if (n.at("/self").asBoolean()) {
                return n.at("/id").asText();
            }
        }
        throw new IllegalStateException("no node says self in /api/nodes");
    }

    static String database(EmbeddedPostgres pg, String name) throws Exception {
        String database = "cluster_" + name;
        try (Connection c = pg.getPostgresDatabase().getConnection();
                Statement s = c.createStatement()) {
            s.execute("DROP DATABASE IF EXISTS " + database);
            s.execute("CREATE DATABASE " + database);
        }
        return database;
    }

    static List<String> query(EmbeddedPostgres pg, String db, String sql, String... values) throws Exception {
        List<String> ids = new ArrayList<>();
        try (Connection c = pg.getDatabase("postgres", db).getConnection();
                PreparedStatement s = c.prepareStatement(sql)) {
            for (int i = 0; i < values.length; i++) {
                s.setString(i + 1, values[i]);
            }
            try (ResultSet r = s.executeQuery()) {
                while (r.next()) {
                    ids.add(r.getString(1));
                }
            }
        }
        return ids;
    }

    private static double median(List<Double> values) {
        List<Double> sorted = new ArrayList<>(values);
        sorted.sort(null);
        return sorted.isEmpty() ? Double.NaN : sorted.get(sorted.size() / 2);
    }

    private ClusterBench() {}
}
