package io.sluice.api;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.not;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.sluice.catalog.AssetKey;
import io.sluice.runs.DynamicKeyStore;
import io.sluice.runs.MaterializationMode;
import io.sluice.runs.Run;
import io.sluice.runs.RunHistory;
import io.sluice.runs.RunKind;
import io.sluice.runs.RunQueue;
import io.sluice.runs.RunStatus;
import io.sluice.runs.RunStep;
import io.sluice.testing.Runs;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.hamcrest.Matchers;
import org.junit.jupiter.api.Test;

/** Dynamic partitions: keys added and removed over the API, launches validated against them, every change audited. */
@QuarkusTest
class PartitionApiTest {

    @Inject
    RunQueue queue;

    @Inject
    RunHistory history;

    @Inject
    DynamicKeyStore keyStore;

    private static List<String> change(String method, String body, int status) {
        var request = given().contentType(ContentType.JSON)
                .header("X-Sluice-User", "erin")
                .body(body)
                .when();
        var response = "POST".equals(method)
                ? request.post("/api/partitions/test_regions/keys")
                : request.delete("/api/partitions/test_regions/keys");
        return response.then().statusCode(status).extract().jsonPath().getList("keys");
    }

    @Test
    void keysAreAddedAndRemovedAtRunTimeAndLaunchesFollowThem() {
        given().get("/api/partitions").then().statusCode(200).body("$", hasItem("test_regions"));
        assertThat(change("POST", "{\"keys\":[\"eu\",\"us\"],\"reason\":\"new markets\"}", 200))
                .containsExactly("eu", "us");
        assertThat(change("POST", "{\"keys\":[\"eu\"]}", 200))
                .as("already there")
                .isEmpty();
        given().get("/api/partitions/test_regions/keys")
                .then()
                .statusCode(200)
                .body("keys", equalTo(List.of("eu", "us")));

        assertThat(Runs.launchAndAwait("{\"assets\":[\"test/regional\"],\"partitions\":[\"eu\"]}")
                        .getString("status"))
                .isEqualTo("SUCCESS");
        given().contentType(ContentType.JSON)
                .body("{\"assets\":[\"test/regional\"],\"partitions\":[\"asia\"]}")
                .when()
                .post("/api/runs")
                .then()
                .statusCode(422)
                .body("field", equalTo("partitions[0]"));

        assertThat(change("DELETE", "{\"keys\":[\"us\",\"mars\"]}", 200)).containsExactly("us");
        given().contentType(ContentType.JSON)
                .body("{\"assets\":[\"test/regional\"],\"partitions\":[\"us\"]}")
                .when()
                .post("/api/runs")
                .then()
                .statusCode(422);

        List<String> actions = given().get("/api/audit?asset=test/regional")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath()
                .getList("action");
        assertThat(actions).contains("PARTITION_KEYS_ADDED", "PARTITION_KEYS_REMOVED");
        assertThat(given().get("/api/audit?asset=test/regional")
                        .then()
                        .extract()
                        .jsonPath()
                        .getList("actor"))
                .contains("erin");
        assertThat(given().get("/api/audit?asset=test/regiona")
                        .then()
                        .statusCode(200)
                        .extract()
                        .jsonPath()
                        .getList("$"))
                .as("a prefix of an asset's name is another asset")
                .isEmpty();
    }

    @Test
    void badKeyChangesAreProblems() {
        given().contentType(ContentType.JSON)
                .body("{\"keys\":[\"a|b\"]}")
                .when()
                .post("/api/partitions/test_regions/keys")
                .then()
                .statusCode(422)
                .contentType("application/problem+json")
                .body("field", equalTo("keys[0]"));
        given().contentType(ContentType.JSON)
                .body("{\"keys\":[]}")
                .when()
                .post("/api/partitions/test_regions/keys")
                .then()
                .statusCode(422)
                .body("field", equalTo("keys"));
        // a key given twice is refused, as a partition given twice is everywhere
        given().contentType(ContentType.JSON)
                .body("{\"keys\":[\"ok\",\"us2\",\"ok\"]}")
                .when()
                .post("/api/partitions/test_regions/keys")
                .then()
                .statusCode(422)
                .body("field", equalTo("keys[2]"));
        for (String key : List.of("k".repeat(201), "a,b", " padded")) {
            given().contentType(ContentType.JSON)
                    .body(Map.of("keys", List.of("ok", key)))
                    .when()
                    .post("/api/partitions/test_regions/keys")
                    .then()
                    .statusCode(422)
                    .contentType("application/problem+json")
                    .body("field", equalTo("keys[1]"));
        }
        given().contentType(ContentType.JSON)
                .body("{\"keys\":[\"z\"],\"reason\":\"r\",\"reason\":\"s\"}")
                .when()
                .post("/api/partitions/test_regions/keys")
                .then()
                .statusCode(400)
                .contentType("application/problem+json")
                .body("detail", Matchers.containsString("field 'reason' is given twice"));
        given().get("/api/partitions/test_regions/keys").then().body("keys", Matchers.not(Matchers.hasItem("ok")));
        given().contentType(ContentType.JSON)
                .body("{\"keys\":[\"x\"]}")
                .when()
                .post("/api/partitions/nothing/keys")
                .then()
                .statusCode(404);
        given().get("/api/partitions/nothing/keys").then().statusCode(404);
    }

    /** A run of test/regional over the partition, in a backfill that is not running, so no worker starts it. */
    private static Run heldRun(String partition) {
        AssetKey regional = AssetKey.parse("test/regional");
        return new Run(
                UUID.randomUUID().toString(),
                RunStatus.QUEUED,
                MaterializationMode.INCREMENTAL,
                List.of(regional),
                List.of(),
                List.of(partition),
                "{}",
                "held",
                "tester",
                Instant.now(),
                null,
                null,
                0,
                0,
                0,
                null,
                false,
                List.of(RunStep.queued(0, regional)),
                RunKind.MATERIALIZE,
                null,
                UUID.randomUUID().toString(),
                Map.of());
    }

    private static void assertKeys(String... keys) {
        assertThat(given().get("/api/partitions/test_regions/keys")
                        .then()
                        .statusCode(200)
                        .extract()
                        .jsonPath()
                        .getList("keys", String.class))
                .contains(keys);
    }

    @Test
    void aKeyThatAQueuedOrStartedRunUsesIsNotRemovedUntilTheRunHasEnded() {
        assertThat(change("POST", "{\"keys\":[\"apac\",\"latam\"]}", 200)).containsExactly("apac", "latam");
        int removals = given().get("/api/audit?asset=test/regional&limit=500")
                .then()
                .extract()
                .jsonPath()
                .getList("findAll { it.action == 'PARTITION_KEYS_REMOVED' }")
                .size();

        Run queued = heldRun("apac");
        Run waiting = heldRun("apac");
        try {
            refusedWhileRunsUseTheKey(queued, waiting, removals);
        } finally {
            for (Run run : List.of(queued, waiting)) {
                queue.cancel(run.id(), Instant.now());
                if (history.find(run.id())
                        .map(r -> r.status() == RunStatus.STARTED)
                        .orElse(false)) {
                    queue.finish(run.id(), RunStatus.CANCELED, Instant.now(), 0, 0, 0, null);
                }
            }
            keyStore.remove("test_regions", List.of("apac", "latam"));
        }
    }

    private void refusedWhileRunsUseTheKey(Run queued, Run waiting, int removals) {
        queue.create(queued);
        given().contentType(ContentType.JSON)
                .header("X-Sluice-User", "erin")
                .body("{\"keys\":[\"latam\",\"apac\"],\"reason\":\"closing apac\"}")
                .when()
                .delete("/api/partitions/test_regions/keys")
                .then()
                .statusCode(409)
                .contentType("application/problem+json")
                .body("field", equalTo("keys[1]"))
                .body("detail", containsString("'apac'"))
                .body("detail", containsString(queued.id()))
                .body("detail", not(containsString("'latam'")));
        assertKeys("apac", "latam");

        queue.claim(queued.id(), Instant.now());
        change("DELETE", "{\"keys\":[\"apac\"]}", 409);
        assertKeys("apac");

        // a run queued behind the started one (sluice.runs.busy-partition=queue) waits for the partition: it uses the
        // key too
        queue.createAll(List.of(waiting), true);
        queue.finish(queued.id(), RunStatus.SUCCESS, Instant.now(), 0, 0, 1, null);
        given().contentType(ContentType.JSON)
                .body("{\"keys\":[\"apac\"]}")
                .when()
                .delete("/api/partitions/test_regions/keys")
                .then()
                .statusCode(409)
                .body("detail", containsString(waiting.id()))
                .body("detail", not(containsString(queued.id())));
        assertKeys("apac", "latam");
        assertThat(given().get("/api/audit?asset=test/regional&limit=500")
                        .then()
                        .extract()
                        .jsonPath()
                        .getList("findAll { it.action == 'PARTITION_KEYS_REMOVED' }"))
                .as("a refused removal is not audited")
                .hasSize(removals);

        queue.cancel(waiting.id(), Instant.now());
        assertThat(change("DELETE", "{\"keys\":[\"apac\",\"latam\"]}", 200))
                .as("finished runs do not hold a key")
                .containsExactly("apac", "latam");
    }
}
