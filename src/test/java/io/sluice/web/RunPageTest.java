package io.sluice.web;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.sluice.testing.Runs;
import io.sluice.testing.TestAssets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The run page and the run log as a new user reads them. */
@QuarkusTest
class RunPageTest {

    @Test
    void aRollbackReadsRollbackOnItsPageAsInTheList() {
        String first = Runs.launchAndAwait("{\"assets\":[\"test/checked\"],\"config\":{\"value\":\"page-a\"}}")
                .getString("id");
        assertThat(Runs.launchAndAwait("{\"assets\":[\"test/checked\"],\"config\":{\"value\":\"page-b\"}}")
                        .getString("status"))
                .isEqualTo("SUCCESS");
        String id = given().contentType(ContentType.JSON)
                .body("{\"toRun\":\"" + first + "\",\"reason\":\"b was wrong\"}")
                .post("/api/assets/test/checked/rollback")
                .then()
                .statusCode(201)
                .extract()
                .path("id");
        JsonPath rollback = Runs.await(id);
        assertThat(rollback.getString("status")).as(rollback.getString("error")).isEqualTo("SUCCESS");
        String page =
                given().get("/runs/" + id).then().statusCode(200).extract().asString();
        assertThat(page)
                .contains("<span class=\"mode-tag\" id=\"run-mode\">ROLLBACK</span>")
                .doesNotContain("FULL_REFRESH");
        String list = given().get("/ui/runs").then().statusCode(200).extract().asString();
        assertThat(list).contains("<span class=\"mode-tag\">ROLLBACK</span>");
    }

    @Test
    void oneKeyIsOneKeyInTheRunLog() {
        TestAssets.Gated.reset(false);
        JsonPath run = Runs.launchAndAwait("{\"assets\":[\"test/gated\"],\"mode\":\"SINGLE_KEY\",\"keys\":[\"k001\"]}");
        assertThat(run.getString("status")).as(run.getString("error")).isEqualTo("SUCCESS");
        List<String> lines = given().get("/api/runs/" + run.getString("id") + "/logs")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath()
                .getList("message");
        assertThat(lines)
                .contains(
                        "SINGLE_KEY resolved to 1 key in 1 batch",
                        "batch 1/1: 1 key, 1 row",
                        "finished SUCCESS: 1 key, 1 batch, 1 row written");
        assertThat(String.join("\n", lines)).doesNotContainPattern("\\b1 (keys|batches|rows)\\b");
        String page = given().get("/runs/" + run.getString("id"))
                .then()
                .statusCode(200)
                .extract()
                .asString();
        assertThat(page)
                .contains("1 key in 1 batch, 1 row written")
                .doesNotContainPattern("\\b1 (keys|batches|rows)\\b");
    }
}
