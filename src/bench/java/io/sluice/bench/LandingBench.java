package io.sluice.bench;

import com.fasterxml.jackson.databind.JsonNode;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The example's daily landing (a per-day backfill of {@code extract} and {@code raw}, with the eager bi-temporal
 * transforms it triggers) on packaged nodes over one embedded PostgreSQL store (durable), side by side: one node with
 * the DuckDB lake, then one, two and three nodes with the PostgreSQL lake (in the store's database). Each landing runs
 * on a fresh database, from the backfill's launch until it ended and no run is queued or running; it prints days per
 * second and the ratios. Run with
 * {@code ./mvnw -B -q -Pbench -DskipTests package exec:exec -Dbench.main=io.sluice.bench.LandingBench} and
 * {@code -Dbench.args="-Dbench.years=24 -Dbench.firms=200 -Dbench.setups=duckdb:1,postgres:1,postgres:2,postgres:3"}.
 */
public final class LandingBench {

    public static void main(String[] args) throws Exception {
        Path project = Path.of(System.getProperty("bench.project", "."));
        Path out = Files.createDirectories(project.resolve("target/bench/landing"));
        int years = Integer.getInteger("bench.years", 24);
        int firms = Integer.getInteger("bench.firms", 200);
        LocalDate first = LocalDate.of(2001, 1, 1);
        LocalDate last = first.plusYears(years).minusDays(1);
        long days = first.datesUntil(last.plusDays(1)).count();
        List<String> setups = List.of(System.getProperty("bench.setups", "duckdb:1,postgres:1,postgres:2,postgres:3")
                .split(","));
        System.err.printf(
                "machine: %d cores, JVM %s; landing %s to %s (%,d days), %d firms; PostgreSQL durable%n",
                Runtime.getRuntime().availableProcessors(),
                System.getProperty("java.version"),
                first,
                last,
                days,
                firms);
        Map<String, Double> rates = new LinkedHashMap<>();
        try (EmbeddedPostgres pg = EmbeddedPostgres.builder()
                .setServerConfig("fsync", "on")
                .setServerConfig("synchronous_commit", "on")
                .setServerConfig("max_connections", "300")
                .start()) {
            for (String setup : setups) {
                String[] parts = setup.strip().split(":");
                rates.put(
                        setup.strip(),
                        landing(project, out, pg, parts[0], Integer.parseInt(parts[1]), first, last, firms));
            }
        }
        System.out.println();
        System.out.println("| lake, nodes | days/s | vs the first setup |");
        System.out.println("|---|---|---|");
        double base = rates.values().iterator().next();
        rates.forEach((setup, rate) -> System.out.printf("| %s | %,.1f | %.2fx |%n", setup, rate, rate / base));
    }

    /** One landing on {@code n} fresh nodes with the {@code engine} lake: days per second. */
    private static double landing(
            Path project,
            Path out,
            EmbeddedPostgres pg,
            String engine,
            int n,
            LocalDate first,
            LocalDate last,
            int firms)
            throws Exception {
        String name = engine + n;
        String db = ClusterBench.database(pg, name);
        List<SluiceServer> nodes = new ArrayList<>();
        try {
            for (int i = 0; i < n; i++) {
                Map<String, String> env = new LinkedHashMap<>();
                env.put("SLUICE_AUTOMATION_TRIGGERS_ENABLED", "true");
                if (engine.equals("postgres")) {
                    env.put("SLUICE_LAKE_ENGINE", "postgres");
                }
                // DuckDB: one node owns the lake file, so only one node takes part
                nodes.add(ClusterBench.startNode(
                        project, out, pg, db, name + "-" + (char) ('a' + i), engine.equals("postgres") || i == 0, env));
            }
            long start = System.nanoTime();
            String id = nodes.get(0)
                    .post(
                            "/api/backfills",
                            Map.of(
                                    "assets", List.of("extract/form_adv_filings", "raw/form_adv_filings"),
                                    "ranges", List.of(Map.of("start", first.toString(), "end", last.toString())),
                                    "config", Map.of("extract/form_adv_filings", Map.of("firms", firms)),
                                    "reason", "landing benchmark"))
                    .at("/backfill/id")
                    .asText();
            JsonNode done;
            while (true) {
                Thread.sleep(250);
                done = nodes.get(0).get("/api/backfills/" + id);
                if (!done.at("/status").asText().equals("RUNNING")) {
                    break;
                }
            }
            double landed = (System.nanoTime() - start) / 1e9;
            while (!ClusterBench.query(pg, db, "SELECT id FROM run WHERE status IN ('QUEUED', 'STARTED') LIMIT 1")
                    .isEmpty()) {
                Thread.sleep(250);
            }
            double seconds = (System.nanoTime() - start) / 1e9;
            long succeeded = done.at("/progress/succeeded").asLong();
            List<String> transforms = ClusterBench.query(
                    pg, db, "SELECT count(*) FROM run WHERE assets LIKE 'transform/%' AND status = 'SUCCESS'");
            System.err.printf(
                    "  %s lake, %d node(s): %,d days %s in %.1f s, transforms settled at %.1f s (%s successful transform"
                            + " runs): %,.1f days/s%n",
                    engine,
                    n,
                    succeeded,
                    done.at("/status").asText(),
                    landed,
                    seconds,
                    transforms.get(0),
                    succeeded / seconds);
            return succeeded / seconds;
        } finally {
            for (SluiceServer node : nodes) {
                node.close();
            }
        }
    }

    private LandingBench() {}
}
