package io.sluice.web;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import io.restassured.http.ContentType;
import org.junit.jupiter.api.Test;

/** Another site cannot make an operator's browser launch or cancel anything; Sluice's own pages and plain clients can. */
@QuarkusTest
class CrossSiteTest {

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

    @Test
    void aLaunchFormPostedFromAnotherSiteIsRefusedAndLaunchesNothing() {
        int before = runCount();
        given().header("Sec-Fetch-Site", "cross-site")
                .header("Origin", "https://evil.example")
                .contentType(ContentType.URLENC)
                .formParam("asset", "test/flaky")
                .formParam("mode", "INCREMENTAL")
                .when()
                .post("/ui/launch")
                .then()
                .statusCode(403)
                .contentType("application/problem+json")
                .body("status", equalTo(403))
                .body("detail", containsString("another site"));
        // a browser without Sec-Fetch-Site: its Origin decides
        given().header("Origin", "https://evil.example")
                .contentType(ContentType.URLENC)
                .formParam("asset", "test/flaky")
                .when()
                .post("/ui/launch")
                .then()
                .statusCode(403)
                .body("detail", containsString("evil.example"));
        given().header("Origin", "null")
                .contentType(ContentType.URLENC)
                .formParam("asset", "test/flaky")
                .when()
                .post("/ui/launch")
                .then()
                .statusCode(403);
        assertThat(runCount()).isEqualTo(before);
    }

    @Test
    void cancelsFromAnotherSiteAreRefused() {
        String id = given().contentType(ContentType.JSON)
                .body("{\"assets\":[\"test/flaky\"]}")
                .when()
                .post("/api/runs")
                .then()
                .statusCode(201)
                .extract()
                .jsonPath()
                .getString("id");
        given().header("Sec-Fetch-Site", "same-site")
                .when()
                .post("/runs/" + id + "/cancel")
                .then()
                .statusCode(403);
        given().header("Sec-Fetch-Site", "cross-site")
                .contentType(ContentType.TEXT)
                .body("{\"reason\":\"x=\"}")
                .when()
                .post("/api/runs/" + id + "/cancel")
                .then()
                .statusCode(403);
        given().header("Sec-Fetch-Site", "cross-site")
                .when()
                .post("/ui/backfills/any/cancel")
                .then()
                .statusCode(403);
        given().header("Sec-Fetch-Site", "cross-site")
                .when()
                .post("/api/backfills/any/cancel")
                .then()
                .statusCode(403);
        given().when().get("/api/runs/" + id).then().statusCode(200).body("cancelRequested", equalTo(false));
    }

    @Test
    void theOwnPagesPlainClientsAndReadsFromAnywherePass() {
        given().header("Sec-Fetch-Site", "same-origin")
                .header("Origin", "https://evil.example")
                .contentType(ContentType.URLENC)
                .formParam("asset", "test/daily")
                .formParam("partitions", "2024-08-01")
                .formParam("as", "run")
                .when()
                .post("/ui/launch")
                .then()
                .statusCode(200)
                .body(containsString("Launched run"));
        given().header("Origin", "http://localhost:" + RestAssured.port)
                .contentType(ContentType.URLENC)
                .formParam("asset", "test/daily")
                .formParam("partitions", "2024-08-02")
                .formParam("as", "run")
                .when()
                .post("/ui/launch")
                .then()
                .statusCode(200)
                .body(containsString("Launched run"));
        given().contentType(ContentType.URLENC)
                .formParam("asset", "test/daily")
                .formParam("partitions", "2024-08-03")
                .formParam("as", "run")
                .when()
                .post("/ui/launch")
                .then()
                .statusCode(200)
                .body(containsString("Launched run"));
        given().header("Sec-Fetch-Site", "cross-site")
                .when()
                .get("/ui/runs")
                .then()
                .statusCode(200);
    }

    @Test
    void noOtherSiteMayFrameThePages() {
        // framed, the page's own buttons post same-origin: a site could lay a decoy over Launch, Pause or Retry failed
        for (String page : new String[] {"/", "/runs/nope", "/ui/runs"}) {
            given().when()
                    .get(page)
                    .then()
                    .header("X-Frame-Options", "DENY")
                    .header("Content-Security-Policy", containsString("frame-ancestors 'none'"))
                    .header("X-Content-Type-Options", "nosniff");
        }
    }
}
