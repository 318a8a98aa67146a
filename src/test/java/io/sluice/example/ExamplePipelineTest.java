package io.sluice.example;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import io.sluice.lake.Lake;
import io.sluice.testing.Backfills;
import io.sluice.testing.Runs;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.hamcrest.Matchers;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * The bundled Form ADV pipeline materialized in all three modes through the REST API, with assertions
 * on the bi-temporal tables in DuckDB: daily filing partitions landed by backfills (20 years as one run),
 * then the keyed transforms. The steps build on each other, as a user's day would.
 */
@QuarkusTest
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ExamplePipelineTest {

    private static final String LANDING = "\"extract/form_adv_filings\",\"raw/form_adv_filings\"";
    private static final String TRANSFORMS =
            "\"transform/form_adv_firm_identity\",\"transform/form_adv_firm_ownership\"";
    private static final String IDENTITY = "form_adv_firm_identity";
    private static final String OWNERSHIP = "form_adv_firm_ownership";

    static String corrected;
    static String correctedLater;
    static String retracted;

    @Inject
    Lake lake;

    private List<String> strings(String sql) {
        return lake.read(s -> s.queryStrings(sql));
    }

    private long count(String sql) {
        return lake.read(s -> s.queryLong(sql));
    }

    /** The current belief of the whole business history, without system time, in a fixed order. */
    private List<String> belief(String table) {
        return strings("SELECT CAST(struct_pack(*COLUMNS(* EXCLUDE (system_from, system_to))) AS VARCHAR) AS r FROM "
                + table + " WHERE system_to IS NULL ORDER BY r");
    }

    /** The CRDs whose versions a run opened or closed, read through the changes API. */
    private Set<String> crdsChangedBy(String table, String runId) {
        JsonPath changes = given().get("/api/lake/tables/" + table + "/changes?run=" + runId)
                .then()
                .statusCode(200)
                .extract()
                .jsonPath();
        Set<String> crds = new TreeSet<>();
        changes.getList("opened.crd_number").forEach(c -> crds.add(c.toString()));
        changes.getList("closed.crd_number").forEach(c -> crds.add(c.toString()));
        return crds;
    }

    private long systemInstants(String table) {
        return count("SELECT count(DISTINCT t) FROM (SELECT system_from AS t FROM " + table
                + " UNION ALL SELECT system_to FROM " + table + " WHERE system_to IS NOT NULL)");
    }

    /** Lands filing days {@code start..end} (both included) through extract and raw as one backfill run; returns that run. */
    private static JsonPath land(String start, String end, String through) {
        JsonPath backfill = Backfills.launchAndAwait(
                "{\"assets\":[" + LANDING + "],\"ranges\":[{\"start\":\"" + start + "\",\"end\":\""
                        + end + "\"}],\"singleRun\":true,\"config\":{\"extract/form_adv_filings\":{\"through\":\""
                        + through + "\"}},"
                        + "\"reason\":\"filings of " + start + " to " + end + "\"}");
        assertThat(backfill.getString("status")).isEqualTo("COMPLETED");
        String run = given().get("/api/runs?asset=raw/form_adv_filings&limit=1")
                .then()
                .statusCode(200)
                .extract()
                .path("[0].id");
        return Runs.await(run);
    }

    @Test
    @Order(1)
    void twentyYearsLandAsOneRunThenAFirstIncrementalRunLoadsEverythingWithChecks() {
        JsonPath landed = land("2001-01-01", "2020-12-31", "2020-12-31");
        assertThat(landed.getString("status")).as(landed.getString("error")).isEqualTo("SUCCESS");
        // twenty years of days are one range in the run's JSON
        assertThat(landed.getList("partitions")).containsExactly("2001-01-01...2020-12-31");
        assertThat(landed.getLong("partitionCount")).isEqualTo(7305);
        JsonPath materializations = given().get("/api/runs/" + landed.getString("id"))
                .then()
                .extract()
                .jsonPath();
        assertThat(materializations.getList("materializations.partition"))
                .as("one write per asset for the whole range")
                .containsOnly("2001-01-01...2020-12-31")
                .hasSize(2);
        given().get("/api/assets/raw/form_adv_filings/partitions?status=MATERIALIZED")
                .then()
                .statusCode(200)
                .body("counts.MATERIALIZED", Matchers.equalTo(7305));
        long firms = count("SELECT count(DISTINCT crd_number) FROM raw_form_adv_filings");
        assertThat(firms).isEqualTo(40);
        assertThat(count("SELECT count(*) FROM raw_form_adv_filings WHERE published_date > DATE '2020-12-31'"))
                .isZero();
        assertThat(count("SELECT count(*) FROM raw_form_adv_filings"))
                .isEqualTo(count("SELECT count(*) FROM extract_form_adv_filings"));

        JsonPath run = Runs.launchAndAwait("{\"assets\":[" + TRANSFORMS + "],\"reason\":\"first load\"}");
        assertThat(run.getString("status")).as(run.getString("error")).isEqualTo("SUCCESS");
        assertThat(count("SELECT count(DISTINCT crd_number) FROM " + IDENTITY + " WHERE system_to IS NULL"))
                .isEqualTo(firms);
        assertThat(count("SELECT count(*) FROM " + OWNERSHIP + " WHERE system_to IS NOT NULL"))
                .as("nothing closed yet")
                .isZero();
        assertThat(run.getLong("steps[0].keyCount")).isEqualTo(40);
        assertThat(run.getLong("steps[0].batchCount"))
                .as("batch size 10 in tests")
                .isEqualTo(4);
        List<String> checks = given().get("/api/runs/" + run.getString("id") + "/checks")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath()
                .getList("name");
        assertThat(checks)
                .contains(
                        "names_present",
                        "one_current_identity_per_firm",
                        "known_ownership_codes",
                        "owner_count_stable");
        assertThat(given().get("/api/runs/" + landed.getString("id") + "/checks")
                        .then()
                        .extract()
                        .jsonPath()
                        .<String>getList("name"))
                .contains("keys_present");
        given().get("/api/assets/transform/form_adv_firm_ownership")
                .then()
                .statusCode(200)
                .body("table.writeMode", Matchers.equalTo("BITEMPORAL_MERGE"))
                .body("latestChecks.passed", Matchers.everyItem(Matchers.equalTo(true)));
    }

    @Test
    @Order(2)
    void aRerunInAnyModeWritesNothing() {
        long raw = count("SELECT count(*) FROM raw_form_adv_filings");
        long identityInstants = systemInstants(IDENTITY);
        long ownershipRows = count("SELECT count(*) FROM " + OWNERSHIP);
        JsonPath again = land("2001-01-01", "2020-12-31", "2020-12-31");
        assertThat(again.getLong("steps[0].rowsWritten"))
                .as("the extract downloads the 20 years again")
                .isPositive();
        assertThat(again.getLong("steps[1].rowsWritten"))
                .as("but raw lands none of it again")
                .isZero();
        for (String mode : List.of("INCREMENTAL", "FULL_REFRESH")) {
            JsonPath run = Runs.launchAndAwait("{\"assets\":[\"raw/form_adv_filings\"," + TRANSFORMS + "],\"mode\":\""
                    + mode + "\"," + "\"partitions\":[\"2012-03-01\",\"2012-03-02\",\"2016-07-04\"]}");
            assertThat(run.getString("status")).isEqualTo("SUCCESS");
            assertThat(run.getLong("rowsWritten")).as(mode + " rerun").isZero();
        }
        assertThat(count("SELECT count(*) FROM raw_form_adv_filings")).isEqualTo(raw);
        assertThat(systemInstants(IDENTITY)).as("no new system instant").isEqualTo(identityInstants);
        assertThat(count("SELECT count(*) FROM " + OWNERSHIP)).isEqualTo(ownershipRows);
    }

    @Test
    @Order(3)
    void singleKeyRewritesOnlyThatCrd() {
        List<String> crds = strings("SELECT DISTINCT crd_number::VARCHAR FROM raw_form_adv_filings ORDER BY 1");
        corrected = crds.get(0);
        correctedLater = crds.get(1);
        retracted = crds.get(2);
        lake.write(
                "raw_form_adv_filings",
                s -> s.execute("UPDATE raw_form_adv_filings SET legal_name = 'Corrected Name LLC', "
                        + "ownership_code = 'F' WHERE crd_number IN (" + corrected + ", " + correctedLater
                        + ") AND filing_date >= DATE '2015-01-01'"));
        List<String> ownershipBefore = strings("SELECT CAST(struct_pack(*COLUMNS(*)) AS VARCHAR) FROM " + OWNERSHIP
                + " WHERE crd_number <> " + corrected + " ORDER BY ALL");

        JsonPath run = Runs.launchAndAwait("{\"assets\":[" + TRANSFORMS + "],\"mode\":\"SINGLE_KEY\",\"keys\":[\""
                + corrected + "\"]," + "\"reason\":\"correction filed\"}");
        assertThat(run.getString("status")).isEqualTo("SUCCESS");
        assertThat(run.getLong("keyCount")).isEqualTo(2);
        String id = run.getString("id");
        assertThat(crdsChangedBy(IDENTITY, id)).containsExactly(corrected);
        assertThat(crdsChangedBy(OWNERSHIP, id)).containsExactly(corrected);
        assertThat(strings("SELECT CAST(struct_pack(*COLUMNS(*)) AS VARCHAR) FROM " + OWNERSHIP
                        + " WHERE crd_number <> " + corrected + " ORDER BY ALL"))
                .as("every other CRD is byte for byte as it was")
                .isEqualTo(ownershipBefore);
        assertThat(strings("SELECT legal_name FROM " + IDENTITY + " WHERE crd_number = " + corrected
                        + " AND system_to IS NULL AND valid_to IS NULL"))
                .containsExactly("Corrected Name LLC");
        assertThat(count("SELECT count(*) FROM " + IDENTITY + " WHERE crd_number = " + corrected
                        + " AND system_to IS NOT NULL"))
                .as("the old belief is closed, not destroyed")
                .isPositive();
    }

    @Test
    @Order(4)
    void incrementalAfterNewAndLateFilingsTouchesOnlyTheChangedCrds() {
        // new days, and late filings of old days: filed in December 2020 but published only in January 2021
        JsonPath landed = land("2020-12-01", "2021-02-28", "2021-02-28");
        assertThat(landed.getString("status")).isEqualTo("SUCCESS");
        assertThat(landed.getLong("steps[1].rowsWritten")).as("new raw rows").isPositive();
        String landedBy = " FROM raw_form_adv_filings WHERE _load_run_id = '" + landed.getString("id") + "'";
        assertThat(count("SELECT count(*)" + landedBy + " AND filing_date < DATE '2021-01-01'"))
                .as("late filings of old days")
                .isPositive();
        Set<String> changed = new TreeSet<>(strings("SELECT DISTINCT crd_number::VARCHAR" + landedBy));
        assertThat(changed).isNotEmpty().hasSizeLessThan(40);

        JsonPath run = Runs.launchAndAwait("{\"assets\":[" + TRANSFORMS + "]}");
        assertThat(run.getString("status")).isEqualTo("SUCCESS");
        assertThat(run.getLong("steps[0].keyCount")).isEqualTo(changed.size());
        assertThat(crdsChangedBy(IDENTITY, run.getString("id"))).isSubsetOf(changed);
        assertThat(crdsChangedBy(OWNERSHIP, run.getString("id"))).isNotEmpty().isSubsetOf(changed);
        assertThat(changed)
                .as("the correction of another CRD is not picked up by INCREMENTAL")
                .doesNotContain(correctedLater);

        JsonPath again = Runs.launchAndAwait("{\"assets\":[" + TRANSFORMS + "]}");
        assertThat(again.getLong("keyCount"))
                .as("nothing new since the last run")
                .isZero();
    }

    @Test
    @Order(5)
    void singleKeyOfAFirmWithoutRowsChangesNothingButFullRefreshRetractsIt() {
        lake.write(
                "raw_form_adv_filings",
                s -> s.execute("DELETE FROM raw_form_adv_filings WHERE crd_number = " + retracted));
        JsonPath single = Runs.launchAndAwait(
                "{\"assets\":[" + TRANSFORMS + "],\"mode\":\"SINGLE_KEY\",\"keys\":[\"" + retracted + "\"]}");
        assertThat(single.getLong("rowsWritten"))
                .as("replace=scopes: a firm with no rows is not a scope of the batch")
                .isZero();
        assertThat(count("SELECT count(*) FROM " + IDENTITY + " WHERE crd_number = " + retracted
                        + " AND system_to IS NULL"))
                .isPositive();

        JsonPath refresh = Runs.launchAndAwait(
                "{\"assets\":[" + TRANSFORMS + "],\"mode\":\"FULL_REFRESH\",\"reason\":\"rebuild\"}");
        assertThat(refresh.getString("status")).isEqualTo("SUCCESS");
        assertThat(refresh.getLong("steps[0].keyCount")).isEqualTo(39);
        assertThat(crdsChangedBy(IDENTITY, refresh.getString("id")))
                .as("replace=all: the late correction and the retraction")
                .containsExactlyInAnyOrder(correctedLater, retracted);
        assertThat(count("SELECT count(*) FROM " + IDENTITY + " WHERE crd_number = " + retracted
                        + " AND system_to IS NULL"))
                .isZero();
        assertThat(count("SELECT count(*) FROM " + IDENTITY + " WHERE crd_number = " + retracted))
                .as("history kept")
                .isPositive();
    }

    @Test
    @Order(6)
    void aFullRefreshFromEmptyGivesTheSameTables() {
        List<String> identity = belief(IDENTITY);
        List<String> ownership = belief(OWNERSHIP);
        for (String table : List.of(IDENTITY, OWNERSHIP)) {
            lake.write(
                    table,
                    s -> s.execute("DROP TABLE " + table + "; DROP TABLE IF EXISTS " + table
                            + "__assertions; DROP TABLE IF EXISTS " + table + "__filings"));
        }
        JsonPath fresh = Runs.launchAndAwait("{\"assets\":[" + TRANSFORMS + "],\"mode\":\"FULL_REFRESH\"}");
        assertThat(fresh.getString("status")).isEqualTo("SUCCESS");
        assertThat(belief(IDENTITY)).isEqualTo(identity).hasSizeGreaterThan(39);
        assertThat(belief(OWNERSHIP)).isEqualTo(ownership);
    }

    @Test
    @Order(7)
    void aKeyThatLooksLikeSqlIsAnUnknownCrdNotACondition() {
        List<String> identity = belief(IDENTITY);
        List<String> ownership = belief(OWNERSHIP);

        JsonPath run = Runs.launchAndAwait(
                "{\"assets\":[" + TRANSFORMS + "],\"mode\":\"SINGLE_KEY\",\"keys\":[\"x' OR '1'='1\"]}");

        assertThat(run.getString("status")).isEqualTo("SUCCESS");
        assertThat(run.getList("materializations.metadata.unknown_keys", Integer.class))
                .as("the key is one CRD that raw does not have, in each transform")
                .containsExactly(1, 1);
        assertThat(run.getLong("rowsWritten")).isZero();
        assertThat(belief(IDENTITY)).isEqualTo(identity);
        assertThat(belief(OWNERSHIP)).isEqualTo(ownership);
    }
}
