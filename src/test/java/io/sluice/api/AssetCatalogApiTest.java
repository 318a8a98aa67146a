package io.sluice.api;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItems;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import java.util.List;
import org.hamcrest.Matchers;
import org.junit.jupiter.api.Test;

/**
 * The catalog over the API (assets, their dependencies both ways, config schemas, keys) and the launch form's key
 * suggestions; unknown assets, runs and bad queries are problems.
 */
@QuarkusTest
class AssetCatalogApiTest {

    @Test
    void listsTheCatalogWithDependenciesBothWaysAndTheConfigSchema() {
        given().when()
                .get("/api/assets")
                .then()
                .statusCode(200)
                .body(
                        "key",
                        hasItems(
                                "extract/form_adv_filings",
                                "raw/form_adv_filings",
                                "transform/form_adv_firm_identity",
                                "transform/form_adv_firm_ownership"));
        JsonPath raw = given().when()
                .get("/api/assets/raw/form_adv_filings")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath();
        assertThat(raw.getList("upstream")).containsExactly("extract/form_adv_filings");
        assertThat(raw.getList("downstream"))
                .containsExactly("transform/form_adv_firm_identity", "transform/form_adv_firm_ownership");
        JsonPath extract = given().when()
                .get("/api/assets/extract/form_adv_filings")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath();
        assertThat(extract.getString("configSchema.properties.firms.type")).isEqualTo("integer");
        assertThat(extract.getInt("configSchema.properties.firms.minimum")).isEqualTo(1);
        assertThat(extract.getString("configSchema.properties.through.format")).isEqualTo("date");
        assertThat(extract.getList("configSchema.required"))
                .as("through may be left out: every filing published so far")
                .isNullOrEmpty();
        given().when()
                .get("/api/assets/test/daily")
                .then()
                .statusCode(200)
                .body("partitions.type", equalTo("daily"))
                .body("partitions.start", equalTo("2024-01-01"));
    }

    @Test
    void unknownAssetsAndBadQueriesAreProblems() {
        given().when()
                .get("/api/assets/nope/nothing")
                .then()
                .statusCode(404)
                .contentType("application/problem+json")
                .body("status", equalTo(404))
                .body("detail", containsString("nope/nothing"));
        given().when()
                .get("/api/assets/test/gated/keys?limit=abc")
                .then()
                .statusCode(400)
                .body("field", equalTo("limit"));
        given().when()
                .get("/api/assets/test/flaky/keys")
                .then()
                .statusCode(422)
                .body("detail", containsString("does not process entity keys"));
        given().when().get("/api/runs/does-not-exist").then().statusCode(404).contentType("application/problem+json");
        given().when().get("/api/runs?status=BOGUS").then().statusCode(422).body("field", equalTo("status"));
        given().when().get("/api/runs?limit=0").then().statusCode(422).body("field", equalTo("limit"));
        given().when().get("/api/runs?asset=nogroup").then().statusCode(400).body("field", equalTo("asset"));
        given().when().get("/api/nothing-here").then().statusCode(404).contentType("application/problem+json");
    }

    @Test
    void keysOfAKeyedAssetByPrefix() {
        given().when()
                .get("/api/assets/test/gated/keys?prefix=k01&limit=3")
                .then()
                .statusCode(200)
                .body("$", equalTo(List.of("k010", "k011", "k012")));
    }

    @Test
    void anUnknownRunPageKeepsControlCharactersOutOfThePage() {
        String page = given().urlEncodingEnabled(false)
                .when()
                .get("/runs/a%00b")
                .then()
                .statusCode(404)
                .extract()
                .asString();
        assertThat(page).doesNotContain("\u0000").contains("a\uFFFDb");
        given().get("/api/assets/test/daily/partitions?status=MISSING&status=FAILED")
                .then()
                .statusCode(400)
                .contentType("application/problem+json")
                .body("field", equalTo("status"));
    }

    @Test
    void keySuggestionsForAMalformedOrUnknownAssetAreEmpty() {
        for (String asset : List.of("garbage", "nope/nope", "test/flaky")) {
            given().queryParam("asset", asset)
                    .queryParam("keys", "k")
                    .when()
                    .get("/ui/keys")
                    .then()
                    .statusCode(200)
                    .body(Matchers.not(containsString("<option")));
        }
        given().queryParam("asset", "test/gated")
                .queryParam("keys", "k00")
                .when()
                .get("/ui/keys")
                .then()
                .statusCode(200)
                .body(containsString("k001"));
    }
}
