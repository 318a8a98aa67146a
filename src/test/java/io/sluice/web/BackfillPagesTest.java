package io.sluice.web;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.not;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.sluice.testing.Backfills;
import org.junit.jupiter.api.Test;

/** The backfills list and the backfill page: filters, keyset pages, progress, grid, runs and the steering forms. */
@QuarkusTest
class BackfillPagesTest {

    private static String status(String id) {
        return given().get("/api/backfills/" + id)
                .then()
                .statusCode(200)
                .extract()
                .path("status");
    }

    private static io.restassured.response.Response steer(String id, String action, String reason) {
        var request = given().redirects()
                .follow(false)
                .header("X-Sluice-User", "page-tester")
                .header("Sec-Fetch-Site", "same-origin")
                .contentType(ContentType.URLENC.withCharset("UTF-8"))
                .formParam("reason", reason);
        if (action.equals("cancel")) {
            request =
                    request.formParam("confirm", "yes"); // as the confirmation page (or the browser's dialog) sends it
        }
        return request.post("/backfills/" + id + "/" + action);
    }

    @Test
    void aFilterThatCannotBeReadIsA400PageSayingWhy() {
        given().queryParam("status", "DONE<script>")
                .get("/backfills")
                .then()
                .statusCode(400)
                .contentType(containsString("text/html"))
                .body(containsString("no backfill status is named &#39;DONE&lt;script&gt;&#39;"))
                .body(not(containsString("<script>")));
        given().get("/backfills?cursor=no-such-backfill")
                .then()
                .statusCode(400)
                .body(containsString("cursor is not a position in the backfills list"));
    }

    @Test
    void theBackfillPageShowsProgressThePartitionGridAndItsRuns() {
        String id = Backfills.launch(
                "{\"assets\":[\"test/daily\"],\"ranges\":[{\"start\":\"2026-02-10\",\"end\":\"2026-02-19\"}],"
                        + "\"partitionsPerRun\":2}");
        Backfills.await(id, Backfills::ended);
        String page =
                given().get("/backfills/" + id).then().statusCode(200).extract().asString();
        assertThat(page)
                .contains("id=\"backfill-status\">COMPLETED<")
                .contains("<strong id=\"backfill-percent\"")
                .contains(">100% ran</strong>")
                .contains("10 of 10 ran: 10 succeeded")
                .contains("partitions/s")
                .contains("id=\"partition-grid\"")
                .contains("title=\"2026-02-10")
                .contains("<span>2026-02-19</span>")
                .doesNotContain("hx-get=\"/backfills/" + id + "/live\"") // ended: no more polling
                .doesNotContain("action=\"/backfills/" + id + "/pause\"");
        String firstRun =
                given().get("/api/runs?backfill=" + id).then().extract().path("[0].id");
        assertThat(page).contains("href=\"/runs/" + firstRun + "\"");
        // its 5 runs in the runs table, each with the two days it holds; each day in the partition table with its run
        assertThat(page).contains("2026-02-10 … 2026-02-11 (2)").contains("2026-02-18 … 2026-02-19 (2)");
        assertThat(page.split("<tr data-partition=", -1)).hasSize(11);
        assertThat(page)
                .containsPattern(
                        "data-partition=\"2026-02-10\" data-status=\"SUCCEEDED\"><td><code>2026-02-10</code>"
                                + "</td>\\s*<td><span class=\"status ps-SUCCEEDED\">succeeded</span></td>\\s*<td><a href=\"/runs/[0-9a-f-]{36}\"");

        given().get("/backfills/" + id + "/live")
                .then()
                .statusCode(200)
                .body(containsString("id=\"live\""))
                .body(not(containsString("<html")));
    }

    @Test
    void anUnknownBackfillIsAReadable404() {
        given().get("/backfills/no-such-backfill")
                .then()
                .statusCode(404)
                .contentType(containsString("text/html"))
                .body(containsString("No backfill with id <code>no-such-backfill</code>"));
        steer("no-such-backfill", "pause", "why").then().statusCode(404);
    }

    @Test
    void theFormsPauseResumeCancelAndRetryAndRedirectBackOrSayWhyNot() {
        given().contentType(ContentType.JSON)
                .body("{\"limit\":1}")
                .put("/api/pools/slow")
                .then()
                .statusCode(200);
        try {
            String id = Backfills.launch(
                    "{\"assets\":[\"test/slow_daily\"],\"ranges\":[{\"start\":\"2026-03-01\",\"end\":\"2026-03-20\"}]}");
            String running = given().get("/backfills/" + id)
                    .then()
                    .statusCode(200)
                    .extract()
                    .asString();
            assertThat(running)
                    .contains("hx-get=\"/backfills/" + id + "/live\"")
                    .contains("action=\"/backfills/" + id + "/pause\"")
                    .contains("action=\"/backfills/" + id + "/cancel\"");

            steer(id, "pause", "maintenance window")
                    .then()
                    .statusCode(303)
                    .header("Location", containsString("/backfills/" + id));
            assertThat(status(id)).isEqualTo("PAUSED");
            given().get("/api/audit?actor=page-tester&limit=1")
                    .then()
                    .body(containsString("BACKFILL_PAUSED"))
                    .body(containsString("maintenance window"));

            // paused already: the page says why, with a 409, and nothing changes
            steer(id, "pause", "again")
                    .then()
                    .statusCode(409)
                    .body(containsString("id=\"steer-error\""))
                    .body(containsString("it can only become PAUSED from"));
            assertThat(status(id)).isEqualTo("PAUSED");
            steer(id, "explode", "why").then().statusCode(404).body(containsString("no backfill action"));
            steer(id, "resume", "r".repeat(2001)).then().statusCode(422);
            assertThat(status(id)).isEqualTo("PAUSED");

            steer(id, "resume", "").then().statusCode(303);
            assertThat(status(id)).isEqualTo("RUNNING");
            steer(id, "cancel", "wrong range").then().statusCode(303);
            assertThat(status(id)).isEqualTo("CANCELED");
            Backfills.await(id, Backfills::ended);

            String retried = steer(id, "retry-failed", "the rest")
                    .then()
                    .statusCode(303)
                    .extract()
                    .header("Location");
            String retry = retried.substring(retried.lastIndexOf('/') + 1);
            assertThat(retry).isNotEqualTo(id);
            given().get("/backfills/" + retry)
                    .then()
                    .statusCode(200)
                    .body(containsString("href=\"/backfills/" + id + "\""));
            steer(retry, "cancel", "done testing").then().statusCode(303);
        } finally {
            given().contentType(ContentType.JSON)
                    .body("{\"limit\":8}")
                    .put("/api/pools/slow")
                    .then()
                    .statusCode(200);
        }
    }

    @Test
    void aFormFromAnotherSiteIsRefusedAndChangesNothing() {
        String id = Backfills.launch(
                "{\"assets\":[\"test/daily\"],\"ranges\":[{\"start\":\"2026-02-25\",\"end\":\"2026-02-25\"}]}");
        given().header("Sec-Fetch-Site", "cross-site")
                .contentType(ContentType.URLENC)
                .formParam("reason", "evil")
                .post("/backfills/" + id + "/cancel")
                .then()
                .statusCode(403);
        given().get("/api/audit?backfill=" + id).then().body(not(containsString("evil")));
    }

    private static String get(String path, int status) {
        return given().get(path).then().statusCode(status).extract().asString();
    }

    private static java.util.List<String> partitionsListed(String page) {
        java.util.List<String> keys = new java.util.ArrayList<>();
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("<tr data-partition=\"([^\"]+)\"")
                .matcher(page);
        while (m.find()) {
            keys.add(m.group(1));
        }
        return keys;
    }

    private static String link(String page, String id) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("id=\"" + id + "\" href=\"([^\"]+)\"")
                .matcher(page);
        assertThat(m.find()).as("link " + id).isTrue();
        return m.group(1).replace("&amp;", "&").replace("#partitions", "");
    }

    @Test
    void thePartitionTablePagesByKeysetBothWaysAndFiltersByStatus() {
        // 120 days, 7 a run: the table lists each day with the run that holds it, 50 a page
        String id = Backfills.launch(
                "{\"assets\":[\"test/daily\"],\"ranges\":[{\"start\":\"2025-07-01\",\"end\":\"2025-10-28\"}],"
                        + "\"partitionsPerRun\":7}");
        Backfills.await(id, Backfills::ended);
        String first = get("/backfills/" + id, 200);
        java.util.List<String> days = partitionsListed(first);
        assertThat(days).hasSize(50).startsWith("2025-07-01", "2025-07-02").endsWith("2025-08-19");
        assertThat(first).doesNotContain("id=\"partitions-previous\"");

        String second = get("/backfills/" + id + link(first, "partitions-next"), 200);
        assertThat(link(first, "partitions-next")).isEqualTo("?after=49");
        assertThat(partitionsListed(second))
                .hasSize(50)
                .startsWith("2025-08-20")
                .endsWith("2025-10-08");
        // the 50th day and the 51st are held by the same run (days 50 to 56): each page names it
        assertThat(runOf(second, "2025-08-20")).isEqualTo(runOf(first, "2025-08-19"));
        assertThat(runOf(second, "2025-08-26")).isNotEqualTo(runOf(second, "2025-08-25"));

        String third = get("/backfills/" + id + link(second, "partitions-next"), 200);
        assertThat(partitionsListed(third)).hasSize(20).endsWith("2025-10-28");
        assertThat(third).doesNotContain("id=\"partitions-next\"");
        String back = get("/backfills/" + id + link(third, "partitions-previous"), 200);
        assertThat(partitionsListed(back)).isEqualTo(partitionsListed(second));

        // a filter keeps that status only; none failed here
        String failed = get("/backfills/" + id + "?status=failed", 200);
        assertThat(partitionsListed(failed)).isEmpty();
        assertThat(failed).contains("No failed partitions here.");
        assertThat(partitionsListed(get("/backfills/" + id + "?status=SUCCEEDED&after=100", 200)))
                .hasSize(19)
                .startsWith("2025-10-10");

        // what the table cannot read is a 400 page that says why, with the first page of the table
        String bad = given().queryParam("status", "DONE<script>")
                .get("/backfills/" + id)
                .then()
                .statusCode(400)
                .extract()
                .asString();
        assertThat(bad)
                .contains("id=\"partitions-error\">no partition status is named &#39;DONE&lt;script&gt;&#39;")
                .doesNotContain("<script>")
                .contains("data-partition=\"2025-07-01\"");
        assertThat(get("/backfills/" + id + "?after=-3", 400)).contains("after is a partition&#39;s position");
        assertThat(get("/backfills/" + id + "?after=2&before=9", 400)).contains("not both");
    }

    @Test
    void cancelAsksForAConfirmationThatChangesNothingWithoutJavaScript() {
        given().contentType(ContentType.JSON)
                .body("{\"limit\":1}")
                .put("/api/pools/slow")
                .then()
                .statusCode(200);
        try {
            String id = Backfills.launch(
                    "{\"assets\":[\"test/slow_daily\"],\"ranges\":[{\"start\":\"2025-07-01\",\"end\":\"2025-07-30\"}]}");
            String running = get("/backfills/" + id + "?status=queued", 200);
            assertThat(running)
                    .contains("data-confirm=\"Cancel backfill ")
                    // the live part reloads the same page of the table
                    .contains("hx-get=\"/backfills/" + id + "/live?status=QUEUED\"");

            // the form as a browser without JavaScript posts it: the confirmation page, and nothing is canceled
            String asked = given().redirects()
                    .follow(false)
                    .header("X-Sluice-User", "page-tester")
                    .header("Sec-Fetch-Site", "same-origin")
                    .contentType(ContentType.URLENC.withCharset("UTF-8"))
                    .formParam("reason", "wrong days")
                    .post("/backfills/" + id + "/cancel")
                    .then()
                    .statusCode(200)
                    .extract()
                    .asString();
            assertThat(asked)
                    .contains("Cancel backfill <code>")
                    .contains("cannot be undone")
                    .contains("name=\"confirm\" value=\"yes\"")
                    .contains("value=\"wrong days\"")
                    .contains("href=\"/backfills/" + id + "\" id=\"keep-running\"");
            assertThat(status(id)).isIn("RUNNING", "COMPLETED");
            given().get("/api/audit?backfill=" + id).then().body(not(containsString("BACKFILL_CANCELED")));

            steer(id, "cancel", "wrong days").then().statusCode(303);
            Backfills.await(id, Backfills::ended);
            String canceled = get("/backfills/" + id, 200);
            assertThat(canceled)
                    .contains("id=\"backfill-status\">CANCELED<")
                    .containsPattern("id=\"backfill-eta\">none: canceled<")
                    .containsPattern("[0-9]+ skipped")
                    .doesNotContain(">100% ran<")
                    .doesNotContain("data-confirm=");
            io.restassured.path.json.JsonPath api =
                    given().get("/api/backfills/" + id).then().extract().jsonPath();
            long skipped = api.getLong("progress.partitions.skipped");
            assertThat(skipped).isPositive();
            assertThat(api.getLong("progress.partitions.succeeded")
                            + api.getLong("progress.partitions.failed")
                            + api.getLong("progress.partitions.canceled")
                            + skipped)
                    .isEqualTo(30);
            assertThat(canceled).contains(skipped + " skipped");
            assertThat(partitionsListed(get("/backfills/" + id + "?status=SKIPPED", 200)))
                    .hasSize((int) Math.min(50, skipped))
                    .endsWith("2025-07-30");
        } finally {
            given().contentType(ContentType.JSON)
                    .body("{\"limit\":8}")
                    .put("/api/pools/slow")
                    .then()
                    .statusCode(200);
        }
    }

    /** The run the partition table names for {@code partition}. */
    private static String runOf(String page, String partition) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile(
                        "data-partition=\"" + partition + "\".*?<a href=\"/runs/([0-9a-f-]{36})\"",
                        java.util.regex.Pattern.DOTALL)
                .matcher(page);
        assertThat(m.find()).as("the run of " + partition).isTrue();
        return m.group(1);
    }
}
