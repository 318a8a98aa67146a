package io.sluice.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpServer;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The outbox across a crash: a notification written while its webhook is down survives a SIGKILL of the packaged
 * server, and the next start delivers it exactly once, its rounds reading the same incident again and handling it no
 * second time.
 */
class AlertRestartIT {

    @TempDir
    Path data;

    private SluiceServer server;
    private HttpServer receiver;

    @AfterEach
    void stop() throws Exception {
        if (server != null) {
            server.close();
        }
        if (receiver != null) {
            receiver.stop(0);
        }
    }

    @Test
    void aNotificationDueWhenTheServerIsKilledIsSentOnceAfterTheRestart() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        Map<String, String> env = Map.of(
                "SLUICE_ALERTS_CHANNELS_HOOK_TYPE", "webhook",
                "SLUICE_ALERTS_CHANNELS_HOOK_URL", "http://127.0.0.1:" + port + "/hook",
                "SLUICE_ALERTS_CHANNELS_HOOK_TIMEOUT", "2s",
                "SLUICE_ALERTS_INTERVAL", "1s");
        server = new SluiceServer("h2", data);
        server.start("first.log", env);
        server.put(
                "/api/alerts/rules/form-adv-failures",
                "{\"causes\":[\"BACKFILL_FINISHED\"],\"channels\":[\"log\",\"hook\"]}",
                200);
        String id = server.post(
                        "/api/backfills",
                        "{\"assets\":[\"bench/noop_daily\"],\"ranges\":[{\"start\":\"2001-01-01\",\"end\":\"2001-01-03\"}],"
                                + "\"reason\":\"alert restart test\"}",
                        201)
                .at("/backfill/id")
                .asText();
        server.awaitBackfill(id, b -> "COMPLETED".equals(b.at("/status").asText()), Duration.ofSeconds(120));
        JsonNode failedOnce = server.await(
                "/api/alerts?rule=form-adv-failures&status=PENDING",
                list -> list.size() == 1 && list.get(0).at("/attempts").asInt() >= 1,
                Duration.ofSeconds(60));
        assertThat(failedOnce.get(0).at("/channel").asText()).isEqualTo("hook");
        assertThat(failedOnce.get(0).at("/lastError").asText())
                .contains("channel hook")
                .doesNotContain("127.0.0.1");
        server.kill();

        List<String> received = new CopyOnWriteArrayList<>();
        receiver = HttpServer.create(new InetSocketAddress("127.0.0.1", port), 0);
        receiver.createContext("/", exchange -> {
            received.add(new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
            exchange.sendResponseHeaders(200, -1);
            exchange.close();
        });
        receiver.start();
        server.start("second.log", env);
        Instant deadline = Instant.now().plus(Duration.ofSeconds(90));
        while (received.isEmpty() && Instant.now().isBefore(deadline)) {
            Thread.sleep(200);
        }
        // several more rounds: they read the backfill's end again (their window overlaps) and must not notify again
        Thread.sleep(6_000);
        assertThat(received).hasSize(1);
        JsonNode body = SluiceServer.JSON.readTree(received.get(0));
        assertThat(body.at("/cause").asText()).isEqualTo("BACKFILL_FINISHED");
        assertThat(body.at("/asset").asText()).isEqualTo("bench/noop_daily");
        List<JsonNode> finished = new java.util.ArrayList<>();
        server.get("/api/alerts?rule=form-adv-failures").forEach(n -> {
            if (n.at("/cause").asText().equals("BACKFILL_FINISHED")) {
                finished.add(n);
            }
        });
        assertThat(finished).extracting(n -> n.at("/channel").asText()).containsExactlyInAnyOrder("hook", "log");
        assertThat(finished).extracting(n -> n.at("/delivery").asText()).containsOnly("SENT");
    }
}
