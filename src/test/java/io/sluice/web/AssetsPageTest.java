package io.sluice.web;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import io.sluice.testing.Runs;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The asset catalog and the asset page as a user reads them, filters in the address. */
@QuarkusTest
class AssetsPageTest {

    private static String get(String path, int status) {
        return given().get(path)
                .then()
                .statusCode(status)
                .contentType("text/html")
                .extract()
                .asString();
    }

    /** The asset keys of the catalog's rows, in order. */
    private static java.util.List<String> listed(String page) {
        Matcher m = Pattern.compile("<tr data-asset=\"([^\"]+)\"").matcher(page);
        java.util.List<String> keys = new java.util.ArrayList<>();
        while (m.find()) {
            keys.add(m.group(1));
        }
        return keys;
    }

    @Test
    void theCatalogFiltersByTextGroupKindOwnerAndTag() {
        assertThat(listed(get("/assets", 200))).contains("test/daily", "test/flaky", "test/checked");
        assertThat(listed(get("/assets?q=FLAKY", 200))).containsExactlyInAnyOrder("test/flaky", "test/after_flaky");
        assertThat(listed(get("/assets?kind=partitioned&group=test", 200)))
                .contains("test/daily", "test/hourly")
                .doesNotContain("test/flaky", "test/checked");
        assertThat(listed(get("/assets?kind=keyed", 200)))
                .contains("test/gated")
                .doesNotContain("test/daily");
        // the test catalog declares no owners or tags (AssetsPageFilterTest covers them): nothing matches
        assertThat(listed(get("/assets?owner=nobody%40example.com", 200))).isEmpty();
        assertThat(listed(get("/assets?tag=layer%3Dnone", 200))).isEmpty();
        String none = get("/assets?q=no-such-asset-anywhere", 200);
        assertThat(listed(none)).isEmpty();
        assertThat(none).contains("No asset matches these filters.").contains("value=\"no-such-asset-anywhere\"");
    }

    @Test
    void theCatalogFiltersByStatusAndShowsPartitionHealthAndChecks() {
        JsonPath failed = Runs.launchAndAwait(
                "{\"assets\":[\"test/checked\"],\"config\":{\"rows\":3,\"nullName\":true,\"value\":\"catalog\"}}");
        assertThat(failed.getString("status")).isEqualTo("FAILURE");
        JsonPath daily = Runs.launchAndAwait(
                "{\"assets\":[\"test/daily\"],\"partitions\":[\"2024-02-10\",\"2024-02-11\",\"2024-02-12\"]}");
        assertThat(daily.getString("status")).as(daily.getString("error")).isEqualTo("SUCCESS");

        assertThat(listed(get("/assets?status=CHECK_FAILED", 200)))
                .contains("test/checked")
                .doesNotContain("test/daily");
        assertThat(listed(get("/assets?status=FAILURE", 200))).contains("test/checked");
        assertThat(listed(get("/assets?status=NEVER&group=test", 200))).doesNotContain("test/daily");

        String page = get("/assets?q=test/daily", 200);
        String row = page.substring(page.indexOf("<tr data-asset=\"test/daily\""));
        row = row.substring(0, row.indexOf("</tr>"));
        assertThat(row).containsPattern("\\d[\\d,]* / [\\d,]+ materialized").contains("href=\"/assets/test/daily\"");
    }

    @Test
    void anUnknownKindOrStatusIsARefusalOnThePageNotAnError() {
        String page = get("/assets?kind=blob", 400);
        assertThat(page).contains("unknown kind &#39;blob&#39;: choose one of partitioned, keyed, table");
        assertThat(get("/assets?status=BOGUS", 400)).contains("unknown status &#39;BOGUS&#39;");
        assertThat(get("/assets?group=a&group=b", 400)).contains("the filter group was given 2 times");
    }

    @Test
    void theAssetPageShowsWhatTheAssetIsItsHistoryAndItsHealthBar() {
        String id = Runs.launchAndAwait("{\"assets\":[\"test/daily\"],\"partitions\":[\"2024-03-01\",\"2024-03-02\"]}")
                .getString("id");
        String page = get("/assets/test/daily", 200);
        assertThat(page)
                .contains("id=\"health-bar\"")
                .containsPattern("id=\"health-summary\">\\d[\\d,]* / [\\d,]+ materialized")
                .contains("class=\"h-seg h-MATERIALIZED")
                .contains("href=\"/launch?asset=test/daily&amp;from=")
                .contains(id.substring(id.length() - 8))
                .contains("<rect x=")
                .doesNotContain("id=\"no-history\"");
        long segments = page.split("class=\"h-seg ", -1).length - 1;
        assertThat(segments).isBetween(1L, (long) HealthBar.MAX_SEGMENTS);
        assertThat(page).containsPattern("title=\"[0-9-]+( … [0-9-]+)?: [\\d,]+ partitions?, materialized\"");
    }

    @Test
    void theAssetPageListsUpstreamDownstreamConfigSchemaAndCheckHistory() {
        Runs.launchAndAwait(
                "{\"assets\":[\"test/checked\"],\"config\":{\"rows\":3,\"nullName\":true,\"value\":\"history\"}}");
        String page = get("/assets/test/checked", 200);
        assertThat(page)
                .contains("id=\"check-history\"")
                .contains("<code>name_not_null</code>")
                .contains("<span class=\"status s-FAILURE\">failed</span>")
                .contains("id=\"config-schema\"")
                .contains("&quot;nullName&quot;");
        String downstream = get("/assets/test/flaky", 200);
        assertThat(downstream)
                .contains("<a class=\"asset-chip\" href=\"/assets/test/after_flaky\">test/after_flaky</a>");
        assertThat(get("/assets/test/after_flaky", 200)).contains("href=\"/assets/test/flaky\"");
    }

    @Test
    void anUnknownAssetIsAReadableNotFoundPage() {
        String page = get("/assets/test/no_such_asset", 404);
        assertThat(page).contains("No asset <code>test/no_such_asset</code>").contains("href=\"/assets\"");
        String hostile = given().urlEncodingEnabled(false)
                .get("/assets/test/%3Cscript%3Ealert(1)")
                .then()
                .statusCode(404)
                .contentType("text/html")
                .extract()
                .asString();
        assertThat(hostile).doesNotContain("<script>alert(1)").contains("&lt;script&gt;");
    }
}
