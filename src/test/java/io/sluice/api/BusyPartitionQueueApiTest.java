package io.sluice.api;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import io.sluice.testing.QueueBusyPartitionProfile;
import io.sluice.testing.Runs;
import io.sluice.testing.TestAssets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** With sluice.runs.busy-partition=queue, a second launch of a busy asset partition is stored and runs after the first. */
@QuarkusTest
@TestProfile(QueueBusyPartitionProfile.class)
class BusyPartitionQueueApiTest {

    @Test
    void aSecondLaunchOfABusyPartitionWaitsAndStartsAfterTheFirstEnds() throws Exception {
        TestAssets.Gated.reset(true);
        String first = Runs.launch("{\"assets\":[\"test/gated\"],\"mode\":\"FULL_REFRESH\"}");
        assertThat(TestAssets.Gated.entered.await(30, TimeUnit.SECONDS))
                .as("the first run is in its first batch")
                .isTrue();
        String second = Runs.launch("{\"assets\":[\"test/gated\"],\"mode\":\"FULL_REFRESH\"}");

        JsonPath waiting = given().get("/api/runs/" + second)
                .then()
                .statusCode(200)
                .extract()
                .jsonPath();
        assertThat(waiting.getString("status"))
                .as("stored, not refused, and not started while the first holds the asset")
                .isEqualTo("QUEUED");
        assertThat(given().get("/api/runs/" + second + "/logs")
                        .then()
                        .statusCode(200)
                        .extract()
                        .jsonPath()
                        .getList("message", String.class))
                .anySatisfy(line -> assertThat(line).contains("queued behind run " + first));

        TestAssets.Gated.gate.countDown();
        JsonPath a = Runs.await(first);
        JsonPath b = Runs.await(second);
        assertThat(a.getString("status")).isEqualTo("SUCCESS");
        assertThat(b.getString("status")).isEqualTo("SUCCESS");
        assertThat(Instant.parse(b.getString("startedAt")))
                .as("the second started once the first had ended")
                .isAfterOrEqualTo(Instant.parse(a.getString("endedAt")));
    }

    @Test
    void launchesRacingForAFreePartitionAreAllQueuedNoneRefused() throws Exception {
        TestAssets.Gated.reset(true);
        int launches = 6;
        CyclicBarrier together = new CyclicBarrier(launches);
        ExecutorService pool = Executors.newFixedThreadPool(launches);
        List<Future<Response>> answers = new ArrayList<>();
        try {
            for (int i = 0; i < launches; i++) {
                answers.add(pool.submit(() -> {
                    together.await(10, TimeUnit.SECONDS);
                    return given().contentType(ContentType.JSON)
                            .body("{\"assets\":[\"test/gated\"],\"mode\":\"FULL_REFRESH\"}")
                            .post("/api/runs");
                }));
            }
            List<String> ids = new ArrayList<>();
            for (Future<Response> answer : answers) {
                Response r = answer.get(60, TimeUnit.SECONDS);
                assertThat(r.statusCode())
                        .as("every launch is stored (queued behind the one that won): " + r.asString())
                        .isEqualTo(201);
                ids.add(r.path("id"));
            }
            TestAssets.Gated.gate.countDown();
            List<JsonPath> ended = ids.stream().map(Runs::await).toList();
            assertThat(ended)
                    .allSatisfy(run -> assertThat(run.getString("status")).isEqualTo("SUCCESS"));
            List<JsonPath> byStart = ended.stream()
                    .sorted(Comparator.comparing(run -> Instant.parse(run.getString("startedAt"))))
                    .toList();
            for (int i = 1; i < byStart.size(); i++) {
                assertThat(Instant.parse(byStart.get(i).getString("startedAt")))
                        .as("one run of the partition at a time")
                        .isAfterOrEqualTo(Instant.parse(byStart.get(i - 1).getString("endedAt")));
            }
        } finally {
            TestAssets.Gated.gate.countDown();
            pool.shutdownNow();
        }
    }
}
