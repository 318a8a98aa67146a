package io.sluice.api;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.not;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.sluice.testing.NestedKeyAssets;
import io.sluice.testing.Runs;
import org.junit.jupiter.api.Test;

/**
 * An asset key is a path of any number of segments ({@code test/eu/orders}) wherever the API and the pages take it in
 * the URL, its slashes sent as they are (curl, links) or percent-encoded (generated clients).
 */
@QuarkusTest
class AssetKeyPathTest {

    private static final String KEY = NestedKeyAssets.KEY;
    private static final String ENCODED = "test%2Feu%2Forders";

    @Test
    void theApiAnswersAThreeSegmentKeyWithItsSlashesAsTheyAreOrEncoded() {
        for (String path : new String[] {KEY, ENCODED}) {
            given().urlEncodingEnabled(false)
                    .get("/api/assets/" + path)
                    .then()
                    .statusCode(200)
                    .body("key", equalTo(KEY));
            assertThat(given().urlEncodingEnabled(false)
                            .get("/api/assets/" + path + "/keys")
                            .then()
                            .statusCode(200)
                            .extract()
                            .jsonPath()
                            .getList("$", String.class))
                    .containsExactly("o1", "o2", "o3");
            given().urlEncodingEnabled(false)
                    .get("/api/assets/" + path + "/partitions")
                    .then()
                    .statusCode(422)
                    .body("detail", containsString("not partitioned"));
        }
        JsonPath run = Runs.launchAndAwait("{\"assets\":[\"" + KEY
                + "\"],\"mode\":\"SINGLE_KEY\",\"keys\":[\"o2\"],\"reason\":\"three segments\"}");
        assertThat(run.getString("status")).isEqualTo("SUCCESS");
        given().get("/api/assets/" + KEY).then().statusCode(200).body("lastRun.runId", equalTo(run.getString("id")));
        given().contentType(ContentType.JSON)
                .body("{\"toRun\":\"" + run.getString("id") + "\",\"reason\":\"back to the first run\"}")
                .post("/api/assets/" + KEY + "/rollback")
                .then()
                .statusCode(201)
                .body("assets[0]", equalTo(KEY));
    }

    @Test
    void anUnknownOrOneSegmentKeyIsA404ProblemNamingIt() {
        given().get("/api/assets/test/eu/nope")
                .then()
                .statusCode(404)
                .contentType("application/problem+json")
                .body("detail", containsString("test/eu/nope"));
        given().get("/api/assets/lonely")
                .then()
                .statusCode(404)
                .contentType("application/problem+json")
                .body("detail", containsString("group and a name"));
    }

    @Test
    void thePagesLinkAndShowAThreeSegmentKey() {
        String page = given().accept(ContentType.HTML)
                .get("/assets/" + KEY)
                .then()
                .statusCode(200)
                .extract()
                .asString();
        assertThat(page).contains("eu/orders").contains("three-segment key");
        given().accept(ContentType.HTML)
                .get("/assets/test/eu/nope")
                .then()
                .statusCode(404)
                .contentType(containsString("text/html"))
                .body(containsString("test/eu/nope"), not(containsString("Exception")));
        assertThat(given().accept(ContentType.HTML)
                        .get("/assets")
                        .then()
                        .statusCode(200)
                        .extract()
                        .asString())
                .contains("href=\"/assets/" + KEY + "\"");
    }
}
