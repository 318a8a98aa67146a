package io.sluice.web;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import io.restassured.config.EncoderConfig;
import io.restassured.http.ContentType;
import io.sluice.runs.RunIds;
import io.sluice.testing.Runs;
import java.time.LocalDate;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** What a new user reads on the home page: run ids that tell runs apart, the table's rows, the last run and the last materialization. */
@QuarkusTest
class HomePageTest {

    private static String postForm(String body) {
        return given().config(RestAssured.config()
                        .encoderConfig(EncoderConfig.encoderConfig()
                                .appendDefaultContentCharsetToContentTypeIfUndefined(false)))
                .contentType(ContentType.URLENC)
                .body(body)
                .when()
                .post("/ui/launch")
                .then()
                .statusCode(200)
                .extract()
                .asString();
    }

    /** The id a page shows in the link to the run. */
    private static String shownId(String html, String runId) {
        Matcher m = Pattern.compile("<a href=\"/runs/" + Pattern.quote(runId) + "\"[^>]*><code>([^<]+)</code></a>")
                .matcher(html);
        assertThat(m.find()).as("a link to run %s in %s", runId, html).isTrue();
        return m.group(1);
    }

    /** A day of test/daily no other test uses, so that two launches never wait for each other. */
    private static String someDay() {
        return LocalDate.of(2024, 1, 1)
                .plusDays(ThreadLocalRandom.current().nextInt(200, 700))
                .toString();
    }

    private static String cell(String html, String id) {
        Matcher m = Pattern.compile("<td id=\"" + Pattern.quote(id) + "\"[^>]*>(.*?)</td>", Pattern.DOTALL)
                .matcher(html);
        assertThat(m.find()).as("cell %s", id).isTrue();
        return m.group(1);
    }

    @Test
    void runsLaunchedTogetherShowIdsThatTellThemApart() {
        String day = someDay();
        String first = Runs.launch("{\"assets\":[\"test/daily\"],\"partitions\":[\"" + day + "\"]}");
        String second = Runs.launch("{\"assets\":[\"test/daily\"],\"partitions\":[\""
                + LocalDate.parse(day).plusDays(1) + "\"]}");
        String list = given().get("/ui/runs").then().statusCode(200).extract().asString();
        String a = shownId(list, first);
        String b = shownId(list, second);
        // time-ordered ids made together start alike: what is shown is their random end
        assertThat(a).isNotEqualTo(b).hasSize(8).isNotEqualTo(first.substring(0, 8));
        assertThat(first).endsWith(a);
        assertThat(second).endsWith(b);

        // the launch banner of two launches in a row, from the form
        String one = postForm("asset=test%2Fdaily&mode=INCREMENTAL&as=run&partitions="
                + LocalDate.parse(day).plusDays(2));
        String two = postForm("asset=test%2Fdaily&mode=INCREMENTAL&as=run&partitions="
                + LocalDate.parse(day).plusDays(3));
        Matcher ids = Pattern.compile("Launched run <a href=\"/runs/([^\"]+)\"[^>]*><code>([^<]+)</code>")
                .matcher(one + two);
        assertThat(ids.find()).as(one).isTrue();
        String oneId = ids.group(1);
        String oneShown = ids.group(2);
        assertThat(ids.find()).as(two).isTrue();
        assertThat(ids.group(2)).isNotEqualTo(oneShown);
        assertThat(oneId).endsWith(oneShown);
        assertThat(ids.group(1)).endsWith(ids.group(2));
        for (String id : List.of(first, second, oneId, ids.group(1))) {
            Runs.await(id);
        }
        String page =
                given().get("/runs/" + first).then().statusCode(200).extract().asString();
        assertThat(page).contains("<h1>Run <code>" + a + "</code>").contains(first);
    }

    @Test
    void theRowsColumnIsWhatTheTableHoldsNotWhatTheLastRunWrote() {
        for (String load : List.of("rows-a-" + UUID.randomUUID(), "rows-b-" + UUID.randomUUID())) {
            assertThat(Runs.launchAndAwait("{\"assets\":[\"test/landed\"],\"config\":{\"load\":\"" + load + "\"}}")
                            .getString("status"))
                    .isEqualTo("SUCCESS");
        }
        long tableRows = given().get("/api/lake/tables/test_landed")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath()
                .getLong("currentRows");
        assertThat(tableRows).as("two loads of two rows at least").isGreaterThanOrEqualTo(4);
        String rows = cell(given().get("/").then().statusCode(200).extract().asString(), "last-rows-test--landed");
        assertThat(rows)
                .contains(">" + String.format(Locale.ROOT, "%,d", tableRows) + "<")
                .contains("test_landed");
        assertThat(cell(given().get("/").then().statusCode(200).extract().asString(), "last-rows-test--flaky"))
                .as("an asset without a table")
                .contains("—")
                .contains("no lake table is known");
    }

    @Test
    void theLastRunAndTheLastMaterializationAreShownApart() {
        String good = Runs.launchAndAwait("{\"assets\":[\"test/flaky\"]}").getString("id");
        String bad = Runs.launchAndAwait("{\"assets\":[\"test/flaky\"],\"config\":{\"fail\":true}}")
                .getString("id");
        String html = given().get("/").then().statusCode(200).extract().asString();
        String lastRun = cell(html, "last-run-test--flaky");
        assertThat(lastRun).contains("FAILURE").contains("href=\"/runs/" + bad + "\"");
        String lastMaterialization = cell(html, "last-mat-test--flaky");
        assertThat(lastMaterialization)
                .as("the last materialization names the run that wrote it")
                .contains("href=\"/runs/" + good + "\"")
                .contains(RunIds.shortForm(good))
                .doesNotContain(bad);
        // the same cells arrive with the runs list's refresh
        String fragment =
                given().get("/ui/runs").then().statusCode(200).extract().asString();
        assertThat(cell(fragment, "last-mat-test--flaky")).contains("href=\"/runs/" + good + "\"");
    }

    @Test
    void aPartitionedSelectionWithoutPartitionsPointsAtLaunchAsBackfillNotTheApi() {
        // the tour's step 4 with all four assets still ticked: Full refresh, no partitions
        String html = postForm(
                "asset=extract%2Fform_adv_filings&asset=raw%2Fform_adv_filings&asset=transform%2Fform_adv_firm_identity"
                        + "&asset=transform%2Fform_adv_firm_ownership&mode=FULL_REFRESH&as=run&partitions=&reason=tour+step+4");
        assertThat(html)
                .contains("id=\"launch-error\"")
                .contains("data-field=\"partitions\"")
                .contains("Launch as backfill")
                .contains("extract/form_adv_filings is partitioned")
                .doesNotContain("POST")
                .doesNotContain("/api/");
        String backfill = postForm("asset=test%2Fflaky&mode=INCREMENTAL&as=backfill");
        assertThat(backfill)
                .contains("id=\"launch-error\"")
                .contains("press Launch run")
                .doesNotContain("POST")
                .doesNotContain("/api/");
    }

    @Test
    void theOverviewShowsAFailingCheckWithItsRunAndLinksToTheLaunchpad() {
        String bad = Runs.launchAndAwait("{\"assets\":[\"test/checked\"],\"config\":{\"nullName\":true}}")
                .getString("id");
        String html = given().get("/").then().statusCode(200).extract().asString();
        Matcher table = Pattern.compile("<table class=\"grid\" id=\"failing-checks\">(.*?)</table>", Pattern.DOTALL)
                .matcher(html);
        assertThat(table.find()).as(html).isTrue();
        assertThat(table.group(1))
                .contains("href=\"/assets/test/checked\"")
                .contains("name_not_null")
                .contains("failed")
                .contains("href=\"/runs/" + bad + "\"");
        assertThat(html)
                .contains("id=\"next-ticks\"")
                .contains("id=\"decisions\"")
                .contains("href=\"/launch\"")
                .as("the launch form moved to the launchpad")
                .doesNotContain("id=\"launch-button\"");
        // the same part refreshes itself
        assertThat(given().get("/ui/overview/automation")
                        .then()
                        .statusCode(200)
                        .extract()
                        .asString())
                .contains("name_not_null");

        String good = Runs.launchAndAwait("{\"assets\":[\"test/checked\"]}").getString("id");
        String after = given().get("/ui/overview/automation")
                .then()
                .statusCode(200)
                .extract()
                .asString();
        assertThat(after).as("checks of the latest checked run only").doesNotContain("href=\"/runs/" + bad + "\"");
        assertThat(good).isNotEqualTo(bad);
    }
}
