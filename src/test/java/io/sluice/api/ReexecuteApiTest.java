package io.sluice.api;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.sluice.testing.Runs;
import io.sluice.testing.TestAssets;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Re-executing a run, all of it or its failed steps, through the API and the run page, for a run that mixes a
 * partitioned asset with a keyed, unpartitioned one (the example's shape: extract and raw by day, the transforms by
 * key).
 */
@QuarkusTest
class ReexecuteApiTest {

    @Test
    void theFailedStepsOfAMixedRunAreReexecutedWithoutPartitionsForTheUnpartitionedAssets() throws Exception {
        String mixed = canceledMixedRun("2024-09-01");
        JsonPath run = Runs.await(mixed);
        assertThat(run.getList("steps.status")).containsExactly("SUCCESS", "CANCELED");

        TestAssets.Gated.reset(false);
        JsonPath failed = given().contentType(ContentType.JSON)
                .header("X-Sluice-User", "carol")
                .body("{\"scope\":\"failed\",\"reason\":\"the gate is open now\"}")
                .when()
                .post("/api/runs/" + mixed + "/reexecute")
                .then()
                .statusCode(201)
                .header("Location", containsString("/api/runs/"))
                .extract()
                .jsonPath();
        assertThat(failed.getList("assets")).containsExactly("test/gated");
        assertThat(failed.getList("partitions"))
                .as("test/gated is not partitioned")
                .isEmpty();
        assertThat(failed.getString("launchedBy")).isEqualTo("carol");
        assertThat(failed.getString("reason")).isEqualTo("the gate is open now");
        assertThat(failed.getMap("tags"))
                .containsEntry("sluice/reexecution-of", mixed)
                .containsEntry("sluice/reexecute", "failed");
        assertThat(Runs.await(failed.getString("id")).getString("status")).isEqualTo("SUCCESS");

        JsonPath all = given().when()
                .post("/api/runs/" + mixed + "/reexecute")
                .then()
                .statusCode(201)
                .extract()
                .jsonPath();
        assertThat(all.getList("assets")).containsExactly("test/daily", "test/gated");
        assertThat(all.getList("partitions")).containsExactly("2024-09-01");
        assertThat(all.getMap("tags")).containsEntry("sluice/reexecute", "all");
        assertThat(Runs.await(all.getString("id")).getString("status")).isEqualTo("SUCCESS");
    }

    @Test
    void theRunPageReexecutesTheFailedStepsOfAMixedRun() throws Exception {
        String mixed = canceledMixedRun("2024-09-02");
        Runs.await(mixed);
        TestAssets.Gated.reset(false);
        String location = given().redirects()
                .follow(false)
                .formParam("scope", "FAILED")
                .post("/runs/" + mixed + "/reexecute")
                .then()
                .statusCode(303)
                .extract()
                .header("Location");
        JsonPath again = Runs.await(location.substring(location.lastIndexOf('/') + 1));
        assertThat(again.getString("status")).isEqualTo("SUCCESS");
        assertThat(again.getList("assets")).containsExactly("test/gated");
        assertThat(again.getString("launchedBy")).isEqualTo("anonymous"); // the form named no one
    }

    @Test
    void refusalsAreProblemsAndLaunchNothing() {
        String ok = Runs.launchAndAwait("{\"assets\":[\"test/flaky\"]}").getString("id");
        int before = given().get("/api/runs?limit=500")
                .then()
                .extract()
                .jsonPath()
                .getList("$")
                .size();
        given().contentType(ContentType.JSON)
                .body("{\"scope\":\"FAILED\"}")
                .post("/api/runs/" + ok + "/reexecute")
                .then()
                .statusCode(409)
                .contentType("application/problem+json")
                .body("detail", containsString("no failed step"));
        given().contentType(ContentType.JSON)
                .body("{\"scope\":\"SOME\"}")
                .post("/api/runs/" + ok + "/reexecute")
                .then()
                .statusCode(422)
                .body("field", equalTo("scope"));
        given().contentType(ContentType.JSON)
                .body("{\"scope\":\"ALL\",\"launchedBy\":\"eve\"}")
                .post("/api/runs/" + ok + "/reexecute")
                .then()
                .statusCode(400)
                .body("detail", containsString("'launchedBy' is unknown"));
        given().contentType(ContentType.JSON)
                .body("{}")
                .post("/api/runs/no-such-run/reexecute")
                .then()
                .statusCode(404);
        assertThat(given().get("/api/runs?limit=500")
                        .then()
                        .extract()
                        .jsonPath()
                        .getList("$"))
                .hasSize(before);
    }

    /** A run of test/daily (partitioned) and test/gated (keyed, unpartitioned), canceled in gated's first batch. */
    private static String canceledMixedRun(String day) throws InterruptedException {
        TestAssets.Gated.reset(true);
        String id = Runs.launch("{\"assets\":[\"test/daily\",\"test/gated\"],\"mode\":\"FULL_REFRESH\","
                + "\"partitions\":[\"" + day + "\"]}");
        try {
            assertThat(TestAssets.Gated.entered.await(30, TimeUnit.SECONDS))
                    .as("test/gated started, after test/daily")
                    .isTrue();
            given().contentType(ContentType.JSON)
                    .body("{\"reason\":\"stop the keyed step\"}")
                    .post("/api/runs/" + id + "/cancel")
                    .then()
                    .statusCode(200);
        } finally {
            TestAssets.Gated.gate.countDown();
        }
        return id;
    }
}
