package io.sluice.api;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import io.sluice.testing.Backfills;
import io.sluice.testing.Runs;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * The API's lists take the pages' filters, by the same rules (issue 27, item 10): a filter the API used to ignore
 * (mode, launchedBy, origin, partition, time; the audit trail's action and target; the backfills' status) now keeps
 * only what it names, and a query parameter an endpoint does not take is a 400 problem on every endpoint.
 */
@QuarkusTest
class ListFiltersApiTest {

    private final String user = "filters-" + UUID.randomUUID().toString().substring(0, 8);

    private List<String> runIds(String query) {
        return given().get("/api/runs?launchedBy=" + user + "&" + query)
                .then()
                .statusCode(200)
                .extract()
                .jsonPath()
                .getList("id", String.class);
    }

    @Test
    void theRunsListTakesThePagesFilters() {
        String incremental = Runs.launch(
                "{\"assets\":[\"test/checked\"],\"launchedBy\":\"" + user + "\",\"config\":{\"value\":\"f1\"}}");
        Runs.await(incremental);
        String singleKey = Runs.launch("{\"assets\":[\"transform/form_adv_firm_identity\"],\"mode\":\"SINGLE_KEY\","
                + "\"keys\":[\"100001\"],\"launchedBy\":\"" + user + "\"}");
        Runs.await(singleKey);
        String backfill = Backfills.launch("{\"assets\":[\"test/daily\"],\"ranges\":[{\"start\":\"2024-10-13\","
                + "\"end\":\"2024-10-14\"}],\"launchedBy\":\"" + user + "\",\"reason\":\"filters\"}");
        JsonPath ended = Backfills.await(backfill, Backfills::ended);
        assertThat(ended.getString("status")).isEqualTo("COMPLETED");

        assertThat(runIds("mode=SINGLE_KEY")).containsExactly(singleKey);
        assertThat(runIds("mode=incremental")).contains(incremental).doesNotContain(singleKey);
        assertThat(runIds("origin=trigger")).isEmpty();
        assertThat(runIds("origin=backfill")).hasSize(2).doesNotContain(incremental, singleKey);
        assertThat(runIds("origin=backfill&name=" + backfill)).hasSize(2);
        assertThat(runIds("backfill=" + backfill)).hasSize(2);
        assertThat(runIds("partition=2024-10-14")).hasSize(1);
        assertThat(runIds("asset=test/checked")).containsExactly(incremental);
        assertThat(runIds("until=2001-01-01")).isEmpty();
        assertThat(runIds("from=2001-01-01")).hasSize(4);

        // the same rules as the page: a value that is not a choice is a 422, one not written as it must be a 400
        given().get("/api/runs?origin=cron")
                .then()
                .statusCode(422)
                .contentType("application/problem+json")
                .body("field", equalTo("origin"))
                .body("detail", containsString("origin must be one of schedule, sensor, trigger, backfill"));
        given().get("/api/runs?from=yesterday").then().statusCode(400).body("field", equalTo("from"));
        given().get("/api/runs?name=daily").then().statusCode(422).body("field", equalTo("name"));
    }

    @Test
    void theAuditTrailAndTheBackfillsTakeThePagesFilters() {
        String pool = "filters_pool_" + UUID.randomUUID().toString().substring(0, 8);
        given().contentType("application/json")
                .header("X-Sluice-User", user)
                .body("{\"limit\":2,\"reason\":\"filters\",\"allowUndeclared\":true}")
                .put("/api/pools/" + pool)
                .then()
                .statusCode(200);
        String run = Runs.launch(
                "{\"assets\":[\"test/checked\"],\"launchedBy\":\"" + user + "\",\"config\":{\"value\":\"f2\"}}");
        Runs.await(run);

        List<String> actions = given().get("/api/audit?actor=" + user + "&action=POOL_LIMIT_SET")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath()
                .getList("action", String.class);
        assertThat(actions).containsExactly("POOL_LIMIT_SET");
        // a target is what an event is about: here a name its detail gives
        assertThat(given().get("/api/audit?target=" + pool)
                        .then()
                        .statusCode(200)
                        .extract()
                        .jsonPath()
                        .getList("actor", String.class))
                .containsExactly(user);
        given().get("/api/audit?action=EXPLODED").then().statusCode(422).body("field", equalTo("action"));

        // the backfills list keeps only the status asked for
        List<String> statuses = given().get("/api/backfills?status=CANCELED&limit=500")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath()
                .getList("status", String.class);
        assertThat(statuses).allMatch("CANCELED"::equals);
        given().get("/api/backfills?status=DONE")
                .then()
                .statusCode(422)
                .body("field", equalTo("status"))
                .body("detail", containsString("no backfill status is named 'DONE'"));
    }

    @Test
    void aQueryParameterAnEndpointDoesNotTakeIsA400NamingIt() {
        for (String path : List.of(
                "/api/runs?mode=SINGLE_KEY&colour=red",
                "/api/assets?colour=red",
                "/api/audit?colour=red",
                "/api/backfills?colour=red",
                "/api/pools?colour=red",
                "/api/schedules?colour=red",
                "/api/lake/tables?colour=red")) {
            given().get(path)
                    .then()
                    .statusCode(400)
                    .contentType("application/problem+json")
                    .body("field", equalTo("colour"))
                    .body("detail", containsString("unknown query parameter 'colour'"));
        }
        given().contentType("application/json")
                .body("{\"assets\":[\"test/checked\"]}")
                .post("/api/runs?dryRun=true")
                .then()
                .statusCode(400)
                .body("field", equalTo("dryRun"));
        // what the endpoint takes is named
        given().get("/api/backfills?colour=red")
                .then()
                .statusCode(400)
                .body("detail", containsString("takes cursor, limit, status"));
    }
}
