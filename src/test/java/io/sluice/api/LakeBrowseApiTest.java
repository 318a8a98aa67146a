package io.sluice.api;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import io.sluice.testing.OwnLakeProfile;
import io.sluice.testing.Runs;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The data browser over the API (issue 27, items 16 and 17): a table's schema with its types and key columns, an APPEND
 * table read by key, keyset pages linked by the Link header, and a run that wrote nothing records the table's real row
 * count, which the asset page shows.
 */
@QuarkusTest
@TestProfile(OwnLakeProfile.class)
class LakeBrowseApiTest {

    private static final Pattern NEXT = Pattern.compile("<([^>]+)>; rel=\"next\"");

    private static void landDay(String day) {
        JsonPath run = Runs.launchAndAwait("{\"assets\":[\"test/landed_daily\"],\"partitions\":[\"" + day + "\"]}");
        assertThat(run.getString("status")).as(run.getString("error")).isEqualTo("SUCCESS");
    }

    @Test
    void anAppendTableHasItsSchemaIsReadByKeyAndPagedByKeyset() {
        for (String day : List.of("2024-02-01", "2024-02-02", "2024-02-03", "2024-02-04")) {
            landDay(day);
        }
        JsonPath table = given().get("/api/lake/tables/test_landed_daily")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath();
        assertThat(table.getList("columns.name")).containsExactly("load_id", "day", "n");
        assertThat(table.getList("columns.type")).containsExactly("VARCHAR", "DATE", "BIGINT");
        assertThat(table.getList("keyColumns")).containsExactly("load_id");

        given().get("/api/lake/tables/test_landed_daily/rows?key=2024-02-02/1")
                .then()
                .statusCode(200)
                .body("size()", equalTo(3))
                .body("load_id.unique()", equalTo(List.of("2024-02-02/1")));

        List<Map<String, Object>> whole = given().get("/api/lake/tables/test_landed_daily/rows?limit=1000")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath()
                .getList("$");
        List<Map<String, Object>> paged = new ArrayList<>();
        String next = "/api/lake/tables/test_landed_daily/rows?limit=5";
        int pages = 0;
        while (next != null) {
            Response page = given().urlEncodingEnabled(false).get(next);
            assertThat(page.statusCode()).isEqualTo(200);
            paged.addAll(page.jsonPath().getList("$"));
            pages++;
            String link = String.join(",", page.headers().getValues("Link"));
            Matcher m = NEXT.matcher(link);
            next = m.find() ? m.group(1).replaceFirst("^https?://[^/]+", "") : null;
            if (next != null) {
                assertThat(next).contains("after=").doesNotContain("offset");
            }
        }
        assertThat(whole).hasSizeGreaterThanOrEqualTo(12);
        assertThat(paged)
                .as("keyset pages add up to the table, in order, none twice")
                .isEqualTo(whole);
        assertThat(pages).isEqualTo((whole.size() + 4) / 5);
        given().get("/api/lake/tables/test_landed_daily/rows?after=xyz")
                .then()
                .statusCode(400)
                .body("field", equalTo("after"));
    }

    @Test
    void aRunThatWroteNothingRecordsTheTablesRealRowCount() {
        Runs.launchAndAwait(
                "{\"assets\":[\"test/quiet_source\"],\"config\":{\"load\":\"Q1\",\"keys\":\"a,b,c\",\"value\":1}}");
        JsonPath first = Runs.launchAndAwait("{\"assets\":[\"test/quiet\"],\"mode\":\"INCREMENTAL\"}");
        assertThat(first.getString("status")).as(first.getString("error")).isEqualTo("SUCCESS");
        assertThat(first.getLong("rowsWritten")).isEqualTo(3);

        JsonPath quiet = Runs.launchAndAwait("{\"assets\":[\"test/quiet\"],\"mode\":\"INCREMENTAL\"}");
        assertThat(quiet.getString("status")).isEqualTo("SUCCESS");
        assertThat(quiet.getLong("keyCount")).isZero();
        assertThat(quiet.getLong("rowsWritten")).as("nothing written").isZero();
        assertThat(quiet.getInt("materializations[0].metadata.current_rows"))
                .as("the table still holds its 3 rows")
                .isEqualTo(3);
        given().get("/api/lake/tables/test_quiet")
                .then()
                .statusCode(200)
                .body("lastWrite.runId", equalTo(first.getString("id")))
                .body("currentRows", equalTo(3));
        given().get("/api/assets/test/quiet")
                .then()
                .statusCode(200)
                .body("lastMaterialization.metadata.current_rows", equalTo(3));
        String page = given().get("/assets/test/quiet")
                .then()
                .statusCode(200)
                .extract()
                .asString();
        assertThat(page)
                .contains("id=\"table-rows\">3 current rows")
                .contains("id=\"schema-columns\"")
                .contains("<code>k</code>", "<code>VARCHAR</code>");
    }
}
