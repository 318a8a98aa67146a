package io.sluice.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Starts the packaged Sluice as a separate process, kills it with SIGKILL in the middle of a backfill,
 * starts it again on the same data directory, and checks that the backfill completes with every
 * partition materialized by exactly one successful run and a complete audit trail: on the embedded default
 * (H2) and on PostgreSQL (embedded, started here; only Sluice is killed, PostgreSQL keeps running, as a
 * production database would). If PostgreSQL cannot start, the test fails.
 */
class CrashRecoveryIT {

    private static final int PARTITIONS = 400;
    private static final ObjectMapper JSON = new ObjectMapper();
    private final HttpClient http = HttpClient.newHttpClient();
    private final List<Process> processes = new ArrayList<>();

    @TempDir
    Path data;

    private String base;
    private EmbeddedPostgres postgres;

    @AfterEach
    void stop() throws Exception {
        for (Process p : processes) {
            p.destroyForcibly().waitFor();
        }
        if (postgres != null) {
            postgres.close();
        }
    }

    private Process start(String engine, int port, Path log) throws Exception {
        Path jar = Path.of(System.getProperty("sluice.jar", "target/quarkus-app/quarkus-run.jar"));
        assertThat(jar).as("the packaged jar (run with ./mvnw verify)").exists();
        ProcessBuilder pb = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx512m", "-jar",
                jar.toString()).redirectErrorStream(true).redirectOutput(log.toFile());
        Map<String, String> env = pb.environment();
        env.put("SLUICE_DATA_DIR", data.toString());
        env.put("PORT", Integer.toString(port));
        env.put("SLUICE_BENCH_ENABLED", "true");
        env.put("SLUICE_RUNS_WORKERS", "2");
        if (engine.equals("pg")) {
            if (postgres == null) {
                postgres = EmbeddedPostgres.builder().start();
            }
            env.put("QUARKUS_PROFILE", "prod,pg");
            env.put("QUARKUS_DATASOURCE__PG__JDBC_URL", postgres.getJdbcUrl("postgres", "postgres"));
            env.put("QUARKUS_DATASOURCE__PG__USERNAME", "postgres");
            env.put("QUARKUS_DATASOURCE__PG__PASSWORD", "postgres");
        }
        Process p = pb.start();
        processes.add(p);
        base = "http://127.0.0.1:" + port;
        Instant deadline = Instant.now().plus(Duration.ofSeconds(90));
        while (Instant.now().isBefore(deadline)) {
            if (!p.isAlive()) {
                throw new AssertionError("Sluice exited early:\n" + Files.readString(log));
            }
            try {
                if (http.send(HttpRequest.newBuilder(URI.create(base + "/q/health/ready")).build(), HttpResponse.BodyHandlers.ofString())
                        .statusCode() == 200) {
                    return p;
                }
            } catch (IOException e) {
                // not listening yet
            }
            Thread.sleep(200);
        }
        throw new AssertionError("Sluice did not become ready in 90 s:\n" + Files.readString(log));
    }

    private JsonNode get(String path) throws Exception {
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create(base + path)).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(r.statusCode()).as(path + ": " + r.body()).isEqualTo(200);
        return JSON.readTree(r.body());
    }

    private JsonNode post(String path, String body, int status) throws Exception {
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create(base + path)).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(r.statusCode()).as(path + ": " + r.body()).isEqualTo(status);
        return JSON.readTree(r.body());
    }

    private JsonNode awaitBackfill(String id, Predicate<JsonNode> until, Duration limit) throws Exception {
        Instant deadline = Instant.now().plus(limit);
        while (Instant.now().isBefore(deadline)) {
            JsonNode b = get("/api/backfills/" + id);
            if (until.test(b)) {
                return b;
            }
            Thread.sleep(20);
        }
        throw new AssertionError("backfill " + id + " did not get there in " + limit + ": " + get("/api/backfills/" + id));
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    @ParameterizedTest(name = "on {0}")
    @ValueSource(strings = {"h2", "pg"})
    void aBackfillKilledWithSigkillCompletesAfterARestartWithEveryPartitionOnce(String engine) throws Exception {
        Process first = start(engine, freePort(), data.resolve("first.log"));
        JsonNode launched = post("/api/backfills", "{\"assets\":[\"bench/noop_daily\"],\"ranges\":[{\"start\":\"2000-01-01\",\"end\":\"2001-02-03\"}],"
                + "\"reason\":\"crash test\"}", 201);
        String id = launched.at("/backfill/id").asText();
        assertThat(launched.at("/plan/partitionCount").asLong()).isEqualTo(PARTITIONS);
        JsonNode midway = awaitBackfill(id, b -> b.at("/progress/succeeded").asLong() >= 20, Duration.ofSeconds(60));
        // runs are claimed in groups: "in the middle" is work still queued or claimed (STARTED), not only queued
        assertThat(midway.at("/progress/queued").asLong() + midway.at("/progress/running").asLong()).as("killed in the middle: " + midway)
                .isPositive();
        first.destroyForcibly().waitFor();

        start(engine, freePort(), data.resolve("second.log"));
        JsonNode done = awaitBackfill(id, b -> !"RUNNING".equals(b.at("/status").asText()), Duration.ofSeconds(240));
        assertThat(done.at("/status").asText()).isEqualTo("COMPLETED");

        Map<String, Integer> successes = new HashMap<>();
        for (int offset = 0; ; offset += 500) {
            JsonNode page = get("/api/runs?asset=bench/noop_daily&status=SUCCESS&limit=500&offset=" + offset);
            page.forEach(run -> run.get("partitions").forEach(p -> successes.merge(p.asText(), 1, Integer::sum)));
            if (page.size() < 500) {
                break;
            }
        }
        assertThat(successes).hasSize(PARTITIONS);
        assertThat(successes.values()).as("every partition materialized by exactly one successful run").containsOnly(1);
        assertThat(get("/api/assets/bench/noop_daily/partitions").at("/counts/MATERIALIZED").asLong()).isEqualTo(PARTITIONS);

        List<String> actions = new ArrayList<>();
        get("/api/audit?backfill=" + id + "&limit=10000").forEach(e -> actions.add(e.get("action").asText()));
        assertThat(actions).contains("BACKFILL_LAUNCHED", "BACKFILL_FINISHED");
        long recovered = actions.stream().filter("RUN_RECOVERED"::equals).count();
        long retried = actions.stream().filter("RUN_LAUNCHED"::equals).count();
        assertThat(retried).as("each run that died is retried once").isEqualTo(recovered);
    }
}
