package io.sluice.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
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

/**
 * The packaged Sluice as a child process on one data directory, on H2 or on PostgreSQL (embedded, started here once and
 * kept running across restarts of Sluice, as a production database would), with the HTTP calls the crash tests make.
 * {@link #close()} kills whatever is still running.
 */
final class SluiceServer implements AutoCloseable {

    static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration READY = Duration.ofSeconds(180);

    private final String engine;
    private final Path data;
    private final HttpClient http = HttpClient.newHttpClient();
    private final List<Process> processes = new ArrayList<>();
    private EmbeddedPostgres postgres;
    private Process current;
    private String base;
    private String managementBase;

    SluiceServer(String engine, Path data) {
        this.engine = engine;
        this.data = data;
    }

    /** Starts Sluice (the last one must have stopped) and waits until it is ready. */
    Process start(String logName) throws Exception {
        return start(logName, Map.of());
    }

    /** As {@link #start(String)}, with more environment variables; an empty value unsets one. */
    Process start(String logName, Map<String, String> extraEnv) throws Exception {
        return start(logName, extraEnv, true);
    }

    /**
     * Starts Sluice as {@link #start(String, Map)} does, for a start that must be refused: waits until the process
     * exits (at most the time a start may take) and answers its exit status.
     */
    int startRefused(String logName, Map<String, String> extraEnv) throws Exception {
        Process p = start(logName, extraEnv, false);
        if (!p.waitFor(READY.toSeconds(), java.util.concurrent.TimeUnit.SECONDS)) {
            throw new AssertionError(
                    "Sluice did not exit in " + READY + ":\n" + Files.readString(data.resolve(logName)));
        }
        return p.exitValue();
    }

    private Process start(String logName, Map<String, String> extraEnv, boolean awaitReady) throws Exception {
        Path log = data.resolve(logName);
        Path jar = Path.of(System.getProperty("sluice.jar", "target/quarkus-app/quarkus-run.jar"));
        assertThat(jar).as("the packaged jar (run with ./mvnw verify)").exists();
        ProcessBuilder pb = new ProcessBuilder(
                        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "-Xmx512m",
                        "-jar",
                        jar.toString())
                .redirectErrorStream(true)
                .redirectOutput(log.toFile());
        Map<String, String> env = pb.environment();
        if (engine.startsWith("pg") && postgres == null) {
            postgres = EmbeddedPostgres.builder().start();
        }
        // after PostgreSQL has its port: a free port picked before could be handed to PostgreSQL too
        int port = freePort();
        while (postgres != null && port == postgres.getPort()) {
            port = freePort();
        }
        env.put("SLUICE_DATA_DIR", data.toString());
        env.put("PORT", Integer.toString(port));
        int managementPort = freePort();
        while (managementPort == port || postgres != null && managementPort == postgres.getPort()) {
            managementPort = freePort();
        }
        env.put("MANAGEMENT_PORT", Integer.toString(managementPort));
        env.put("SLUICE_BENCH_ENABLED", "true");
        env.put("SLUICE_RUNS_WORKERS", "2");
        // the crash tests launch the example's transforms themselves: its eager triggers would launch them too
        env.put("SLUICE_AUTOMATION_TRIGGERS_ENABLED", "false");
        if (engine.equals("pglake")) { // the lake in the store's PostgreSQL database, schema lake
            env.put("SLUICE_LAKE_ENGINE", "postgres");
        }
        if (engine.startsWith("pg")) {
            env.put("QUARKUS_PROFILE", "prod,pg");
            env.put("QUARKUS_DATASOURCE__PG__JDBC_URL", postgres.getJdbcUrl("postgres", "postgres"));
            env.put("QUARKUS_DATASOURCE__PG__USERNAME", "postgres");
            env.put("QUARKUS_DATASOURCE__PG__PASSWORD", "postgres");
        }
        // the crash tests act through the API without credentials, on the loopback interface; FirstStartIT and
        // GeneratedClientIT start it with authentication on
        env.put("SLUICE_AUTH_ENABLED", "false");
        env.putAll(extraEnv);
        env.values().removeIf(String::isEmpty); // an empty value leaves the product's default
        Process p = pb.start();
        processes.add(p);
        current = p;
        base = "http://127.0.0.1:" + port;
        managementBase = "http://127.0.0.1:" + managementPort;
        if (!awaitReady) {
            return p;
        }
        // 180 s: a second node starting beside a first one on a loaded 2-core machine took more than 90 s
        Instant deadline = Instant.now().plus(READY);
        while (Instant.now().isBefore(deadline)) {
            if (!p.isAlive()) {
                throw new AssertionError("Sluice exited early:\n" + Files.readString(log));
            }
            try {
                if (http.send(
                                        HttpRequest.newBuilder(URI.create(managementBase + "/q/health/ready"))
                                                .build(),
                                        HttpResponse.BodyHandlers.ofString())
                                .statusCode()
                        == 200) {
                    return p;
                }
            } catch (IOException e) {
                // not listening yet
            }
            Thread.sleep(200);
        }
        throw new AssertionError("Sluice did not become ready in " + READY + ":\n" + Files.readString(log));
    }

    /** Kills the running Sluice with SIGKILL and waits until it is gone. */
    void kill() throws InterruptedException {
        current.destroyForcibly().waitFor();
    }

    /**
     * Stops the running Sluice with SIGTERM (it drains first) and answers its exit status; fails if it is still running
     * after {@code bound}.
     */
    int terminate(Duration bound) throws Exception {
        current.destroy();
        if (!current.waitFor(bound.toMillis(), java.util.concurrent.TimeUnit.MILLISECONDS)) {
            throw new AssertionError("Sluice did not stop within " + bound + " of SIGTERM");
        }
        return current.exitValue();
    }

    /** The running Sluice's process id. */
    long pid() {
        return current.pid();
    }

    /** The running Sluice's address, like http://127.0.0.1:41234. */
    String base() {
        return base;
    }

    Path log(String logName) {
        return data.resolve(logName);
    }

    JsonNode get(String path) throws Exception {
        return read(base + path);
    }

    /** A GET on the management interface (health, metrics). */
    JsonNode management(String path) throws Exception {
        return read(managementBase + path);
    }

    private JsonNode read(String url) throws Exception {
        String path = URI.create(url).getPath();
        HttpResponse<String> r =
                http.send(HttpRequest.newBuilder(URI.create(url)).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(r.statusCode()).as(path + ": " + r.body()).isEqualTo(200);
        return JSON.readTree(r.body());
    }

    JsonNode post(String path, String body, int status) throws Exception {
        HttpResponse<String> r = postRaw(path, body);
        assertThat(r.statusCode()).as(path + ": " + r.body()).isEqualTo(status);
        return JSON.readTree(r.body());
    }

    JsonNode put(String path, String body, int status) throws Exception {
        HttpResponse<String> r = http.send(
                HttpRequest.newBuilder(URI.create(base + path))
                        .header("Content-Type", "application/json")
                        .PUT(HttpRequest.BodyPublishers.ofString(body))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(r.statusCode()).as(path + ": " + r.body()).isEqualTo(status);
        return JSON.readTree(r.body());
    }

    HttpResponse<String> postRaw(String path, String body) throws Exception {
        return http.send(
                HttpRequest.newBuilder(URI.create(base + path))
                        .header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString(body))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
    }

    /** Polls {@code path} until {@code until} holds, within {@code limit}. */
    JsonNode await(String path, Predicate<JsonNode> until, Duration limit) throws Exception {
        Instant deadline = Instant.now().plus(limit);
        while (Instant.now().isBefore(deadline)) {
            JsonNode b = get(path);
            if (until.test(b)) {
                return b;
            }
            Thread.sleep(20);
        }
        throw new AssertionError(path + " did not get there in " + limit + ": " + get(path));
    }

    JsonNode awaitBackfill(String id, Predicate<JsonNode> until, Duration limit) throws Exception {
        return await("/api/backfills/" + id, until, limit);
    }

    /** Waits for the run to end and returns it. */
    JsonNode awaitRun(String id, Duration limit) throws Exception {
        return await(
                "/api/runs/" + id,
                r -> List.of("SUCCESS", "FAILURE", "CANCELED")
                        .contains(r.at("/status").asText()),
                limit);
    }

    /** The runs of a backfill, all of them, by status. */
    Map<String, Integer> runsOfBackfill(String id) throws Exception {
        Map<String, Integer> byStatus = new HashMap<>();
        all("/api/runs?backfill=" + id + "&limit=500")
                .forEach(run -> byStatus.merge(run.get("status").asText(), 1, Integer::sum));
        return byStatus;
    }

    /** Every item of an API list, following its Link headers (rel="next") from {@code path}. */
    List<JsonNode> all(String path) throws Exception {
        List<JsonNode> items = new ArrayList<>();
        URI next = URI.create(base + path);
        while (next != null) {
            HttpResponse<String> r =
                    http.send(HttpRequest.newBuilder(next).build(), HttpResponse.BodyHandlers.ofString());
            assertThat(r.statusCode()).as(next + ": " + r.body()).isEqualTo(200);
            JSON.readTree(r.body()).forEach(items::add);
            next = r.headers()
                    .firstValue("Link")
                    .map(l -> URI.create(l.replaceAll("^<(.*)>; rel=\"next\"$", "$1")))
                    .orElse(null);
        }
        return items;
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    @Override
    public void close() throws Exception {
        for (Process p : processes) {
            p.destroyForcibly().waitFor();
        }
        if (postgres != null) {
            postgres.close();
        }
    }
}
