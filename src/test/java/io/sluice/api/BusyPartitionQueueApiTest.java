package io.sluice.api;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.nullValue;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
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
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * A launch of an asset partition that a queued or started run covers is queued behind it (Dagster's run queue), by
 * default: stored, shown with the runs it waits for and its place in the line, and started once they ended. A rollback
 * is not queued: it is refused while a run covers what it restores.
 */
@QuarkusTest
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
        assertThat(waiting.getInt("queue.position")).as("first in line").isEqualTo(1);
        assertThat(waiting.getList("queue.ahead.runId")).containsExactly(first);
        assertThat(waiting.getString("queue.ahead[0].status")).isEqualTo("STARTED");
        assertThat(waiting.getString("queue.ahead[0].covers")).isEqualTo("asset test/gated");
        assertThat(waiting.getString("queue.ahead[0].href")).isEqualTo("/api/runs/" + first);
        assertThat(given().get("/api/runs/" + second + "/logs")
                        .then()
                        .statusCode(200)
                        .extract()
                        .jsonPath()
                        .getList("message", String.class))
                .anySatisfy(line -> assertThat(line).contains("queued behind run " + first));

        // the launch form says so, with the run it waits for as a link; so does the run page
        String form = given().contentType(ContentType.URLENC)
                .formParam("asset", "test/gated")
                .formParam("mode", "SINGLE_KEY")
                .formParam("keys", "k001")
                .formParam("as", "run")
                .post("/ui/launch")
                .then()
                .statusCode(200)
                .extract()
                .asString();
        assertThat(form)
                .contains("Launched run")
                .contains("id=\"launch-queued\"")
                .contains("2nd in line")
                .contains("queued behind run <a href=\"/runs/" + first + "\"")
                .contains("queued behind run <a href=\"/runs/" + second + "\"");
        Matcher third =
                Pattern.compile("Launched run <a href=\"/runs/([^\"]+)\"").matcher(form);
        assertThat(third.find()).isTrue();
        JsonPath thirdRun =
                given().get("/api/runs/" + third.group(1)).then().extract().jsonPath();
        assertThat(thirdRun.getInt("queue.position")).isEqualTo(2);
        assertThat(thirdRun.getList("queue.ahead.runId")).containsExactly(first, second);
        assertThat(given().get("/runs/" + second)
                        .then()
                        .statusCode(200)
                        .extract()
                        .asString())
                .contains("id=\"run-queue\"")
                .contains("1st in line for its asset partitions")
                .contains("behind run <a href=\"/runs/" + first + "\"");

        TestAssets.Gated.gate.countDown();
        JsonPath a = Runs.await(first);
        JsonPath b = Runs.await(second);
        JsonPath c = Runs.await(third.group(1));
        assertThat(a.getString("status")).isEqualTo("SUCCESS");
        assertThat(b.getString("status")).isEqualTo("SUCCESS");
        assertThat(c.getString("status")).isEqualTo("SUCCESS");
        assertThat(Instant.parse(b.getString("startedAt")))
                .as("the second started once the first had ended")
                .isAfterOrEqualTo(Instant.parse(a.getString("endedAt")));
        assertThat(Instant.parse(c.getString("startedAt")))
                .as("the third started once the second had ended")
                .isAfterOrEqualTo(Instant.parse(b.getString("endedAt")));
        assertThat(b.getString("queue"))
                .as("an ended run has no place in the queue")
                .isNull();
    }

    @Test
    void aRollbackIsNotQueuedButRefusedWhileARunHoldsTheTableAndALaunchIsQueued() throws Exception {
        String kept = Runs.launchAndAwait("{\"assets\":[\"test/checked\"],\"config\":{\"value\":\"kept\"}}")
                .getString("id");
        // a run that writes test/checked, then holds it while its test/gated step waits at the gate
        TestAssets.Gated.reset(true);
        String holding = Runs.launch("{\"assets\":[\"test/checked\",\"test/gated\"],\"mode\":\"FULL_REFRESH\","
                + "\"config\":{\"test/checked\":{\"value\":\"later\"}}}");
        String queued = null;
        try {
            assertThat(TestAssets.Gated.entered.await(30, TimeUnit.SECONDS)).isTrue();
            int before = given().get("/api/runs?limit=500")
                    .then()
                    .extract()
                    .jsonPath()
                    .getList("$")
                    .size();
            given().contentType(ContentType.JSON)
                    .body("{\"toRun\":\"" + kept + "\",\"reason\":\"undo the later value\"}")
                    .post("/api/assets/test/checked/rollback")
                    .then()
                    .statusCode(409)
                    .contentType("application/problem+json")
                    .body("detail", containsString(holding))
                    .body("detail", containsString("a rollback does not wait"))
                    .body("field", nullValue());
            assertThat(given().get("/api/runs?limit=500")
                            .then()
                            .extract()
                            .jsonPath()
                            .getList("$"))
                    .as("nothing stored")
                    .hasSize(before);
            queued = Runs.launch("{\"assets\":[\"test/checked\"],\"config\":{\"value\":\"queued\"}}");
            assertThat(given().get("/api/runs/" + queued)
                            .then()
                            .extract()
                            .jsonPath()
                            .getList("queue.ahead.runId"))
                    .containsExactly(holding);
        } finally {
            TestAssets.Gated.gate.countDown();
        }
        assertThat(Runs.await(holding).getString("status")).isEqualTo("SUCCESS");
        assertThat(Runs.await(queued).getString("status")).isEqualTo("SUCCESS");
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
