package io.sluice.api;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import java.io.IOException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * One rule for each kind of bad input, the same on every endpoint: nothing is coerced, a key holds at most 200
 * characters, names and keys are well-formed text without control or bidi characters, a value given twice is refused,
 * 400 for what cannot be read and 422 for what is not allowed, in words a user understands. The launch form, headers,
 * query limits and hosts: {@link RequestRulesFormsAndHostsTest}.
 */
@QuarkusTest
class RequestRulesTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    /** What a problem's detail must never show: Java types, Jackson's vocabulary. */
    static final String LIBRARY_WORDS =
            "(?s).*(java\\.|javax\\.|jakarta\\.|io\\.sluice\\.|com\\.fasterxml|JsonToken|CoercionConfig|Creator|"
                    + "DeserializationFeature|`|Exception|\\$).*";

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

    private static JsonNode problem(int status, String method, String path, String body) throws IOException {
        String text = given().contentType(ContentType.JSON)
                .body(body)
                .when()
                .request(method, path)
                .then()
                .statusCode(status)
                .contentType("application/problem+json")
                .extract()
                .asString();
        JsonNode problem = JSON.readTree(text);
        assertThat(problem.get("status").asInt()).isEqualTo(status);
        assertThat(problem.get("detail").asText()).as(text).doesNotMatch(LIBRARY_WORDS);
        return problem;
    }

    @Test
    void nothingIsCoercedToText() throws IOException {
        int before = runCount();
        for (String keys : new String[] {"[100001]", "[true]", "[1.5]", "[[\"a\"]]", "[{}]"}) {
            JsonNode p = problem(
                    400,
                    "POST",
                    "/api/runs",
                    "{\"assets\":[\"test/gated\"],\"mode\":\"SINGLE_KEY\",\"keys\":" + keys + "}");
            assertThat(p.get("field").asText()).isEqualTo("keys[0]");
            assertThat(p.get("detail").asText()).startsWith("request body field 'keys[0]' must be text, not ");
        }
        assertThat(problem(400, "POST", "/api/runs", "{\"assets\":[\"test/flaky\"],\"reason\":42}")
                        .get("detail")
                        .asText())
                .isEqualTo("request body field 'reason' must be text, not the number 42");
        problem(
                400,
                "POST",
                "/api/backfills/preview",
                "{\"assets\":[\"test/daily\"],\"partitions\":[\"2024-01-01\"],\"reason\":true}");
        problem(400, "POST", "/api/runs", "{\"assets\":[\"test/checked\"],\"config\":{\"value\":42}}");
        problem(400, "PUT", "/api/pools/slow", "{\"limit\":2,\"reason\":[\"x\"]}");
        assertThat(problem(
                                400,
                                "POST",
                                "/api/backfills/preview",
                                "{\"assets\":[\"test/daily\"],\"partitionsPerRun\":\"\"}")
                        .get("field")
                        .asText())
                .isEqualTo("partitionsPerRun");
        assertThat(runCount()).isEqualTo(before);
    }

    @Test
    void aKeyHoldsAtMost200CharactersEverywhere() throws IOException {
        String huge = "k".repeat(1_000_000);
        for (String[] request : new String[][] {
            {
                "POST",
                "/api/runs",
                "{\"assets\":[\"test/gated\"],\"mode\":\"SINGLE_KEY\",\"keys\":[\"" + huge + "\"]}",
                "keys[0]"
            },
            {"POST", "/api/runs", "{\"assets\":[\"test/daily\"],\"partitions\":[\"" + huge + "\"]}", "partitions[0]"},
            {
                "POST",
                "/api/backfills/preview",
                "{\"assets\":[\"test/daily\"],\"partitions\":[\"" + huge + "\"]}",
                "partitions[0]"
            },
            {
                "POST",
                "/api/backfills/preview",
                "{\"assets\":[\"test/daily\"],\"ranges\":[{\"start\":\"" + huge + "\",\"end\":\"2024-01-02\"}]}",
                "ranges[0].start"
            },
            {"POST", "/api/partitions/test_regions/keys", "{\"keys\":[\"" + huge + "\"]}", "keys[0]"},
            {
                "POST",
                "/api/assets/test/checked/rollback",
                "{\"toSystemTime\":\"2024-01-01T00:00:00Z\",\"partition\":\"" + huge + "\"}",
                "partition"
            }
        }) {
            JsonNode p = problem(422, request[0], request[1], request[2]);
            assertThat(p.get("field").asText()).isEqualTo(request[3]);
            assertThat(p.get("detail").asText())
                    .contains("longer than 200 characters")
                    .hasSizeLessThan(300);
        }
        assertThat(given().get("/api/partitions/test_regions/keys")
                        .then()
                        .extract()
                        .jsonPath()
                        .getList("keys", String.class))
                .noneMatch(k -> k.length() > 200);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"al\\u202eice", "\\ud800", "a\\udc00b", "a\\u2066b", "a\\nb", "a\\u0085b"})
    void namesAndKeysAreWellFormedTextWithoutControlOrBidiCharacters(String text) throws IOException {
        int before = runCount();
        problem(
                422,
                "POST",
                "/api/runs",
                "{\"assets\":[\"test/gated\"],\"mode\":\"SINGLE_KEY\",\"keys\":[\"" + text + "\"]}");
        problem(422, "POST", "/api/runs", "{\"assets\":[\"test/flaky\"],\"launchedBy\":\"" + text + "\"}");
        problem(
                422,
                "POST",
                "/api/backfills",
                "{\"assets\":[\"test/daily\"],\"partitions\":[\"2024-01-01\"],\"launchedBy\":\"" + text + "\"}");
        problem(422, "POST", "/api/partitions/test_regions/keys", "{\"keys\":[\"" + text + "\"]}");
        problem(
                422,
                "POST",
                "/api/backfills/preview",
                "{\"assets\":[\"test/regional\"],\"partitions\":[\"" + text + "\"]}");
        assertThat(runCount()).isEqualTo(before);
        assertThat(given().get("/api/partitions/test_regions/keys")
                        .then()
                        .extract()
                        .asString())
                .doesNotContain("\u202e")
                .doesNotContain("\\u");
    }

    @Test
    void aValueGivenTwiceIsRefusedOnEveryEndpoint() throws IOException {
        int before = runCount();
        int backfills = given().get("/api/backfills?limit=500")
                .then()
                .extract()
                .jsonPath()
                .getList("$")
                .size();
        assertThat(problem(
                                422,
                                "POST",
                                "/api/runs",
                                "{\"assets\":[\"test/daily\"],\"partitions\":[\"2024-02-01\",\"2024-02-01\"]}")
                        .get("field")
                        .asText())
                .isEqualTo("partitions[1]");
        assertThat(problem(
                                422,
                                "POST",
                                "/api/backfills",
                                "{\"assets\":[\"test/daily\"],\"partitions\":[\"2024-02-01\",\"2024-02-01\"]}")
                        .get("field")
                        .asText())
                .isEqualTo("partitions[1]");
        assertThat(problem(
                                422,
                                "POST",
                                "/api/backfills",
                                "{\"assets\":[\"test/daily\"],\"ranges\":[{\"start\":\"2024-02-01\",\"end\":\"2024-02-10\"},"
                                        + "{\"start\":\"2024-02-10\",\"end\":\"2024-02-12\"}]}")
                        .get("detail")
                        .asText())
                .contains("which ranges[0] (2024-02-01...2024-02-10) selects already");
        assertThat(problem(
                                422,
                                "POST",
                                "/api/backfills",
                                "{\"assets\":[\"test/daily\"],\"ranges\":[{\"start\":\"2024-02-01\",\"end\":\"2024-02-10\"}],"
                                        + "\"partitions\":[\"2024-02-05\"]}")
                        .get("field")
                        .asText())
                .isEqualTo("partitions[0]");
        problem(422, "POST", "/api/runs", "{\"assets\":[\"test/flaky\",\"test/flaky\"]}");
        problem(
                422,
                "POST",
                "/api/backfills",
                "{\"assets\":[\"test/daily\",\"test/daily\"],\"partitions\":[\"2024-02-01\"]}");
        problem(
                422,
                "POST",
                "/api/runs",
                "{\"assets\":[\"test/gated\"],\"mode\":\"SINGLE_KEY\",\"keys\":[\"1\",\"1\"]}");
        problem(422, "POST", "/api/partitions/test_regions/keys", "{\"keys\":[\"dup\",\"dup\"]}");
        assertThat(runCount()).isEqualTo(before);
        assertThat(given().get("/api/backfills?limit=500")
                        .then()
                        .extract()
                        .jsonPath()
                        .getList("$"))
                .hasSize(backfills);
    }

    @Test
    void problemsSpeakTheUsersWordsNotJavas() throws IOException {
        String[][] cases = {
            {"POST", "/api/runs", "{\"assets\":\"test/flaky\"}"},
            {"POST", "/api/runs", "{\"assets\":{}}"},
            {"POST", "/api/runs", "{\"assets\":[\"test/flaky\"],\"config\":[]}"},
            {"POST", "/api/runs", "{\"assets\":[\"test/flaky\"],\"nope\":1}"},
            {"POST", "/api/runs", "[]"},
            {"POST", "/api/runs", "\"x\""},
            {"POST", "/api/runs", "{} {}"},
            {"POST", "/api/runs", "{bad"},
            {"POST", "/api/runs", "{\"assets\":[\"test/flaky\"],\"config\":{\"attempts\":\"3\"}}"},
            {"POST", "/api/runs", "{\"assets\":[\"test/flaky\"],\"config\":{\"attempts\":null}}"},
            {"POST", "/api/backfills", "{\"assets\":[\"test/daily\"],\"ranges\":\"x\"}"},
            {
                "POST",
                "/api/backfills",
                "{\"assets\":[\"test/daily\"],\"ranges\":[{\"start\":\"2024-01-01\",\"end\":\"2024-01-02\",\"x\":1}]}"
            },
            {"POST", "/api/backfills", "{\"assets\":[\"test/daily\"],\"singleRun\":\"yes\"}"},
            {"POST", "/api/backfills", "{\"assets\":[\"test/daily\"],\"maxConcurrent\":1.5}"},
            {"PUT", "/api/pools/slow", "{\"limit\":[1]}"},
            {"POST", "/api/partitions/test_regions/keys", "{\"keys\":\"a\"}"},
            {"POST", "/api/runs/x/cancel", "{\"reason\":[]}"},
            {"POST", "/api/backfills/x/pause", "{\"reason\":{}}"},
            {"POST", "/api/backfills/x/pause", "[1]"},
            {"POST", "/api/backfills/x/pause", "null"},
            {"POST", "/api/runs/x/cancel", "null"}
        };
        for (String[] c : cases) {
            String text = given().contentType(ContentType.JSON)
                    .body(c[2])
                    .when()
                    .request(c[0], c[1])
                    .then()
                    .statusCode(400)
                    .contentType("application/problem+json")
                    .extract()
                    .asString();
            assertThat(JSON.readTree(text).get("detail").asText())
                    .as(c[1] + " " + c[2])
                    .doesNotMatch(LIBRARY_WORDS);
        }
        for (String[] c : new String[][] {{"DELETE", "/api/runs"}, {"GET", "/api/nope"}}) {
            String text = given().when()
                    .request(c[0], c[1])
                    .then()
                    .statusCode(c[0].equals("GET") ? 404 : 405)
                    .extract()
                    .asString();
            assertThat(JSON.readTree(text).get("detail").asText())
                    .doesNotMatch(LIBRARY_WORDS)
                    .doesNotContain("@")
                    .doesNotContain("resource method");
        }
    }
}
