package io.sluice.web;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.sluice.testing.Runs;
import io.sluice.testing.TestAssets;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The run page and the run log as a new user reads them. */
@QuarkusTest
class RunPageTest {

    @Test
    void aRollbackReadsRollbackOnItsPageAsInTheList() {
        String first = Runs.launchAndAwait("{\"assets\":[\"test/checked\"],\"config\":{\"value\":\"page-a\"}}")
                .getString("id");
        assertThat(Runs.launchAndAwait("{\"assets\":[\"test/checked\"],\"config\":{\"value\":\"page-b\"}}")
                        .getString("status"))
                .isEqualTo("SUCCESS");
        String id = given().contentType(ContentType.JSON)
                .body("{\"toRun\":\"" + first + "\",\"reason\":\"b was wrong\"}")
                .post("/api/assets/test/checked/rollback")
                .then()
                .statusCode(201)
                .extract()
                .path("id");
        JsonPath rollback = Runs.await(id);
        assertThat(rollback.getString("status")).as(rollback.getString("error")).isEqualTo("SUCCESS");
        String page =
                given().get("/runs/" + id).then().statusCode(200).extract().asString();
        assertThat(page)
                .contains("<span class=\"mode-tag\" id=\"run-mode\">ROLLBACK</span>")
                .doesNotContain("FULL_REFRESH");
        String list = given().get("/ui/runs").then().statusCode(200).extract().asString();
        assertThat(list).contains("<span class=\"mode-tag\">ROLLBACK</span>");
    }

    @Test
    void oneKeyIsOneKeyInTheRunLog() {
        TestAssets.Gated.reset(false);
        JsonPath run = Runs.launchAndAwait("{\"assets\":[\"test/gated\"],\"mode\":\"SINGLE_KEY\",\"keys\":[\"k001\"]}");
        assertThat(run.getString("status")).as(run.getString("error")).isEqualTo("SUCCESS");
        List<String> lines = given().get("/api/runs/" + run.getString("id") + "/logs")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath()
                .getList("message");
        assertThat(lines)
                .contains(
                        "SINGLE_KEY resolved to 1 key in 1 batch",
                        "batch 1/1: 1 key, 1 row",
                        "finished SUCCESS: 1 key, 1 batch, 1 row written");
        assertThat(String.join("\n", lines)).doesNotContainPattern("\\b1 (keys|batches|rows)\\b");
        String page = given().get("/runs/" + run.getString("id"))
                .then()
                .statusCode(200)
                .extract()
                .asString();
        assertThat(page)
                .contains("1 key in 1 batch, 1 row written")
                .doesNotContainPattern("\\b1 (keys|batches|rows)\\b");
    }

    @Test
    void theRunPageShowsATimelineWhatLaunchedItAndFiltersItsLogOnTheServer() {
        JsonPath run = Runs.launchAndAwait("{\"assets\":[\"test/checked\"],\"config\":{\"value\":\"timeline\"}}");
        String id = run.getString("id");
        String page =
                given().get("/runs/" + id).then().statusCode(200).extract().asString();
        assertThat(page)
                .contains("id=\"timeline\"")
                .contains("<span class=\"tl-label\" title=\"test/checked\">test/checked</span>")
                .containsPattern("class=\"tl-bar s-SUCCESS\" style=\"left:[0-9.]+%;width:[0-9.]+%\"")
                .containsPattern(
                        "<dd id=\"run-launched-by\"><span class=\"origin-link\"><a href=\"/runs\\?launchedBy=[^\"]+\">")
                .contains("id=\"reexecute-all\"")
                .doesNotContain("id=\"reexecute-failed\"")
                .contains("data-stream=\"/runs/" + id + "/log/stream?after=");
        String finished = given().get("/runs/" + id + "?q=FINISHED")
                .then()
                .statusCode(200)
                .extract()
                .asString();
        assertThat(finished).contains("finished SUCCESS").doesNotContain("started INCREMENTAL");
        assertThat(given().get("/runs/" + id + "?level=ERROR")
                        .then()
                        .statusCode(200)
                        .extract()
                        .asString())
                .contains("No line matches.")
                .doesNotContain("finished SUCCESS");
        assertThat(given().get("/runs/" + id + "?level=LOUD")
                        .then()
                        .statusCode(400)
                        .extract()
                        .asString())
                .contains("level must be one of DEBUG, INFO, WARN, ERROR")
                .contains("finished SUCCESS");
    }

    @Test
    void theLiveLogStreamsTheLinesAsServerSentEventsAndEndsWithTheRun() {
        String id = Runs.launchAndAwait("{\"assets\":[\"test/checked\"],\"config\":{\"value\":\"stream\"}}")
                .getString("id");
        String all = given().get("/runs/" + id + "/log/stream")
                .then()
                .statusCode(200)
                .extract()
                .asString();
        assertThat(all).contains("event:line").contains("finished SUCCESS").contains("event:end\ndata:SUCCESS");
        String some = given().get("/runs/" + id + "/log/stream?q=finished")
                .then()
                .statusCode(200)
                .extract()
                .asString();
        assertThat(some)
                .contains("finished SUCCESS")
                .doesNotContain("started INCREMENTAL")
                .contains("event:end");
        given().get("/runs/" + id + "/log/stream?level=LOUD").then().statusCode(400);
        given().get("/runs/no-such-run/log/stream").then().statusCode(404);
    }

    @Test
    void reexecuteLaunchesTheSameRequestAgainOrOnlyItsFailedStepsTaggedWithTheRun() {
        String ok = Runs.launchAndAwait("{\"assets\":[\"test/checked\"],\"config\":{\"value\":\"again\"}}")
                .getString("id");
        String location = given().redirects()
                .follow(false)
                .formParam("scope", "ALL")
                .post("/runs/" + ok + "/reexecute")
                .then()
                .statusCode(303)
                .extract()
                .header("Location");
        String again = location.substring(location.lastIndexOf('/') + 1);
        JsonPath rerun = Runs.await(again);
        assertThat(rerun.getString("status")).isEqualTo("SUCCESS");
        assertThat(rerun.getMap("tags"))
                .containsEntry("sluice/reexecution-of", ok)
                .containsEntry("sluice/reexecute", "all");
        assertThat(rerun.getString("config")).contains("again");
        assertThat(given().get("/runs/" + again)
                        .then()
                        .statusCode(200)
                        .extract()
                        .asString())
                .contains("href=\"/runs/" + ok + "\"");
        assertThat(given().formParam("scope", "FAILED")
                        .post("/runs/" + ok + "/reexecute")
                        .then()
                        .statusCode(409)
                        .extract()
                        .asString())
                .contains("there is no failed step to re-execute")
                .contains("Nothing was launched");
        given().formParam("scope", "SOME")
                .post("/runs/" + ok + "/reexecute")
                .then()
                .statusCode(422);
        given().formParam("scope", "ALL")
                .post("/runs/no-such-run/reexecute")
                .then()
                .statusCode(404);

        String failed = Runs.launchAndAwait(
                        "{\"assets\":[\"test/flaky\",\"test/after_flaky\"],\"config\":{\"test/flaky\":{\"fail\":true}}}")
                .getString("id");
        assertThat(given().get("/runs/" + failed)
                        .then()
                        .statusCode(200)
                        .extract()
                        .asString())
                .contains("id=\"reexecute-failed\"")
                .contains("<details class=\"error-fold\"");
        String failedAgain = given().redirects()
                .follow(false)
                .formParam("scope", "FAILED")
                .post("/runs/" + failed + "/reexecute")
                .then()
                .statusCode(303)
                .extract()
                .header("Location");
        JsonPath second = Runs.await(failedAgain.substring(failedAgain.lastIndexOf('/') + 1));
        assertThat(second.getList("assets")).containsExactly("test/flaky", "test/after_flaky");
        assertThat(second.getMap("tags")).containsEntry("sluice/reexecute", "failed");
    }

    @Test
    void aLiveRunShowsItsProgressAsItGoesAndAQueuedStepReadsQueued() throws Exception {
        TestAssets.Gated.reset(false);
        Semaphore permits = new Semaphore(0);
        TestAssets.Gated.perBatch = permits;
        try {
            // test/gated's 25 keys in batches of 10, let through one at a time; test/landed waits its turn
            String id = Runs.launch("{\"assets\":[\"test/gated\",\"test/landed\"],\"mode\":\"FULL_REFRESH\","
                    + "\"config\":{\"test/landed\":{\"load\":\"progress-" + UUID.randomUUID() + "\"}}}");
            assertThat(TestAssets.Gated.entered.await(30, TimeUnit.SECONDS)).isTrue();
            // the journal stores what is older than its flush interval (250 ms) with its next write: let the first
            // batch end after that, so that its progress goes out with the batch's log line
            Thread.sleep(400);
            permits.release();
            JsonPath live = awaitRun(id, r -> r.getLong("steps[0].keyCount") == 10);
            assertThat(live.getString("status")).isEqualTo("STARTED");
            assertThat(live.getString("steps[0].status")).isEqualTo("STARTED");
            assertThat(live.getLong("steps[0].rowsWritten")).isEqualTo(10);
            assertThat(live.getLong("keyCount")).as("the run's totals so far").isEqualTo(10);
            assertThat(live.getLong("rowsWritten")).isEqualTo(10);
            String page =
                    given().get("/runs/" + id).then().statusCode(200).extract().asString();
            assertThat(page)
                    .contains("10 keys in 1 batch, 10 rows written so far")
                    .containsPattern(
                            "title=\"test/landed\">test/landed</span>\\s*<span class=\"tl-track\">"
                                    + "<span class=\"tl-bar s-QUEUED\"[^>]*></span></span>\\s*<span class=\"tl-time muted\">queued<")
                    .doesNotContain(">not run<");

            permits.release(10);
            JsonPath done = Runs.await(id);
            assertThat(done.getString("status")).isEqualTo("SUCCESS");
            assertThat(done.getLong("steps[0].keyCount")).isEqualTo(25);
            assertThat(done.getLong("steps[0].batchCount")).isEqualTo(3);
        } finally {
            TestAssets.Gated.perBatch = null;
            permits.release(100);
        }
    }

    private static JsonPath awaitRun(String id, java.util.function.Predicate<JsonPath> done) {
        Instant deadline = Instant.now().plusSeconds(30);
        while (true) {
            JsonPath run = given().get("/api/runs/" + id)
                    .then()
                    .statusCode(200)
                    .extract()
                    .jsonPath();
            if (done.test(run)) {
                return run;
            }
            assertThat(Instant.now()).as("run %s: %s", id, run.prettify()).isBefore(deadline);
            Runs.sleep(50);
        }
    }
}
