package io.sluice.api;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.sluice.testing.Backfills;
import io.sluice.testing.Runs;
import java.util.List;
import java.util.Map;
import org.hamcrest.Matchers;
import org.junit.jupiter.api.Test;

/** Steering backfills over the API: pause, resume, cancel and retry, their answers, their queue and their audit. */
@QuarkusTest
class BackfillSteeringApiTest {

    private static JsonPath post(String path, String body, int status) {
        return given().contentType(ContentType.JSON)
                .body(body)
                .when()
                .post(path)
                .then()
                .statusCode(status)
                .extract()
                .jsonPath();
    }

    @Test
    void steeringWithAnOverlongReasonChangesNothingAndCancelAnswersTheNewStatus() {
        given().contentType(ContentType.JSON)
                .body("{\"limit\":1}")
                .when()
                .put("/api/pools/slow")
                .then()
                .statusCode(200);
        try {
            String id = post(
                            "/api/backfills",
                            "{\"assets\":[\"test/slow_daily\"],\"ranges\":[{\"start\":\"2024-06-01\",\"end\":\"2024-06-20\"}]}",
                            201)
                    .getString("backfill.id");
            String tooLong = "{\"reason\":\"" + "r".repeat(2001) + "\"}";
            given().contentType(ContentType.JSON)
                    .body(tooLong)
                    .when()
                    .post("/api/backfills/" + id + "/pause")
                    .then()
                    .statusCode(422)
                    .contentType("application/problem+json")
                    .body("field", equalTo("reason"));
            assertThat(given().get("/api/backfills/" + id)
                            .then()
                            .extract()
                            .jsonPath()
                            .getString("status"))
                    .isEqualTo("RUNNING");
            given().contentType(ContentType.JSON)
                    .body("{\"reason\":1} trailing")
                    .when()
                    .post("/api/backfills/" + id + "/pause")
                    .then()
                    .statusCode(400)
                    .contentType("application/problem+json");
            assertThat(given().get("/api/backfills/" + id)
                            .then()
                            .extract()
                            .jsonPath()
                            .getString("status"))
                    .isEqualTo("RUNNING");
            post("/api/backfills/" + id + "/pause", "{\"reason\":\"maintenance\"}", 200);
            given().contentType(ContentType.JSON)
                    .body(tooLong)
                    .when()
                    .post("/api/backfills/" + id + "/resume")
                    .then()
                    .statusCode(422);
            assertThat(given().get("/api/backfills/" + id)
                            .then()
                            .extract()
                            .jsonPath()
                            .getString("status"))
                    .isEqualTo("PAUSED");
            JsonPath canceled = post("/api/backfills/" + id + "/cancel", "{\"reason\":\"wrong range\"}", 200);
            assertThat(canceled.getString("status"))
                    .as("the answer shows the new status")
                    .isEqualTo("CANCELED");
            assertThat(canceled.getString("endedAt")).isNotNull();
            List<String> trail = given().get("/api/audit?backfill=" + id)
                    .then()
                    .extract()
                    .jsonPath()
                    .getList("action");
            assertThat(trail.stream().filter(a -> a.startsWith("BACKFILL_")))
                    .containsExactly("BACKFILL_CANCELED", "BACKFILL_PAUSED", "BACKFILL_LAUNCHED");
            // the trail by actor: the steering above was anonymous, the launch too
            assertThat(given().get("/api/audit?backfill=" + id + "&actor=nobody-at-all")
                            .then()
                            .extract()
                            .jsonPath()
                            .getList("$"))
                    .isEmpty();
            List<String> actors = given().get("/api/audit?backfill=" + id + "&actor=anonymous")
                    .then()
                    .extract()
                    .jsonPath()
                    .getList("actor");
            assertThat(actors).isNotEmpty().containsOnly("anonymous");
        } finally {
            given().contentType(ContentType.JSON)
                    .body("{\"limit\":8}")
                    .when()
                    .put("/api/pools/slow")
                    .then()
                    .statusCode(200);
        }
    }

    @Test
    void aPausedBackfillHoldsItsQueueAndALaunchOfABusyPartitionQueuesBehindIt() {
        String id = post(
                        "/api/backfills",
                        "{\"assets\":[\"test/slow_daily\"],\"ranges\":[{\"start\":\"2024-03-01\",\"end\":\"2024-03-30\"}],"
                                + "\"maxConcurrent\":1}",
                        201)
                .getString("backfill.id");
        post("/api/backfills/" + id + "/pause", "{\"reason\":\"db maintenance\"}", 200);
        JsonPath paused = Backfills.await(id, b -> b.getLong("progress.running") == 0);
        long queued = paused.getLong("progress.queued");
        assertThat(queued).isPositive();
        Runs.sleep(500);
        assertThat(given().get("/api/backfills/" + id)
                        .then()
                        .extract()
                        .jsonPath()
                        .getLong("progress.queued"))
                .as("paused")
                .isEqualTo(queued);

        // a launch of a partition a queued run of the paused backfill holds waits behind that run, first in line
        String behind = given().contentType(ContentType.JSON)
                .body("{\"assets\":[\"test/slow_daily\"],\"partitions\":[\"2024-03-30\"]}")
                .when()
                .post("/api/runs")
                .then()
                .statusCode(201)
                .extract()
                .path("id");
        JsonPath waiting = given().get("/api/runs/" + behind).then().extract().jsonPath();
        assertThat(waiting.getString("status")).isEqualTo("QUEUED");
        assertThat(waiting.getInt("queue.position")).isEqualTo(1);
        String holder = waiting.getString("queue.ahead[0].runId");
        assertThat(given().get("/api/runs/" + holder)
                        .then()
                        .extract()
                        .jsonPath()
                        .getString("backfillId"))
                .as("the run it waits for is the backfill's run of that day")
                .isEqualTo(id);
        assertThat(waiting.getString("queue.ahead[0].covers")).isEqualTo("asset test/slow_daily partition 2024-03-30");
        post("/api/backfills/" + id + "/pause", "{}", 409);

        post("/api/backfills/" + id + "/resume", "", 200);
        JsonPath done = Backfills.await(id, Backfills::ended);
        assertThat(done.getString("status")).isEqualTo("COMPLETED");
        assertThat(done.getLong("progress.succeeded")).isEqualTo(30);
        assertThat(Runs.await(behind).getString("status")).isEqualTo("SUCCESS");
        post("/api/backfills/" + id + "/cancel", "", 409);
        List<String> trail = given().get("/api/audit?backfill=" + id)
                .then()
                .extract()
                .jsonPath()
                .getList("action");
        assertThat(trail.stream().filter(a -> a.startsWith("BACKFILL_")))
                .containsExactly("BACKFILL_FINISHED", "BACKFILL_RESUMED", "BACKFILL_PAUSED", "BACKFILL_LAUNCHED");
    }

    @Test
    void aCanceledBackfillCanBeRetriedOverWhatItDidNotDo() {
        given().contentType(ContentType.JSON)
                .body("{\"limit\":1}")
                .when()
                .put("/api/pools/slow")
                .then()
                .statusCode(200)
                .body("limit", equalTo(1));
        String id = post(
                        "/api/backfills",
                        "{\"assets\":[\"test/slow_daily\"],\"ranges\":[{\"start\":\"2024-04-01\",\"end\":\"2024-04-20\"}]}",
                        201)
                .getString("backfill.id");
        post("/api/backfills/" + id + "/retry-failed", "", 409);
        post("/api/backfills/" + id + "/cancel", "{\"reason\":\"wrong range\"}", 200);
        JsonPath canceled = Backfills.await(id, Backfills::ended);
        assertThat(canceled.getString("status")).isEqualTo("CANCELED");
        // stopped while running, or never run: what a retry takes
        long notDone = canceled.getLong("progress.canceled") + canceled.getLong("progress.skipped");
        assertThat(notDone).isPositive();

        JsonPath retry = post("/api/backfills/" + id + "/retry-failed", "", 201);
        assertThat(retry.getString("backfill.retryOf")).isEqualTo(id);
        assertThat(retry.getLong("plan.partitionCount")).isEqualTo(notDone);
        post(
                "/api/backfills/" + id + "/retry-failed",
                "",
                409); // its retry is running (or has just materialized everything)
        JsonPath done = Backfills.await(retry.getString("backfill.id"), Backfills::ended);
        assertThat(done.getString("status")).isEqualTo("COMPLETED");
        given().contentType(ContentType.JSON)
                .body("")
                .when()
                .post("/api/backfills/" + id + "/retry-failed")
                .then()
                .statusCode(409)
                .body("detail", Matchers.containsString("that its retries did not materialize"));
        JsonPath status = given().get("/api/assets/test/slow_daily/partitions")
                .then()
                .extract()
                .jsonPath();
        List<Map<String, Object>> ranges = status.getList("ranges");
        assertThat(ranges).anySatisfy(r -> {
            assertThat(r.get("status")).isEqualTo("MATERIALIZED");
            assertThat(r.get("start")).isEqualTo("2024-04-01");
            assertThat(r.get("end")).isEqualTo("2024-04-20");
        });
        given().contentType(ContentType.JSON)
                .body("{\"limit\":8}")
                .when()
                .put("/api/pools/slow")
                .then()
                .statusCode(200);
    }
}
