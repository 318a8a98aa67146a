package io.sluice.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import io.sluice.testing.RawHttp;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Requests too large to read get a problem body, as every other bad request does, not the empty answer of the HTTP
 * layer. Sent over a raw socket: an HTTP client would not declare a body it does not send, and stops at its own
 * limits.
 */
@QuarkusTest
class HttpLimitsTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void aTooLongUrlIsA414Problem() throws IOException {
        Answer answer = send("GET /api/runs?status=" + "S".repeat(5_000) + " HTTP/1.1\r\nHost: localhost\r\n\r\n");
        assertThat(answer.status()).isEqualTo(414);
        assertThat(answer.problem().get("detail").asText())
                .contains("5,017 characters")
                .contains("at most 4,096");
        assertThat(answer.problem().get("status").asInt()).isEqualTo(414);
    }

    @Test
    void tooManyHeadersAreA431Problem() throws IOException {
        Answer answer =
                send("GET /api/runs HTTP/1.1\r\nHost: localhost\r\nX-Padding: " + "p".repeat(30_000) + "\r\n\r\n");
        assertThat(answer.status()).isEqualTo(431);
        assertThat(answer.problem().get("detail").asText()).contains("at most 20,480");
    }

    @Test
    void aDeclaredBodyOverTheLimitIsA413ProblemAndLaunchesNothing() throws IOException {
        int runsBefore = RestAssured.get("/api/runs?limit=500")
                .then()
                .extract()
                .jsonPath()
                .getList("$")
                .size();
        Answer answer = send("POST /api/runs HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
                + "Content-Length: 20000000\r\n\r\n{\"assets\": [\"raw/form_adv_filings\"]}");
        assertThat(answer.status()).isEqualTo(413);
        assertThat(answer.problem().get("detail").asText())
                .contains("20,000,000 bytes")
                .contains("at most 10,485,760");
        assertThat(answer.problem().get("instance").asText()).isEqualTo("/api/runs");
        assertThat(RestAssured.get("/api/runs?limit=500")
                        .then()
                        .extract()
                        .jsonPath()
                        .getList("$"))
                .hasSize(runsBefore);
    }

    @Test
    void aChunkedBodyOverTheLimitIsA413ProblemAndLaunchesNothing() throws IOException {
        int runsBefore = RestAssured.get("/api/runs?limit=500")
                .then()
                .extract()
                .jsonPath()
                .getList("$")
                .size();
        byte[] body = ("{\"assets\": [\"test/flaky\"], \"reason\": \"" + "r".repeat(11_000_000) + "\"}")
                .getBytes(StandardCharsets.UTF_8);
        RawHttp.Answer answer = RawHttp.send(
                RestAssured.port,
                RawHttp.Request.of(
                        "POST",
                        "/api/runs",
                        "localhost",
                        Map.of("Content-Type", "application/json", "Transfer-Encoding", "chunked"),
                        RawHttp.chunked(body, 65_536)));
        assertThat(answer.status()).isEqualTo(413);
        assertThat(answer.header("Content-Type")).startsWith("application/problem+json");
        assertThat(JSON.readTree(answer.body()).get("detail").asText()).contains("more than 10,485,760 bytes");
        assertThat(RestAssured.get("/api/runs?limit=500")
                        .then()
                        .extract()
                        .jsonPath()
                        .getList("$"))
                .hasSize(runsBefore);
    }

    @Test
    void aChunkedBodyWithinTheLimitIsRead() throws IOException {
        byte[] body = "{\"assets\": [\"test/flaky\"], \"reason\": \"sent in chunks\"}".getBytes(StandardCharsets.UTF_8);
        RawHttp.Answer answer = RawHttp.send(
                RestAssured.port,
                RawHttp.Request.of(
                        "POST",
                        "/api/runs",
                        "localhost",
                        Map.of("Content-Type", "application/json", "Transfer-Encoding", "chunked"),
                        RawHttp.chunked(body, 7)));
        assertThat(answer.status()).as(answer.body()).isEqualTo(201);
        assertThat(JSON.readTree(answer.body()).get("reason").asText()).isEqualTo("sent in chunks");
    }

    @Test
    void anUnreadableContentLengthIsA400Problem() throws IOException {
        Answer answer = send(
                "POST /api/runs HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: lots\r\n\r\n{}");
        assertThat(answer.status()).isBetween(400, 499);
    }

    @Test
    void requestsWithinTheLimitsPass() throws IOException {
        Answer answer = send("GET /api/runs?status=SUCCESS&limit=1 HTTP/1.1\r\nHost: localhost\r\nX-Padding: "
                + "p".repeat(10_000) + "\r\n\r\n");
        assertThat(answer.status()).isEqualTo(200);
    }

    private record Answer(int status, String head, String body) {
        JsonNode problem() throws IOException {
            assertThat(head.toLowerCase()).contains("content-type: application/problem+json");
            return JSON.readTree(body);
        }
    }

    /** Sends {@code request} (with Connection: close added) and reads the whole answer. */
    private static Answer send(String request) throws IOException {
        String closing = request.replaceFirst("\r\n", "\r\nConnection: close\r\n");
        try (Socket socket = new Socket("localhost", RestAssured.port)) {
            socket.setSoTimeout(20_000);
            OutputStream out = socket.getOutputStream();
            out.write(closing.getBytes(StandardCharsets.UTF_8));
            out.flush();
            InputStream in = socket.getInputStream();
            ByteArrayOutputStream read = new ByteArrayOutputStream();
            byte[] buffer = new byte[8_192];
            for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
                read.write(buffer, 0, n);
            }
            String text = read.toString(StandardCharsets.UTF_8);
            int split = text.indexOf("\r\n\r\n");
            assertThat(split).as("an HTTP answer: %s", text).isPositive();
            String head = text.substring(0, split);
            int status = Integer.parseInt(head.split(" ")[1]);
            return new Answer(status, head, text.substring(split + 4));
        }
    }
}
