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

    /** What these tests read of a run. */
    record RunSeen(String asset, List<String> partitions, String status, Instant started, Instant ended, String error) {
        @SuppressWarnings("unchecked")
        static RunSeen of(Map<String, Object> run) {
            return new RunSeen(
                    String.join(",", (List<String>) run.get("assets")),
                    (List<String>) run.get("partitions"),
                    (String) run.get("status"),
                    run.get("startedAt") == null ? null : Instant.parse((String) run.get("startedAt")),
                    run.get("endedAt") == null ? null : Instant.parse((String) run.get("endedAt")),
                    (String) run.get("error"));
        }
    }

    private static List<RunSeen> runsOf(String backfillId) {
        List<Map<String, Object>> runs = given().get("/api/runs?limit=500")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath()
                .getList("$");
        return runs.stream()
                .filter(r -> backfillId.equals(r.get("backfillId")))
                .map(RunSeen::of)
                .toList();
    }

    @Test
    void aDryRunShowsWhichRunsWaitForWhich() {
        JsonPath plan = given().contentType(ContentType.JSON)
                .body("{\"assets\":[" + CHAIN + "],\"ranges\":[{\"start\":\"2024-02-01-00:00\","
                        + "\"end\":\"2024-02-02-23:00\"}],\"partitionsPerRun\":6}")
                .post("/api/backfills/preview")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath();
        assertThat(plan.getLong("partitionCount")).isEqualTo(48);
        assertThat(plan.getInt("runCount"))
                .isEqualTo(8 + 1 + 1)
                .as("8 hourly runs of 6 hours, one daily run of 2 days, the summary");
        assertThat(plan.getList("runs[8].assets")).containsExactly("test/daily_rollup");
        assertThat(plan.getList("runs[8].partitions")).containsExactly("2024-02-01...2024-02-02");
        assertThat(plan.<Integer>getList("runs[8].after")).containsExactly(0, 1, 2, 3, 4, 5, 6, 7);
        assertThat(plan.getList("runs[9].partitions")).isEmpty();
        assertThat(plan.<Integer>getList("runs[9].after")).containsExactly(8);
    }

    @Test
    void eachRunStartsOnlyAfterTheRunsOfThePartitionsItReads() {
        JsonPath done = Backfills.launchAndAwait(
                "{\"assets\":[" + CHAIN + "],\"ranges\":[{\"start\":\"2024-03-01-00:00\","
                        + "\"end\":\"2024-03-02-23:00\"}],\"partitionsPerRun\":4,\"reason\":\"hours to days to summary\"}");
        assertThat(done.getString("status")).isEqualTo("COMPLETED");
        List<RunSeen> runs = runsOf(done.getString("id"));
        assertThat(runs)
                .as("12 hourly runs of 4 hours, one daily run of both days, the summary")
                .hasSize(12 + 1 + 1);
        assertThat(runs).extracting(RunSeen::status).containsOnly("SUCCESS");
        Map<String, Instant> lastHourEnded = new HashMap<>();
        Instant lastDayEnded = Instant.MIN;
        for (RunSeen run : runs) {
            if (run.asset().equals("test/hourly")) {
                lastHourEnded.merge(
                        run.partitions().get(0).substring(0, 10), run.ended(), (a, b) -> a.isAfter(b) ? a : b);
            } else if (run.asset().equals("test/daily_rollup")) {
                lastDayEnded = lastDayEnded.isAfter(run.ended()) ? lastDayEnded : run.ended();
            }
        }
        for (RunSeen run : runs) {
            if (run.asset().equals("test/daily_rollup")) {
                for (String day : days(run.partitions())) {
                    assertThat(run.started())
                            .as("day " + day + " starts after its hours")
                            .isAfterOrEqualTo(lastHourEnded.get(day));
                }
            } else if (run.asset().equals("test/rollup_summary")) {
                assertThat(run.started())
                        .as("the summary starts after every day")
                        .isAfterOrEqualTo(lastDayEnded);
            }
        }
    }

    @Test
    void aFailedHourCancelsTheRunsThatWaitForItAndTheRestCompletes() {
        JsonPath done = Backfills.launchAndAwait(
                "{\"assets\":[" + CHAIN + "],\"ranges\":[{\"start\":\"2024-04-01-00:00\","
                        + "\"end\":\"2024-04-02-23:00\"}],\"config\":{\"test/hourly\":{\"failAt\":\"2024-04-02-05:00\"}}}");
        assertThat(done.getString("status")).isEqualTo("FAILED");
        List<RunSeen> runs = runsOf(done.getString("id"));
        Map<String, String> statusByFirstPartition = new HashMap<>();
        for (RunSeen run : runs) {
            statusByFirstPartition.put(
                    "[" + run.asset() + "] "
                            + (run.partitions().isEmpty()
                                    ? "-"
                                    : run.partitions().get(0)),
                    run.status());
        }
        assertThat(statusByFirstPartition)
                .containsEntry("[test/hourly] 2024-04-01-00:00", "SUCCESS")
                .containsEntry("[test/hourly] 2024-04-02-05:00", "FAILURE")
                .containsEntry("[test/daily_rollup] 2024-04-01", "SUCCESS")
                .containsEntry("[test/daily_rollup] 2024-04-02", "CANCELED")
                .containsEntry("[test/rollup_summary] -", "CANCELED");
        RunSeen summary = runs.stream()
                .filter(r -> r.asset().equals("test/rollup_summary"))
                .findFirst()
                .orElseThrow();
        assertThat(summary.error()).startsWith("upstream run ").endsWith(" ended FAILURE");

        JsonPath retry = given().contentType(ContentType.JSON)
                .body("{\"reason\":\"the hour is fixed\"}")
                .post("/api/backfills/" + done.getString("id") + "/retry-failed")
                .then()
                .statusCode(201)
                .extract()
                .jsonPath();
        assertThat(retry.getLong("plan.partitionCount"))
                .as("the failed hour and the canceled day's 24 hours")
                .isEqualTo(24);
        assertThat(retry.getList("plan.runs.assets"))
                .contains(List.of("test/daily_rollup"), List.of("test/rollup_summary"));
    }

    /** The days of a run's partitions as its JSON gives them: ranges first...last and single days. */
    private static List<String> days(List<String> ranges) {
        List<String> days = new java.util.ArrayList<>();
        for (String r : ranges) {
            String[] ends = r.split("\\.\\.\\.");
            for (java.time.LocalDate d = java.time.LocalDate.parse(ends[0]);
                    !d.isAfter(java.time.LocalDate.parse(ends[ends.length - 1]));
                    d = d.plusDays(1)) {
                days.add(d.toString());
            }
        }
        return days;
    }
}
