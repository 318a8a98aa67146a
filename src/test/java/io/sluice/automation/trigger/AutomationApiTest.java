package io.sluice.automation.trigger;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.path.json.JsonPath;
import io.sluice.catalog.AssetKey;
import io.sluice.runs.AssetState;
import io.sluice.runs.Materialization;
import io.sluice.runs.RunEventLog;
import io.sluice.testing.SettableClock;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** {@code GET /api/automation}, the home page's automation line and the run page's origin, on a triggered run. */
@QuarkusTest
@TestProfile(TriggerProfile.class)
class AutomationApiTest {

    private static final AssetKey HOURLY = AssetKey.parse("test/hourly");

    @Inject
    TriggerLoop loop;

    @Inject
    RunEventLog events;

    @Inject
    AssetState assets;

    @Inject
    SettableClock clock;

    @Test
    void eachAutomatedAssetShowsItsPolicyAndWhatItsLastEvaluationLaunched() {
        clock.set(Instant.parse("2024-03-20T12:00:00Z"));
        for (int h = 0; h < 24; h++) {
            String hour = "2024-01-15-" + String.format("%02d:00", h);
            String run = UUID.randomUUID().toString();
            QuarkusTransaction.requiringNew().run(() -> {
                events.recordMaterialization(new Materialization(run, HOURLY, hour, clock.instant(), 1, 0, 0, 0, "{}"));
                assets.recordPartitionOutcome(HOURLY, List.of(hour), "MATERIALIZED", run, clock.instant());
            });
        }
        loop.evaluateNow();
        JsonPath body = given().queryParam("asset", "test/daily_rollup")
                .when()
                .get("/api/automation")
                .then()
                .statusCode(200)
                .body("enabled", equalTo(true))
                .body("assets[0].asset", equalTo("test/daily_rollup"))
                .body("assets[0].policy", equalTo("eager"))
                .body("assets[0].evaluations[0].outcome", equalTo("LAUNCHED"))
                .extract()
                .jsonPath();
        String runId = body.getString("assets[0].evaluations[0].runIds[0]");
        assertThat(runId).isNotBlank();

        List<String> policies = given().when()
                .get("/api/automation")
                .then()
                .statusCode(200)
                .extract()
                .path("assets.policy");
        assertThat(policies).contains("eager", "on_cron(0 9 * * *, UTC)", "missing(PT72H)");

        String page = given().when()
                .get("/automation")
                .then()
                .statusCode(200)
                .extract()
                .asString();
        String row = page.substring(page.indexOf("<tr data-asset=\"test/daily_rollup\">"));
        row = row.substring(0, row.indexOf("</tr>"));
        assertThat(row).contains("<span class=\"tag\">eager</span>", "LAUNCHED", "<a href=\"/runs/" + runId + "\">");
        given().when().get("/runs/" + runId).then().statusCode(200).body(containsString("sluice/trigger eager"));
    }

    @Test
    void badInputIsAProblem() {
        problem("limit", "abc", 400);
        problem("limit", "0", 422);
        problem("limit", "101", 422);
        problem("asset", "not a key", 400);
        problem("asset", "nope/missing", 404);
        problem("asset", "test/flaky", 404);
    }

    private static void problem(String name, String value, int status) {
        given().queryParam(name, value)
                .when()
                .get("/api/automation")
                .then()
                .statusCode(status)
                .contentType("application/problem+json");
    }
}
