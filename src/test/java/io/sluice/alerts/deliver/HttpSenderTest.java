package io.sluice.alerts.deliver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
import io.sluice.alerts.AlertCause;
import io.sluice.alerts.Notification;
import io.sluice.alerts.Throttle;
import io.sluice.alerts.WebhookPayload;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Deliveries to a receiver in the test JVM: the body and signature it gets, and how each failure is told. */
class HttpSenderTest {

    static final Instant NOW = Instant.parse("2026-03-01T06:00:00Z");
    static final Notification FIRED = new Notification(
            "on-failure", AlertCause.RUN_FAILED, "raw/filings", Throttle.Kind.FIRING, "run 01ab", "run failed", 0, NOW);

    record Received(String path, Map<String, List<String>> headers, String body) {}

    HttpServer server;
    final List<Received> received = new CopyOnWriteArrayList<>();
    final AtomicInteger status = new AtomicInteger(200);
    volatile long delayMillis;
    final HttpSender sender = new HttpSender(InstantSource.fixed(NOW));

    @BeforeEach
    void receive() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/", exchange -> {
            received.add(new Received(
                    exchange.getRequestURI().getPath(),
                    exchange.getRequestHeaders(),
                    new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8)));
            try {
                Thread.sleep(delayMillis);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            exchange.sendResponseHeaders(status.get(), -1);
            exchange.close();
        });
        server.setExecutor(java.util.concurrent.Executors.newCachedThreadPool());
        server.start();
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    Channel channel(String type, String path, Optional<String> secret, Duration timeout) {
        return Channel.of("ops", type, "http://127.0.0.1:" + server.getAddress().getPort() + path, secret, timeout);
    }

    @Test
    void aWebhookGetsTheJsonBodySignedWithTheChannelsSecret() throws Exception {
        Delivery d = sender.send(
                channel("webhook", "/hook/T0K3N", Optional.of("s3cret"), Duration.ofSeconds(5)), FIRED, "n-7");
        assertThat(d.delivered()).isTrue();
        assertThat(received).hasSize(1);
        Received r = received.get(0);
        assertThat(new ObjectMapper().readTree(r.body()).get("id").asText()).isEqualTo("n-7");
        String signature = r.headers().get(WebhookPayload.SIGNATURE_HEADER).get(0);
        assertThat(signature).isEqualTo(WebhookPayload.signature("s3cret", NOW.getEpochSecond(), r.body()));
        assertThat(r.headers().get("X-sluice-delivery")).containsExactly("n-7");
    }

    @Test
    void aSlackChannelGetsTheSlackBodyAndNoSignature() throws Exception {
        assertThat(sender.send(
                                channel("slack", "/services/T/B/X", Optional.of("unused"), Duration.ofSeconds(5)),
                                FIRED,
                                "n-8")
                        .delivered())
                .isTrue();
        Received r = received.get(0);
        assertThat(new ObjectMapper().readTree(r.body()).get("text").asText()).contains("FIRING raw/filings");
        assertThat(r.headers()).doesNotContainKey(WebhookPayload.SIGNATURE_HEADER);
    }

    @Test
    void failuresSayWhetherToTryAgainAndNeverShowTheUrl() {
        Channel hook = channel("webhook", "/hook/SECRET-PATH", Optional.empty(), Duration.ofMillis(500));
        status.set(503);
        Delivery unavailable = sender.send(hook, FIRED, "n-1");
        assertThat(unavailable.delivered()).isFalse();
        assertThat(unavailable.retry()).isTrue();
        assertThat(unavailable.error()).contains("answered HTTP 503");
        status.set(429);
        assertThat(sender.send(hook, FIRED, "n-1").retry()).isTrue();
        status.set(404);
        Delivery refused = sender.send(hook, FIRED, "n-1");
        assertThat(refused.retry()).isFalse();
        assertThat(refused.error()).contains("refuses the message");
        status.set(200);
        delayMillis = 2_000;
        Delivery slow = sender.send(hook, FIRED, "n-1");
        assertThat(slow.retry()).isTrue();
        assertThat(slow.error()).contains("did not answer within");
        delayMillis = 0;
        int port;
        try (ServerSocket free = new ServerSocket(0)) {
            port = free.getLocalPort();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        Delivery unreachable = sender.send(
                Channel.of(
                        "ops",
                        "webhook",
                        "http://127.0.0.1:" + port + "/hook/SECRET-PATH",
                        Optional.empty(),
                        Duration.ofSeconds(2)),
                FIRED,
                "n-1");
        assertThat(unreachable.retry()).isTrue();
        assertThat(unreachable.error()).contains("could not be reached");
        for (Delivery d : List.of(unavailable, refused, slow, unreachable)) {
            assertThat(d.error()).doesNotContain("SECRET-PATH").doesNotContain("127.0.0.1");
        }
        assertThat(hook.toString()).isEqualTo("channel ops (webhook, URL and secret not shown)");
    }

    @Test
    void aChannelIsCheckedWhenDeclared() {
        assertThatThrownBy(() -> Channel.of("ops", "pager", "https://x.example", Optional.empty(), null))
                .hasMessage("a channel's type is webhook, slack or email, not 'pager'");
        assertThatThrownBy(() -> Channel.of("ops", "webhook", "ftp://x.example", Optional.empty(), null))
                .hasMessage("channel ops needs an http(s) URL");
    }
}
