package io.sluice.lake.postgres;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.greaterThan;
import static org.hamcrest.Matchers.not;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.path.json.JsonPath;
import io.sluice.lake.Lake;
import io.sluice.lake.LakeWrite;
import io.sluice.testing.PostgresLakeProfile;
import io.sluice.testing.Runs;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;

/** A server on the PostgreSQL lake starts, and materializes an asset through the REST API into the lake's schema. */
@QuarkusTest
@TestProfile(PostgresLakeProfile.class)
class PostgresLakeServerTest {

    @Inject
    Lake lake;

    @Inject
    DataSource store;

    @Test
    void anAppendAssetIsMaterializedIntoThePostgresLake() throws Exception {
        assertThat(lake).isInstanceOf(PgLake.class);
        JsonPath run =
                Runs.launchAndAwait("{\"assets\":[\"test/rb_ranges\"],\"partitions\":[\"2024-03-01\",\"2024-03-02\"]}");
        assertThat(run.getString("status")).as(run.getString("error")).isEqualTo("SUCCESS");

        assertThat(rows("SELECT load_id FROM lake.test_rb_ranges ORDER BY load_id"))
                .containsExactly("2024-03-01/1", "2024-03-02/1");
        List<LakeWrite> writes = lake.writesOf(run.getString("id"));
        assertThat(writes).hasSize(1);
        assertThat(writes.get(0).table()).isEqualTo("test_rb_ranges");
        assertThat(writes.get(0).rowsInserted()).isEqualTo(2);

        JsonPath again = Runs.launchAndAwait("{\"assets\":[\"test/rb_ranges\"],\"partitions\":[\"2024-03-01\"]}");
        assertThat(again.getString("status")).as(again.getString("error")).isEqualTo("SUCCESS");
        assertThat(rows("SELECT count(*) FROM lake.test_rb_ranges")).containsExactly("2");
    }

    @Test
    void theExamplesExtractAndRawLandInThePostgresLake() throws Exception {
        assertThat(lake.dialect()).isEqualTo(io.sluice.lake.LakeDialect.POSTGRES);
        JsonPath run = Runs.launchAndAwait("{\"assets\":[\"extract/form_adv_filings\",\"raw/form_adv_filings\"],"
                + "\"ranges\":[{\"start\":\"2005-01-01\",\"end\":\"2005-12-31\"}],"
                + "\"config\":{\"extract/form_adv_filings\":{\"firms\":40}}}");
        assertThat(run.getString("status")).as(run.getString("error")).isEqualTo("SUCCESS");

        String in2005 = " WHERE filing_date BETWEEN DATE '2005-01-01' AND DATE '2005-12-31'";
        List<String> extracted = rows("SELECT count(*) FROM lake.extract_form_adv_filings" + in2005);
        assertThat(Long.parseLong(extracted.get(0)))
                .as("rows generated for 2005")
                .isPositive();
        assertThat(rows("SELECT count(*) FROM lake.raw_form_adv_filings" + in2005))
                .isEqualTo(extracted);
        assertThat(rows("SELECT count(*) FROM lake.raw_form_adv_filings" + in2005 + " AND (crd_number NOT BETWEEN"
                        + " 100001 AND 100040 "
                        + "OR ownership_code NOT IN ('NA', 'A', 'B', 'C', 'D', 'E') OR owner_name IS NULL)"))
                .as("the generator's rows, within the window and the firms asked for")
                .containsExactly("0");

        JsonPath again = Runs.launchAndAwait("{\"assets\":[\"extract/form_adv_filings\",\"raw/form_adv_filings\"],"
                + "\"ranges\":[{\"start\":\"2005-06-01\",\"end\":\"2005-06-30\"}],"
                + "\"config\":{\"extract/form_adv_filings\":{\"firms\":40}}}");
        assertThat(again.getString("status")).as(again.getString("error")).isEqualTo("SUCCESS");
        assertThat(rows("SELECT count(*) FROM lake.raw_form_adv_filings" + in2005))
                .as("a month landed again: each filing is landed once")
                .isEqualTo(extracted);
    }

    @Test
    void theExamplesBitemporalTransformsAreMergedInThePostgresLake() throws Exception {
        JsonPath land = Runs.launchAndAwait("{\"assets\":[\"extract/form_adv_filings\",\"raw/form_adv_filings\"],"
                + "\"ranges\":[{\"start\":\"2006-01-01\",\"end\":\"2006-03-31\"}],"
                + "\"config\":{\"extract/form_adv_filings\":{\"firms\":20}}}");
        assertThat(land.getString("status")).as(land.getString("error")).isEqualTo("SUCCESS");
        JsonPath run = Runs.launchAndAwait(
                "{\"assets\":[\"transform/form_adv_firm_identity\",\"transform/form_adv_firm_ownership\"],"
                        + "\"mode\":\"FULL_REFRESH\"}");
        assertThat(run.getString("status")).as(run.getString("error")).isEqualTo("SUCCESS");

        long firms = Long.parseLong(rows("SELECT count(DISTINCT crd_number) FROM lake.raw_form_adv_filings")
                .get(0));
        assertThat(firms).isPositive();
        assertThat(rows("SELECT count(DISTINCT crd_number) FROM lake.form_adv_firm_identity"
                        + " WHERE system_to IS NULL AND valid_to IS NULL"))
                .as("each firm that filed has a current identity")
                .containsExactly(String.valueOf(firms));
        assertThat(rows("SELECT count(*) FROM lake.form_adv_firm_ownership WHERE system_to IS NULL"))
                .allSatisfy(n -> assertThat(Long.parseLong(n)).isPositive());
        List<LakeWrite> writes = lake.writesOf(run.getString("id"));
        assertThat(writes)
                .extracting(LakeWrite::table)
                .containsExactlyInAnyOrder("form_adv_firm_identity", "form_adv_firm_ownership");
        assertThat(writes).allSatisfy(w -> assertThat(w.rowsInserted()).isPositive());
        browsedAsOnDuckDb(run.getString("id"), firms);

        JsonPath again = Runs.launchAndAwait(
                "{\"assets\":[\"transform/form_adv_firm_identity\",\"transform/form_adv_firm_ownership\"],"
                        + "\"mode\":\"FULL_REFRESH\"}");
        assertThat(again.getString("status")).as(again.getString("error")).isEqualTo("SUCCESS");
        assertThat(lake.writesOf(again.getString("id")))
                .as("the same knowledge again opens and closes no version")
                .allSatisfy(w -> assertThat(w.rowsInserted() + w.rowsRemoved()).isZero());
    }

    /** The API and the Data page read the example's bi-temporal table on this lake: pages, as of a date, a run's changes. */
    private void browsedAsOnDuckDb(String runId, long firms) throws Exception {
        String table = "/api/lake/tables/form_adv_firm_identity";
        long believed = Long.parseLong(rows("SELECT count(*) FROM lake.form_adv_firm_identity WHERE system_to IS NULL")
                .get(0));
        io.restassured.response.Response first = given().get(table + "/rows?limit=3");
        first.then().statusCode(200).body("size()", equalTo(3));
        List<Object> seen = new ArrayList<>(first.jsonPath().getList("crd_number"));
        java.util.Optional<String> next = link(first, "next");
        assertThat(next).isPresent();
        while (next.isPresent()) {
            io.restassured.response.Response page =
                    given().urlEncodingEnabled(false).get(next.get());
            page.then().statusCode(200);
            seen.addAll(page.jsonPath().getList("crd_number"));
            assertThat(link(page, "prev")).isPresent();
            assertThat(seen.size()).as("pages end").isLessThanOrEqualTo((int) believed);
            next = link(page, "next");
        }
        assertThat(seen).as("pages of 3 add up to the current belief").hasSize((int) believed);
        assertThat(seen.stream().map(String::valueOf).toList())
                .as("in key order")
                .isSortedAccordingTo(java.util.Comparator.comparingLong(Long::parseLong));
        given().get(table + "/rows?businessDate=2006-03-31&limit=1000")
                .then()
                .statusCode(200)
                .body("size()", equalTo((int) firms));
        String crd = String.valueOf(seen.get(0));
        List<Object> ofKey = given().get(table + "/rows?key=" + crd)
                .then()
                .statusCode(200)
                .extract()
                .jsonPath()
                .getList("crd_number");
        assertThat(ofKey)
                .isNotEmpty()
                .allSatisfy(k -> assertThat(String.valueOf(k)).isEqualTo(crd));
        given().get(table + "/changes?run=" + runId)
                .then()
                .statusCode(200)
                .body("opened.size()", greaterThan(0))
                .body("systemTimes.size()", equalTo(1));
        given().get(table + "/rows?after=nonsense").then().statusCode(400);
        given().get("/api/lake/tables/raw_form_adv_filings/rows?businessDate=2006-01-01")
                .then()
                .statusCode(422);
        given().get("/data/form_adv_firm_identity").then().statusCode(200).body(containsString(crd));
        given().get("/data/form_adv_firm_identity?asOf=2006-03-31&run=" + runId)
                .then()
                .statusCode(200)
                .body(not(containsString("id=\"table-error\"")));
    }

    /** The address of a page's Link to {@code rel}, if it has one. */
    private static java.util.Optional<String> link(io.restassured.response.Response page, String rel) {
        return page.headers().getValues("Link").stream()
                .flatMap(v -> java.util.Arrays.stream(v.split(",(?=\\s*<)")))
                .filter(v -> v.contains("rel=\"" + rel + "\""))
                .map(v -> v.substring(v.indexOf('<') + 1, v.indexOf('>')))
                .findFirst();
    }

    private List<String> rows(String sql) throws Exception {
        try (Connection c = store.getConnection();
                Statement s = c.createStatement();
                ResultSet rs = s.executeQuery(sql)) {
            List<String> values = new ArrayList<>();
            while (rs.next()) {
                values.add(rs.getString(1));
            }
            return values;
        }
    }
}
