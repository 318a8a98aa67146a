package io.sluice.api;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.sluice.testing.Backfills;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Backfills across partitions definitions: hourly → daily → unpartitioned, each run after the runs it reads. */
@QuarkusTest
class BackfillDependenciesApiTest {

    private static final String CHAIN = "\"test/hourly\",\"test/daily_rollup\",\"test/rollup_summary\"";

    private static List<Map<String, Object>> runsOf(String backfillId) {
        List<Map<String, Object>> runs = given().get("/api/runs?limit=500").then().statusCode(200).extract().jsonPath().getList("$");
        return runs.stream().filter(r -> backfillId.equals(r.get("backfillId"))).toList();
    }

    @Test
    void aDryRunShowsWhichRunsWaitForWhich() {
        JsonPath plan = given().contentType(ContentType.JSON).body("{\"assets\":[" + CHAIN + "],\"ranges\":[{\"start\":\"2024-02-01-00:00\","
                + "\"end\":\"2024-02-02-23:00\"}],\"partitionsPerRun\":6,\"dryRun\":true}").post("/api/backfills").then().statusCode(200)
                .extract().jsonPath();
        assertThat(plan.getLong("partitionCount")).isEqualTo(48);
        assertThat(plan.getInt("runCount")).isEqualTo(8 + 1 + 1).as("8 hourly runs of 6 hours, one daily run of 2 days, the summary");
        assertThat(plan.getList("runs[8].assets")).containsExactly("test/daily_rollup");
        assertThat(plan.getList("runs[8].partitions")).containsExactly("2024-02-01", "2024-02-02");
        assertThat(plan.<Integer>getList("runs[8].after")).containsExactly(0, 1, 2, 3, 4, 5, 6, 7);
        assertThat(plan.getList("runs[9].partitions")).isEmpty();
        assertThat(plan.<Integer>getList("runs[9].after")).containsExactly(8);
    }

    @Test
    void eachRunStartsOnlyAfterTheRunsOfThePartitionsItReads() {
        JsonPath done = Backfills.launchAndAwait("{\"assets\":[" + CHAIN + "],\"ranges\":[{\"start\":\"2024-03-01-00:00\","
                + "\"end\":\"2024-03-02-23:00\"}],\"partitionsPerRun\":4,\"reason\":\"hours to days to summary\"}");
        assertThat(done.getString("status")).isEqualTo("COMPLETED");
        List<Map<String, Object>> runs = runsOf(done.getString("id"));
        assertThat(runs).as("12 hourly runs of 4 hours, one daily run of both days, the summary").hasSize(12 + 1 + 1);
        Map<String, Instant> lastHourEnded = new HashMap<>();
        Instant lastDayEnded = Instant.MIN;
        for (Map<String, Object> run : runs) {
            assertThat(run.get("status")).isEqualTo("SUCCESS");
            @SuppressWarnings("unchecked")
            List<String> assets = (List<String>) run.get("assets");
            @SuppressWarnings("unchecked")
            List<String> partitions = (List<String>) run.get("partitions");
            Instant ended = Instant.parse((String) run.get("endedAt"));
            if (assets.equals(List.of("test/hourly"))) {
                String day = partitions.get(0).substring(0, 10);
                lastHourEnded.merge(day, ended, (a, b) -> a.isAfter(b) ? a : b);
            } else if (assets.equals(List.of("test/daily_rollup"))) {
                lastDayEnded = lastDayEnded.isAfter(ended) ? lastDayEnded : ended;
            }
        }
        for (Map<String, Object> run : runs) {
            @SuppressWarnings("unchecked")
            List<String> assets = (List<String>) run.get("assets");
            @SuppressWarnings("unchecked")
            List<String> partitions = (List<String>) run.get("partitions");
            Instant started = Instant.parse((String) run.get("startedAt"));
            if (assets.equals(List.of("test/daily_rollup"))) {
                for (String day : partitions) {
                    assertThat(started).as("day " + day + " starts after its hours").isAfterOrEqualTo(lastHourEnded.get(day));
                }
            } else if (assets.equals(List.of("test/rollup_summary"))) {
                assertThat(started).as("the summary starts after every day").isAfterOrEqualTo(lastDayEnded);
            }
        }
    }

    @Test
    void aFailedHourCancelsTheRunsThatWaitForItAndTheRestCompletes() {
        JsonPath done = Backfills.launchAndAwait("{\"assets\":[" + CHAIN + "],\"ranges\":[{\"start\":\"2024-04-01-00:00\","
                + "\"end\":\"2024-04-02-23:00\"}],\"config\":{\"test/hourly\":{\"failAt\":\"2024-04-02-05:00\"}}}");
        assertThat(done.getString("status")).isEqualTo("FAILED");
        List<Map<String, Object>> runs = runsOf(done.getString("id"));
        Map<String, String> statusByFirstPartition = new HashMap<>();
        for (Map<String, Object> run : runs) {
            @SuppressWarnings("unchecked")
            List<String> partitions = (List<String>) run.get("partitions");
            statusByFirstPartition.put(run.get("assets") + " " + (partitions.isEmpty() ? "-" : partitions.get(0)), (String) run.get("status"));
        }
        assertThat(statusByFirstPartition).containsEntry("[test/hourly] 2024-04-01-00:00", "SUCCESS")
                .containsEntry("[test/hourly] 2024-04-02-05:00", "FAILURE")
                .containsEntry("[test/daily_rollup] 2024-04-01", "SUCCESS")
                .containsEntry("[test/daily_rollup] 2024-04-02", "CANCELED")
                .containsEntry("[test/rollup_summary] -", "CANCELED");
        Map<String, Object> summary = runs.stream().filter(r -> r.get("assets").equals(List.of("test/rollup_summary"))).findFirst().orElseThrow();
        assertThat((String) summary.get("error")).startsWith("upstream run ").endsWith(" ended FAILURE");
    }
}
