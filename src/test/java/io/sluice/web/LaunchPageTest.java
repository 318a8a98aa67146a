package io.sluice.web;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import io.restassured.config.EncoderConfig;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import io.sluice.testing.Runs;
import java.net.http.HttpResponse;
import java.time.LocalDate;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The launchpad at /launch: preselection from the query string, the form without JavaScript, previews. */
@QuarkusTest
class LaunchPageTest {

    private static Response post(String path, String body) {
        return given().config(RestAssured.config()
                        .encoderConfig(EncoderConfig.encoderConfig()
                                .appendDefaultContentCharsetToContentTypeIfUndefined(false))
                        .redirect(RestAssured.config().getRedirectConfig().followRedirects(false)))
                .contentType(ContentType.URLENC)
                .body(body)
                .when()
                .post(path);
    }

    private static int storedWith(String reason) {
        return given().get("/api/runs?limit=500").then().statusCode(200).extract().jsonPath().getList("reason").stream()
                .filter(reason::equals)
                .toList()
                .size();
    }

    private static String someDay() {
        return LocalDate.of(2024, 1, 1)
                .plusDays(ThreadLocalRandom.current().nextInt(720, 1000))
                .toString();
    }

    @Test
    void theQueryStringPreselectsAssetsModeRangeAndKeys() {
        String html = given().get(
                        "/launch?asset=test/daily&asset=test/gated&mode=SINGLE_KEY&from=2024-02-01&to=2024-02-07&keys=k1")
                .then()
                .statusCode(200)
                .extract()
                .asString();
        assertThat(html)
                .contains("value=\"test/daily\" id=\"asset-test--daily\" checked")
                .contains("value=\"test/gated\" id=\"asset-test--gated\" checked")
                .doesNotContain("value=\"test/flaky\" id=\"asset-test--flaky\" checked")
                .contains("value=\"SINGLE_KEY\" checked")
                .contains("id=\"from\" value=\"2024-02-01\"")
                .contains("id=\"to\" value=\"2024-02-07\"")
                .contains("id=\"keys\" value=\"k1\"");
        // each asset's config form, generated from its schema: test/flaky's attempts is a number from 1 to 10
        assertThat(html)
                .containsPattern(
                        "id=\"cfg-test--flaky--attempts\" type=\"number\" data-prop=\"attempts\"[^>]* min=\"1\" max=\"10\"");

        assertThat(given().get("/launch?asset=nope/none&mode=FAST")
                        .then()
                        .statusCode(200)
                        .extract()
                        .asString())
                .contains("no asset nope/none in the catalog")
                .doesNotContain("Exception");
        assertThat(given().get("/launch?mode=FAST")
                        .then()
                        .statusCode(200)
                        .extract()
                        .asString())
                .contains("unknown mode FAST");
    }

    @Test
    void withoutJavaScriptAnInvalidConfigComesBackInlineNextToItsFieldAndStoresNothing() {
        String reason = "launchpad invalid " + UUID.randomUUID();
        Response answer = post(
                "/launch",
                "asset=test%2Fflaky&mode=INCREMENTAL&as=run&config=%7B%22attempts%22%3A+11%7D&reason="
                        + reason.replace(" ", "+"));
        assertThat(answer.statusCode()).as("a refusal is a 422 with the page").isEqualTo(422);
        String html = answer.asString();
        assertThat(html)
                .contains("id=\"launch-error\" data-field=\"config.attempts\"")
                .containsPattern("id=\"cfg-test--flaky--attempts\"[^>]*aria-invalid=\"true\"")
                .containsPattern("<span class=\"field-error\" data-for=\"attempts\">[^<]*attempts")
                .as("what was typed stays in the form")
                .contains("value=\"test/flaky\" id=\"asset-test--flaky\" checked")
                .contains(reason);
        assertThat(storedWith(reason)).isZero();

        Response bad = post("/launch", "asset=test%2Fdaily&as=run&from=2024-03-01");
        assertThat(bad.statusCode()).isEqualTo(422);
        assertThat(bad.asString()).contains("data-field=\"to\"").contains("give the last partition of the range too");
    }

    @Test
    void withoutJavaScriptALaunchRedirectsToTheRunAndABackfillToItsPage() {
        String day = someDay();
        Response run = post("/launch", "asset=test%2Fdaily&mode=INCREMENTAL&as=run&from=" + day + "&to=" + day);
        assertThat(run.statusCode()).as(run.asString()).isEqualTo(303);
        String location = run.header("Location");
        assertThat(location).contains("/runs/");
        String id = location.substring(location.indexOf("/runs/") + "/runs/".length());
        assertThat(Runs.await(id).getList("partitions")).containsExactly(day);

        String from = LocalDate.parse(day).plusDays(1).toString();
        String to = LocalDate.parse(day).plusDays(3).toString();
        Response backfill = post("/launch", "asset=test%2Fdaily&as=backfill&from=" + from + "&to=" + to);
        assertThat(backfill.statusCode()).as(backfill.asString()).isEqualTo(303);
        String b = backfill.header("Location");
        assertThat(b).contains("/backfills/");
        String backfillId = b.substring(b.indexOf("/backfills/") + "/backfills/".length());
        assertThat(given().get("/api/backfills/" + backfillId)
                        .then()
                        .statusCode(200)
                        .extract()
                        .jsonPath()
                        .getLong("partitionCount"))
                .isEqualTo(3);
    }

    @Test
    void aPreviewShowsWhatWillRunTheCurlCommandAndStoresNothing() {
        String reason = "launchpad preview " + UUID.randomUUID();
        String html = post(
                        "/ui/launch",
                        "asset=test%2Fafter_flaky&asset=test%2Fflaky&mode=FULL_REFRESH&as=preview&reason="
                                + reason.replace(" ", "+"))
                .then()
                .statusCode(200)
                .extract()
                .asString();
        assertThat(html).contains("id=\"preview\"").contains("1 run").contains("FULL_REFRESH");
        assertThat(html.indexOf("<a class=\"asset-chip\" href=\"/assets/test/flaky\">test/flaky</a>"))
                .as("upstream first")
                .isPositive()
                .isLessThan(
                        html.indexOf("<a class=\"asset-chip\" href=\"/assets/test/after_flaky\">test/after_flaky</a>"));
        assertThat(html).as("the config as it will run: the defaults merged in").contains("&quot;attempts&quot; : 1");
        Matcher curl = Pattern.compile("<pre class=\"config\" id=\"curl\">([^<]*)</pre>")
                .matcher(html);
        assertThat(curl.find()).isTrue();
        assertThat(curl.group(1))
                .startsWith("curl -s -X POST &#39;http://")
                .contains("/api/runs&#39;")
                .contains("&quot;mode&quot;:&quot;FULL_REFRESH&quot;");
        assertThat(storedWith(reason)).isZero();

        String day = someDay();
        String to = LocalDate.parse(day).plusDays(4).toString();
        int backfillsBefore = given().get("/api/backfills?limit=500")
                .then()
                .extract()
                .jsonPath()
                .getList("id")
                .size();
        String plan = post(
                        "/ui/launch",
                        "asset=test%2Fdaily&as=preview-backfill&partitionsPerRun=2&from=" + day + "&to=" + to)
                .then()
                .statusCode(200)
                .extract()
                .asString();
        assertThat(plan)
                .contains("id=\"preview-runs\">3 runs in one backfill")
                .contains("id=\"preview-partitions\">5 partitions:")
                .contains("id=\"preview-plan\"")
                .contains("/api/backfills");
        assertThat(given().get("/api/backfills?limit=500")
                        .then()
                        .extract()
                        .jsonPath()
                        .getList("id"))
                .as("a preview stores no backfill")
                .hasSize(backfillsBefore);
    }

    @Test
    void rangeErrorsAreDrawnOnFromAndToOrOnPartitionsNamingWhatWasTyped() {
        Response backwards = post("/launch", "asset=test%2Fdaily&as=run&from=2024-03-05&to=2024-03-01");
        assertThat(backwards.statusCode()).isEqualTo(422);
        assertThat(backwards.asString())
                .contains("data-field=\"to\"")
                .containsPattern("id=\"to\" value=\"2024-03-01\"[^>]*aria-invalid=\"true\"")
                .contains("From/To 2024-03-05...2024-03-01 goes backwards")
                .doesNotContainPattern("id=\"partitions\"[^>]*aria-invalid");
        Response unknown = post("/launch", "asset=test%2Fdaily&as=preview-backfill&from=2023-12-31&to=2024-01-02");
        assertThat(unknown.statusCode()).isEqualTo(422);
        assertThat(unknown.asString()).contains("data-field=\"from\"").contains("From: ");

        String overlap = postForm(
                "asset=test%2Fdaily&as=backfill&from=2024-03-01&to=2024-03-31" + "&partitions=2024-02-20...2024-03-02");
        assertThat(overlap)
                .contains("data-field=\"partitions\"")
                .contains("2024-02-20...2024-03-02 in Partitions selects 2024-03-01...2024-03-02 (2 partitions), "
                        + "which From/To 2024-03-01...2024-03-31 selects already")
                .doesNotContain("ranges[");
        assertThat(postForm("asset=test%2Fdaily&as=run&partitions=2024-03-01...2024-03-09%2C+2024-03-05"))
                .contains("data-field=\"partitions\"")
                .contains("2024-03-05 in Partitions is selected already by 2024-03-01...2024-03-09 in Partitions");
        assertThat(postForm("asset=test%2Fflaky&as=run&from=2024-03-01&to=2024-03-02"))
                .contains("data-field=\"from\"")
                .contains("none of the selected assets is partitioned");
    }

    @Test
    void thePreviewsCurlCommandIsTheRequestLaunchRunSendsOneRequestOneResult() throws Exception {
        String day = someDay();
        String to = LocalDate.parse(day).plusDays(2).toString();
        String form = "asset=test%2Fdaily&mode=FULL_REFRESH&from=" + day + "&to=" + to + "&reason=curl+check";
        String preview = postForm(form + "&as=preview");
        Matcher shown = Pattern.compile("<pre class=\"config\" id=\"curl\">([^<]*)</pre>")
                .matcher(preview);
        assertThat(shown.find()).as(preview).isTrue();
        String curl = unescape(shown.group(1));
        int backfillsBefore = backfillCount();

        // run the command as shown: its URL, method, header and body, word for word
        HttpResponse<String> answer = ShellCurl.execute(curl);
        assertThat(answer.statusCode()).as(answer.body()).isEqualTo(201);
        JsonPath viaCurl = new JsonPath(answer.body());
        assertThat(backfillCount())
                .as("the curl call creates a run, no backfill")
                .isEqualTo(backfillsBefore);
        JsonPath curlRun = Runs.await(viaCurl.getString("id"));
        assertThat(curlRun.getString("status")).isEqualTo("SUCCESS");

        String launched = postForm(form + "&as=run");
        Matcher id = Pattern.compile("Launched run <a href=\"/runs/([^\"]+)\"").matcher(launched);
        assertThat(id.find()).as(launched).isTrue();
        JsonPath buttonRun = Runs.await(id.group(1));
        assertThat(backfillCount()).isEqualTo(backfillsBefore);
        for (String field : new String[] {"assets", "partitions", "keys"}) {
            assertThat(curlRun.getList(field)).as(field).isEqualTo(buttonRun.getList(field));
        }
        assertThat(curlRun.getString("mode")).isEqualTo(buttonRun.getString("mode"));
        assertThat(curlRun.getString("reason")).isEqualTo(buttonRun.getString("reason"));
        assertThat(curlRun.getMap("config")).isEqualTo(buttonRun.getMap("config"));
        // a run's partitions as ranges (docs/api.md), three days
        assertThat(curlRun.getList("partitions")).containsExactly(day + "..." + to);
        assertThat(curlRun.getLong("partitionCount")).isEqualTo(3);
    }

    @Test
    void aPreviewWarnsOfMissingUpstreamPartitionsAndOffersToAddTheUpstreamAsset() {
        // test/daily_rollup reads the 24 hours of its day from test/hourly, which no test materializes in 2025
        String preview = postForm("asset=test%2Fdaily_rollup&as=preview-backfill&from=2025-10-01&to=2025-10-03");
        assertThat(preview)
                .contains("id=\"preview-upstream\"")
                .contains("test/daily_rollup reads test/hourly: test/hourly is not materialized for 72 partitions that "
                        + "test/daily_rollup reads: 2025-10-01-00:00...2025-10-03-23:00")
                .contains("the runs of test/daily_rollup that read them would fail");
        Matcher add = Pattern.compile("id=\"add-upstream-test--hourly\" href=\"([^\"]+)\"")
                .matcher(preview);
        assertThat(add.find()).as(preview).isTrue();
        String href = unescape(add.group(1));
        assertThat(href).startsWith("/launch?asset=test%2Fhourly&asset=test%2Fdaily_rollup&mode=INCREMENTAL");
        String reopened = given().urlEncodingEnabled(false)
                .get(href)
                .then()
                .statusCode(200)
                .extract()
                .asString();
        assertThat(reopened)
                .contains("value=\"test/hourly\" id=\"asset-test--hourly\" checked")
                .contains("value=\"test/daily_rollup\" id=\"asset-test--daily_rollup\" checked")
                .contains("id=\"from\" value=\"2025-10-01\"")
                .contains("id=\"to\" value=\"2025-10-03\"");

        assertThat(postForm("asset=test%2Fdaily&as=preview&from=2025-10-01&to=2025-10-03"))
                .as("nothing upstream, no warning")
                .doesNotContain("id=\"preview-upstream\"");
    }

    private static String postForm(String body) {
        return post("/ui/launch", body).then().statusCode(200).extract().asString();
    }

    private static int backfillCount() {
        return given().get("/api/backfills?limit=500")
                .then()
                .extract()
                .jsonPath()
                .getList("id")
                .size();
    }

    /** The text of HTML as the page escapes it. */
    private static String unescape(String html) {
        return html.replace("&quot;", "\"")
                .replace("&#39;", "'")
                .replace("&lt;", "<")
                .replace("&gt;", ">")
                .replace("&amp;", "&");
    }
}
