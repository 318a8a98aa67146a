package io.sluice.api;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.sluice.testing.Runs;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * What the OpenAPI document says of answers is true of real answers: every property a schema lists as required is
 * there with a value, and no answer holds a property its schema does not declare. Runs that succeeded, failed and a
 * backfill give the answers their optional parts.
 */
@QuarkusTest
class OpenApiAnswersTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String SCHEMAS = "#/components/schemas/";

    private JsonNode schemas;
    private final List<String> violations = new ArrayList<>();

    @Test
    void answersHoldEveryRequiredPropertyAndOnlyDeclaredOnes() throws Exception {
        JsonNode document = JSON.readTree(given().accept("application/json")
                .get("/q/openapi?format=json")
                .then()
                .statusCode(200)
                .extract()
                .asString());
        schemas = document.path("components").path("schemas");
        String ok = Runs.launchAndAwait("{\"assets\":[\"test/checked\"],\"reason\":\"answers\"}")
                .getString("id");
        String failed = Runs.launchAndAwait(
                        "{\"assets\":[\"test/flaky\",\"test/after_flaky\"],\"config\":{\"test/flaky\":"
                                + "{\"fail\":true}}}")
                .getString("id");
        String backfill = JSON.readTree(given().contentType(ContentType.JSON)
                        .body(
                                "{\"assets\":[\"test/daily\"],\"ranges\":[{\"start\":\"2025-10-01\",\"end\":\"2025-10-02\"}],"
                                        + "\"reason\":\"answers\"}")
                        .post("/api/backfills")
                        .then()
                        .statusCode(201)
                        .extract()
                        .asString())
                .path("backfill")
                .path("id")
                .asText();

        Map<String, String> answers = new LinkedHashMap<>();
        answers.put("/api/assets", "GET /api/assets");
        answers.put("/api/assets/test/checked", "GET /api/assets/{key}");
        answers.put("/api/assets/test/daily", "GET /api/assets/{key}");
        answers.put("/api/assets/test/daily/partitions", "GET /api/assets/{key}/partitions");
        answers.put("/api/runs?limit=100", "GET /api/runs");
        answers.put("/api/runs/" + ok, "GET /api/runs/{id}");
        answers.put("/api/runs/" + failed, "GET /api/runs/{id}");
        answers.put("/api/runs/" + ok + "/logs", "GET /api/runs/{id}/logs");
        answers.put("/api/runs/" + ok + "/checks", "GET /api/runs/{id}/checks");
        answers.put("/api/backfills", "GET /api/backfills");
        answers.put("/api/backfills/" + backfill, "GET /api/backfills/{id}");
        answers.put("/api/audit?limit=200", "GET /api/audit");
        answers.put("/api/automation", "GET /api/automation");
        answers.put("/api/schedules", "GET /api/schedules");
        answers.put("/api/sensors", "GET /api/sensors");
        answers.put("/api/lake/tables", "GET /api/lake/tables");
        answers.put("/api/pools", "GET /api/pools");
        answers.put("/api/partitions", "GET /api/partitions");
        for (Map.Entry<String, String> answer : answers.entrySet()) {
            String[] operation = answer.getValue().split(" ");
            JsonNode schema = document.path("paths")
                    .path(operation[1])
                    .path(operation[0].toLowerCase())
                    .path("responses")
                    .path("200")
                    .path("content")
                    .path("application/json")
                    .path("schema");
            assertThat(schema.isMissingNode()).as(answer.getValue()).isFalse();
            JsonNode body = JSON.readTree(given().get(answer.getKey())
                    .then()
                    .statusCode(200)
                    .extract()
                    .asString());
            check(answer.getKey(), schema, body);
        }
        JsonNode problem = JSON.readTree(
                given().get("/api/runs/nope").then().statusCode(404).extract().asString());
        check("a 404", JSON.readTree("{\"$ref\":\"" + SCHEMAS + "Problem\"}"), problem);
        assertThat(violations).isEmpty();
    }

    private void check(String where, JsonNode schema, JsonNode value) {
        if (schema.has("$ref")) {
            String name = schema.path("$ref").asText().substring(SCHEMAS.length());
            check(where + " (" + name + ")", schemas.path(name), value);
            return;
        }
        if (value == null || value.isNull()) {
            return;
        }
        if ("array".equals(schema.path("type").asText()) && value.isArray()) {
            for (int i = 0; i < value.size(); i++) {
                check(where + "[" + i + "]", schema.path("items"), value.get(i));
            }
            return;
        }
        JsonNode properties = schema.path("properties");
        if (!properties.isObject() || properties.isEmpty() || !value.isObject()) {
            return;
        }
        for (JsonNode required : schema.path("required")) {
            JsonNode present = value.get(required.asText());
            if (present == null || present.isNull()) {
                violations.add(where + ": required " + required.asText() + " is " + present);
            }
        }
        TreeSet<String> undeclared = new TreeSet<>();
        value.fieldNames().forEachRemaining(name -> {
            if (properties.has(name)) {
                check(where + "." + name, properties.path(name), value.get(name));
            } else {
                undeclared.add(name);
            }
        });
        if (!undeclared.isEmpty()) {
            violations.add(where + ": not declared " + undeclared);
        }
    }
}
