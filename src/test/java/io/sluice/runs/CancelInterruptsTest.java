package io.sluice.runs;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.sluice.lake.Lake;
import io.sluice.testing.LongStatementAssets;
import io.sluice.testing.Runs;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.hamcrest.Matchers;
import org.junit.jupiter.api.Test;

/**
 * A cancel stops a run inside one long DuckDB statement (one that would run for an hour): the statement is interrupted,
 * the run ends CANCELED, its later steps never start, and the table it was writing is as it was.
 */
@QuarkusTest
class CancelInterruptsTest {

    @Inject
    Lake lake;

    @Inject
    RunQueue queue;

    private List<String> rows(String table) {
        return lake.read(session -> session.queryStrings("SELECT n || ':' || v FROM " + table + " ORDER BY ALL"));
    }

    /** The staging tables of {@code test_long_staged} (an emptied one may wait in the lake's pool for the next publish) and their rows. */
    private Map<String, Long> stagingTables() {
        return lake.read(session -> {
            Map<String, Long> tables = new TreeMap<>();
            for (String table : session.queryStrings("SELECT table_name FROM information_schema.tables "
                    + "WHERE table_name LIKE '\\_\\_stage\\_test\\_long\\_staged%' ESCAPE '\\'")) {
                tables.put(table, session.queryLong("SELECT count(*) FROM " + table));
            }
            return tables;
        });
    }

    /** Launches {@code body} and returns its id once its asset is about to run its statement (and a moment later, inside it). */
    private static String launchIntoTheStatement(String body) throws InterruptedException {
        LongStatementAssets.entered = new CountDownLatch(1);
        String id = Runs.launch(body);
        assertThat(LongStatementAssets.entered.await(30, TimeUnit.SECONDS))
                .as("the asset reached its statement")
                .isTrue();
        Thread.sleep(300);
        assertThat(given().when()
                        .get("/api/runs/" + id)
                        .then()
                        .statusCode(200)
                        .extract()
                        .jsonPath()
                        .getString("status"))
                .isEqualTo("STARTED");
        return id;
    }

    @Test
    void aCancelInterruptsTheStatementOfAWriteTheRunEndsCanceledAndTheTableIsAsItWas() throws Exception {
        assertThat(Runs.launchAndAwait("{\"assets\":[\"test/long_write\"]}").getString("status"))
                .isEqualTo("SUCCESS");
        List<String> before = rows("test_long_write");
        assertThat(before).containsExactly("0:v0", "1:v1", "2:v2");

        String id = launchIntoTheStatement("{\"assets\":[\"test/long_write\",\"test/after_long_write\"],"
                + "\"config\":{\"test/long_write\":{\"slow\":true}}}");
        given().contentType(ContentType.JSON)
                .body("{\"reason\":\"wrong config\"}")
                .when()
                .post("/api/runs/" + id + "/cancel")
                .then()
                .statusCode(200)
                .body("cancelRequested", Matchers.equalTo(true));
        JsonPath run = Runs.await(id);

        assertThat(run.getString("status")).isEqualTo("CANCELED");
        assertThat(run.getList("steps.status")).containsExactly("CANCELED", "CANCELED");
        assertThat(run.getString("steps[0].error"))
                .as("canceled, not failed with DuckDB's words")
                .isNull();
        assertThat(run.getString("steps[1].startedAt"))
                .as("the downstream step never started")
                .isNull();
        assertThat(run.getString("error")).isNull();
        List<String> log = given().when()
                .get("/api/runs/" + id + "/logs")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath()
                .getList("message");
        assertThat(log).contains("canceled: the lake statement it was running was interrupted and rolled back");
        assertThat(rows("test_long_write"))
                .as("the DELETE before the statement was rolled back")
                .isEqualTo(before);
    }

    @Test
    void aCancelStoredByAnotherProcessInterruptsTheStagingStatementAndDropsTheStagingTable() throws Exception {
        assertThat(Runs.launchAndAwait("{\"assets\":[\"test/long_staged\"]}").getString("status"))
                .isEqualTo("SUCCESS");
        List<String> before = rows("test_long_staged");
        long writes = lake.read(session -> session.tableVersion("test_long_staged"));
        Map<String, Long> staging = stagingTables();

        String id = launchIntoTheStatement("{\"assets\":[\"test/long_staged\"],\"config\":{\"slow\":true}}");
        // as another node would: only the flag in the metadata store, no call into this process
        assertThat(QuarkusTransaction.requiringNew().call(() -> queue.cancel(id, Instant.now())))
                .isEqualTo(RunQueue.CancelOutcome.REQUESTED);
        JsonPath run = Runs.await(id);

        assertThat(run.getString("status")).isEqualTo("CANCELED");
        assertThat(run.getList("materializations")).isEmpty();
        assertThat(rows("test_long_staged")).isEqualTo(before);
        assertThat(lake.<Long>read(session -> session.tableVersion("test_long_staged")))
                .as("no write logged")
                .isEqualTo(writes);
        assertThat(staging.keySet())
                .as("no staging table of the canceled run is left")
                .containsAll(stagingTables().keySet());
        assertThat(stagingTables().values()).as("and none holds rows").allMatch(n -> n == 0);
        assertThat(Runs.launchAndAwait("{\"assets\":[\"test/long_staged\"]}").getString("status"))
                .as("the table takes writes again")
                .isEqualTo("SUCCESS");
    }
}
