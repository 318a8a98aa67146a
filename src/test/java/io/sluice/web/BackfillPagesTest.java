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
        return given().redirects()
                .follow(false)
                .header("X-Sluice-User", "page-tester")
                .header("Sec-Fetch-Site", "same-origin")
                .contentType(ContentType.URLENC.withCharset("UTF-8"))
                .formParam("reason", reason)
                .post("/backfills/" + id + "/" + action);
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
        given().get("/backfills?after=no-such-backfill")
                .then()
                .statusCode(400)
                .body(containsString("no backfill with id &#39;no-such-backfill&#39; to page after"));
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
                .contains("<strong id=\"backfill-percent\">100%</strong>")
                .contains("10 of 10 done")
                .contains("partitions/s")
                .contains("id=\"partition-grid\"")
                .contains("title=\"2026-02-10")
                .contains("<span>2026-02-19</span>")
                .doesNotContain("hx-get=\"/backfills/" + id + "/live\"") // ended: no more polling
                .doesNotContain("action=\"/backfills/" + id + "/pause\"");
        String firstRun =
                given().get("/api/runs?backfill=" + id).then().extract().path("[0].id");
        assertThat(page).contains("href=\"/runs/" + firstRun + "\"");
        assertThat(page.split("href=\"/runs/", -1)).hasSize(6); // its 5 runs

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
}
