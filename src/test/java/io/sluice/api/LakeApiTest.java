package io.sluice.api;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.sluice.lake.Lake;
import io.sluice.testing.OwnLakeProfile;
import io.sluice.testing.Runs;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Write, audit, publish, and reading lake tables over the API; rollbacks are in {@link LakeRollbackApiTest}. It runs on
 * a lake of its own ({@link OwnLakeProfile}), as the rollbacks do.
 */
@QuarkusTest
@TestProfile(OwnLakeProfile.class)
class LakeApiTest {

    @Inject
    Lake lake;

    /** The whole table as ordered text: byte-identical exports compare equal. */
    private List<String> export(String table) {
        return lake.read(s ->
                s.queryStrings("SELECT CAST(struct_pack(*COLUMNS(*)) AS VARCHAR) AS r FROM " + table + " ORDER BY r"));
    }

    private JsonPath checked(String config) {
        return Runs.launchAndAwait("{\"assets\":[\"test/checked\"],\"config\":" + config + "}");
    }

    @Test
    void aFailingBlockingCheckLeavesTheTargetByteIdenticalAndIsVisibleInTheRun() {
        JsonPath good = checked("{\"value\":\"before\"}");
        assertThat(good.getString("status")).as(good.getString("error")).isEqualTo("SUCCESS");
        List<String> before = export("test_checked");
        assertThat(before).hasSize(3);

        JsonPath bad = checked("{\"value\":\"after\",\"rows\":5,\"nullName\":true}");
        assertThat(bad.getString("status")).isEqualTo("FAILURE");
        assertThat(bad.getString("error"))
                .contains("blocking checks failed: name_not_null")
                .contains("the table is unchanged");
        assertThat(export("test_checked")).as("target untouched").isEqualTo(before);

        JsonPath checks = given().get("/api/runs/" + bad.getString("id") + "/checks")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath();
        assertThat(checks.getList("name")).containsExactly("name_not_null");
        assertThat(checks.getBoolean("[0].passed")).isFalse();
        assertThat(checks.getString("[0].observed")).isEqualTo("1");
        assertThat(checks.getInt("[0].sample[0].id")).isEqualTo(2);
        given().get("/api/assets/test/checked").then().statusCode(200).body("latestChecks[0].passed", equalTo(false));
        // and on the run page: the failed check, what it found and the violating row
        String page = given().get("/runs/" + bad.getString("id"))
                .then()
                .statusCode(200)
                .extract()
                .asString();
        assertThat(page)
                .contains("id=\"checks\"")
                .contains("name_not_null")
                .contains(">failed<")
                .contains("s-FAILURE")
                .contains("sample of violating rows: 1")
                .contains("id=2");
    }

    @Test
    void warningChecksRunAfterPublishingAndDoNotBlock() {
        JsonPath run = checked("{\"rows\":5,\"value\":\"warn\"}");
        assertThat(run.getString("status")).isEqualTo("SUCCESS");
        JsonPath checks = given().get("/api/runs/" + run.getString("id") + "/checks")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath();
        assertThat(checks.getList("name")).containsExactly("name_not_null", "id_range");
        assertThat(checks.getList("passed")).containsExactly(true, false);
        assertThat(lake.<Long>read(s -> s.queryLong("SELECT count(*) FROM test_checked WHERE value = 'warn'")))
                .isEqualTo(5);
        String page = given().get("/runs/" + run.getString("id"))
                .then()
                .statusCode(200)
                .extract()
                .asString();
        assertThat(page)
                .contains("id_range")
                .contains(">warning<")
                .contains(">passed<")
                .doesNotContain("s-FAILURE");
    }

    @Test
    void aLaunchWithAnOverlongActorIsAProblemNotAServerError() {
        given().contentType(ContentType.JSON)
                .body("{\"assets\":[\"test/flaky\"],\"launchedBy\":\"" + "c".repeat(201) + "\"}")
                .when()
                .post("/api/runs")
                .then()
                .statusCode(422)
                .contentType("application/problem+json")
                .body("field", equalTo("launchedBy"));
        given().contentType(ContentType.JSON)
                .header(RunResource.ACTOR_HEADER, "d".repeat(201))
                .body("{\"assets\":[\"test/flaky\"]}")
                .when()
                .post("/api/runs")
                .then()
                .statusCode(422)
                .body("field", equalTo(RunResource.ACTOR_HEADER));
        given().contentType(ContentType.JSON)
                .body("{\"assets\":[\"test/flaky\"],\"launchedBy\":\"" + "e".repeat(200) + "\"}")
                .when()
                .post("/api/runs")
                .then()
                .statusCode(201);
    }

    @Test
    void tablesAndRowsAreReadableAndBadQueriesAreProblems() {
        checked("{\"value\":\"listed\"}");
        List<Map<String, Object>> tables = given().get("/api/lake/tables")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath()
                .getList("$");
        assertThat(tables).anySatisfy(t -> {
            assertThat(t.get("name")).isEqualTo("test_checked");
            assertThat(t.get("writeMode")).isEqualTo("UPSERT");
            assertThat(t.get("asset")).isEqualTo("test/checked");
            assertThat(((Number) t.get("currentRows")).longValue()).isPositive();
        });
        assertThat(tables).noneMatch(t -> t.get("name").toString().startsWith("__"));
        given().get("/api/lake/tables/test_checked/rows?key=1")
                .then()
                .statusCode(200)
                .body("[0].id", equalTo(1))
                .body("size()", equalTo(1));
        given().get("/api/lake/tables/test_checked/rows?businessDate=2024-01-01")
                .then()
                .statusCode(422)
                .contentType("application/problem+json")
                .body("detail", containsString("bi-temporal"));
        given().get("/api/lake/tables/test_checked/changes?run=" + "x").then().statusCode(404);
        given().get("/api/lake/tables/nope/rows").then().statusCode(404).contentType("application/problem+json");
        given().get("/api/lake/tables/x;drop/rows").then().statusCode(404);
        given().get("/api/lake/tables/test_checked/rows?limit=0")
                .then()
                .statusCode(422)
                .body("field", equalTo("limit"));
        given().get("/api/lake/tables/test_checked/rows?limit=99999999999999")
                .then()
                .statusCode(422)
                .body("field", equalTo("limit"))
                .body("detail", containsString("out of range"));
        given().get("/api/lake/tables/test_checked/rows?businessDate=2024-01-01")
                .then()
                .body("field", equalTo("businessDate"));
        given().get("/api/lake/tables/test_checked/rows?key=1,2,3")
                .then()
                .statusCode(422)
                .body("field", equalTo("key"));
        given().get("/api/lake/tables/test_checked/changes?run=x")
                .then()
                .statusCode(404)
                .body("field", equalTo("run"));
        for (String internal : List.of("main.__sluice_writes", "__sluice_writes", "main.test_checked")) {
            given().get("/api/lake/tables/" + internal + "/rows")
                    .then()
                    .statusCode(404)
                    .contentType("application/problem+json");
        }
    }

    @Test
    void datesAndTimesOutsideYearsOneTo9999AreBadRequestsNotServerErrors() {
        JsonPath first = Runs.launchAndAwait("{\"assets\":[\"test/versions_daily\"],\"partitions\":[\"2024-09-01\"]}");
        assertThat(first.getString("status")).as(first.getString("error")).isEqualTo("SUCCESS");
        String rows = "/api/lake/tables/test_versions_daily/rows";
        given().get(rows + "?businessDate=9999-12-31&systemTime=9999-12-31T23:59:59.999999Z")
                .then()
                .statusCode(200)
                .body("size()", equalTo(1));
        given().get(rows + "?businessDate=0001-01-01&systemTime=0001-01-01T00:00:00Z")
                .then()
                .statusCode(200)
                .body("size()", equalTo(0));
        for (String date : List.of("+10000-01-01", "0000-12-31", "-0001-01-01")) {
            given().queryParam("businessDate", date)
                    .get(rows)
                    .then()
                    .statusCode(422)
                    .contentType("application/problem+json")
                    .body("field", equalTo("businessDate"))
                    .body("detail", containsString("between 0001-01-01 and 9999-12-31"));
        }
        for (String time : List.of("+10000-01-01T00:00:00Z", "-999999999-01-01T00:00:00Z")) {
            given().queryParam("systemTime", time)
                    .get(rows)
                    .then()
                    .statusCode(422)
                    .contentType("application/problem+json")
                    .body("field", equalTo("systemTime"));
        }
        given().get("/api/lake/tables/test_versions_daily__assertions/rows")
                .then()
                .statusCode(404);
    }
}
