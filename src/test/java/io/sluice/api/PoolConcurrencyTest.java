package io.sluice.api;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.sluice.testing.CsrfForTests;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.IntFunction;
import org.junit.jupiter.api.Test;

/**
 * Creating the same pool limit from many clients at once (issue 27, item 26): each request is answered as if it came
 * alone (the limit set, idempotently), never a 500 from a duplicate key, through the API and through the pools page's
 * form; the limit is stored once.
 */
@QuarkusTest
class PoolConcurrencyTest {

    static final int CLIENTS = 24;
    static final int ROUNDS = 4;

    @TestHTTPResource("/")
    URI root;

    private final HttpClient http =
            HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER).build();

    @Test
    void theSameLimitCreatedConcurrentlyThroughTheApiIsSetOnce() throws Exception {
        for (int round = 0; round < ROUNDS; round++) {
            String pool = "concurrent_api_" + round;
            List<Integer> statuses = concurrently(i -> HttpRequest.newBuilder(root.resolve("/api/pools/" + pool))
                    .header("Content-Type", "application/json")
                    .header("X-Sluice-User", "pool-racer")
                    .PUT(HttpRequest.BodyPublishers.ofString(
                            "{\"limit\": 3, \"reason\": \"race\", \"allowUndeclared\": true}"))
                    .build());
            assertThat(statuses).as("statuses of round %d", round).containsOnly(200);
            assertThat(given().get("/api/pools").then().extract().jsonPath().getInt(pool))
                    .isEqualTo(3);
        }
    }

    @Test
    void theSameLimitCreatedConcurrentlyThroughTheFormIsSetOnce() throws Exception {
        for (int round = 0; round < ROUNDS; round++) {
            String pool = "concurrent_form_" + round;
            List<Integer> statuses = concurrently(i -> HttpRequest.newBuilder(root.resolve("/pools"))
                    .header("Content-Type", "application/x-www-form-urlencoded")
                    .header("X-Sluice-User", "pool-racer")
                    .header("Cookie", "sluice-csrf=" + CsrfForTests.TOKEN)
                    .header("X-CSRF-Token", CsrfForTests.TOKEN)
                    .POST(HttpRequest.BodyPublishers.ofString("name=" + pool + "&limit=4&reason=race"))
                    .build());
            assertThat(statuses).as("statuses of round %d", round).containsOnly(303);
            assertThat(given().get("/api/pools").then().extract().jsonPath().getInt(pool))
                    .isEqualTo(4);
        }
    }

    /** Sends {@value #CLIENTS} requests at once (released together by a barrier) and answers their statuses. */
    private List<Integer> concurrently(IntFunction<HttpRequest> request) throws Exception {
        ExecutorService clients = Executors.newFixedThreadPool(CLIENTS);
        try {
            CyclicBarrier start = new CyclicBarrier(CLIENTS);
            List<Future<Integer>> answers = new ArrayList<>();
            for (int c = 0; c < CLIENTS; c++) {
                int client = c;
                answers.add(clients.submit(() -> {
                    HttpRequest r = request.apply(client);
                    start.await();
                    return http.send(r, HttpResponse.BodyHandlers.ofString()).statusCode();
                }));
            }
            List<Integer> statuses = new ArrayList<>();
            for (Future<Integer> a : answers) {
                statuses.add(a.get());
            }
            return statuses;
        } finally {
            clients.shutdown();
        }
    }
}
