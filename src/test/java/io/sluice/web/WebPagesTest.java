package io.sluice.web;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import io.restassured.config.EncoderConfig;
import io.restassured.http.ContentType;
import io.restassured.specification.RequestSpecification;
import io.sluice.testing.Runs;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The pages and their htmx endpoints with what a user or a crafted request can put in. */
@QuarkusTest
class WebPagesTest {

    private static int runCount() {
        return given().when()
                .get("/api/runs?limit=500")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath()
                .getList("$")
                .size();
    }

    /** A form post as browsers and htmx send it: no charset in the content type, UTF-8 bytes percent-encoded. */
    private static RequestSpecification form(String body) {
        return given().config(RestAssured.config()
                        .encoderConfig(EncoderConfig.encoderConfig()
                                .appendDefaultContentCharsetToContentTypeIfUndefined(false)))
                .contentType(ContentType.URLENC)
                .body(body);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(
            strings = {
                "asset=test/flaky&reason=%",
                "asset=test/flaky&reason=50%25%2",
                "asset=test/flaky&%zz=1",
                "asset=test/flaky&reason=%ff%fe",
                "asset=%c3&mode=INCREMENTAL"
            })
    void aLaunchFormBodyThatIsNotValidPercentEncodedUtf8IsABadRequestThatStoresNothing(String body) {
        int before = runCount();
        form(body)
                .when()
                .post("/ui/launch")
                .then()
                .statusCode(400)
                .contentType("application/problem+json")
                .body("status", equalTo(400))
                .body("detail", containsString("form"));
        assertThat(runCount()).isEqualTo(before);
    }

    @Test
    void aWellFormedLaunchFormStillLaunches() {
        String html =
                form("asset=test%2Fdaily&mode=INCREMENTAL&as=run&partitions=2024-07-11&reason=50%25+done%2C+caf%C3%A9")
                        .when()
                        .post("/ui/launch")
                        .then()
                        .statusCode(200)
                        .body(containsString("Launched run"))
                        .extract()
                        .asString();
        Matcher id = Pattern.compile("href=\"/runs/([^\"]+)\"").matcher(html);
        assertThat(id.find()).as(html).isTrue();
        given().when().get("/api/runs/" + id.group(1)).then().statusCode(200).body("reason", equalTo("50% done, café"));
    }

    @Test
    void textSentWithoutPercentEncodingIsReadAsItIs() {
        // curl -d 'reason=...' sends UTF-8 text as it is; a browser would have percent-encoded it
        String html = given().config(RestAssured.config()
                        .encoderConfig(EncoderConfig.encoderConfig().defaultContentCharset("UTF-8")))
                .contentType(ContentType.URLENC)
                .body("asset=test/daily&mode=INCREMENTAL&as=run&partitions=2024-07-12&reason=Zürich 𝄞 done")
                .when()
                .post("/ui/launch")
                .then()
                .statusCode(200)
                .body(containsString("Launched run"))
                .extract()
                .asString();
        Matcher id = Pattern.compile("href=\"/runs/([^\"]+)\"").matcher(html);
        assertThat(id.find()).as(html).isTrue();
        given().when().get("/api/runs/" + id.group(1)).then().statusCode(200).body("reason", equalTo("Zürich 𝄞 done"));
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"pause", "resume", "cancel", "retry-failed"})
    void steeringAnUnknownBackfillFromTheHomePageIsNotFound(String action) {
        given().when()
                .post("/ui/backfills/does-not-exist/" + action)
                .then()
                .statusCode(404)
                .contentType("application/problem+json")
                .body("detail", containsString("does-not-exist"));
    }

    @Test
    void whatUsersTypeIsEscapedOnThePages() {
        String xss = "<img src=x onerror=alert(1)>\"'";
        String id = given().contentType(ContentType.JSON)
                .header("X-Sluice-User", "u" + xss)
                .body("{\"assets\":[\"test/flaky\"],\"reason\":\"r<script>alert(1)</script>\\\"'\"}")
                .when()
                .post("/api/runs")
                .then()
                .statusCode(201)
                .extract()
                .jsonPath()
                .getString("id");
        for (String page : new String[] {"/runs/" + id, "/runs/" + id + "/live", "/ui/runs", "/"}) {
            String html =
                    given().when().get(page).then().statusCode(200).extract().asString();
            assertThat(html)
                    .as(page)
                    .doesNotContain("<img src=x")
                    .doesNotContain("<script>alert")
                    .contains("u&lt;img src=x onerror=alert(1)&gt;&quot;&#39;");
        }
    }

    @Test
    void aDynamicPartitionKeyIsEscapedOnTheRunPage() {
        String key = "<img src=x onerror=alert(2)>";
        given().contentType(ContentType.JSON)
                .body(Map.of("keys", List.of(key)))
                .when()
                .post("/api/partitions/test_regions/keys")
                .then()
                .statusCode(200);
        try {
            String id = given().contentType(ContentType.JSON)
                    .body(Map.of("assets", List.of("test/regional"), "partitions", List.of(key)))
                    .when()
                    .post("/api/runs")
                    .then()
                    .statusCode(201)
                    .extract()
                    .jsonPath()
                    .getString("id");
            Runs.await(id);
            String html = given().when()
                    .get("/runs/" + id)
                    .then()
                    .statusCode(200)
                    .extract()
                    .asString();
            assertThat(html).doesNotContain("<img src=x").contains("&lt;img src=x onerror=alert(2)&gt;");
        } finally {
            given().contentType(ContentType.JSON)
                    .body(Map.of("keys", List.of(key)))
                    .when()
                    .delete("/api/partitions/test_regions/keys")
                    .then()
                    .statusCode(200);
        }
    }
}
