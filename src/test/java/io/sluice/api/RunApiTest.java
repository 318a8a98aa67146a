package io.sluice.api;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItems;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.sluice.testing.Management;
import io.sluice.testing.Runs;
import io.sluice.testing.TestAssets;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Runs over the API: a failure skips its downstream, partitions and keys are materialized, a started run is canceled,
 * the launching actor is recorded, metrics and health are served.
 */
@QuarkusTest
class RunApiTest {

    @Test
    void aFailingAssetFailsTheRunAndSkipsItsDownstream() {
        String id = Runs.launch(
                "{\"assets\":[\"test/after_flaky\",\"test/flaky\"],\"config\":{\"test/flaky\":{\"fail\":true}},"
                        + "\"reason\":\"prove skipping\",\"launchedBy\":\"alice\"}");
        JsonPath run = Runs.await(id);
        assertThat(run.getString("status")).isEqualTo("FAILURE");
        assertThat(run.getString("launchedBy")).isEqualTo("alice");
        assertThat(run.getList("steps.asset")).containsExactly("test/flaky", "test/after_flaky");
        assertThat(run.getList("steps.status")).containsExactly("FAILURE", "SKIPPED");
        assertThat(run.getString("error"))
                .contains("flaky asset failed as configured")
                .contains("\tat ");
        List<String> log = given().when()
                .get("/api/runs/" + id + "/logs")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath()
                .getList("message");
        assertThat(log)
                .anyMatch(l -> l.contains("attempting 1 time(s)"))
                .anyMatch(l -> l.contains("skipped: upstream test/flaky ended FAILURE"))
                .anyMatch(l -> l.startsWith("finished FAILURE"));
        given().when()
                .get("/api/runs?asset=test/after_flaky&status=FAILURE")
                .then()
                .statusCode(200)
                .body("id", hasItems(id));
    }

    @Test
    void aPartitionedRunMaterializesEachPartition() {
        JsonPath run =
                Runs.launchAndAwait("{\"assets\":[\"test/daily\"],\"partitions\":[\"2024-01-01\",\"2024-01-02\"]}");
        assertThat(run.getString("status")).isEqualTo("SUCCESS");
        assertThat(run.getList("materializations.partition")).containsExactly("2024-01-01", "2024-01-02");
        assertThat(run.getList("materializations.metadata.partition")).containsExactly("2024-01-01", "2024-01-02");
    }

    @Test
    void aStartedRunIsCanceledBetweenBatches() throws Exception {
        TestAssets.Gated.reset(true);
        String id = Runs.launch("{\"assets\":[\"test/gated\"],\"mode\":\"FULL_REFRESH\"}");
        assertThat(TestAssets.Gated.entered.await(30, TimeUnit.SECONDS))
                .as("first batch started")
                .isTrue();
        given().contentType(ContentType.JSON)
                .body("{\"reason\":\"wrong config\"}")
                .header("X-Sluice-User", "bob")
                .when()
                .post("/api/runs/" + id + "/cancel")
                .then()
                .statusCode(200)
                .body("cancelRequested", equalTo(true));
        TestAssets.Gated.gate.countDown();
        JsonPath run = Runs.await(id);
        assertThat(run.getString("status")).isEqualTo("CANCELED");
        assertThat(TestAssets.Gated.BATCHES.get()).as("batches processed of 3").isEqualTo(1);
        given().when()
                .post("/api/runs/" + id + "/cancel")
                .then()
                .statusCode(409)
                .contentType("application/problem+json");
    }

    @Test
    void aSecondCancelOfAStartedRunIsAConflictAndAuditedOnce() throws Exception {
        TestAssets.Gated.reset(true);
        String id = Runs.launch("{\"assets\":[\"test/gated\"],\"mode\":\"FULL_REFRESH\"}");
        try {
            assertThat(TestAssets.Gated.entered.await(30, TimeUnit.SECONDS))
                    .as("first batch started")
                    .isTrue();
            given().contentType(ContentType.JSON)
                    .body("{\"reason\":\"" + "r".repeat(2001) + "\"}")
                    .when()
                    .post("/api/runs/" + id + "/cancel")
                    .then()
                    .statusCode(422)
                    .contentType("application/problem+json")
                    .body("field", equalTo("reason"));
            given().contentType(ContentType.JSON)
                    .body("{\"reason\":\"r\",\"launchedBy\":\"eve\"}")
                    .when()
                    .post("/api/runs/" + id + "/cancel")
                    .then()
                    .statusCode(400)
                    .contentType("application/problem+json")
                    .body("detail", containsString("'launchedBy' is unknown"));
            given().when()
                    .post("/api/runs/" + id + "/cancel")
                    .then()
                    .statusCode(200)
                    .body("cancelRequested", equalTo(true));
            given().when()
                    .post("/api/runs/" + id + "/cancel")
                    .then()
                    .statusCode(409)
                    .contentType("application/problem+json")
                    .body("detail", containsString("already asked to stop"));
        } finally {
            TestAssets.Gated.gate.countDown();
        }
        assertThat(Runs.await(id).getString("status")).isEqualTo("CANCELED");
        List<String> actions = given().get("/api/audit?run=" + id)
                .then()
                .statusCode(200)
                .extract()
                .jsonPath()
                .getList("action");
        assertThat(actions.stream().filter("RUN_CANCEL_REQUESTED"::equals))
                .as("one cancel audited")
                .hasSize(1);
    }

    @Test
    void aBlankLaunchedByFallsBackToTheHeader() {
        String id = given().contentType(ContentType.JSON)
                .header("X-Sluice-User", "carol")
                .body("{\"assets\":[\"test/flaky\"],\"launchedBy\":\" \"}")
                .when()
                .post("/api/runs")
                .then()
                .statusCode(201)
                .body("launchedBy", equalTo("carol"))
                .extract()
                .path("id");
        // unpartitioned test/flaky takes one run at a time: let it end before another test of the class launches it
        Runs.await(id);
    }

    @Test
    void keyedRunsResolveKeysIntoBatchesAndSingleKeyTakesOnlyTheGivenKeys() {
        TestAssets.Gated.reset(false);
        JsonPath full = Runs.launchAndAwait("{\"assets\":[\"test/gated\"],\"mode\":\"FULL_REFRESH\"}");
        assertThat(full.getString("status")).isEqualTo("SUCCESS");
        assertThat(full.getLong("keyCount")).isEqualTo(25);
        assertThat(full.getLong("batchCount")).isEqualTo(3);
        JsonPath single =
                Runs.launchAndAwait("{\"assets\":[\"test/gated\"],\"mode\":\"SINGLE_KEY\",\"keys\":[\"k007\"]}");
        assertThat(single.getLong("keyCount")).isEqualTo(1);
        assertThat(single.getLong("rowsWritten")).isEqualTo(1);
        JsonPath incremental = Runs.launchAndAwait("{\"assets\":[\"test/gated\"]}");
        assertThat(incremental.getString("mode")).isEqualTo("INCREMENTAL");
        assertThat(incremental.getLong("keyCount"))
                .as("nothing changed since the full refresh")
                .isZero();
    }

    @Test
    void metricsAndHealthAreServed() {
        Runs.launchAndAwait("{\"assets\":[\"test/flaky\"]}");
        Management.given()
                .when()
                .get("/q/health/ready")
                .then()
                .statusCode(200)
                .body("status", equalTo("UP"))
                .body("checks.name", hasItems("lake", "metadata-store"));
        String metrics = Management.given()
                .when()
                .get("/q/metrics")
                .then()
                .statusCode(200)
                .extract()
                .asString();
        assertThat(metrics)
                .contains("sluice_asset_runs_total{asset=\"test/flaky\",status=\"SUCCESS\"")
                .contains("sluice_asset_run_duration_seconds")
                .contains("sluice_runs_total");
    }
}
