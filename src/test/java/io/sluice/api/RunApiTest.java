package io.sluice.api;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItems;
import static org.hamcrest.Matchers.startsWith;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.sluice.testing.Runs;
import io.sluice.testing.TestAssets;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.hamcrest.Matchers;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

@QuarkusTest
class RunApiTest {

    private static int runCount() {
        return given().when()
                .get("/api/runs?limit=500")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath()
                .getList("$")
                .size();
    }

    @Test
    void listsTheCatalogWithDependenciesBothWaysAndTheConfigSchema() {
        given().when()
                .get("/api/assets")
                .then()
                .statusCode(200)
                .body(
                        "key",
                        hasItems(
                                "extract/form_adv_filings",
                                "raw/form_adv_filings",
                                "transform/form_adv_firm_identity",
                                "transform/form_adv_firm_ownership"));
        JsonPath raw = given().when()
                .get("/api/assets/raw/form_adv_filings")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath();
        assertThat(raw.getList("upstream")).containsExactly("extract/form_adv_filings");
        assertThat(raw.getList("downstream"))
                .containsExactly("transform/form_adv_firm_identity", "transform/form_adv_firm_ownership");
        JsonPath extract = given().when()
                .get("/api/assets/extract/form_adv_filings")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath();
        assertThat(extract.getString("configSchema.properties.firms.type")).isEqualTo("integer");
        assertThat(extract.getInt("configSchema.properties.firms.minimum")).isEqualTo(1);
        assertThat(extract.getString("configSchema.properties.through.format")).isEqualTo("date");
        assertThat(extract.getList("configSchema.required"))
                .as("through may be left out: every filing published so far")
                .isNullOrEmpty();
        given().when()
                .get("/api/assets/test/daily")
                .then()
                .statusCode(200)
                .body("partitions.type", equalTo("daily"))
                .body("partitions.start", equalTo("2024-01-01"));
    }

    @Test
    void unknownAssetsAndBadQueriesAreProblems() {
        given().when()
                .get("/api/assets/nope/nothing")
                .then()
                .statusCode(404)
                .contentType("application/problem+json")
                .body("status", equalTo(404))
                .body("detail", containsString("nope/nothing"));
        given().when()
                .get("/api/assets/test/gated/keys?limit=abc")
                .then()
                .statusCode(400)
                .body("field", equalTo("limit"));
        given().when()
                .get("/api/assets/test/flaky/keys")
                .then()
                .statusCode(422)
                .body("detail", containsString("does not process entity keys"));
        given().when().get("/api/runs/does-not-exist").then().statusCode(404).contentType("application/problem+json");
        given().when().get("/api/runs?status=BOGUS").then().statusCode(422).body("field", equalTo("status"));
        given().when().get("/api/runs?limit=0").then().statusCode(422).body("field", equalTo("limit"));
        given().when().get("/api/runs?asset=nogroup").then().statusCode(400).body("field", equalTo("asset"));
        given().when().get("/api/nothing-here").then().statusCode(404).contentType("application/problem+json");
    }

    @Test
    void keysOfAKeyedAssetByPrefix() {
        given().when()
                .get("/api/assets/test/gated/keys?prefix=k01&limit=3")
                .then()
                .statusCode(200)
                .body("$", equalTo(List.of("k010", "k011", "k012")));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "unknown asset|{\"assets\":[\"nope/nothing\"]}|404|assets[0]",
                "malformed asset key|{\"assets\":[\"nogroup\"]}|400|assets[0]",
                "no assets|{\"assets\":[]}|422|assets",
                "unknown mode|{\"assets\":[\"test/gated\"],\"mode\":\"FAST\"}|422|mode",
                "single key without keys|{\"assets\":[\"test/gated\"],\"mode\":\"SINGLE_KEY\"}|422|keys",
                "blank key|{\"assets\":[\"test/gated\"],\"mode\":\"SINGLE_KEY\",\"keys\":[\" \"]}|422|keys[0]",
                "single key on an unkeyed asset|{\"assets\":[\"test/flaky\"],\"mode\":\"SINGLE_KEY\",\"keys\":[\"1\"]}|422|mode",
                "keys without single key|{\"assets\":[\"test/gated\"],\"keys\":[\"k001\"]}|422|keys",
                "unknown config property|{\"assets\":[\"test/flaky\"],\"config\":{\"bogus\":1}}|400|config.bogus",
                "config of the wrong type|{\"assets\":[\"test/flaky\"],\"config\":{\"attempts\":\"many\"}}|400|config.attempts",
                "config violating a constraint|{\"assets\":[\"test/flaky\"],\"config\":{\"attempts\":0}}|422|config.attempts",
                "config for an asset not selected|{\"assets\":[\"test/flaky\",\"test/after_flaky\"],\"config\":{\"test/gated\":{}}}|422|config.test/gated",
                "partitioned asset without partitions|{\"assets\":[\"test/daily\"]}|422|partitions",
                "malformed partition|{\"assets\":[\"test/daily\"],\"partitions\":[\"2024-13-45\"]}|422|partitions[0]",
                "partition before the start|{\"assets\":[\"test/daily\"],\"partitions\":[\"2023-12-31\"]}|422|partitions[0]",
                "partition in the future|{\"assets\":[\"test/daily\"],\"partitions\":[\"2999-01-01\"]}|422|partitions[0]",
                "partitions of an unpartitioned asset|{\"assets\":[\"test/flaky\"],\"partitions\":[\"2024-01-01\"]}|422|partitions",
                "assets not a list|{\"assets\":{\"a\":1}}|400|assets",
                "unknown body field|{\"assets\":[\"test/flaky\"],\"colour\":\"red\"}|400|colour",
                "null asset|{\"assets\":[null]}|422|assets[0]",
                "null key|{\"assets\":[\"test/gated\"],\"mode\":\"SINGLE_KEY\",\"keys\":[\"k001\",null]}|422|keys[1]",
                "null partition|{\"assets\":[\"test/daily\"],\"partitions\":[null]}|422|partitions[0]",
                "key with a NUL|{\"assets\":[\"test/gated\"],\"mode\":\"SINGLE_KEY\",\"keys\":[\"k\\u0000001\"]}|422|keys[0]",
                "partition twice|{\"assets\":[\"test/daily\"],\"partitions\":[\"2024-01-02\",\"2024-01-02\"]}|422|partitions[1]",
                "reason with a NUL|{\"assets\":[\"test/flaky\"],\"reason\":\"a\\u0000b\"}|422|reason",
                "trailing text|{\"assets\":[\"test/flaky\"]} {}|400|",
                "config number as a string|{\"assets\":[\"test/flaky\"],\"config\":{\"attempts\":\"2\"}}|400|config.attempts",
            })
    void badLaunchesAreProblemsThatStoreNothing(String name, String body, int status, String field) {
        int before = runCount();
        given().contentType(ContentType.JSON)
                .body(body)
                .when()
                .post("/api/runs")
                .then()
                .statusCode(status)
                .contentType("application/problem+json")
                .body("status", equalTo(status))
                .body("field", equalTo(field))
                .body("detail", Matchers.notNullValue())
                .body("title", Matchers.not(equalTo("Error")));
        assertThat(runCount()).as("runs stored").isEqualTo(before);
    }

    @Test
    void aPartitionedLaunchWithoutPartitionsSaysHowToLaunchARange() {
        given().contentType(ContentType.JSON)
                .body("{\"assets\":[\"test/daily\"]}")
                .when()
                .post("/api/runs")
                .then()
                .statusCode(422)
                .body("field", equalTo("partitions"))
                .body("detail", Matchers.containsString("is partitioned (daily from 2024-01-01 (UTC))"))
                .body("detail", Matchers.containsString("POST /api/backfills"));
    }

    @Test
    void malformedJsonIsABadRequest() {
        int before = runCount();
        given().contentType(ContentType.JSON)
                .body("{\"assets\": [")
                .when()
                .post("/api/runs")
                .then()
                .statusCode(400)
                .contentType("application/problem+json")
                .body("detail", startsWith("request body is not valid JSON"));
        given().contentType(ContentType.JSON)
                .when()
                .post("/api/runs")
                .then()
                .statusCode(400)
                .contentType("application/problem+json");
        assertThat(runCount()).isEqualTo(before);
    }

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
        given().contentType(ContentType.JSON)
                .header("X-Sluice-User", "carol")
                .body("{\"assets\":[\"test/flaky\"],\"launchedBy\":\" \"}")
                .when()
                .post("/api/runs")
                .then()
                .statusCode(201)
                .body("launchedBy", equalTo("carol"));
    }

    @Test
    void theLaunchFormRefusesAnUnknownWayToLaunch() {
        int before = runCount();
        given().contentType(ContentType.URLENC)
                .formParam("asset", "test/flaky")
                .formParam("as", "BACKFILL")
                .when()
                .post("/ui/launch")
                .then()
                .statusCode(200)
                .body(containsString("Not launched"))
                .body(containsString("launch as"));
        assertThat(runCount()).isEqualTo(before);
    }

    @Test
    void theLaunchFormRefusesAFieldSentTwice() {
        int before = runCount();
        given().contentType(ContentType.URLENC)
                .formParam("asset", "test/flaky")
                .formParam("mode", "INCREMENTAL")
                .formParam("mode", "FULL_REFRESH")
                .when()
                .post("/ui/launch")
                .then()
                .statusCode(200)
                .body(containsString("Not launched"))
                .body(containsString("the field mode was sent 2 times"));
        assertThat(runCount()).isEqualTo(before);
        // several assets are what the asset field is for
        given().contentType(ContentType.URLENC)
                .formParam("asset", "test/flaky")
                .formParam("asset", "test/flaky")
                .formParam("mode", "INCREMENTAL")
                .when()
                .post("/ui/launch")
                .then()
                .statusCode(200)
                .body(Matchers.not(containsString("sent 2 times")));
    }

    @Test
    void anUnknownRunPageKeepsControlCharactersOutOfThePage() {
        String page = given().urlEncodingEnabled(false)
                .when()
                .get("/runs/a%00b")
                .then()
                .statusCode(404)
                .extract()
                .asString();
        assertThat(page).doesNotContain("\u0000").contains("a\uFFFDb");
        given().get("/api/assets/test/daily/partitions?status=MISSING&status=FAILED")
                .then()
                .statusCode(400)
                .contentType("application/problem+json")
                .body("field", equalTo("status"));
    }

    @Test
    void keySuggestionsForAMalformedOrUnknownAssetAreEmpty() {
        for (String asset : List.of("garbage", "nope/nope", "test/flaky")) {
            given().queryParam("asset", asset)
                    .queryParam("keys", "k")
                    .when()
                    .get("/ui/keys")
                    .then()
                    .statusCode(200)
                    .body(Matchers.not(containsString("<option")));
        }
        given().queryParam("asset", "test/gated")
                .queryParam("keys", "k00")
                .when()
                .get("/ui/keys")
                .then()
                .statusCode(200)
                .body(containsString("k001"));
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
        given().when()
                .get("/q/health/ready")
                .then()
                .statusCode(200)
                .body("status", equalTo("UP"))
                .body("checks.name", hasItems("lake", "metadata-store"));
        String metrics = given().when()
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
