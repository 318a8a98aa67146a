package io.sluice.api;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.sluice.runs.RunLimits;
import io.sluice.runs.Scope;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Pool limits: stored in the metadata store (they outlive a restart), audited, removable. */
@QuarkusTest
class PoolApiTest {

    @Inject
    RunLimits store;

    @Test
    void aLimitIsStoredAuditedAndCanBeRemoved() {
        given().contentType(ContentType.JSON)
                .header("X-Sluice-User", "pool-reviewer")
                .body("{\"limit\":2,\"reason\":\"the warehouse is slow\",\"allowUndeclared\":true}")
                .when()
                .put("/api/pools/review_pool")
                .then()
                .statusCode(200)
                .body("limit", equalTo(2));
        given().contentType(ContentType.JSON)
                .header("X-Sluice-User", "pool-reviewer")
                .body("{\"limit\":3,\"allowUndeclared\":true}")
                .when()
                .put("/api/pools/review_pool")
                .then()
                .statusCode(200);
        // the reviewer's two changes, newest first, one page at a time
        var first = given().get("/api/audit?actor=pool-reviewer&limit=1");
        assertThat(first.jsonPath().getInt("[0].detail.limit")).isEqualTo(3);
        String next = first.header("Link").replaceAll("^<(.*)>; rel=\"next\"$", "$1");
        var second = given().get(next);
        assertThat(second.jsonPath().getInt("[0].detail.limit")).isEqualTo(2);
        // the last page names no next one
        assertThat(second.header("Link")).isNull();
        assertThat(given().get("/api/pools")
                        .then()
                        .statusCode(200)
                        .extract()
                        .jsonPath()
                        .getMap("$"))
                .containsEntry("review_pool", 3);
        assertThat(store.all(Scope.POOL))
                .as("in the metadata store, not only in memory")
                .containsEntry("review_pool", 3);
        List<Map<String, Object>> trail = given().get("/api/audit?actor=pool-reviewer")
                .then()
                .extract()
                .jsonPath()
                .getList("$");
        assertThat(trail).anySatisfy(e -> {
            assertThat(e.get("action")).isEqualTo("POOL_LIMIT_SET");
            assertThat(e.get("reason")).isEqualTo("the warehouse is slow");
        });

        given().when().delete("/api/pools/review_pool").then().statusCode(200);
        assertThat(store.all(Scope.POOL)).doesNotContainKey("review_pool");
        assertThat(given().get("/api/pools").then().extract().jsonPath().getMap("$"))
                .doesNotContainKey("review_pool");
        given().when()
                .delete("/api/pools/review_pool")
                .then()
                .statusCode(404)
                .contentType("application/problem+json")
                .body("field", equalTo("name"));
        List<String> actions =
                given().get("/api/audit?limit=50").then().extract().jsonPath().getList("action");
        assertThat(actions).contains("POOL_LIMIT_REMOVED");
    }

    @Test
    void badLimitsAndNamesAreProblemsThatStoreNothing() {
        Map<String, Integer> before = store.all(Scope.POOL);
        given().contentType(ContentType.JSON)
                .body("{\"limit\":0}")
                .when()
                .put("/api/pools/x")
                .then()
                .statusCode(422)
                .body("field", equalTo("limit"));
        given().contentType(ContentType.JSON)
                .body("{\"limit\":2}")
                .when()
                .put("/api/pools/" + "p".repeat(201))
                .then()
                .statusCode(422)
                .body("field", equalTo("name"));
        given().contentType(ContentType.JSON)
                .body("{\"limit\":2,\"limit\":3}")
                .when()
                .put("/api/pools/x")
                .then()
                .statusCode(400);
        given().contentType(ContentType.JSON)
                .body("{\"limit\":2,\"reason\":\"" + "r".repeat(2001) + "\"}")
                .when()
                .put("/api/pools/x")
                .then()
                .statusCode(422)
                .body("field", equalTo("reason"));
        assertThat(store.all(Scope.POOL)).isEqualTo(before);
    }

    @Test
    void aLimitForAPoolNoAssetDeclaresIsRefusedNamingTheDeclaredPools() {
        Map<String, Integer> before = store.all(Scope.POOL);
        int audited = given().get("/api/audit?actor=pool-typist")
                .then()
                .extract()
                .jsonPath()
                .getList("$")
                .size();
        given().contentType(ContentType.JSON)
                .header("X-Sluice-User", "pool-typist")
                .body("{\"limit\":2,\"reason\":\"a typo\"}")
                .when()
                .put("/api/pools/slwo")
                .then()
                .statusCode(404)
                .contentType("application/problem+json")
                .body("field", equalTo("name"))
                .body("detail", containsString("'slwo'"))
                .body("detail", containsString("declared pools: slow"))
                .body("detail", containsString("allowUndeclared"));
        assertThat(store.all(Scope.POOL)).as("nothing stored").isEqualTo(before);
        assertThat(given().get("/api/pools").then().extract().jsonPath().getMap("$"))
                .doesNotContainKey("slwo");
        assertThat(given().get("/api/audit?actor=pool-typist")
                        .then()
                        .extract()
                        .jsonPath()
                        .getList("$"))
                .as("nothing audited")
                .hasSize(audited);
        given().contentType(ContentType.JSON)
                .body("{\"limit\":2,\"allowUndeclared\":\"yes\"}")
                .when()
                .put("/api/pools/slwo")
                .then()
                .statusCode(400)
                .body("field", equalTo("allowUndeclared"));
        assertThat(store.all(Scope.POOL)).isEqualTo(before);
    }

    @Test
    void aStoredLimitOfAPoolNoLongerDeclaredCanBeRemovedButNotChangedByMistake() {
        // a limit stored while an asset declared the pool (the asset has since been deleted from the code)
        store.set(Scope.POOL, "retired_pool", 4, Instant.now());
        try {
            given().contentType(ContentType.JSON)
                    .body("{\"limit\":5}")
                    .when()
                    .put("/api/pools/retired_pool")
                    .then()
                    .statusCode(404)
                    .body("field", equalTo("name"))
                    .body("detail", containsString("'retired_pool'"));
            assertThat(store.all(Scope.POOL))
                    .as("the stored limit is kept as it was")
                    .containsEntry("retired_pool", 4);
            given().when()
                    .delete("/api/pools/retired_pool")
                    .then()
                    .statusCode(200)
                    .body("name", equalTo("retired_pool"));
            assertThat(store.all(Scope.POOL)).doesNotContainKey("retired_pool");
        } finally {
            store.remove(Scope.POOL, "retired_pool");
        }
    }
}
