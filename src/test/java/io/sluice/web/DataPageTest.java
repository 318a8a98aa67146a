package io.sluice.web;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.not;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import io.restassured.config.EncoderConfig;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.restassured.specification.RequestSpecification;
import io.sluice.lake.LakeTables;
import io.sluice.lake.RollbackTarget;
import io.sluice.testing.Runs;
import io.sluice.testing.TestAssets;
import jakarta.inject.Inject;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/**
 * The data browser: the list of lake tables, a bi-temporal table as of a system time, what a run changed, and the
 * rollback behind its confirmation page; bad filters are messages on the page, never a 500.
 */
@QuarkusTest
class DataPageTest {

    static final String DAY = "2024-10-15";
    static final String TABLE = "/data/test_versions_daily";

    @Inject
    LakeTables tables;

    private static JsonPath version(String suffix) {
        TestAssets.VersionsDaily.suffix = suffix;
        try {
            JsonPath run =
                    Runs.launchAndAwait("{\"assets\":[\"test/versions_daily\"],\"partitions\":[\"" + DAY + "\"]}");
            assertThat(run.getString("status")).as(run.getString("error")).isEqualTo("SUCCESS");
            return run;
        } finally {
            TestAssets.VersionsDaily.suffix = "";
        }
    }

    private static int runCount() {
        return given().get("/api/runs?limit=500")
                .then()
                .extract()
                .jsonPath()
                .getList("$")
                .size();
    }

    private static RequestSpecification form(String body) {
        return given().config(RestAssured.config()
                        .encoderConfig(EncoderConfig.encoderConfig()
                                .appendDefaultContentCharsetToContentTypeIfUndefined(false)))
                .contentType(ContentType.URLENC)
                .redirects()
                .follow(false)
                .body(body);
    }

    @Test
    void timeTravelShowsTheOlderValueAndARunsChangesAndTheRollbackSaysWhatItUndoes() {
        String first = version(" first").getString("id");
        Instant between = Instant.now();
        Runs.sleep(20);
        String second = version(" second").getString("id");

        given().get("/data")
                .then()
                .statusCode(200)
                .body(containsString("href=\"/data/test_versions_daily\""))
                .body(containsString("BITEMPORAL_MERGE"));
        given().get(TABLE + "?asOf=" + DAY)
                .then()
                .statusCode(200)
                .body(containsString("seen " + DAY + " second"))
                .body(not(containsString("seen " + DAY + " first")));
        given().get(TABLE + "?asOf=" + DAY + "&systemTime=" + between)
                .then()
                .statusCode(200)
                .body(containsString("seen " + DAY + " first"))
                .body(not(containsString("seen " + DAY + " second")));

        String changes = given().get(TABLE + "?run=" + second)
                .then()
                .statusCode(200)
                .extract()
                .asString();
        assertThat(changes)
                .contains("id=\"changes\"", "id=\"opened\"", "id=\"closed\"", "id=\"run-writes\"")
                .contains("/data/test_versions_daily/rollback?toRun=" + second);
        String opened = changes.substring(changes.indexOf("id=\"opened\""), changes.indexOf("id=\"closed\""));
        assertThat(opened).contains("seen " + DAY + " second").doesNotContain("seen " + DAY + " first");
        String closed = changes.substring(changes.indexOf("id=\"closed\""));
        assertThat(closed.substring(0, closed.indexOf("</table>"))).contains("seen " + DAY + " first");

        LakeTables.RollbackPreview preview = tables.rollbackPreview("test_versions_daily", RollbackTarget.toRun(first));
        assertThat(preview.problem()).isEmpty();
        assertThat(preview.undone()).extracting(LakeTables.WriteSummary::runId).containsExactly(second);
        assertThat(preview.restored().orElseThrow().runId()).isEqualTo(first);
        assertThat(preview.rowsAfter()).isEqualTo(preview.restored().get().currentRows());

        String confirm = given().get(TABLE + "/rollback?toRun=" + first)
                .then()
                .statusCode(200)
                .extract()
                .asString();
        assertThat(confirm)
                .contains("id=\"undone\"", "run " + second.substring(second.length() - 8))
                .contains("id=\"rows-now\"", "id=\"rows-after\"")
                .contains("name=\"reason\"")
                .contains("value=\"" + first + "\"");

        int before = runCount();
        form("toRun=" + first + "&reason=")
                .post(TABLE + "/rollback")
                .then()
                .statusCode(422)
                .body(containsString("id=\"rollback-error\""))
                .body(containsString("needs a reason"));
        assertThat(runCount()).as("nothing stored").isEqualTo(before);

        String location = form("toRun=" + first + "&reason=second+was+wrong")
                .header("X-Sluice-User", "dora")
                .post(TABLE + "/rollback")
                .then()
                .statusCode(303)
                .extract()
                .header("Location");
        String id = location.substring(location.lastIndexOf('/') + 1);
        JsonPath rollback = Runs.await(id);
        assertThat(rollback.getString("status")).as(rollback.getString("error")).isEqualTo("SUCCESS");
        assertThat(rollback.getString("kind")).isEqualTo("ROLLBACK");
        assertThat(rollback.getString("launchedBy")).isEqualTo("dora");
        assertThat(rollback.getString("reason")).isEqualTo("second was wrong");
        given().get(TABLE + "?asOf=" + DAY)
                .then()
                .statusCode(200)
                .body(containsString("seen " + DAY + " first"))
                .body(not(containsString("seen " + DAY + " second")));
    }

    @Test
    void anUnknownTableIsAReadable404AndBadFiltersAreMessagesOnThePage() {
        version(""); // the table exists whichever test runs first
        given().get("/data/no_such_table")
                .then()
                .statusCode(404)
                .contentType(ContentType.HTML)
                .body(containsString("No lake table named"));
        given().get("/data/__sluice_writes").then().statusCode(404).body(containsString("No lake table named"));
        given().get("/data/no_such_table/rollback?toRun=x").then().statusCode(404);
        given().get(TABLE + "?asOf=2024-13-45")
                .then()
                .statusCode(400)
                .body(containsString("id=\"table-error\""))
                .body(containsString("asOf must be a date"));
        given().get(TABLE + "?systemTime=yesterday")
                .then()
                .statusCode(400)
                .body(containsString("systemTime must be a time"));
        given().get(TABLE + "?after=not-a-cursor").then().statusCode(400).body(containsString("after"));
        given().get(TABLE + "?run=no-such-run").then().statusCode(404).body(containsString("no run with id"));
        given().get(TABLE + "/rollback")
                .then()
                .statusCode(422)
                .body(containsString("say which run"))
                .body(not(containsString("name=\"reason\"")));
        given().get(TABLE + "/rollback?toRun=no-such-run")
                .then()
                .statusCode(404)
                .body(containsString("no run with id"));
        given().queryParam("asOf", "<script>alert(1)</script>")
                .get(TABLE)
                .then()
                .statusCode(400)
                .body(not(containsString("<script>alert(1)</script>")));
    }

    @Test
    void aTableThatIsNotBitemporalRefusesTimeTravelOnThePage() {
        JsonPath run = Runs.launchAndAwait("{\"assets\":[\"test/checked\"],\"config\":{\"value\":\"data-page\"}}");
        assertThat(run.getString("status")).as(run.getString("error")).isEqualTo("SUCCESS");
        given().get("/data/test_checked")
                .then()
                .statusCode(200)
                .body(containsString("data-page"))
                .body(not(containsString("name=\"systemTime\"")));
        given().get("/data/test_checked?systemTime=2025-01-01T00:00:00Z")
                .then()
                .statusCode(422)
                .body(containsString("bi-temporal"));
        given().get("/data/test_checked?run=" + run.getString("id"))
                .then()
                .statusCode(200)
                .body(containsString("id=\"run-writes\""))
                .body(containsString("Row by row changes are kept for bi-temporal tables"));
    }
}
