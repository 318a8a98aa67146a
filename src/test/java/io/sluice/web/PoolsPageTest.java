package io.sluice.web;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.endsWith;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The pools page: limits and usage, set and removed with forms that post and redirect. */
@QuarkusTest
class PoolsPageTest {

    private static Map<String, Integer> limits() {
        return given().get("/api/pools")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath()
                .getMap("$");
    }

    private static io.restassured.response.ValidatableResponse post(String path, String body) {
        return given().redirects()
                .follow(false)
                .contentType(ContentType.URLENC)
                .header("X-Sluice-User", "pat")
                .body(body)
                .when()
                .post(path)
                .then();
    }

    @Test
    void theDeclaredPoolIsListedWithTheAssetsThatDeclareIt() {
        given().when()
                .get("/pools")
                .then()
                .statusCode(200)
                .body(containsString("data-pool=\"slow\""))
                .body(containsString("href=\"/assets/test/slow_daily\""))
                .body(containsString("action=\"/pools/slow/limit\""));
    }

    @Test
    void aLimitIsSetAndRemovedWithFormsAndAuditedWithTheHeadersActor() {
        post("/pools/slow/limit", "limit=3&reason=warehouse+is+slow")
                .statusCode(303)
                .header("Location", endsWith("/pools?changed=slow"));
        assertThat(limits()).containsEntry("slow", 3);
        given().get("/pools?changed=slow").then().body(containsString("Pool <code>slow</code> changed."));
        given().get("/api/audit?actor=pat&limit=1")
                .then()
                .statusCode(200)
                .body("[0].action", org.hamcrest.Matchers.equalTo("POOL_LIMIT_SET"))
                .body("[0].reason", org.hamcrest.Matchers.equalTo("warehouse is slow"));
        post("/pools/slow/remove", "").statusCode(303);
        assertThat(limits()).doesNotContainKey("slow");
    }

    @Test
    void aBadLimitIsAnInlineErrorAndChangesNothing() {
        Map<String, Integer> before = limits();
        post("/pools/slow/limit", "limit=many").statusCode(422).body(containsString("whole number"));
        post("/pools/slow/limit", "limit=0").statusCode(422).body(containsString("Nothing was changed."));
        post("/pools/slow/limit", "limit=2&limit=3").statusCode(422).body(containsString("sent 2 times"));
        post("/pools/not_a_pool/limit", "limit=2").statusCode(404).body(containsString("no asset declares pool"));
        post("/pools/not_a_pool/remove", "").statusCode(404);
        assertThat(limits()).isEqualTo(before);
    }

    @Test
    void aPoolNoAssetDeclaresYetGetsALimitFromTheOtherForm() {
        post("/pools", "name=future_pool&limit=4&reason=ahead").statusCode(303);
        assertThat(limits()).containsEntry("future_pool", 4);
        given().get("/pools")
                .then()
                .body(containsString("data-pool=\"future_pool\""))
                .body(containsString("undeclared"));
        post("/pools", "name=bad+name&limit=4").statusCode(422).body(containsString("a pool name is"));
        post("/pools/future_pool/remove", "").statusCode(303);
    }
}
