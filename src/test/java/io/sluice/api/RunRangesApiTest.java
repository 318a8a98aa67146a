package io.sluice.api;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.sluice.testing.Runs;
import org.junit.jupiter.api.Test;

/** POST /api/runs takes ranges of partitions, as the launchpad's From/To gives them: one run, no backfill. */
@QuarkusTest
class RunRangesApiTest {

    @Test
    void aRunOverRangesAndKeysIsOneRunOfTheirPartitionsInOrder() {
        int backfills = given().get("/api/backfills?limit=500")
                .then()
                .extract()
                .jsonPath()
                .getList("id")
                .size();
        JsonPath run = Runs.launchAndAwait("{\"assets\":[\"test/daily\"],\"ranges\":[{\"start\":\"2025-02-26\","
                + "\"end\":\"2025-03-01\"}],\"partitions\":[\"2025-01-05\"]}");
        assertThat(run.getString("status")).isEqualTo("SUCCESS");
        // the run's JSON writes its partitions as ranges (docs/api.md, partitions as ranges), and counts them
        assertThat(run.getList("partitions")).containsExactly("2025-01-05", "2025-02-26...2025-03-01");
        assertThat(run.getLong("partitionCount")).isEqualTo(5);
        assertThat(run.getList("materializations.partition")).hasSize(5);
        assertThat(given().get("/api/backfills?limit=500")
                        .then()
                        .extract()
                        .jsonPath()
                        .getList("id"))
                .as("no backfill")
                .hasSize(backfills);
    }

    @Test
    void rangesThatOverlapOrGoBackwardsAreProblemsNamingThemAndStoreNothing() {
        int before = given().get("/api/runs?limit=500")
                .then()
                .extract()
                .jsonPath()
                .getList("$")
                .size();
        refused(
                "{\"assets\":[\"test/daily\"],\"ranges\":[{\"start\":\"2025-01-01\",\"end\":\"2025-01-31\"},"
                        + "{\"start\":\"2025-01-15\",\"end\":\"2025-02-10\"}]}",
                "ranges[1]",
                "ranges[1] (2025-01-15...2025-02-10) selects 2025-01-15...2025-01-31 (17 partitions), which ranges[0] "
                        + "(2025-01-01...2025-01-31) selects already");
        refused(
                "{\"assets\":[\"test/daily\"],\"ranges\":[{\"start\":\"2025-01-01\",\"end\":\"2025-01-31\"}],"
                        + "\"partitions\":[\"2025-01-10\"]}",
                "partitions[0]",
                "partitions[0] '2025-01-10' is selected already by ranges[0] (2025-01-01...2025-01-31)");
        refused(
                "{\"assets\":[\"test/daily\"],\"ranges\":[{\"start\":\"2025-01-31\",\"end\":\"2025-01-01\"}]}",
                "ranges[0].end",
                "goes backwards");
        refused("{\"assets\":[\"test/daily\"],\"ranges\":[{\"start\":\"2025-01-31\"}]}", "ranges[0]", "start and end");
        refused(
                "{\"assets\":[\"test/flaky\"],\"ranges\":[{\"start\":\"2025-01-01\",\"end\":\"2025-01-02\"}]}",
                "ranges",
                "none of the selected assets is partitioned");
        given().contentType(ContentType.JSON)
                .body("{\"assets\":[\"test/daily\"],\"ranges\":[{\"start\":\"2025-01-01\",\"end\":\"2025-01-02\","
                        + "\"step\":1}]}")
                .post("/api/runs")
                .then()
                .statusCode(400);
        assertThat(given().get("/api/runs?limit=500")
                        .then()
                        .extract()
                        .jsonPath()
                        .getList("$"))
                .hasSize(before);
    }

    private static void refused(String body, String field, String detail) {
        given().contentType(ContentType.JSON)
                .body(body)
                .post("/api/runs")
                .then()
                .statusCode(422)
                .contentType("application/problem+json")
                .body("field", equalTo(field))
                .body("detail", containsString(detail));
    }
}
