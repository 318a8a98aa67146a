package io.sluice.api;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.sluice.lake.Lake;
import io.sluice.testing.Backfills;
import io.sluice.testing.Runs;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Rolling an asset back and forward over the API, for every write mode: the table comes back row for row, partitions
 * whose data a rollback removed show MISSING (and failed-and-missing backfills select them) until a rollback or a run
 * gives it back, and a rollback without a reason is refused.
 */
@QuarkusTest
class RollbackRoundTripApiTest {

    static final String D0 = "2024-03-01";
    static final String D1 = "2024-03-02";
    static final String D2 = "2024-03-03";

    @Inject
    Lake lake;

    private static String land(String asset, String day, int version) {
        JsonPath run = Runs.launchAndAwait("{\"assets\":[\"" + asset + "\"],\"partitions\":[\"" + day
                + "\"],\"config\":{\"version\":" + version + "}}");
        assertThat(run.getString("status")).as(run.getString("error")).isEqualTo("SUCCESS");
        return run.getString("id");
    }

    private static JsonPath rollback(String asset, String target, String partition) {
        String id = given().contentType(ContentType.JSON)
                .body("{" + target + (partition == null ? "" : ",\"partition\":\"" + partition + "\"")
                        + ",\"reason\":\"round trip\"}")
                .post("/api/assets/" + asset + "/rollback")
                .then()
                .statusCode(201)
                .extract()
                .path("id");
        JsonPath run = Runs.await(id);
        assertThat(run.getString("status")).as(run.getString("error")).isEqualTo("SUCCESS");
        return run;
    }

    private static String toRun(String id) {
        return "\"toRun\":\"" + id + "\"";
    }

    /** The rows of the table, row for row; of a bi-temporal table its current belief. */
    private List<String> export(String table, boolean bitemporal) {
        String rows = bitemporal
                ? "SELECT * EXCLUDE (system_from, system_to) FROM " + table + " WHERE system_to IS NULL"
                : "SELECT * FROM " + table;
        return lake.read(s ->
                s.queryStrings("SELECT CAST(struct_pack(*COLUMNS(*)) AS VARCHAR) AS r FROM (" + rows + ") ORDER BY r"));
    }

    /** The status the partitions API gives {@code day}. */
    private static String status(String asset, String day) {
        List<Map<String, Object>> ranges = given().get("/api/assets/" + asset + "/partitions")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath()
                .getList("ranges");
        return ranges.stream()
                .filter(r -> r.get("start").toString().compareTo(day) <= 0
                        && day.compareTo(r.get("end").toString()) <= 0)
                .map(r -> r.get("status").toString())
                .findFirst()
                .orElseThrow();
    }

    private static List<String> statuses(String asset) {
        return List.of(status(asset, D0), status(asset, D1), status(asset, D2));
    }

    /** The partitions of D0..D2 a failed-and-missing backfill selects (a dry run), or none when it is refused as selecting none. */
    private static List<String> failedAndMissing(String asset) {
        var response = given().contentType(ContentType.JSON)
                .body("{\"assets\":[\"" + asset + "\"],\"ranges\":[{\"start\":\"" + D0 + "\",\"end\":\"" + D2
                        + "\"}],\"failedAndMissingOnly\":true}")
                .post("/api/backfills/preview")
                .then()
                .extract();
        if (response.statusCode() == 422) {
            assertThat(response.jsonPath().getString("detail")).contains("none is failed or missing");
            return List.of();
        }
        assertThat(response.statusCode()).isEqualTo(200);
        return response.jsonPath().<List<String>>getList("runs.partitions").stream()
                .flatMap(List::stream)
                .sorted()
                .toList();
    }

    /** Lands D0, D1, D2 and D1 again; rolls the whole table back to D0's run and forward; then D1 alone, back and forward. */
    private void roundTrip(String name, boolean bitemporal, boolean partitions) {
        String asset = "test/rb_" + name;
        String table = "test_rb_" + name;
        land(asset, D0, 1);
        String r0 = land(asset, D0, 1); // a rerun: the table's state after it is the first run's
        List<String> afterR0 = export(table, bitemporal);
        Instant beforeD1 = Instant.now();
        land(asset, D1, 1);
        land(asset, D2, 1);
        String r3 = land(asset, D1, 2);
        List<String> before = export(table, bitemporal);
        assertThat(statuses(asset)).containsOnly("MATERIALIZED");
        assertThat(failedAndMissing(asset)).isEmpty();

        JsonPath back = rollback(asset, toRun(r0), null);
        assertThat(export(table, bitemporal)).isEqualTo(afterR0);
        assertThat(statuses(asset))
                .as("D1 and D2 lost their data")
                .containsExactly("MATERIALIZED", "MISSING", "MISSING");
        assertThat(failedAndMissing(asset)).containsExactly(D1, D2);
        assertThat(back.getString("rollbackTo")).isEqualTo("run:" + r0);

        rollback(asset, toRun(r3), null);
        assertThat(export(table, bitemporal)).as("rolled forward, row for row").isEqualTo(before);
        assertThat(statuses(asset)).containsOnly("MATERIALIZED");
        assertThat(failedAndMissing(asset)).isEmpty();

        if (partitions) {
            rollback(asset, "\"toSystemTime\":\"" + beforeD1 + "\"", D1);
            assertThat(statuses(asset))
                    .as("D1 alone was rolled back to before its first write")
                    .containsExactly("MATERIALIZED", "MISSING", "MATERIALIZED");
            assertThat(failedAndMissing(asset)).containsExactly(D1);
            rollback(asset, toRun(r3), D1);
            assertThat(export(table, bitemporal)).isEqualTo(before);
            assertThat(statuses(asset)).containsOnly("MATERIALIZED");
        }
    }

    @Test
    void anAppendAssetRollsBackAndForwardAndItsPartitionStatusFollows() {
        roundTrip("append", false, true);
    }

    @Test
    void aPartitionOverwriteAssetRollsBackAndForwardAndItsPartitionStatusFollows() {
        roundTrip("overwrite", false, true);
    }

    @Test
    void anUpsertAssetRollsBackAndForwardAndItsPartitionStatusFollows() {
        roundTrip("upsert", false, false);
    }

    @Test
    void aBitemporalAssetRollsBackAndForwardAndItsPartitionStatusFollows() {
        roundTrip("versions", true, true);
    }

    @Test
    void aFailedAndMissingBackfillRelandsWhatARollbackRemovedAndARollForwardStillRestoresTheRowsAsTheyWere() {
        String asset = "test/rb_append";
        String first = land(asset, "2024-04-01", 1);
        land(asset, "2024-04-02", 7);
        String last = land(asset, "2024-04-03", 7);
        List<String> all = export("test_rb_append", false);
        rollback(asset, toRun(first), null);

        String body = "{\"assets\":[\"" + asset + "\"],\"ranges\":[{\"start\":\"2024-04-01\",\"end\":\"2024-04-03\"}],"
                + "\"failedAndMissingOnly\":true,\"config\":{\"version\":1},\"reason\":\"reland\"}";
        String id = Backfills.launch(body);
        JsonPath backfill = Backfills.await(id, Backfills::ended);
        assertThat(backfill.getString("status")).isEqualTo("COMPLETED");
        assertThat(backfill.getLong("partitionCount"))
                .as("the two days the rollback removed")
                .isEqualTo(2);
        assertThat(List.of(status(asset, "2024-04-02"), status(asset, "2024-04-03")))
                .containsOnly("MATERIALIZED");
        assertThat(export("test_rb_append", false)).isNotEqualTo(all);

        rollback(asset, toRun(last), null);
        assertThat(export("test_rb_append", false))
                .as("the loads as the rolled-back runs landed them")
                .isEqualTo(all);
    }

    @Test
    void partitionsLandedAsARangeGoMissingTogetherWhenARollbackRemovesTheRangeAndComeBackTogether() {
        String asset = "test/rb_ranges";
        String first = land(asset, D0, 1);
        JsonPath range =
                Runs.launchAndAwait("{\"assets\":[\"" + asset + "\"],\"partitions\":[\"" + D1 + "\",\"" + D2 + "\"]}");
        assertThat(range.getString("status")).as(range.getString("error")).isEqualTo("SUCCESS");
        List<String> before = export("test_rb_ranges", false);
        assertThat(before).hasSize(3);

        rollback(asset, toRun(first), null);
        assertThat(statuses(asset)).containsExactly("MATERIALIZED", "MISSING", "MISSING");
        assertThat(failedAndMissing(asset)).containsExactly(D1, D2);
        given().contentType(ContentType.JSON)
                .body("{" + toRun(range.getString("id")) + ",\"partition\":\"" + D1 + "\",\"reason\":\"r\"}")
                .post("/api/assets/" + asset + "/rollback")
                .then()
                .statusCode(409)
                .body("detail", containsString(D1 + "..." + D2))
                .body("detail", containsString("roll back the whole asset"));

        rollback(asset, toRun(range.getString("id")), null);
        assertThat(export("test_rb_ranges", false)).isEqualTo(before);
        assertThat(statuses(asset)).containsOnly("MATERIALIZED");
    }

    @Test
    void aRollbackWithoutAReasonIsAProblemNamingReasonAndStoresNothing() {
        String run = land("test/rb_overwrite", "2024-05-01", 1);
        int before = given().get("/api/runs?limit=500")
                .then()
                .extract()
                .jsonPath()
                .getList("$")
                .size();
        for (String body : List.of(
                "{\"toRun\":\"" + run + "\"}",
                "{\"toRun\":\"" + run + "\",\"reason\":\"  \"}",
                "{\"toRun\":\"" + run + "\",\"reason\":null}")) {
            given().contentType(ContentType.JSON)
                    .body(body)
                    .post("/api/assets/test/rb_overwrite/rollback")
                    .then()
                    .statusCode(422)
                    .contentType("application/problem+json")
                    .body("field", equalTo("reason"))
                    .body("detail", containsString("needs a reason"));
        }
        assertThat(given().get("/api/runs?limit=500")
                        .then()
                        .extract()
                        .jsonPath()
                        .getList("$"))
                .as("nothing stored")
                .hasSize(before);
    }
}
