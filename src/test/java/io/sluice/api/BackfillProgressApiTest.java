package io.sluice.api;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.sluice.backfill.Backfill;
import io.sluice.backfill.BackfillStatus;
import io.sluice.backfill.BackfillStore;
import io.sluice.catalog.AssetKey;
import io.sluice.runs.MaterializationMode;
import io.sluice.testing.Backfills;
import io.sluice.testing.Runs;
import jakarta.inject.Inject;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * A backfill's progress in the API: partitions and runs that ran apart from those that never ran, rates without the
 * time it was paused, no estimated end unless it runs (issue 27, items 5 and 30); time-ordered ids (item 18).
 */
@QuarkusTest
class BackfillProgressApiTest {

    @Inject
    BackfillStore store;

    private static JsonPath post(String path, String body, int status) {
        return given().contentType(ContentType.JSON)
                .body(body)
                .when()
                .post(path)
                .then()
                .statusCode(status)
                .extract()
                .jsonPath();
    }

    private static JsonPath get(String id) {
        return given().get("/api/backfills/" + id)
                .then()
                .statusCode(200)
                .extract()
                .jsonPath();
    }

    private static void slowPool(int limit) {
        given().contentType(ContentType.JSON)
                .body("{\"limit\":" + limit + "}")
                .put("/api/pools/slow")
                .then()
                .statusCode(200);
    }

    @Test
    void backfillIdsAreTimeOrderedAndStoredRandomIdsStillWork() {
        Instant before = Instant.now().truncatedTo(ChronoUnit.MILLIS);
        String first = Backfills.launch(
                "{\"assets\":[\"test/daily\"],\"partitions\":[\"2025-11-01\"],\"reason\":\"id test\"}");
        String second = Backfills.launch(
                "{\"assets\":[\"test/daily\"],\"partitions\":[\"2025-11-02\"],\"reason\":\"id test\"}");
        for (String id : List.of(first, second)) {
            UUID uuid = UUID.fromString(id);
            assertThat(uuid.version()).as(id).isEqualTo(7);
            Instant stamped = Instant.ofEpochMilli(uuid.getMostSignificantBits() >>> 16);
            assertThat(stamped).isBetween(before, Instant.now());
        }
        assertThat(second).as("launched later, sorts later").isGreaterThan(first);

        // a backfill stored with a random (version 4) id, as before: found, listed and paged after as before
        String old = UUID.randomUUID().toString();
        store.create(new Backfill(
                old,
                BackfillStatus.COMPLETED,
                List.of(AssetKey.parse("test/daily")),
                MaterializationMode.FULL_REFRESH,
                "{}",
                "stored before time-ordered ids",
                "tester",
                Instant.parse("2020-01-01T00:00:00Z"),
                Instant.parse("2020-01-01T00:01:00Z"),
                1,
                1,
                0,
                null));
        assertThat(get(old).getString("status")).isEqualTo("COMPLETED");
        given().get("/backfills/" + old).then().statusCode(200);
        given().get("/backfills?after=" + old).then().statusCode(200);
        given().get("/api/runs?backfill=" + old).then().statusCode(200);
    }

    @Test
    void aPausedBackfillHasNoEstimateItsPauseIsNotInItsRateAndACancelCountsWhatNeverRanApart() {
        slowPool(1);
        try {
            String id = Backfills.launch(
                    "{\"assets\":[\"test/slow_daily\"],\"ranges\":[{\"start\":\"2025-08-01\",\"end\":\"2025-08-30\"}]}");
            Backfills.await(id, b -> b.getLong("progress.partitions.succeeded") >= 2);
            assertThat(get(id).getString("progress.eta"))
                    .as("running, with partitions done")
                    .isNotNull();

            post("/api/backfills/" + id + "/pause", "{\"reason\":\"lunch\"}", 200);
            Runs.sleep(1_200);
            JsonPath paused = get(id);
            assertThat(paused.getString("status")).isEqualTo("PAUSED");
            assertThat(paused.getString("progress.eta"))
                    .as("item 30: a paused backfill reports no ETA")
                    .isNull();
            assertThat(paused.getDouble("progress.pausedSeconds")).isGreaterThanOrEqualTo(1.2);
            double activeWhilePaused = paused.getDouble("progress.activeSeconds");
            Runs.sleep(300);
            assertThat(get(id).getDouble("progress.activeSeconds"))
                    .as("time paused is not time running")
                    .isEqualTo(activeWhilePaused);

            post("/api/backfills/" + id + "/resume", "{}", 200);
            JsonPath resumed = get(id);
            assertThat(resumed.getDouble("progress.pausedSeconds")).isGreaterThanOrEqualTo(1.5);

            post("/api/backfills/" + id + "/cancel", "{\"reason\":\"wrong days\"}", 200);
            JsonPath canceled = Backfills.await(id, Backfills::ended);
            assertThat(canceled.getString("status")).isEqualTo("CANCELED");
            assertThat(canceled.getString("progress.eta")).isNull();
            long succeeded = canceled.getLong("progress.partitions.succeeded");
            long skipped = canceled.getLong("progress.partitions.skipped");
            assertThat(skipped).as("the days that never ran").isPositive();
            assertThat(canceled.getLong("progress.partitions.canceled"))
                    .as("stopped while running")
                    .isLessThanOrEqualTo(1);
            assertThat(succeeded
                            + canceled.getLong("progress.partitions.failed")
                            + canceled.getLong("progress.partitions.canceled")
                            + skipped)
                    .isEqualTo(30)
                    .isEqualTo(canceled.getLong("progress.partitions.total"));
            assertThat(canceled.getLong("progress.skipped")).isEqualTo(skipped); // one day a run
            assertThat(canceled.getLong("progress.succeeded")).isEqualTo(succeeded);
            assertThat(canceled.getDouble("progress.partitionsPerSecond"))
                    .isEqualTo(Math.round((succeeded
                                            + canceled.getLong("progress.partitions.failed")
                                            + canceled.getLong("progress.partitions.canceled"))
                                    / canceled.getDouble("progress.activeSeconds")
                                    * 100)
                            / 100.0);
        } finally {
            slowPool(8);
        }
    }
}
