package io.sluice.api;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.sluice.testing.Backfills;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Backfills over the API: plans, throttled execution, partition status, audit and bad requests; pause, resume, cancel
 * and retry are in {@link BackfillSteeringApiTest}.
 */
@QuarkusTest
class BackfillApiTest {

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

    /**
     * One request, one kind of answer: the plan comes from its own operation, and a launch always answers 201 with the
     * backfill. An old client's dryRun true is refused naming the preview; its dryRun false still launches.
     */
    @Test
    void thePreviewIsAnOperationOfItsOwnAndALaunchNeverAnswersAPlanOnly() {
        int backfills = given().get("/api/backfills?limit=500")
                .then()
                .extract()
                .jsonPath()
                .getList("$")
                .size();
        String body = "{\"assets\":[\"test/daily\"],\"ranges\":[{\"start\":\"2025-09-10\",\"end\":\"2025-09-11\"}]";
        JsonPath refused = post("/api/backfills", body + ",\"dryRun\":true}", 400);
        assertThat(refused.getString("field")).isEqualTo("dryRun");
        assertThat(refused.getString("detail")).contains("/api/backfills/preview");
        assertThat(post("/api/backfills/preview", body + ",\"dryRun\":false}", 400)
                        .getString("field"))
                .isEqualTo("dryRun");
        assertThat(post("/api/backfills/preview", body + "}", 200).getInt("runCount"))
                .isEqualTo(2);
        assertThat(given().get("/api/backfills?limit=500")
                        .then()
                        .extract()
                        .jsonPath()
                        .getList("$"))
                .as("neither the refusals nor the preview stored a backfill")
                .hasSize(backfills);
        JsonPath launched = post("/api/backfills", body + ",\"dryRun\":false,\"reason\":\"an old client\"}", 201);
        assertThat(launched.getString("backfill.id")).isNotBlank();
        assertThat(launched.getInt("plan.runCount")).isEqualTo(2);
    }

    @Test
    void aDryRunReturnsTheExactPlanAndStoresNothing() {
        int backfills = given().get("/api/backfills?limit=500")
                .then()
                .extract()
                .jsonPath()
                .getList("$")
                .size();
        JsonPath plan = post(
                "/api/backfills/preview",
                "{\"assets\":[\"test/daily\"],\"ranges\":[{\"start\":\"2024-01-01\",\"end\":\"2024-01-10\"}],"
                        + "\"partitionsPerRun\":3,\"order\":\"newest_first\"}",
                200);
        assertThat(plan.getLong("partitionCount")).isEqualTo(10);
        assertThat(plan.getInt("runCount")).isEqualTo(4);
        assertThat(plan.getList("runs[0].partitions")).containsExactly("2024-01-08...2024-01-10");
        assertThat(plan.getLong("runs[0].partitionCount")).isEqualTo(3);
        assertThat(plan.getList("runs[3].partitions")).containsExactly("2024-01-01");
        JsonPath single = post(
                "/api/backfills/preview",
                "{\"assets\":[\"test/daily\"],\"ranges\":[{\"start\":\"2024-01-01\",\"end\":\"2024-01-10\"}],"
                        + "\"singleRun\":true}",
                200);
        assertThat(single.getInt("runCount")).isEqualTo(1);
        // two partitions: (2 + 2^31 - 2) was the int overflow to a negative list capacity
        JsonPath huge = post(
                "/api/backfills/preview",
                "{\"assets\":[\"test/daily\"],\"ranges\":[{\"start\":\"2024-01-01\",\"end\":\"2024-01-02\"}],"
                        + "\"partitionsPerRun\":2147483647}",
                200);
        assertThat(huge.getInt("runCount")).as("one run holds every partition").isEqualTo(1);
        assertThat(given().get("/api/backfills?limit=500")
                        .then()
                        .extract()
                        .jsonPath()
                        .getList("$"))
                .hasSize(backfills);
    }

    @Test
    void aBackfillRunsEveryPartitionOnceAndReportsStatusAndAudit() {
        JsonPath launched = post(
                "/api/backfills",
                "{\"assets\":[\"test/daily\"],\"ranges\":[{\"start\":\"2024-02-01\",\"end\":\"2024-02-20\"}],"
                        + "\"maxConcurrent\":2,\"reason\":\"history\",\"launchedBy\":\"dana\"}",
                201);
        String id = launched.getString("backfill.id");
        assertThat(launched.getInt("plan.runCount")).isEqualTo(20);
        JsonPath done = Backfills.await(id, Backfills::ended);
        assertThat(done.getString("status")).isEqualTo("COMPLETED");
        assertThat(done.getLong("progress.succeeded")).isEqualTo(20);
        JsonPath succeeded = given().get("/api/runs?asset=test/daily&status=SUCCESS&limit=500")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath();
        assertThat(succeeded.getList("backfillId"))
                .as("runs carry their backfill's id")
                .contains(id);
        List<List<String>> partitions = succeeded.getList("partitions");
        assertThat(partitions.stream()
                        .flatMap(List::stream)
                        .filter(p -> p.compareTo("2024-02-01") >= 0 && p.compareTo("2024-02-20") <= 0))
                .as("each partition materialized exactly once")
                .hasSize(20)
                .doesNotHaveDuplicates();

        JsonPath status = given().get("/api/assets/test/daily/partitions?status=MATERIALIZED")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath();
        assertThat(status.getList("ranges.start")).contains("2024-02-01");
        assertThat(status.getList("ranges.end")).contains("2024-02-20");
        assertThat(status.getLong("counts.MATERIALIZED")).isGreaterThanOrEqualTo(20);

        List<String> actions = given().get("/api/audit?backfill=" + id)
                .then()
                .statusCode(200)
                .extract()
                .jsonPath()
                .getList("action");
        assertThat(actions.stream().filter(a -> a.startsWith("BACKFILL_")))
                .containsExactly("BACKFILL_FINISHED", "BACKFILL_LAUNCHED");
        assertThat(actions.stream().filter("RUN_FINISHED"::equals))
                .as("the outcome of every partition's run")
                .hasSize(20);
        JsonPath launchEvent =
                given().get("/api/audit?backfill=" + id).then().extract().jsonPath();
        int last = actions.size() - 1;
        assertThat(launchEvent.getString("[" + last + "].actor")).isEqualTo("dana");
        assertThat(launchEvent.getString("[" + last + "].reason")).isEqualTo("history");
        assertThat(launchEvent.getList("[" + last + "].detail.partitions")).containsExactly("2024-02-01...2024-02-20");
        assertThat(launchEvent.getString("[1].detail.status")).isEqualTo("SUCCESS");

        post(
                "/api/backfills/preview",
                "{\"assets\":[\"test/daily\"],\"ranges\":[{\"start\":\"2024-02-01\",\"end\":\"2024-02-20\"}],"
                        + "\"failedAndMissingOnly\":true}",
                422);
        JsonPath missing = post(
                "/api/backfills/preview",
                "{\"assets\":[\"test/daily\"],\"ranges\":[{\"start\":\"2024-02-15\",\"end\":\"2024-02-25\"}],"
                        + "\"failedAndMissingOnly\":true}",
                200);
        assertThat(missing.getLong("partitionCount")).isEqualTo(5);
    }

    @Test
    void groupedRunsStillRecordEachPartitionAsItsOwnRunWithItsOwnEvents() {
        JsonPath launched = post(
                "/api/backfills",
                "{\"assets\":[\"test/daily\"],\"ranges\":[{\"start\":\"2024-05-01\",\"end\":\"2024-06-09\"}],"
                        + "\"reason\":\"grouped\"}",
                201);
        String id = launched.getString("backfill.id");
        JsonPath done = Backfills.await(id, Backfills::ended);
        assertThat(done.getString("status")).isEqualTo("COMPLETED");
        assertThat(done.getLong("progress.succeeded")).isEqualTo(40);

        JsonPath audit = given().get("/api/audit?backfill=" + id + "&limit=500")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath();
        List<String> runIds = new ArrayList<>();
        List<String> partitions = new ArrayList<>();
        List<Map<String, Object>> events = audit.getList("$");
        for (Map<String, Object> e : events) {
            if ("RUN_FINISHED".equals(e.get("action"))) {
                runIds.add((String) e.get("runId"));
                @SuppressWarnings("unchecked")
                Map<String, Object> detail = (Map<String, Object>) e.get("detail");
                assertThat(detail).containsEntry("status", "SUCCESS");
                @SuppressWarnings("unchecked")
                List<String> covered = (List<String>) detail.get("partitions");
                partitions.addAll(covered);
            }
        }
        assertThat(runIds).as("one RUN_FINISHED event per run").hasSize(40).doesNotHaveDuplicates();
        assertThat(partitions)
                .as("each naming its partition")
                .hasSize(40)
                .doesNotHaveDuplicates()
                .contains("2024-05-01", "2024-06-09");
        for (String runId : List.of(runIds.get(0), runIds.get(17), runIds.get(39))) {
            JsonPath run = given().get("/api/runs/" + runId)
                    .then()
                    .statusCode(200)
                    .extract()
                    .jsonPath();
            assertThat(run.getString("status")).isEqualTo("SUCCESS");
            assertThat(run.getString("backfillId")).isEqualTo(id);
            assertThat(run.getString("steps[0].status")).isEqualTo("SUCCESS");
            assertThat(run.getList("materializations"))
                    .as("its own materialization event")
                    .hasSize(1);
            assertThat(run.getString("materializations[0].partition")).isEqualTo(run.getString("partitions[0]"));
            List<String> log = given().get("/api/runs/" + runId + "/logs")
                    .then()
                    .statusCode(200)
                    .extract()
                    .jsonPath()
                    .getList("message");
            // a run executed in a group of several has no "started" line (its start is on the run): its log is what it
            // materialized and how it finished
            List<String> afterStart = log.get(0).startsWith("started") ? log.subList(1, log.size()) : log;
            assertThat(afterStart).noneMatch(line -> line.startsWith("started"));
            assertThat(afterStart)
                    .anyMatch(
                            line -> line.startsWith("materialized partition " + run.getString("partitions[0]") + ":"));
            assertThat(log.get(log.size() - 1)).startsWith("finished SUCCESS");
        }
        JsonPath status = given().get("/api/assets/test/daily/partitions?status=MATERIALIZED")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath();
        assertThat(status.getList("ranges.start")).contains("2024-05-01");
        assertThat(status.getList("ranges.end")).contains("2024-06-09");
    }

    @Test
    void badBackfillsAreProblemsThatStoreNothing() {
        int before = given().get("/api/backfills?limit=500")
                .then()
                .extract()
                .jsonPath()
                .getList("$")
                .size();
        problem("{\"assets\":[\"test/flaky\"]}", 422, "assets");
        problem("{\"assets\":[\"nope/nothing\"]}", 404, "assets[0]");
        problem(
                "{\"assets\":[\"test/daily\"],\"ranges\":[{\"start\":\"2024-13-01\",\"end\":\"2024-01-02\"}]}",
                422,
                "ranges[0].start");
        problem("{\"assets\":[\"test/daily\"],\"ranges\":[{\"start\":\"2024-01-05\"}]}", 422, "ranges[0]");
        problem("{\"assets\":[\"test/daily\"],\"partitions\":[\"2999-01-01\"]}", 422, "partitions[0]");
        problem("{\"assets\":[\"test/daily\"],\"order\":\"sideways\"}", 422, "order");
        problem("{\"assets\":[\"test/daily\"],\"partitionsPerRun\":0}", 422, "partitionsPerRun");
        problem("{\"assets\":[\"test/daily\"],\"mode\":\"SINGLE_KEY\"}", 422, "keys");
        problem("{\"assets\":[\"test/daily\",\"test/slow_daily\"]}", 422, null);
        problem("{\"assets\":[null]}", 422, "assets[0]");
        problem("{\"assets\":[\"test/daily\"],\"partitionsPerRun\":\"3\"}", 400, "partitionsPerRun");
        problem("{\"assets\":[\"test/daily\"],\"singleRun\":1}", 400, "singleRun");
        problem("{\"assets\":[\"test/daily\"],\"maxConcurrent\":99999999999}", 422, "maxConcurrent");
        problem("{\"assets\":[\"test/daily\"],\"ranges\":[null]}", 422, "ranges[0]");
        problem("{\"assets\":[\"test/daily\"],\"partitions\":[\"2024-01-02\",null]}", 422, "partitions[1]");
        given().get("/api/backfills/nope").then().statusCode(404).contentType("application/problem+json");
        given().contentType(ContentType.JSON)
                .body("{\"limit\":0}")
                .when()
                .put("/api/pools/x")
                .then()
                .statusCode(422);
        given().get("/api/audit?from=yesterday").then().statusCode(400).body("field", equalTo("from"));
        given().get("/api/audit?from=2025-01-02T00:00:00Z&to=2025-01-01T00:00:00Z")
                .then()
                .statusCode(422)
                .body("field", equalTo("from"));
        for (String asset : List.of("%", "garbage")) {
            given().queryParam("asset", asset)
                    .get("/api/audit")
                    .then()
                    .statusCode(400)
                    .body("field", equalTo("asset"));
        }
        given().get("/api/audit?offset=-1").then().statusCode(400).body("field", equalTo("offset"));
        given().get("/api/assets/test/flaky/partitions").then().statusCode(422);
        given().get("/api/assets/test/daily/partitions?status=GREEN").then().statusCode(422);
        assertThat(given().get("/api/backfills?limit=500")
                        .then()
                        .extract()
                        .jsonPath()
                        .getList("$"))
                .hasSize(before);
    }

    private static void problem(String body, int status, String field) {
        var response = given().contentType(ContentType.JSON)
                .body(body)
                .when()
                .post("/api/backfills")
                .then()
                .statusCode(status)
                .contentType("application/problem+json");
        if (field != null) {
            response.body("field", equalTo(field));
        }
    }
}
