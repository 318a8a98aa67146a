package io.sluice.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sluice.testing.RawHttp;
import java.io.IOException;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The packaged server as it ships: it listens on the loopback interface only, answers only the allowed host names, keeps
 * every server log line one line whatever a request puts in it, and refuses a chunked body over the limit with a problem
 * and without stack traces in the log.
 */
class RequestsIT {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static Process server;
    private static Path log;
    private static int port;
    private static int management;

    @BeforeAll
    static void start() throws Exception {
        Path data = Files.createTempDirectory("sluice-requests-it");
        log = data.resolve("server.log");
        try (ServerSocket s = new ServerSocket(0);
                ServerSocket m = new ServerSocket(0)) {
            port = s.getLocalPort();
            management = m.getLocalPort();
        }
        Path jar = Path.of(System.getProperty("sluice.jar", "target/quarkus-app/quarkus-run.jar"));
        assertThat(jar).as("the packaged jar (run with ./mvnw verify)").exists();
        ProcessBuilder pb = new ProcessBuilder(
                        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "-Xmx512m",
                        "-jar",
                        jar.toString())
                .redirectErrorStream(true)
                .redirectOutput(log.toFile());
        pb.environment()
                .putAll(Map.of(
                        "SLUICE_DATA_DIR",
                        data.toString(),
                        "PORT",
                        Integer.toString(port),
                        "SLUICE_BENCH_ENABLED",
                        "true",
                        "SLUICE_RUNS_WORKERS",
                        "1",
                        "MANAGEMENT_PORT",
                        Integer.toString(management),
                        // requests without credentials, on the loopback interface
                        "SLUICE_AUTH_ENABLED",
                        "false"));
        pb.environment().remove("QUARKUS_HTTP_HOST");
        server = pb.start();
        Instant deadline = Instant.now().plus(Duration.ofSeconds(90));
        while (true) {
            assertThat(server.isAlive()).as("Sluice exited early:\n%s", text()).isTrue();
            try {
                if (HTTP.send(
                                        HttpRequest.newBuilder(URI.create(
                                                        "http://127.0.0.1:" + management + "/q/health/ready"))
                                                .build(),
                                        HttpResponse.BodyHandlers.ofString())
                                .statusCode()
                        == 200) {
                    return;
                }
            } catch (IOException e) {
                // not listening yet
            }
            assertThat(Instant.now())
                    .as("Sluice ready within 90 s:\n%s", text())
                    .isBefore(deadline);
            Thread.sleep(200);
        }
    }

    @AfterAll
    static void stop() throws InterruptedException {
        if (server != null) {
            server.destroyForcibly().waitFor();
        }
    }

    private static String text() {
        try {
            return Files.readString(log);
        } catch (IOException e) {
            return "(no log: " + e + ")";
        }
    }

    @Test
    void itListensOnTheLoopbackInterfaceOnly() throws IOException {
        assertThat(text()).contains("Listening on: http://127.0.0.1:" + port);
        for (NetworkInterface nic : Collections.list(NetworkInterface.getNetworkInterfaces())) {
            for (InetAddress address : Collections.list(nic.getInetAddresses())) {
                if (address.isLoopbackAddress() || address.isLinkLocalAddress()) {
                    continue;
                }
                try (Socket socket = new Socket()) {
                    socket.connect(new InetSocketAddress(address, port), 2_000);
                    throw new AssertionError("Sluice answers on " + address + ", not only on the loopback interface");
                } catch (ConnectException | SocketTimeoutException expected) {
                    // refused: nothing listens there
                }
            }
        }
    }

    @Test
    void anotherHostNameIsRefusedWithAProblem() throws IOException {
        RawHttp.Answer answer =
                RawHttp.send(port, RawHttp.Request.of("GET", "/api/runs", "evil.example:" + port, Map.of(), null));
        assertThat(answer.status()).isEqualTo(421);
        assertThat(JSON.readTree(answer.body()).get("title").asText()).isEqualTo("Misdirected Request");
        assertThat(RawHttp.send(port, RawHttp.Request.of("GET", "/api/runs", "localhost:" + port, Map.of(), null))
                        .status())
                .isEqualTo(200);
    }

    @Test
    void aReasonCannotForgeALineInTheServerLog() throws Exception {
        String forged = "20:22:00 ERROR [io.sl.security] admin password reset";
        HttpResponse<String> launched = HTTP.send(
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/api/runs"))
                        .header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(Map.of(
                                "assets",
                                List.of("bench/noop_daily"),
                                "partitions",
                                List.of("2000-01-01"),
                                "reason",
                                "x\n" + forged + "\r\nand back"))))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(launched.statusCode()).as(launched.body()).isEqualTo(201);
        String id = JSON.readTree(launched.body()).get("id").asText();
        Instant deadline = Instant.now().plus(Duration.ofSeconds(60));
        while (!text().contains("[run " + id + "] started")) {
            assertThat(Instant.now())
                    .as("the run's first line in the log:\n%s", text())
                    .isBefore(deadline);
            Thread.sleep(100);
        }
        assertThat(text().lines())
                .noneMatch(line -> line.startsWith(forged))
                .noneMatch(line -> line.startsWith("and "))
                .anyMatch(line ->
                        line.contains("[run " + id + "] started") && line.endsWith("x\\n" + forged + "\\r\\nand back"));
    }

    @Test
    void aChunkedBodyOverTheLimitIsAProblemAndNoStackTraceInTheLog() throws Exception {
        int logged = text().length();
        byte[] body = ("{\"assets\":[\"bench/noop_daily\"],\"reason\":\"" + "r".repeat(11_000_000) + "\"}")
                .getBytes(StandardCharsets.UTF_8);
        RawHttp.Answer answer = RawHttp.send(
                port,
                RawHttp.Request.of(
                        "POST",
                        "/api/runs",
                        "127.0.0.1:" + port,
                        Map.of("Content-Type", "application/json", "Transfer-Encoding", "chunked"),
                        RawHttp.chunked(body, 65_536)));
        assertThat(answer.status()).isEqualTo(413);
        JsonNode problem = JSON.readTree(answer.body());
        assertThat(problem.get("detail").asText()).contains("at most 10,485,760");
        Thread.sleep(1_000); // what the refusal logs, if anything, is written by then
        String after = text().substring(logged);
        assertThat(after).doesNotContain("ERROR").doesNotContain("\tat ").doesNotContain("Exception");
    }
}
