package io.sluice.example;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.path.json.JsonPath;
import io.sluice.automation.trigger.TriggerLoop;
import io.sluice.testing.Runs;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The example runs itself: landing a filing day into extract and raw is followed, without anyone asking, by one run
 * of both eager transforms, launched by {@code trigger}, and that by one run of the eager scorecard; a run over all five
 * assets is not followed by another.
 */
@QuarkusTest
@TestProfile(ExampleRunsItselfTest.TriggersOn.class)
class ExampleRunsItselfTest {

    public static class TriggersOn implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("sluice.automation.triggers.enabled", "true");
        }
    }

    @Inject
    TriggerLoop loop;

    @Test
    void landingFilingsIsFollowedByOneRunOfBothTransforms() {
        // two years of the test's 40 firms hold filings (one day often holds none, and a landing that wrote nothing
        // does not make the transforms eligible)
        JsonPath landed = Runs.launchAndAwait("{\"assets\":[\"extract/form_adv_filings\",\"raw/form_adv_filings\"],"
                + "\"ranges\":[{\"start\":\"2014-01-01\",\"end\":\"2015-12-31\"}],\"reason\":\"land two years\"}");
        assertThat(landed.getLong("rowsWritten"))
                .as("the landing wrote filings")
                .isPositive();
        assertThat(landed.getString("status")).isEqualTo("SUCCESS");
        JsonPath followed = awaitTriggered(1);
        assertThat(followed.getList("assets", String.class))
                .containsExactlyInAnyOrder("transform/form_adv_firm_identity", "transform/form_adv_firm_ownership");
        assertThat(followed.getString("launchedBy")).isEqualTo("trigger");
        assertThat(followed.getMap("tags")).containsEntry("sluice/trigger", "eager");
        assertThat(Runs.await(followed.getString("id")).getString("status")).isEqualTo("SUCCESS");

        String outcome = given().queryParam("asset", "transform/form_adv_firm_identity")
                .get("/api/automation")
                .then()
                .statusCode(200)
                .extract()
                .path("assets[0].evaluations[0].outcome");
        assertThat(outcome).isEqualTo("LAUNCHED");

        // the new version of the ownership table is followed by one run of the scorecard
        JsonPath scored = awaitTriggered(2);
        assertThat(scored.getList("assets", String.class)).containsExactly(OwnershipScorecard.KEY);
        assertThat(Runs.await(scored.getString("id")).getString("status")).isEqualTo("SUCCESS");
        loop.evaluateNow();
        assertThat(triggeredRuns()).hasSize(2);

        // a run over all five assets already brought the transforms and the scorecard up to date: no run follows it
        Runs.launchAndAwait("{\"assets\":[\"extract/form_adv_filings\",\"raw/form_adv_filings\","
                + "\"transform/form_adv_firm_identity\",\"transform/form_adv_firm_ownership\",\""
                + OwnershipScorecard.KEY + "\"],\"partitions\":[\"2015-06-02\"],\"reason\":\"all five\"}");
        loop.evaluateNow();
        assertThat(triggeredRuns()).hasSize(2);
    }

    private static List<Map<String, Object>> triggeredRuns() {
        return given().get("/api/runs?limit=500")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath()
                .getList("findAll { it.launchedBy == 'trigger' }");
    }

    /** The {@code n}th run launched by the trigger (runs are listed newest first). */
    private static JsonPath awaitTriggered(int n) {
        Instant deadline = Instant.now().plus(Duration.ofSeconds(60));
        while (Instant.now().isBefore(deadline)) {
            List<Map<String, Object>> runs = triggeredRuns();
            if (runs.size() >= n) {
                return given().get("/api/runs/" + runs.get(runs.size() - n).get("id"))
                        .then()
                        .statusCode(200)
                        .extract()
                        .jsonPath();
            }
            Runs.sleep(50);
        }
        throw new AssertionError("no run " + n + " was launched by the trigger within 60 s");
    }
}
