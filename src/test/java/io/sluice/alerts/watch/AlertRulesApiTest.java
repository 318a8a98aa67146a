package io.sluice.alerts.watch;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The example's rule through the API: listed as declared, edited at run time (stored, audited), refused edits, reset. */
@QuarkusTest
class AlertRulesApiTest {

    static final String RULE = "/api/alerts/rules/form-adv-failures";

    @AfterEach
    void reset() {
        given().delete(RULE + "/edit").then().statusCode(200);
    }

    JsonPath rule() {
        return given().get("/api/alerts/rules")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath()
                .setRootPath("find { it.name == 'form-adv-failures' }");
    }

    @Test
    void theDeclaredRuleIsListedAndTheLogChannelShowsNoUrl() {
        JsonPath rule = rule();
        assertThat(rule.getList("causes", String.class))
                .containsExactly(
                        "BACKFILL_FAILED", "BLOCKING_CHECK_FAILED", "FRESHNESS_VIOLATED", "NODE_LOST", "RUN_FAILED");
        assertThat(rule.getList("channels", String.class)).containsExactly("log");
        assertThat(rule.getBoolean("enabled")).isTrue();
        assertThat(rule.getBoolean("edited")).isFalse();
        String channels = given().get("/api/alerts/channels")
                .then()
                .statusCode(200)
                .extract()
                .asString();
        assertThat(channels).contains("\"name\":\"log\"").doesNotContain("url").doesNotContain("http");
    }

    @Test
    void anEditIsInForceStoredAndAuditedUntilReset() {
        given().contentType(ContentType.JSON)
                .body("{\"enabled\":false,\"windowMinutes\":15,\"groups\":[\"raw\"]}")
                .put(RULE)
                .then()
                .statusCode(200)
                .body("enabled", equalTo(false))
                .body("windowMinutes", equalTo(15))
                .body("edited", equalTo(true));
        given().contentType(ContentType.JSON)
                .body("{\"causes\":[\"RUN_FAILED\"]}")
                .put(RULE)
                .then()
                .statusCode(200)
                .body("enabled", equalTo(false))
                .body("causes", org.hamcrest.Matchers.contains("RUN_FAILED"));
        JsonPath rule = rule();
        assertThat(rule.getBoolean("enabled")).as("the earlier edit stays").isFalse();
        assertThat(rule.getList("groups", String.class)).containsExactly("raw");
        assertThat(rule.getString("editedBy")).isNotBlank();
        given().get("/api/audit?action=ALERT_RULE_EDITED&limit=1")
                .then()
                .statusCode(200)
                .body(containsString("form-adv-failures"));

        given().delete(RULE + "/edit").then().statusCode(200).body("enabled", equalTo(true));
        assertThat(rule().getBoolean("edited")).isFalse();
        assertThat(rule().getList("causes")).hasSize(5);
    }

    @Test
    void badEditsAreRefusedWithASentenceAndChangeNothing() {
        given().contentType(ContentType.JSON)
                .body("{\"channels\":[\"nowhere\"]}")
                .put(RULE)
                .then()
                .statusCode(422)
                .body("detail", containsString("channel nowhere is not configured"));
        given().contentType(ContentType.JSON)
                .body("{\"causes\":[\"RUN_TOO_LONG\"]}")
                .put(RULE)
                .then()
                .statusCode(422)
                .body("detail", containsString("maximum duration"));
        given().contentType(ContentType.JSON)
                .body("{\"causes\":[\"SOMETHING\"]}")
                .put(RULE)
                .then()
                .statusCode(422)
                .body("detail", containsString("no cause is named 'SOMETHING'"));
        given().contentType(ContentType.JSON)
                .body("{\"assets\":[\"no/such_asset\"]}")
                .put(RULE)
                .then()
                .statusCode(422)
                .body("detail", containsString("not in the catalog"));
        given().contentType(ContentType.JSON)
                .body("{\"windowMinutes\":-1}")
                .put(RULE)
                .then()
                .statusCode(422);
        given().contentType(ContentType.JSON)
                .body("{\"windowMinutes\":9223372036854775807}")
                .put(RULE)
                .then()
                .statusCode(422)
                .body("detail", containsString("the window is 0 to 10080 minutes"));
        given().contentType(ContentType.JSON)
                .body("{\"enabled\":false}")
                .put("/api/alerts/rules/no-such-rule")
                .then()
                .statusCode(404)
                .body("detail", containsString("form-adv-failures"));
        given().get("/api/alerts?limit=0").then().statusCode(org.hamcrest.Matchers.oneOf(400, 422));
        given().get("/api/alerts?status=LOST").then().statusCode(422);
        given().get("/api/alerts?colour=red").then().statusCode(400);
        assertThat(rule().getBoolean("edited")).isFalse();
    }
}
