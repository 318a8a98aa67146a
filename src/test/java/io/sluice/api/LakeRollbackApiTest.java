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
import io.sluice.testing.Backfills;
import io.sluice.testing.OwnLakeProfile;
import io.sluice.testing.Runs;
import jakarta.inject.Inject;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Reruns and rollbacks over the API: an upsert or append rerun writes nothing, a rollback restores an earlier run or
 * belief and keeps the history, bad rollbacks change nothing. It runs the example pipeline on a lake of its own
 * ({@link OwnLakeProfile}), so that {@code ExamplePipelineTest} still finds the pipeline never run.
 */
@QuarkusTest
@TestProfile(OwnLakeProfile.class)
class LakeRollbackApiTest {

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
    void anUpsertRerunWritesNothingAndARollbackRestoresAnEarlierRun() {
        JsonPath first = checked("{\"value\":\"r1\"}");
        List<String> afterFirst = export("test_checked");
        JsonPath rerun = checked("{\"value\":\"r1\"}");
        assertThat(rerun.getLong("rowsWritten")).isZero();
        JsonPath second = checked("{\"value\":\"r2\",\"rows\":4}");
        assertThat(second.getString("status")).isEqualTo("SUCCESS");
        assertThat(export("test_checked")).isNotEqualTo(afterFirst);

        String id = given().contentType(ContentType.JSON)
                .header("X-Sluice-User", "carol")
                .body("{\"toRun\":\"" + first.getString("id") + "\",\"reason\":\"r2 was wrong\"}")
                .when()
                .post("/api/assets/test/checked/rollback")
                .then()
                .statusCode(201)
                .body("kind", equalTo("ROLLBACK"))
                .body("launchedBy", equalTo("carol"))
                .extract()
                .path("id");
        JsonPath rollback = Runs.await(id);
        assertThat(rollback.getString("status")).as(rollback.getString("error")).isEqualTo("SUCCESS");
        assertThat(export("test_checked")).isEqualTo(afterFirst);
        given().get("/api/runs?asset=test/checked&limit=1")
                .then()
                .statusCode(200)
                .body("[0].id", equalTo(id))
                .body("[0].rollbackTo", equalTo("run:" + first.getString("id")));
    }

    @Test
    void anAppendRerunAddsNothingAndARollbackRemovesLaterLoads() {
        JsonPath l1 = Runs.launchAndAwait("{\"assets\":[\"test/landed\"],\"config\":{\"load\":\"A1\"}}");
        assertThat(l1.getLong("rowsWritten")).isEqualTo(2);
        assertThat(Runs.launchAndAwait("{\"assets\":[\"test/landed\"],\"config\":{\"load\":\"A1\"}}")
                        .getLong("rowsWritten"))
                .isZero();
        Runs.launchAndAwait("{\"assets\":[\"test/landed\"],\"config\":{\"load\":\"A2\"}}");
        assertThat(lake.<Long>read(s -> s.queryLong("SELECT count(*) FROM test_landed WHERE load_id IN ('A1', 'A2')")))
                .isEqualTo(4);
        String id = given().contentType(ContentType.JSON)
                .body("{\"toRun\":\"" + l1.getString("id") + "\",\"reason\":\"A2 was wrong\"}")
                .when()
                .post("/api/assets/test/landed/rollback")
                .then()
                .statusCode(201)
                .extract()
                .path("id");
        assertThat(Runs.await(id).getString("status")).isEqualTo("SUCCESS");
        assertThat(lake.<List<String>>read(
                        s -> s.queryStrings("SELECT DISTINCT load_id FROM test_landed WHERE load_id IN ('A1', 'A2')")))
                .containsExactly("A1");
    }

    /** The current belief of the whole business history, without system time, in a fixed order. */
    private List<String> belief(String table) {
        return lake.read(s -> s.queryStrings(
                "SELECT CAST(struct_pack(*COLUMNS(* EXCLUDE (system_from, system_to))) AS VARCHAR) AS r FROM " + table
                        + " WHERE system_to IS NULL ORDER BY r"));
    }

    private long count(String sql) {
        return lake.<Long>read(s -> s.queryLong(sql));
    }

    @Test
    void aBitemporalRollbackMakesAnEarlierBeliefCurrentAgainAndKeepsTheHistory() {
        String identity = "form_adv_firm_identity";
        JsonPath landed =
                Backfills.launchAndAwait("{\"assets\":[\"extract/form_adv_filings\",\"raw/form_adv_filings\"],"
                        + "\"ranges\":[{\"start\":\"2001-01-01\",\"end\":\"2024-12-31\"}],\"singleRun\":true}");
        assertThat(landed.getString("status")).isEqualTo("COMPLETED");
        JsonPath first = Runs.launchAndAwait("{\"assets\":[\"transform/form_adv_firm_identity\"]}");
        assertThat(first.getString("status")).as(first.getString("error")).isEqualTo("SUCCESS");
        List<String> afterFirst = belief(identity);
        assertThat(afterFirst).isNotEmpty();
        long rowsAfterFirst = count("SELECT count(*) FROM " + identity);

        String crd = lake.<List<String>>read(
                        s -> s.queryStrings("SELECT min(crd_number)::VARCHAR FROM raw_form_adv_filings"))
                .get(0);
        lake.write(
                "raw_form_adv_filings",
                s -> s.execute("UPDATE raw_form_adv_filings SET legal_name = 'Corrected Name LLC' "
                        + "WHERE crd_number = " + crd + " AND filing_date >= DATE '2015-01-01'"));
        JsonPath correction =
                Runs.launchAndAwait("{\"assets\":[\"transform/form_adv_firm_identity\"],\"mode\":\"SINGLE_KEY\","
                        + "\"keys\":[\"" + crd + "\"]}");
        assertThat(correction.getString("status"))
                .as(correction.getString("error"))
                .isEqualTo("SUCCESS");
        List<String> corrected = belief(identity);
        assertThat(corrected).isNotEqualTo(afterFirst);
        long correctedVersions = count("SELECT count(*) FROM " + identity + " WHERE legal_name = 'Corrected Name LLC'");
        assertThat(correctedVersions).isPositive();

        String id = given().contentType(ContentType.JSON)
                .body("{\"toRun\":\"" + first.getString("id") + "\",\"reason\":\"correction was wrong\"}")
                .when()
                .post("/api/assets/transform/form_adv_firm_identity/rollback")
                .then()
                .statusCode(201)
                .body("kind", equalTo("ROLLBACK"))
                .extract()
                .path("id");
        JsonPath rollback = Runs.await(id);
        assertThat(rollback.getString("status")).as(rollback.getString("error")).isEqualTo("SUCCESS");
        assertThat(belief(identity))
                .as("the belief after the first run is current again")
                .isEqualTo(afterFirst);
        assertThat(count("SELECT count(*) FROM " + identity
                        + " WHERE legal_name = 'Corrected Name LLC' AND system_to IS NOT NULL"))
                .as("the corrected versions are closed, not deleted")
                .isEqualTo(correctedVersions);
        assertThat(count("SELECT count(*) FROM " + identity))
                .as("nothing is deleted")
                .isGreaterThan(rowsAfterFirst);
        assertThat(count("SELECT count(*) FROM " + identity + "__assertions WHERE sys_to IS NOT NULL"))
                .as("the knowledge base keeps the replaced assertions")
                .isPositive();

        long rowsAfterRollback = count("SELECT count(*) FROM " + identity);
        String again = given().contentType(ContentType.JSON)
                .body("{\"toRun\":\"" + first.getString("id") + "\",\"reason\":\"again\"}")
                .when()
                .post("/api/assets/transform/form_adv_firm_identity/rollback")
                .then()
                .statusCode(201)
                .extract()
                .path("id");
        assertThat(Runs.await(again).getString("status")).isEqualTo("SUCCESS");
        assertThat(belief(identity)).isEqualTo(afterFirst);
        assertThat(count("SELECT count(*) FROM " + identity))
                .as("rolling back to the current belief writes nothing")
                .isEqualTo(rowsAfterRollback);
    }

    @Test
    void badRollbacksAreProblemsThatStoreNothing() {
        checked("{\"value\":\"x\"}");
        JsonPath other = Runs.launchAndAwait("{\"assets\":[\"test/flaky\"]}");
        int before = given().get("/api/runs?limit=500")
                .then()
                .extract()
                .jsonPath()
                .getList("$")
                .size();
        rollback("test/checked", "{\"toRun\":\"nope\"}", 404, "toRun");
        rollback("test/checked", "{}", 422, "toRun");
        rollback("test/checked", "{\"toRun\":\"x\",\"toSystemTime\":\"2024-01-01T00:00:00Z\"}", 422, "toSystemTime");
        rollback("test/checked", "{\"toSystemTime\":\"yesterday\"}", 400, "toSystemTime");
        rollback("test/checked", "{\"toRun\":\"" + other.getString("id") + "\",\"reason\":\"r\"}", 409, "toRun");
        rollback("test/flaky", "{\"toRun\":\"" + other.getString("id") + "\"}", 422, "asset");
        rollback(
                "test/checked",
                "{\"toRun\":\"" + other.getString("id") + "\",\"partition\":\"2024-01-01\"}",
                422,
                "partition");
        given().contentType(ContentType.JSON)
                .body("{\"toRun\":\"x\"}")
                .when()
                .post("/api/assets/no/such/rollback")
                .then()
                .statusCode(404);
        assertThat(given().get("/api/runs?limit=500")
                        .then()
                        .extract()
                        .jsonPath()
                        .getList("$"))
                .hasSize(before);
    }

    @Test
    void rollbacksThatWouldEmptyTheTableOrAreMalformedAreRefusedAndChangeNothing() {
        checked("{\"value\":\"kept\"}");
        JsonPath run = checked("{\"value\":\"later\"}");
        List<String> table = export("test_checked");
        int before = given().get("/api/runs?limit=500")
                .then()
                .extract()
                .jsonPath()
                .getList("$")
                .size();
        given().contentType(ContentType.JSON)
                .body("{\"toSystemTime\":\"2001-01-01T00:00:00Z\",\"reason\":\"r\"}")
                .when()
                .post("/api/assets/test/checked/rollback")
                .then()
                .statusCode(409)
                .body("field", equalTo("toSystemTime"))
                .body("detail", containsString("no write at or before 2001-01-01T00:00:00Z"))
                .body("detail", containsString("its first write was at"));
        rollback("test/checked", "{\"toSystemTime\":\"2999-01-01T00:00:00Z\"}", 422, "toSystemTime");
        rollback("test/checked", "{\"toSystemTime\":\"+10000-01-01T00:00:00Z\"}", 422, "toSystemTime");
        rollback("test/checked", "{\"toSystemTime\":\"-999999999-01-01T00:00:00Z\"}", 422, "toSystemTime");
        rollback(
                "test/checked",
                "{\"toRun\":\"" + run.getString("id") + "\",\"reason\":\"r\",\"launchedBy\":\"" + "a".repeat(201)
                        + "\"}",
                422,
                "launchedBy");
        given().contentType(ContentType.JSON)
                .header(RunResource.ACTOR_HEADER, "b".repeat(201))
                .body("{\"toRun\":\"" + run.getString("id") + "\",\"reason\":\"r\"}")
                .when()
                .post("/api/assets/test/checked/rollback")
                .then()
                .statusCode(422)
                .contentType("application/problem+json")
                .body("field", equalTo(RunResource.ACTOR_HEADER));
        given().contentType(ContentType.JSON)
                .body("{\"toRun\":\"" + run.getString("id") + "\"} trailing")
                .when()
                .post("/api/assets/test/checked/rollback")
                .then()
                .statusCode(400)
                .contentType("application/problem+json")
                .body("detail", containsString("not valid JSON"));
        given().contentType(ContentType.JSON)
                .body("{\"toRun\":\"" + run.getString("id") + "\"}{\"toRun\":\"x\"}")
                .when()
                .post("/api/assets/test/checked/rollback")
                .then()
                .statusCode(400);
        assertThat(given().get("/api/runs?limit=500")
                        .then()
                        .extract()
                        .jsonPath()
                        .getList("$"))
                .as("no run stored")
                .hasSize(before);
        assertThat(export("test_checked")).as("the table is untouched").isEqualTo(table);
    }

    private static void rollback(String asset, String body, int status, String field) {
        given().contentType(ContentType.JSON)
                .body(body)
                .when()
                .post("/api/assets/" + asset + "/rollback")
                .then()
                .statusCode(status)
                .contentType("application/problem+json")
                .body("field", equalTo(field));
    }
}
