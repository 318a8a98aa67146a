package io.sluice.api;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.sluice.lake.Lake;
import io.sluice.testing.Runs;
import io.sluice.testing.TestAssets;
import jakarta.inject.Inject;
import java.util.List;
import org.hamcrest.Matchers;
import org.junit.jupiter.api.Test;

/** Rolling back one partition: only that partition's later writes are undone, or the refusal says why not. */
@QuarkusTest
class PartitionRollbackApiTest {

    @Inject
    Lake lake;

    private List<String> loads() {
        return lake.read(s -> s.queryStrings("SELECT DISTINCT load_id FROM test_landed_daily ORDER BY 1"));
    }

    private static JsonPath land(String day, int version) {
        JsonPath run = Runs.launchAndAwait("{\"assets\":[\"test/landed_daily\"],\"partitions\":[\"" + day
                + "\"],\"config\":{\"version\":" + version + "}}");
        assertThat(run.getString("status")).as(run.getString("error")).isEqualTo("SUCCESS");
        return run;
    }

    @Test
    void anAppendPartitionRollsBackAloneAndOtherPartitionsKeepTheirLaterLoads() {
        JsonPath first = land("2024-05-01", 1);
        land("2024-05-02", 1);
        land("2024-05-01", 2);
        land("2024-05-02", 2);
        assertThat(loads()).contains("2024-05-01/1", "2024-05-01/2", "2024-05-02/1", "2024-05-02/2");

        String id = given().contentType(ContentType.JSON)
                .body("{\"toRun\":\"" + first.getString("id") + "\",\"partition\":\"2024-05-01\","
                        + "\"reason\":\"version 2 of May 1st was bad\"}")
                .post("/api/assets/test/landed_daily/rollback")
                .then()
                .statusCode(201)
                .extract()
                .path("id");
        JsonPath rollback = Runs.await(id);
        assertThat(rollback.getString("status")).as(rollback.getString("error")).isEqualTo("SUCCESS");
        assertThat(loads())
                .contains("2024-05-01/1", "2024-05-02/1", "2024-05-02/2")
                .doesNotContain("2024-05-01/2");
        assertThat(rollback.getList("partitions")).containsExactly("2024-05-01");
    }

    private List<String> believed(String from, String until) {
        return lake.read(
                s -> s.queryStrings("SELECT valid_from || ' ' || v FROM test_versions_daily WHERE system_to IS NULL "
                        + "AND valid_from >= DATE '" + from + "' AND valid_from < DATE '" + until
                        + "' ORDER BY valid_from"));
    }

    private long closedVersions() {
        return Long.parseLong(lake.read(s ->
                        s.queryStrings("SELECT count(*)::VARCHAR FROM test_versions_daily WHERE system_to IS NOT NULL"))
                .get(0));
    }

    private static JsonPath version(String day) {
        JsonPath run = Runs.launchAndAwait("{\"assets\":[\"test/versions_daily\"],\"partitions\":[\"" + day + "\"]}");
        assertThat(run.getString("status")).as(run.getString("error")).isEqualTo("SUCCESS");
        return run;
    }

    @Test
    void aBitemporalPartitionRollsBackItsBusinessDatesOnlyAsANewWriteThatKeepsHistory() {
        try {
            JsonPath first = version("2024-07-01");
            version("2024-07-02");
            TestAssets.VersionsDaily.suffix = " (corrected)";
            version("2024-07-01");
            version("2024-07-02");
            assertThat(believed("2024-07-01", "2024-07-03"))
                    .containsExactly(
                            "2024-07-01 seen 2024-07-01 (corrected)", "2024-07-02 seen 2024-07-02 (corrected)");
            long closed = closedVersions();

            String id = given().contentType(ContentType.JSON)
                    .body("{\"toRun\":\"" + first.getString("id") + "\",\"partition\":\"2024-07-01\","
                            + "\"reason\":\"the correction of July 1st was wrong\"}")
                    .post("/api/assets/test/versions_daily/rollback")
                    .then()
                    .statusCode(201)
                    .extract()
                    .path("id");
            JsonPath rollback = Runs.await(id);
            assertThat(rollback.getString("status"))
                    .as(rollback.getString("error"))
                    .isEqualTo("SUCCESS");
            assertThat(rollback.getString("kind")).isEqualTo("ROLLBACK");
            assertThat(believed("2024-07-01", "2024-07-03"))
                    .as("July 1st as the first run left it; July 2nd keeps its correction")
                    .containsExactly("2024-07-01 seen 2024-07-01", "2024-07-02 seen 2024-07-02 (corrected)");
            assertThat(closedVersions())
                    .as("the rollback closed versions and deleted none")
                    .isGreaterThan(closed);
            given().get("/api/lake/tables/test_versions_daily/changes?run=" + id)
                    .then()
                    .statusCode(200)
                    .body("opened.size()", Matchers.greaterThan(0))
                    .body("closed.size()", Matchers.greaterThan(0));
        } finally {
            TestAssets.VersionsDaily.suffix = "";
        }
    }

    @Test
    void anUpsertPartitionIsRefusedRatherThanRollingBackTheWholeTable() {
        JsonPath run = Runs.launchAndAwait("{\"assets\":[\"test/upsert_daily\"],\"partitions\":[\"2024-08-01\"]}");
        assertThat(run.getString("status")).as(run.getString("error")).isEqualTo("SUCCESS");
        int before = given().get("/api/runs?limit=500")
                .then()
                .extract()
                .jsonPath()
                .getList("$")
                .size();
        given().contentType(ContentType.JSON)
                .body("{\"toRun\":\"" + run.getString("id") + "\",\"partition\":\"2024-08-01\",\"reason\":\"r\"}")
                .post("/api/assets/test/upsert_daily/rollback")
                .then()
                .statusCode(422)
                .contentType("application/problem+json")
                .body("field", Matchers.equalTo("partition"))
                .body("detail", containsString("omit 'partition'"));
        assertThat(given().get("/api/runs?limit=500")
                        .then()
                        .extract()
                        .jsonPath()
                        .getList("$"))
                .as("nothing stored")
                .hasSize(before);
    }

    @Test
    void aPartitionRollsBackToARunThatLandedItWithinARange() {
        JsonPath range = Runs.launchAndAwait("{\"assets\":[\"extract/form_adv_filings\",\"raw/form_adv_filings\"],"
                + "\"partitions\":[\"2003-04-01\",\"2003-04-02\",\"2003-04-03\"]}");
        assertThat(range.getString("status")).as(range.getString("error")).isEqualTo("SUCCESS");
        String id = given().contentType(ContentType.JSON)
                .body("{\"toRun\":\"" + range.getString("id") + "\",\"partition\":\"2003-04-02\",\"reason\":\"r\"}")
                .post("/api/assets/raw/form_adv_filings/rollback")
                .then()
                .statusCode(201)
                .extract()
                .path("id");
        JsonPath rollback = Runs.await(id);
        assertThat(rollback.getString("status")).as(rollback.getString("error")).isEqualTo("SUCCESS");
        given().contentType(ContentType.JSON)
                .body("{\"toRun\":\"" + range.getString("id") + "\",\"partition\":\"2003-04-04\",\"reason\":\"r\"}")
                .post("/api/assets/raw/form_adv_filings/rollback")
                .then()
                .statusCode(409)
                .body("detail", containsString("did not write"));
    }

    @Test
    void aPartitionLandedAgainInARangeIsRefusedWithTheRange() {
        JsonPath day = Runs.launchAndAwait(
                "{\"assets\":[\"extract/form_adv_filings\",\"raw/form_adv_filings\"],\"partitions\":[\"2003-03-02\"]}");
        assertThat(day.getString("status")).as(day.getString("error")).isEqualTo("SUCCESS");
        JsonPath range = Runs.launchAndAwait("{\"assets\":[\"extract/form_adv_filings\",\"raw/form_adv_filings\"],"
                + "\"partitions\":[\"2003-03-01\",\"2003-03-02\",\"2003-03-03\"]}");
        assertThat(range.getString("status")).as(range.getString("error")).isEqualTo("SUCCESS");
        given().contentType(ContentType.JSON)
                .body("{\"toRun\":\"" + day.getString("id") + "\",\"partition\":\"2003-03-02\",\"reason\":\"r\"}")
                .post("/api/assets/raw/form_adv_filings/rollback")
                .then()
                .statusCode(409)
                .contentType("application/problem+json")
                .body("detail", containsString("2003-03-01...2003-03-03"))
                .body("detail", containsString("roll back the whole asset"));
    }
}
