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
 * of both eager transforms, launched by {@code trigger}; a run over all four assets is not followed by another.
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
        JsonPath followed = awaitTriggered();
        assertThat(followed.getList("assets", String.class))
                .containsExactly("transform/form_adv_firm_identity", "transform/form_adv_firm_ownership");
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
        assertThat(triggeredRuns()).hasSize(1);

        // a run over all four assets already brought the transforms up to date: no run follows it
        Runs.launchAndAwait("{\"assets\":[\"extract/form_adv_filings\",\"raw/form_adv_filings\","
                + "\"transform/form_adv_firm_identity\",\"transform/form_adv_firm_ownership\"],"
                + "\"partitions\":[\"2015-06-02\"],\"reason\":\"all four\"}");
        loop.evaluateNow();
        assertThat(triggeredRuns()).hasSize(1);
    }

    private static List<Map<String, Object>> triggeredRuns() {
        return given().get("/api/runs?limit=500")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath()
                .getList("findAll { it.launchedBy == 'trigger' }");
    }

    private static JsonPath awaitTriggered() {
        Instant deadline = Instant.now().plus(Duration.ofSeconds(60));
        while (Instant.now().isBefore(deadline)) {
            List<Map<String, Object>> runs = triggeredRuns();
            if (!runs.isEmpty()) {
                return given().get("/api/runs/" + runs.get(0).get("id"))
                        .then()
                        .statusCode(200)
                        .extract()
                        .jsonPath();
            }
            Runs.sleep(50);
        }
        throw new AssertionError("no run was launched by the trigger within 60 s");
    }
}
