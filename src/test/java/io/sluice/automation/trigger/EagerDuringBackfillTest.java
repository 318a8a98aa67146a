package io.sluice.automation.trigger;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.sluice.testing.Backfills;
import io.sluice.testing.Runs;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The example's eager transforms during a per-partition backfill of extract and raw (issue 27, item 1), with real runs:
 * while the backfill runs they are held (UPSTREAM_IN_PROGRESS, naming the backfill), then one run of both follows it
 * and brings the firm tables up to date; a paused backfill holds them no longer.
 */
@QuarkusTest
@TestProfile(EagerDuringBackfillTest.TriggersOn.class)
class EagerDuringBackfillTest {

    public static class TriggersOn implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("sluice.automation.triggers.enabled", "true");
        }
    }

    private static final String IDENTITY = "transform/form_adv_firm_identity";
    private static final String OWNERSHIP = "transform/form_adv_firm_ownership";

    @Inject
    TriggerLoop loop;

    @Test
    void aPerPartitionBackfillOfExtractAndRawIsFollowedByOneRunOfTheTransforms() {
        Instant start = Instant.now();
        String backfill = Backfills.launch("{\"assets\":[\"extract/form_adv_filings\",\"raw/form_adv_filings\"],"
                + "\"ranges\":[{\"start\":\"2016-03-01\",\"end\":\"2016-04-15\"}],\"reason\":\"46 days\"}");
        JsonPath done = awaitBackfill(backfill, Backfills::ended);
        assertThat(done.getString("status")).isEqualTo("COMPLETED");
        assertThat(done.getLong("progress.succeeded")).isEqualTo(46);

        List<Map<String, Object>> triggered = settle(start);
        assertThat(triggered)
                .as("trigger runs after a 46-run backfill of extract and raw")
                .hasSize(1);
        JsonPath run = run((String) triggered.get(0).get("id"));
        assertThat(run.getList("assets", String.class)).containsExactlyInAnyOrder(IDENTITY, OWNERSHIP);
        assertThat(run.getString("status")).isEqualTo("SUCCESS");
        assertThat(run.getLong("keyCount")).as("firms transformed").isPositive();
        assertThat(run.getLong("rowsWritten"))
                .as("rows landed in the firm tables")
                .isPositive();
        assertThat(Instant.parse(run.getString("createdAt")))
                .as("launched after the backfill's last run")
                .isAfterOrEqualTo(Instant.parse(done.getString("endedAt")).minusSeconds(1));

        List<String> reasons = given().queryParam("asset", IDENTITY)
                .queryParam("limit", 100)
                .get("/api/automation")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath()
                .getList("assets[0].evaluations.reason", String.class);
        assertThat(reasons)
                .as("held while the backfill ran, naming it")
                .anySatisfy(r -> assertThat(r).contains("UPSTREAM_IN_PROGRESS", "backfill " + backfill));
    }

    @Test
    void aPausedBackfillDoesNotHoldTheTransformsForever() {
        Instant start = Instant.now();
        String backfill = Backfills.launch("{\"assets\":[\"extract/form_adv_filings\",\"raw/form_adv_filings\"],"
                + "\"ranges\":[{\"start\":\"2017-01-01\",\"end\":\"2017-01-16\"}],\"maxConcurrent\":1,"
                // enough firms that every day files something: a day that lands no row changes nothing downstream
                + "\"config\":{\"extract/form_adv_filings\":{\"firms\":2000}},\"reason\":\"to be paused\"}");
        awaitBackfill(backfill, b -> b.getLong("progress.succeeded") >= 2);
        steer(backfill, "pause");
        JsonPath paused = awaitBackfill(backfill, b -> b.getLong("progress.running") == 0);
        assertThat(paused.getString("status")).isEqualTo("PAUSED");
        assertThat(paused.getLong("progress.queued"))
                .as("left queued by the pause")
                .isPositive();

        // the evaluator looks (its interval, or a run's end): the paused backfill's queued runs do not hold the
        // transforms
        List<Map<String, Object>> whilePaused = settle(start);
        assertThat(whilePaused)
                .as(() -> "while paused; evaluations: " + evaluations())
                .hasSize(1);
        assertThat(run((String) whilePaused.get(0).get("id")).getString("status"))
                .isEqualTo("SUCCESS");

        steer(backfill, "resume");
        assertThat(awaitBackfill(backfill, Backfills::ended).getString("status"))
                .isEqualTo("COMPLETED");
        assertThat(settle(start)).as("once more, after the rest landed").hasSize(2);
    }

    /**
     * Evaluates until nothing more is launched and every trigger run created since {@code since} has ended; returns
     * those runs.
     */
    private List<Map<String, Object>> settle(Instant since) {
        Instant deadline = Instant.now().plus(Duration.ofSeconds(120));
        int seen = -1;
        while (Instant.now().isBefore(deadline)) {
            loop.evaluateNow();
            List<Map<String, Object>> runs = triggeredSince(since);
            boolean ended = runs.stream()
                    .allMatch(r -> List.of("SUCCESS", "FAILURE", "CANCELED").contains((String) r.get("status")));
            if (ended && runs.size() == seen) {
                return runs;
            }
            seen = ended ? runs.size() : -1;
            Runs.sleep(200);
        }
        throw new AssertionError("trigger runs did not settle within 120 s: " + triggeredSince(since));
    }

    private static List<Map<String, Object>> triggeredSince(Instant since) {
        List<Map<String, Object>> all = given().get("/api/runs?asset=" + IDENTITY + "&limit=500")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath()
                .getList("findAll { it.launchedBy == 'trigger' }");
        return all.stream()
                .filter(r -> !Instant.parse((String) r.get("createdAt")).isBefore(since))
                .toList();
    }

    /** As {@link Backfills#await}, with room for a loaded machine (real runs of the example). */
    private static JsonPath awaitBackfill(String id, java.util.function.Predicate<JsonPath> done) {
        Instant deadline = Instant.now().plus(Duration.ofSeconds(300));
        while (Instant.now().isBefore(deadline)) {
            JsonPath b = given().get("/api/backfills/" + id)
                    .then()
                    .statusCode(200)
                    .extract()
                    .jsonPath();
            if (done.test(b)) {
                return b;
            }
            Runs.sleep(100);
        }
        throw new AssertionError("backfill " + id + " did not get there within 300 s");
    }

    private static List<String> evaluations() {
        return given().queryParam("asset", IDENTITY)
                .queryParam("limit", 100)
                .get("/api/automation")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath()
                .getList("assets[0].evaluations.reason", String.class);
    }

    private static JsonPath run(String id) {
        return Runs.await(id);
    }

    private static void steer(String backfill, String action) {
        given().contentType(ContentType.JSON)
                .body("{\"reason\":\"test\"}")
                .post("/api/backfills/" + backfill + "/" + action)
                .then()
                .statusCode(200);
    }
}
