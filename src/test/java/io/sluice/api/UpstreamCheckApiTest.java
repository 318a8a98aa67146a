package io.sluice.api;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.path.json.JsonPath;
import io.sluice.testing.Backfills;
import io.sluice.testing.FreshCatalogProfile;
import io.sluice.testing.Runs;
import java.util.List;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * A step checks, before it computes, that the upstream partitions it reads were materialized, and otherwise fails with a
 * sentence naming the upstream asset, the missing partitions and what to do, not with the engine's words about a table
 * that does not exist. Upstream steps of the same run, and the runs a backfill run waits for, count. The tests build on
 * each other, on a catalog of their own where nothing was materialized yet.
 */
@QuarkusTest
@TestProfile(FreshCatalogProfile.class)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class UpstreamCheckApiTest {

    private static final String SMALL = "\"config\":{\"extract/form_adv_filings\":{\"firms\":5}}";

    @Test
    @Order(1)
    void rawBeforeAnyExtractFailsNamingTheMissingUpstreamPartitionsAndWhatToDo() {
        JsonPath run = Runs.launchAndAwait("{\"assets\":[\"raw/form_adv_filings\"],\"partitions\":[\"2024-01-02\"]}");
        assertThat(run.getString("status")).isEqualTo("FAILURE");
        String error = run.getString("error");
        assertThat(error)
                .contains(
                        "upstream asset extract/form_adv_filings has not materialized 1 of the 1 partition this step reads: 2024-01-02")
                .contains("Nothing was computed: materialize extract/form_adv_filings first")
                .doesNotContain("Catalog Error")
                .doesNotContain("does not exist")
                .doesNotContain("Exception");
        assertThat(run.getString("steps.find { it.asset == 'raw/form_adv_filings' }.status"))
                .isEqualTo("FAILURE");
        List<String> logs = given().get("/api/runs/" + run.getString("id") + "/logs")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath()
                .getList("message");
        assertThat(logs)
                .anySatisfy(l -> assertThat(l)
                        .contains("has not materialized 1 of the 1 partition this step reads: 2024-01-02"));
        JsonPath partitions = given().get("/api/assets/raw/form_adv_filings/partitions")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath();
        assertThat(partitions.getLong("counts.FAILED"))
                .as("the run failed on it: FAILED, not missing (issue 27, item 14)")
                .isEqualTo(1);
        assertThat(partitions.getString("ranges.find { it.status == 'FAILED' }.start"))
                .isEqualTo("2024-01-02");
        assertThat(given().get("/assets/raw/form_adv_filings?status=FAILED")
                        .then()
                        .statusCode(200)
                        .extract()
                        .asString())
                .contains("h-seg h-FAILED", "id=\"partition-ranges\"", "<td>2024-01-02</td>");
        assertThat(partitions.getLong("counts.MATERIALIZED")).isZero();
    }

    @Test
    @Order(2)
    void transformsBeforeAnyRawFailAndSaySoToo() {
        JsonPath run = Runs.launchAndAwait("{\"assets\":[\"transform/form_adv_firm_identity\"]}");
        assertThat(run.getString("status")).isEqualTo("FAILURE");
        assertThat(run.getString("error"))
                .startsWith("transform/form_adv_firm_identity: upstream asset raw/form_adv_filings has no materialized "
                        + "partition yet. Nothing was computed");
    }

    @Test
    @Order(3)
    void anUpstreamStepOfTheSameRunCountsBeforeItIsStoredAndAStoredOneAfter() {
        JsonPath both = Runs.launchAndAwait("{\"assets\":[\"extract/form_adv_filings\",\"raw/form_adv_filings\"],"
                + "\"partitions\":[\"2024-01-02\",\"2024-01-03\"]," + SMALL + "}");
        assertThat(both.getString("status")).as(both.getString("error")).isEqualTo("SUCCESS");

        JsonPath rawAgain =
                Runs.launchAndAwait("{\"assets\":[\"raw/form_adv_filings\"],\"partitions\":[\"2024-01-02\"]}");
        assertThat(rawAgain.getString("status")).as(rawAgain.getString("error")).isEqualTo("SUCCESS");

        JsonPath wider = Runs.launchAndAwait(
                "{\"assets\":[\"raw/form_adv_filings\"],\"partitions\":[\"2024-01-01\",\"2024-01-02\",\"2024-01-03\","
                        + "\"2024-01-04\",\"2024-01-05\"]}");
        assertThat(wider.getString("status")).isEqualTo("FAILURE");
        assertThat(wider.getString("error"))
                .contains(
                        "has not materialized 3 of the 5 partitions this step reads: 2024-01-01, 2024-01-04...2024-01-05");
        assertThat(given().get("/api/assets/raw/form_adv_filings/partitions")
                        .then()
                        .statusCode(200)
                        .extract()
                        .jsonPath()
                        .getLong("counts.MATERIALIZED"))
                .as("the two days landed before stay materialized")
                .isEqualTo(2);

        JsonPath transforms = Runs.launchAndAwait(
                "{\"assets\":[\"transform/form_adv_firm_identity\",\"transform/form_adv_firm_ownership\"]}");
        assertThat(transforms.getString("status"))
                .as(transforms.getString("error"))
                .isEqualTo("SUCCESS");
    }

    @Test
    @Order(4)
    void backfillRunsThatWaitForTheirUpstreamRunsPass() {
        JsonPath perDay =
                Backfills.launchAndAwait("{\"assets\":[\"extract/form_adv_filings\",\"raw/form_adv_filings\"],"
                        + "\"ranges\":[{\"start\":\"2024-02-01\",\"end\":\"2024-02-06\"}],\"partitionsPerRun\":2,"
                        + SMALL + "}");
        assertThat(perDay.getString("status")).isEqualTo("COMPLETED");
        JsonPath oneRun =
                Backfills.launchAndAwait("{\"assets\":[\"extract/form_adv_filings\",\"raw/form_adv_filings\"],"
                        + "\"ranges\":[{\"start\":\"2023-01-01\",\"end\":\"2023-12-31\"}],\"singleRun\":true," + SMALL
                        + "}");
        assertThat(oneRun.getString("status")).isEqualTo("COMPLETED");
        // hours, then the days that read them (each day's run waits for the runs of its 24 hours), then the summary
        JsonPath chain = Backfills.launchAndAwait(
                "{\"assets\":[\"test/hourly\",\"test/daily_rollup\",\"test/rollup_summary\"],"
                        + "\"ranges\":[{\"start\":\"2024-05-01-00:00\",\"end\":\"2024-05-02-23:00\"}],\"partitionsPerRun\":6}");
        assertThat(chain.getString("status")).isEqualTo("COMPLETED");
        assertThat(chain.getLong("progress.succeeded")).isEqualTo(8 + 1 + 1);
    }

    @Test
    @Order(5)
    void aDayWhoseHoursAreNotAllMaterializedFailsNamingTheHours() {
        JsonPath day = Runs.launchAndAwait("{\"assets\":[\"test/daily_rollup\"],\"partitions\":[\"2024-05-03\"]}");
        assertThat(day.getString("status")).isEqualTo("FAILURE");
        assertThat(day.getString("error"))
                .contains("upstream asset test/hourly has not materialized 24 of the 24 partitions this step reads: "
                        + "2024-05-03-00:00...2024-05-03-23:00");
        assertThat(Runs.launchAndAwait("{\"assets\":[\"test/daily_rollup\"],\"partitions\":[\"2024-05-02\"]}")
                        .getString("status"))
                .isEqualTo("SUCCESS");
    }
}
