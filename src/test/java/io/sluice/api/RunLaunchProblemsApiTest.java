package io.sluice.api;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.startsWith;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import org.hamcrest.Matchers;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Launches that are refused, over the API and in the launch form: a problem or a refusal, and no run stored. */
@QuarkusTest
class RunLaunchProblemsApiTest {

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
}
