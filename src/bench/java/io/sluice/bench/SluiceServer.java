package io.sluice.bench;

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
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** The packaged Sluice ({@code target/quarkus-app/quarkus-run.jar}) as a child process, and a small client of its REST API. */
final class SluiceServer implements AutoCloseable {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final Process process;
    private final String base;
    private final HttpClient http =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private SluiceServer(Process process, int port) {
        this.process = process;
        this.base = "http://localhost:" + port;
    }

    /** Starts Sluice with {@code env} (on top of the bench switch and a free port) and waits until it is ready. */
    static SluiceServer start(Path quarkusRun, Path log, Map<String, String> env, List<String> jvmArgs)
            throws Exception {
        int port;
        int management;
        try (ServerSocket s = new ServerSocket(0);
                ServerSocket m = new ServerSocket(0)) {
            port = s.getLocalPort();
            management = m.getLocalPort();
        }
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(jvmArgs);
        cmd.add("-jar");
        cmd.add(quarkusRun.toString());
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile());
        pb.environment().putAll(env);
        pb.environment().put("SLUICE_BENCH_ENABLED", "true");
        pb.environment().put("PORT", String.valueOf(port));
        pb.environment().put("MANAGEMENT_PORT", String.valueOf(management));
        // the benchmarks call the API without credentials, on the loopback interface
        pb.environment().put("SLUICE_AUTH_ENABLED", "false");
        SluiceServer server = new SluiceServer(pb.start(), port);
        long deadline = System.nanoTime() + Duration.ofSeconds(180).toNanos();
        while (System.nanoTime() < deadline) {
            if (!server.process.isAlive()) {
                throw new IllegalStateException("Sluice exited with " + server.process.exitValue() + "; see " + log);
            }
            try {
                if (server.http
                                .send(
                                        HttpRequest.newBuilder(URI.create(
                                                        "http://localhost:" + management + "/q/health/ready"))
                                                .build(),
                                        HttpResponse.BodyHandlers.discarding())
                                .statusCode()
                        == 200) {
                    return server;
                }
            } catch (IOException notYet) {
                // not listening yet
            }
            Thread.sleep(200);
        }
        server.close();
        throw new IllegalStateException("Sluice did not become ready in 180 s; see " + log);
    }

    /** Kills the server with SIGKILL, as a crash would, and waits until it is gone. */
    void kill() throws InterruptedException {
        process.destroyForcibly().waitFor();
    }

    /** CPU time the server process has used so far (user + system), for the report; zero where the OS does not tell. */
    Duration cpu() {
        return process.info().totalCpuDuration().orElse(Duration.ZERO);
    }

    JsonNode get(String path) throws Exception {
        HttpResponse<String> r = http.send(
                HttpRequest.newBuilder(URI.create(base + path)).build(), HttpResponse.BodyHandlers.ofString());
        if (r.statusCode() != 200) {
            throw new IllegalStateException("GET " + path + ": " + r.statusCode() + " " + r.body());
        }
        return JSON.readTree(r.body());
    }

    JsonNode post(String path, Object body) throws Exception {
        HttpResponse<String> r = http.send(
                HttpRequest.newBuilder(URI.create(base + path))
                        .header("Content-Type", "application/json")
                        .header("X-Sluice-User", "bench")
                        .POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body)))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        if (r.statusCode() / 100 != 2) {
            throw new IllegalStateException("POST " + path + ": " + r.statusCode() + " " + r.body());
        }
        return JSON.readTree(r.body());
    }

    @Override
    public void close() throws Exception {
        process.destroy();
        if (!process.waitFor(30, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor();
        }
    }

    static Path quarkusRun(Path project) {
        Path jar = project.resolve("target/quarkus-app/quarkus-run.jar");
        if (!Files.exists(jar)) {
            throw new IllegalStateException(jar + " is missing: build it with ./mvnw -B -q -DskipTests package");
        }
        return jar;
    }
}
