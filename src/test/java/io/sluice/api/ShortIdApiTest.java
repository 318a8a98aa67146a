package io.sluice.api;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItems;

import io.quarkus.test.junit.QuarkusTest;
import io.sluice.testing.Backfills;
import io.sluice.testing.Runs;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.util.List;
import java.util.UUID;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;

/**
 * Short ids (the last 8 characters the pages show) are accepted wherever an id is typed or addressed (issue 27, item
 * 7): API paths and filters of runs and backfills, the pages' addresses (which answer with the whole id's address), the
 * data page's run field; a suffix several ids end with is a 422 naming them, one that none ends with a 404.
 */
@QuarkusTest
class ShortIdApiTest {

    @Inject
    DataSource dataSource;

    private static String tail(String id) {
        return id.substring(id.length() - 8);
    }

    @Test
    void aRunIsFoundByTheEndOfItsId() {
        String user = "short-" + UUID.randomUUID().toString().substring(0, 8);
        String id = Runs.launch(
                "{\"assets\":[\"test/checked\"],\"launchedBy\":\"" + user + "\",\"config\":{\"value\":\"s1\"}}");
        Runs.await(id);
        String shortId = tail(id);

        given().get("/api/runs/" + shortId).then().statusCode(200).body("id", equalTo(id));
        given().get("/api/runs/" + shortId.toUpperCase()).then().statusCode(200).body("id", equalTo(id));
        given().get("/api/runs/" + id.substring(id.length() - 5))
                .then()
                .statusCode(200)
                .body("id", equalTo(id));
        given().get("/api/runs/" + shortId + "/logs").then().statusCode(200);
        given().get("/api/runs/" + shortId + "/checks").then().statusCode(200);
        given().get("/api/audit?run=" + shortId).then().statusCode(200).body("runId", hasItems(id));
        given().get("/api/audit?target=" + shortId).then().statusCode(200).body("runId", hasItems(id));

        // the page answers with the whole id's address
        given().redirects()
                .follow(false)
                .get("/runs/" + shortId + "?level=INFO")
                .then()
                .statusCode(303)
                .header("Location", containsString("/runs/" + id + "?level=INFO"));
        given().get("/runs/" + shortId).then().statusCode(200).body(containsString(id));

        // the data page's "what changed in run"
        String table = given().get("/api/assets/test/checked")
                .then()
                .extract()
                .jsonPath()
                .getString("table.name");
        if (table != null) {
            given().get("/data/" + table + "?run=" + shortId)
                    .then()
                    .statusCode(200)
                    .body(containsString(id));
        }
    }

    @Test
    void aBackfillIsFoundByTheEndOfItsIdInPathsAndFilters() {
        String backfill = Backfills.launch("{\"assets\":[\"test/daily\"],\"ranges\":[{\"start\":\"2024-10-20\","
                + "\"end\":\"2024-10-21\"}],\"reason\":\"short ids\"}");
        Backfills.await(backfill, Backfills::ended);
        String shortId = tail(backfill);

        given().get("/api/backfills/" + shortId).then().statusCode(200).body("id", equalTo(backfill));
        List<String> runs = given().get("/api/runs?backfill=" + shortId)
                .then()
                .statusCode(200)
                .extract()
                .jsonPath()
                .getList("id", String.class);
        assertThat(runs).hasSize(2);
        given().get("/runs?backfill=" + shortId)
                .then()
                .statusCode(200)
                .body(containsString("href=\"/runs/" + runs.get(0) + "\""))
                .body(containsString("href=\"/runs/" + runs.get(1) + "\""));
        given().get("/api/audit?backfill=" + shortId).then().statusCode(200).body("backfillId", hasItems(backfill));
        given().redirects()
                .follow(false)
                .get("/backfills/" + shortId)
                .then()
                .statusCode(303)
                .header("Location", containsString("/backfills/" + backfill));
    }

    @Test
    void aSuffixSeveralIdsEndWithIsRefusedNamingThemAndOneNoneEndsWithIsNotFound() throws Exception {
        String end = UUID.randomUUID().toString().substring(24); // 12 hexadecimal digits, as a run id ends
        String a = "01900000-0000-7000-8000-0a" + end.substring(2);
        String b = "01900000-0000-7000-8000-0b" + end.substring(2);
        try (Connection c = dataSource.getConnection();
                PreparedStatement insert = c.prepareStatement(
                        "INSERT INTO run (id, status, mode, assets, keys_json, partitions_json, config_json, reason,"
                                + " launched_by, created_at, kind, seq) VALUES (?, 'SUCCESS', 'INCREMENTAL',"
                                + " 'test/checked', '[]', '[]', '{}', 'short ids', 'short-ids', CURRENT_TIMESTAMP,"
                                + " 'MATERIALIZE', 0)")) {
            for (String id : List.of(a, b)) {
                insert.setString(1, id);
                insert.executeUpdate();
            }
        }
        String shared = end.substring(4);
        given().get("/api/runs/" + shared)
                .then()
                .statusCode(422)
                .contentType("application/problem+json")
                .body("field", equalTo("id"))
                .body("candidates", hasItems(a, b))
                .body("detail", containsString("give more of the id"));
        given().get("/api/runs/" + a.substring(a.length() - 11))
                .then()
                .statusCode(200)
                .body("id", equalTo(a));
        given().get("/runs/" + shared)
                .then()
                .statusCode(422)
                .body(containsString("href=\"/runs/" + a + "\""))
                .body(containsString("href=\"/runs/" + b + "\""));
        given().get("/api/runs/ffff" + shared.substring(4)).then().statusCode(404);
        given().get("/api/runs/abc").then().statusCode(404).body("detail", containsString("at least its last 4"));
        given().get("/api/backfills/" + shared).then().statusCode(404);
        given().get("/api/runs?backfill=0123abcd").then().statusCode(404).body("field", equalTo("backfill"));
    }
}
