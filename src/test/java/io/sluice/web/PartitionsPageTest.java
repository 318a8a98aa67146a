package io.sluice.web;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.endsWith;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.ValidatableResponse;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The dynamic partitions page: keys added with a form, removed after a confirmation. */
@QuarkusTest
class PartitionsPageTest {

    private static List<String> keys() {
        return given().get("/api/partitions/test_regions/keys")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath()
                .getList("keys");
    }

    private static ValidatableResponse post(String path, String body) {
        return given().redirects()
                .follow(false)
                .contentType(ContentType.URLENC)
                .body(body)
                .when()
                .post(path)
                .then();
    }

    @Test
    void keysAreAddedAndRemovedOnlyOnceConfirmed() {
        post("/partitions/test_regions/add", "keys=page_eu%2C+page_us%0Apage_apac&reason=markets")
                .statusCode(303)
                .header("Location", endsWith("/partitions?changed=test_regions"));
        assertThat(keys()).contains("page_eu", "page_us", "page_apac");
        given().get("/partitions")
                .then()
                .statusCode(200)
                .body(containsString("data-set=\"test_regions\""))
                .body(containsString("name=\"key\" value=\"page_apac\""));

        // the first post only asks
        post("/partitions/test_regions/remove", "key=page_eu&key=page_us&reason=closed")
                .statusCode(200)
                .body(containsString("Remove 2 keys from <code>test_regions</code>?"))
                .body(containsString("name=\"confirm\" value=\"yes\""));
        assertThat(keys()).contains("page_eu", "page_us");

        post("/partitions/test_regions/remove", "key=page_eu&key=page_us&confirm=yes&reason=closed")
                .statusCode(303);
        assertThat(keys()).doesNotContain("page_eu", "page_us").contains("page_apac");
        given().get("/api/audit?actor=anonymous&action=PARTITION_KEYS_REMOVED&limit=1")
                .then()
                .body("[0].action", org.hamcrest.Matchers.equalTo("PARTITION_KEYS_REMOVED"))
                .body("[0].reason", org.hamcrest.Matchers.equalTo("closed"));
    }

    @Test
    void badInputIsAnInlineErrorAndStoresNothing() {
        List<String> before = keys();
        post("/partitions/test_regions/add", "keys=+%2C+").statusCode(422).body(containsString("at least one key"));
        post("/partitions/test_regions/add", "keys=a%09b").statusCode(422).body(containsString("Nothing was changed."));
        post("/partitions/nope/add", "keys=x").statusCode(404).body(containsString("no asset uses dynamic partitions"));
        post("/partitions/test_regions/remove", "reason=x")
                .statusCode(422)
                .body(containsString("tick at least one key"));
        post("/partitions/nope/remove", "key=x").statusCode(404);
        assertThat(keys()).isEqualTo(before);
    }
}
