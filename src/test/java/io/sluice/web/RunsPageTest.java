package io.sluice.web;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import io.sluice.app.Cursor;
import io.sluice.testing.Runs;
import java.time.Instant;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** The runs list: filters in the query string, keyset positions, and a clear 400 for what it cannot read. */
@QuarkusTest
class RunsPageTest {

    @Test
    void listsRunsFilteredByStatusAssetModeAndLauncherWithOriginLinks() {
        String user = "runs-page-" + UUID.randomUUID().toString().substring(0, 8);
        JsonPath ok = Runs.await(given().contentType("application/json")
                .header("X-Sluice-User", user)
                .body("{\"assets\":[\"test/checked\"],\"config\":{\"value\":\"list-a\"}}")
                .post("/api/runs")
                .then()
                .statusCode(201)
                .extract()
                .path("id"));
        assertThat(ok.getString("status")).isEqualTo("SUCCESS");
        String id = ok.getString("id");

        String mine = page("/runs?launchedBy=" + user, 200);
        assertThat(mine).contains("href=\"/runs/" + id + "\"").contains("href=\"/runs?launchedBy=" + user + "\"");
        assertThat(page("/runs?launchedBy=" + user + "&status=SUCCESS&asset=test/checked&mode=incremental", 200))
                .contains("/runs/" + id);
        assertThat(page("/runs?launchedBy=" + user + "&status=FAILURE", 200))
                .doesNotContain("/runs/" + id)
                .contains("No run matches these filters");
        assertThat(page("/runs?launchedBy=" + user + "&mode=FULL_REFRESH", 200)).doesNotContain("/runs/" + id);
        assertThat(page("/runs?launchedBy=" + user + "&origin=schedule", 200)).doesNotContain("/runs/" + id);
        assertThat(page("/runs?launchedBy=" + user + "&until=2001-01-01", 200)).doesNotContain("/runs/" + id);
        assertThat(page("/runs?launchedBy=" + user + "&from=2001-01-01", 200)).contains("/runs/" + id);
        // the filters stay in the form
        assertThat(page("/runs?launchedBy=" + user + "&status=SUCCESS", 200))
                .contains("<option value=\"SUCCESS\" selected>")
                .contains("value=\"" + user + "\"");
    }

    @Test
    void theCursorOfARunListsTheRunsOlderOrNewerThanIt() {
        String user = "runs-cursor-" + UUID.randomUUID().toString().substring(0, 8);
        String first = launchAs(user, "cursor-a");
        String second = launchAs(user, "cursor-b");
        String at = given().get("/api/runs/" + second).then().extract().path("createdAt");
        String cursor = Cursor.at("runs", Instant.parse(at), second).encode();
        assertThat(page("/runs?launchedBy=" + user + "&cursor=" + cursor, 200))
                .contains("/runs/" + first)
                .doesNotContain("href=\"/runs/" + second + "\"")
                .contains("id=\"page-newer\"");
        String firstAt = given().get("/api/runs/" + first).then().extract().path("createdAt");
        String newer = Cursor.at("runs", Instant.parse(firstAt), first).encode();
        assertThat(page("/runs?launchedBy=" + user + "&previous=" + newer, 200))
                .contains("/runs/" + second)
                .doesNotContain("href=\"/runs/" + first + "\"");
        // the whole list at once has no neighbour pages
        assertThat(page("/runs?launchedBy=" + user, 200)).doesNotContain("id=\"page-older\"");
    }

    @Test
    void whatTheListCannotReadIsA400NamingItWithTheFormAndNoList() {
        assertThat(page("/runs?status=DONE", 400)).contains("status must be one of QUEUED, STARTED");
        assertThat(page("/runs?mode=FAST", 400)).contains("mode must be one of");
        assertThat(page("/runs?from=yesterday", 400)).contains("from must be a day");
        assertThat(page("/runs?from=2026-01-02&until=2026-01-01", 400)).contains("must be after from");
        assertThat(page("/runs?origin=cron", 400)).contains("origin must be one of schedule, sensor");
        assertThat(page("/runs?name=daily", 400)).contains("choose the origin too");
        assertThat(page("/runs?cursor=not-a-cursor", 400)).contains("cursor is not a position in the runs list");
        String injected = Cursor.at("runs", Instant.EPOCH, "x' OR '1'='1").encode();
        assertThat(page("/runs?cursor=" + injected, 400)).contains("cursor is not a position in the runs list");
        assertThat(page("/runs?cursor=a&previous=b", 400)).contains("give either cursor or previous");
        assertThat(page("/runs?asset=%3Cscript%3E", 400))
                .contains("is not an asset key")
                .doesNotContain("<script>")
                .contains("id=\"runs-filter\"");
    }

    private static String launchAs(String user, String value) {
        String id = given().contentType("application/json")
                .header("X-Sluice-User", user)
                .body("{\"assets\":[\"test/checked\"],\"config\":{\"value\":\"" + value + "\"}}")
                .post("/api/runs")
                .then()
                .statusCode(201)
                .extract()
                .path("id");
        Runs.await(id);
        return id;
    }

    private static String page(String path, int status) {
        return given().urlEncodingEnabled(false)
                .get(path)
                .then()
                .statusCode(status)
                .extract()
                .asString();
    }
}
