package io.sluice.api;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.sluice.testing.Runs;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Dynamic partitions: keys added and removed over the API, launches validated against them, every change audited. */
@QuarkusTest
class PartitionApiTest {

    private static List<String> change(String method, String body, int status) {
        var request = given().contentType(ContentType.JSON).header("X-Sluice-User", "erin").body(body).when();
        var response = "POST".equals(method) ? request.post("/api/partitions/test_regions/keys") : request.delete("/api/partitions/test_regions/keys");
        return response.then().statusCode(status).extract().jsonPath().getList("keys");
    }

    @Test
    void keysAreAddedAndRemovedAtRunTimeAndLaunchesFollowThem() {
        given().get("/api/partitions").then().statusCode(200).body("$", hasItem("test_regions"));
        assertThat(change("POST", "{\"keys\":[\"eu\",\"us\",\"eu\"],\"reason\":\"new markets\"}", 200)).containsExactly("eu", "us");
        assertThat(change("POST", "{\"keys\":[\"eu\"]}", 200)).as("already there").isEmpty();
        given().get("/api/partitions/test_regions/keys").then().statusCode(200).body("keys", equalTo(List.of("eu", "us")));

        assertThat(Runs.launchAndAwait("{\"assets\":[\"test/regional\"],\"partitions\":[\"eu\"]}").getString("status")).isEqualTo("SUCCESS");
        given().contentType(ContentType.JSON).body("{\"assets\":[\"test/regional\"],\"partitions\":[\"asia\"]}").when().post("/api/runs")
                .then().statusCode(422).body("field", equalTo("partitions[0]"));

        assertThat(change("DELETE", "{\"keys\":[\"us\",\"mars\"]}", 200)).containsExactly("us");
        given().contentType(ContentType.JSON).body("{\"assets\":[\"test/regional\"],\"partitions\":[\"us\"]}").when().post("/api/runs")
                .then().statusCode(422);

        List<String> actions = given().get("/api/audit?asset=test/regional").then().statusCode(200).extract().jsonPath().getList("action");
        assertThat(actions).contains("PARTITION_KEYS_ADDED", "PARTITION_KEYS_REMOVED");
        assertThat(given().get("/api/audit?asset=test/regional").then().extract().jsonPath().getList("actor")).contains("erin");
        assertThat(given().get("/api/audit?asset=test/regiona").then().statusCode(200).extract().jsonPath().getList("$"))
                .as("a prefix of an asset's name is another asset").isEmpty();
    }

    @Test
    void badKeyChangesAreProblems() {
        given().contentType(ContentType.JSON).body("{\"keys\":[\"a|b\"]}").when().post("/api/partitions/test_regions/keys").then()
                .statusCode(422).contentType("application/problem+json").body("field", equalTo("keys[0]"));
        given().contentType(ContentType.JSON).body("{\"keys\":[]}").when().post("/api/partitions/test_regions/keys").then()
                .statusCode(422).body("field", equalTo("keys"));
        for (String key : List.of("k".repeat(201), "a,b", " padded")) {
            given().contentType(ContentType.JSON).body(java.util.Map.of("keys", List.of("ok", key))).when().post("/api/partitions/test_regions/keys")
                    .then().statusCode(422).contentType("application/problem+json").body("field", equalTo("keys[1]"));
        }
        given().contentType(ContentType.JSON).body("{\"keys\":[\"z\"],\"reason\":\"r\",\"reason\":\"s\"}").when()
                .post("/api/partitions/test_regions/keys").then().statusCode(400).contentType("application/problem+json")
                .body("detail", org.hamcrest.Matchers.containsString("Duplicate field 'reason'"));
        given().get("/api/partitions/test_regions/keys").then().body("keys", org.hamcrest.Matchers.not(org.hamcrest.Matchers.hasItem("ok")));
        given().contentType(ContentType.JSON).body("{\"keys\":[\"x\"]}").when().post("/api/partitions/nothing/keys").then().statusCode(404);
        given().get("/api/partitions/nothing/keys").then().statusCode(404);
    }
}
