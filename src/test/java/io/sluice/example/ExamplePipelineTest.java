package io.sluice.example;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import io.sluice.catalog.Lake;
import io.sluice.testing.Runs;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * The bundled Form ADV pipeline materialized in all three modes through the REST API, with assertions
 * on the data in DuckDB. The steps build on each other, as a user's day would.
 */
@QuarkusTest
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ExamplePipelineTest {

    private static final String ALL = "\"extract/form_adv_filings\",\"raw/form_adv_filings\","
            + "\"transform/form_adv_firm_identity\",\"transform/form_adv_firm_ownership\"";
    private static final String TRANSFORMS = "\"transform/form_adv_firm_identity\",\"transform/form_adv_firm_ownership\"";

    static String firstRun;
    static String watermarkBeforeNewFilings;

    @Inject
    Lake lake;

    private List<String> strings(String sql) {
        return lake.read(s -> s.queryStrings(sql));
    }

    private long count(String sql) {
        return lake.read(s -> s.queryLong(sql));
    }

    /** The table's rows, without the column that records which run wrote them, in a fixed order. */
    private List<String> snapshot(String table) {
        return strings("SELECT CAST(struct_pack(*COLUMNS(* EXCLUDE (_run_id))) AS VARCHAR) AS r FROM " + table + " ORDER BY r");
    }

    private Set<String> crdsWrittenBy(String table, String runId) {
        return new TreeSet<>(strings("SELECT DISTINCT crd_number::VARCHAR FROM " + table + " WHERE _run_id = '" + runId + "'"));
    }

    @Test
    @Order(1)
    void aFirstIncrementalRunLoadsEverything() {
        JsonPath run = Runs.launchAndAwait("{\"assets\":[" + ALL + "],\"config\":{\"extract/form_adv_filings\":{\"through\":\"2020-12-31\"}},"
                + "\"reason\":\"first load\"}");
        assertThat(run.getString("status")).as(run.getString("error")).isEqualTo("SUCCESS");
        firstRun = run.getString("id");
        long firms = count("SELECT count(DISTINCT crd_number) FROM raw_form_adv_filings");
        assertThat(firms).isEqualTo(40);
        assertThat(count("SELECT count(*) FROM raw_form_adv_filings WHERE published_date > DATE '2020-12-31'")).isZero();
        assertThat(count("SELECT count(*) FROM form_adv_firm_identity")).isEqualTo(firms);
        assertThat(count("SELECT count(*) FROM form_adv_firm_ownership")).isEqualTo(
                count("SELECT count(*) FROM (SELECT DISTINCT crd_number, owner_key FROM raw_form_adv_filings)"));
        assertThat(run.getLong("steps[2].keyCount")).isEqualTo(40);
        assertThat(run.getLong("steps[2].batchCount")).as("batch size 10 in tests").isEqualTo(4);
        List<String> log = io.restassured.RestAssured.given().get("/api/runs/" + firstRun + "/logs").then().statusCode(200)
                .extract().jsonPath().getList("message");
        assertThat(log).contains("INCREMENTAL resolved to 40 keys in 4 batches");
    }

    @Test
    @Order(2)
    void aRerunOfRawLandsNothingNew() {
        long before = count("SELECT count(*) FROM raw_form_adv_filings");
        JsonPath run = Runs.launchAndAwait("{\"assets\":[\"raw/form_adv_filings\"]}");
        assertThat(run.getString("status")).isEqualTo("SUCCESS");
        assertThat(run.getLong("rowsWritten")).isZero();
        assertThat(count("SELECT count(*) FROM raw_form_adv_filings")).isEqualTo(before);
    }

    @Test
    @Order(3)
    void singleKeyTouchesOnlyThatCrd() {
        List<String> before = snapshot("form_adv_firm_ownership");
        String crd = io.restassured.RestAssured.given().get("/api/assets/transform/form_adv_firm_identity/keys?limit=1")
                .then().statusCode(200).extract().jsonPath().getString("[0]");
        JsonPath run = Runs.launchAndAwait("{\"assets\":[" + TRANSFORMS + "],\"mode\":\"SINGLE_KEY\",\"keys\":[\"" + crd + "\"],"
                + "\"reason\":\"customer complaint\"}");
        assertThat(run.getString("status")).isEqualTo("SUCCESS");
        assertThat(run.getLong("keyCount")).isEqualTo(2);
        String id = run.getString("id");
        assertThat(crdsWrittenBy("form_adv_firm_identity", id)).containsExactly(crd);
        assertThat(crdsWrittenBy("form_adv_firm_ownership", id)).containsExactly(crd);
        assertThat(count("SELECT count(*) FROM form_adv_firm_identity WHERE _run_id NOT IN ('" + id + "', '" + firstRun + "')")).isZero();
        assertThat(count("SELECT count(*) FROM form_adv_firm_identity WHERE _run_id = '" + firstRun + "'")).isEqualTo(39);
        assertThat(snapshot("form_adv_firm_ownership")).as("same data, only that CRD rewritten").isEqualTo(before);
    }

    @Test
    @Order(4)
    void unknownSingleKeysAreReportedNotWritten() {
        JsonPath run = Runs.launchAndAwait("{\"assets\":[\"transform/form_adv_firm_identity\"],\"mode\":\"SINGLE_KEY\",\"keys\":[\"not-a-crd\"]}");
        assertThat(run.getString("status")).isEqualTo("SUCCESS");
        assertThat(run.getLong("rowsWritten")).isZero();
        assertThat(run.getInt("materializations[0].metadata.unknown_keys")).isEqualTo(1);
    }

    @Test
    @Order(5)
    void incrementalAfterNewFilingsTouchesOnlyTheChangedCrds() {
        watermarkBeforeNewFilings = strings("SELECT max(published_date)::VARCHAR FROM raw_form_adv_filings").get(0);
        JsonPath land = Runs.launchAndAwait("{\"assets\":[\"extract/form_adv_filings\",\"raw/form_adv_filings\"],"
                + "\"config\":{\"extract/form_adv_filings\":{\"through\":\"2021-02-28\"}},\"reason\":\"new filings arrived\"}");
        assertThat(land.getString("status")).isEqualTo("SUCCESS");
        assertThat(land.getLong("steps[1].rowsWritten")).as("new raw rows").isPositive();
        Set<String> changed = new TreeSet<>(strings("SELECT DISTINCT crd_number::VARCHAR FROM raw_form_adv_filings WHERE published_date > DATE '"
                + watermarkBeforeNewFilings + "'"));
        assertThat(changed).isNotEmpty().hasSizeLessThan(40);

        JsonPath run = Runs.launchAndAwait("{\"assets\":[" + TRANSFORMS + "]}");
        assertThat(run.getString("status")).isEqualTo("SUCCESS");
        assertThat(run.getLong("steps[0].keyCount")).isEqualTo(changed.size());
        String id = run.getString("id");
        assertThat(crdsWrittenBy("form_adv_firm_identity", id)).isEqualTo(changed);
        assertThat(crdsWrittenBy("form_adv_firm_ownership", id)).isEqualTo(changed);

        JsonPath again = Runs.launchAndAwait("{\"assets\":[" + TRANSFORMS + "]}");
        assertThat(again.getLong("keyCount")).as("nothing new since the last run").isZero();
    }

    @Test
    @Order(6)
    void fullRefreshEqualsTheIncrementalStateAndAFreshRunFromEmpty() {
        List<String> identityIncremental = snapshot("form_adv_firm_identity");
        List<String> ownershipIncremental = snapshot("form_adv_firm_ownership");
        JsonPath refresh = Runs.launchAndAwait("{\"assets\":[" + TRANSFORMS + "],\"mode\":\"FULL_REFRESH\"}");
        assertThat(refresh.getString("status")).isEqualTo("SUCCESS");
        assertThat(refresh.getLong("steps[0].keyCount")).isEqualTo(40);
        assertThat(snapshot("form_adv_firm_identity")).isEqualTo(identityIncremental);
        assertThat(snapshot("form_adv_firm_ownership")).isEqualTo(ownershipIncremental);

        lake.write("form_adv_firm_identity", s -> s.execute("DROP TABLE form_adv_firm_identity"));
        lake.write("form_adv_firm_ownership", s -> s.execute("DROP TABLE form_adv_firm_ownership"));
        JsonPath fresh = Runs.launchAndAwait("{\"assets\":[" + TRANSFORMS + "],\"mode\":\"FULL_REFRESH\"}");
        assertThat(fresh.getString("status")).isEqualTo("SUCCESS");
        assertThat(snapshot("form_adv_firm_identity")).isEqualTo(identityIncremental).hasSize(40);
        assertThat(snapshot("form_adv_firm_ownership")).isEqualTo(ownershipIncremental);
    }
}
