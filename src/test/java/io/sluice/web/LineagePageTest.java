package io.sluice.web;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.not;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import io.sluice.testing.Runs;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The lineage page and its JSON over the test catalog. */
@QuarkusTest
class LineagePageTest {

    private static JsonPath graph(String query) {
        return given().accept("application/json")
                .when()
                .get("/ui/lineage.json" + query)
                .then()
                .statusCode(200)
                .extract()
                .jsonPath();
    }

    @Test
    void theJsonHasEveryAssetWithItsLayerEdgesAndLastRunStatus() {
        Runs.await(Runs.launch("{\"assets\":[\"test/flaky\"],\"config\":{\"fail\":false}}"));
        JsonPath graph = graph("");
        List<String> keys = graph.getList("nodes.key");
        List<String> catalog =
                given().get("/api/assets").then().extract().jsonPath().getList("key");
        assertThat(keys).containsExactlyInAnyOrderElementsOf(catalog);
        Map<String, Object> flaky = graph.getMap("nodes.find { it.key == 'test/flaky' }");
        Map<String, Object> after = graph.getMap("nodes.find { it.key == 'test/after_flaky' }");
        assertThat(flaky.get("status")).isEqualTo("SUCCESS");
        assertThat((Integer) after.get("layer")).isGreaterThan((Integer) flaky.get("layer"));
        assertThat(graph.getList("edges.findAll { it.to == 'test/after_flaky' }.from"))
                .containsExactly("test/flaky");
        assertThat(graph.getList("groups")).contains("test");
    }

    @Test
    void theGroupFilterNarrowsTheGraphAndAnUnknownGroupIsA404Problem() {
        JsonPath test = graph("?group=test");
        assertThat(test.getList("nodes.group")).isNotEmpty().allMatch("test"::equals);
        assertThat(test.getString("group")).isEqualTo("test");
        given().accept("application/json")
                .queryParam("group", "nope<b>")
                .when()
                .get("/ui/lineage.json")
                .then()
                .statusCode(404)
                .contentType("application/problem+json")
                .body("field", equalTo("group"))
                .body("detail", containsString("no asset is in group"));
    }

    @Test
    void thePageListsTheAssetsByLayerWithLinksAndALaunchFormThatWorksWithoutJavaScript() {
        given().when()
                .get("/lineage")
                .then()
                .statusCode(200)
                .contentType(containsString("text/html"))
                .body(containsString("Layer 0"))
                .body(containsString("href=\"/assets/test/after_flaky\""))
                .body(containsString("<form id=\"lineage-launch\" method=\"get\" action=\"/launch\">"))
                .body(containsString("name=\"asset\" value=\"test/flaky\""))
                .body(containsString("data-src=\"/ui/lineage.json\""))
                .body(containsString("/static/lineage.js"))
                .body(containsString("/webjars/dagre/0.8.4/dist/dagre.min.js"));
    }

    @Test
    void aGroupInTheQueryStringIsKeptInThePageAndAnUnknownOneIsAReadable404() {
        given().when()
                .get("/lineage?group=test")
                .then()
                .statusCode(200)
                .body(containsString("data-src=\"/ui/lineage.json?group=test\""))
                .body(containsString("<option value=\"test\" selected>"));
        given().queryParam("group", "<script>x")
                .when()
                .get("/lineage")
                .then()
                .statusCode(404)
                .contentType(containsString("text/html"))
                .body(containsString("no asset is in group &#39;&lt;script&gt;x&#39;"))
                .body(not(containsString("<script>x")));
    }

    @Test
    void theScriptsTheGraphNeedsAreServed() {
        given().get("/static/lineage.js").then().statusCode(200).body(containsString("dagre"));
        given().get("/webjars/dagre/0.8.4/dist/dagre.min.js").then().statusCode(200);
    }
}
