package io.sluice.api;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.not;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import io.restassured.config.EncoderConfig;
import io.restassured.http.ContentType;
import io.sluice.testing.RawHttp;
import io.sluice.testing.Runs;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * One rule for each kind of bad input, the same on every endpoint and in the launch form: nothing is coerced, a key holds
 * at most 200 characters, names and keys are well-formed text without control or bidi characters, a value given twice
 * is refused, 400 for what cannot be read and 422 for what is not allowed, in words a user understands. And only
 * requests addressed to an allowed host name are answered.
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
                "/api/backfills",
                "{\"assets\":[\"test/daily\"],\"partitions\":[\"2024-01-01\"],\"reason\":true,\"dryRun\":true}");
        problem(400, "POST", "/api/runs", "{\"assets\":[\"test/checked\"],\"config\":{\"value\":42}}");
        problem(400, "PUT", "/api/pools/slow", "{\"limit\":2,\"reason\":[\"x\"]}");
        assertThat(problem(
                                400,
                                "POST",
                                "/api/backfills",
                                "{\"assets\":[\"test/daily\"],\"partitionsPerRun\":\"\",\"dryRun\":true}")
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
                "/api/backfills",
                "{\"assets\":[\"test/daily\"],\"partitions\":[\"" + huge + "\"],\"dryRun\":true}",
                "partitions[0]"
            },
            {
                "POST",
                "/api/backfills",
                "{\"assets\":[\"test/daily\"],\"ranges\":[{\"start\":\"" + huge
                        + "\",\"end\":\"2024-01-02\"}],\"dryRun\":true}",
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
                "/api/backfills",
                "{\"assets\":[\"test/regional\"],\"partitions\":[\"" + text + "\"],\"dryRun\":true}");
        assertThat(runCount()).isEqualTo(before);
        assertThat(given().get("/api/partitions/test_regions/keys")
                        .then()
                        .extract()
                        .asString())
                .doesNotContain("\u202e")
                .doesNotContain("\\u");
    }

    @Test
    void anActorHeaderWithABidiOverrideIsRefused() throws IOException {
        byte[] head =
                ("POST /api/runs HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nX-Sluice-User: al")
                        .getBytes(StandardCharsets.ISO_8859_1);
        String header = new String(head, StandardCharsets.ISO_8859_1)
                + new String("\u202eice".getBytes(StandardCharsets.UTF_8), StandardCharsets.ISO_8859_1);
        byte[] body = "{\"assets\":[\"test/flaky\"]}".getBytes(StandardCharsets.UTF_8);
        RawHttp.Answer answer = RawHttp.send(
                RestAssured.port, new RawHttp.Request(header + "\r\nContent-Length: " + body.length, body));
        assertThat(answer.status()).isEqualTo(422);
        assertThat(JSON.readTree(answer.body()).get("field").asText()).isEqualTo("X-Sluice-User");
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
                .contains("ranges[0] selects already");
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
    void anOutOfRangeLimitIsA422AndOneThatIsNoNumberA400Everywhere() {
        String run = Runs.launch("{\"assets\":[\"test/flaky\"]}");
        Runs.launchAndAwait("{\"assets\":[\"test/checked\"]}");
        for (String path : new String[] {
            "/api/assets/test/gated/keys",
            "/api/runs",
            "/api/runs/" + run + "/logs",
            "/api/audit",
            "/api/backfills",
            "/api/lake/tables/test_checked/rows",
            "/api/lake/tables/test_checked/changes?run=" + run
        }) {
            String sep = path.contains("?") ? "&" : "?";
            for (String limit : new String[] {"0", "-1", "100001", "99999999999"}) {
                given().get(path + sep + "limit=" + limit)
                        .then()
                        .statusCode(422)
                        .contentType("application/problem+json")
                        .body("field", equalTo("limit"));
            }
            for (String limit : new String[] {"abc", "1.5", "1e3", "%201"}) {
                given().get(path + sep + "limit=" + limit)
                        .then()
                        .statusCode(400)
                        .contentType("application/problem+json")
                        .body("field", equalTo("limit"));
            }
        }
    }

    @Test
    void bytesThatAreNotUtf8InTheLaunchFormAreA400EvenWithoutPercentEncoding() throws IOException {
        int before = runCount();
        byte[] body = "asset=test/flaky&reason=caf\u00e9".getBytes(StandardCharsets.ISO_8859_1);
        RawHttp.Answer answer = RawHttp.send(
                RestAssured.port,
                RawHttp.Request.of(
                        "POST",
                        "/ui/launch",
                        "localhost",
                        Map.of("Content-Type", "application/x-www-form-urlencoded"),
                        body));
        assertThat(answer.status()).isEqualTo(400);
        assertThat(answer.header("Content-Type")).startsWith("application/problem+json");
        assertThat(JSON.readTree(answer.body()).get("detail").asText())
                .contains("reason")
                .contains("not UTF-8");
        assertThat(runCount()).isEqualTo(before);
    }

    @Test
    void theLaunchFormFollowsTheSameRules() {
        int before = runCount();
        for (String body : new String[] {
            "asset=test/flaky&reason=al%E2%80%AEice",
            "asset=test/flaky&asset=test/flaky",
            "asset=test/daily&partitions=2024-03-01,2024-03-01",
            "asset=test/daily&partitions=2024-03-01...2024-03-05,2024-03-02&as=backfill",
            "asset=test/gated&mode=SINGLE_KEY&keys=" + "k".repeat(201)
        }) {
            given().config(RestAssured.config()
                            .encoderConfig(EncoderConfig.encoderConfig()
                                    .appendDefaultContentCharsetToContentTypeIfUndefined(false)))
                    .contentType(ContentType.URLENC)
                    .body(body)
                    .when()
                    .post("/ui/launch")
                    .then()
                    .statusCode(200)
                    .body(containsString("Not launched"))
                    .body(not(containsString("Launched run")));
        }
        assertThat(runCount()).isEqualTo(before);
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

    @Test
    void aPageThatRebindsItsNameToThisServerIsNotAnswered() throws IOException {
        int before = runCount();
        int port = RestAssured.port;
        byte[] body = "{\"assets\":[\"test/flaky\"],\"reason\":\"rebound\"}".getBytes(StandardCharsets.UTF_8);
        RawHttp.Answer post = RawHttp.send(
                port,
                RawHttp.Request.of(
                        "POST",
                        "/api/runs",
                        "evil.example:" + port,
                        Map.of(
                                "Origin",
                                "http://evil.example:" + port,
                                "Sec-Fetch-Site",
                                "same-origin",
                                "Content-Type",
                                "application/json"),
                        body));
        assertThat(post.status()).isEqualTo(421);
        assertThat(post.header("Content-Type")).startsWith("application/problem+json");
        assertThat(JSON.readTree(post.body()).get("detail").asText())
                .contains("'evil.example'")
                .contains("sluice.http.allowed-hosts");
        assertThat(runCount()).isEqualTo(before);
        for (String path : List.of("/api/runs", "/api/audit", "/ui/runs", "/", "/q/metrics", "/q/openapi")) {
            assertThat(RawHttp.send(port, RawHttp.Request.of("GET", path, "evil.example:" + port, Map.of(), null))
                            .status())
                    .as(path)
                    .isEqualTo(421);
        }
        assertThat(RawHttp.send(port, RawHttp.Request.of("GET", "/api/runs", null, Map.of(), null))
                        .status())
                .isBetween(400, 421);
        assertThat(RawHttp.send(port, RawHttp.Request.of("GET", "/q/health/ready", "evil.example", Map.of(), null))
                        .status())
                .isEqualTo(200);
        for (String host : List.of("localhost:" + port, "127.0.0.1:" + port, "[::1]:" + port, "LOCALHOST")) {
            assertThat(RawHttp.send(port, RawHttp.Request.of("GET", "/api/runs?limit=1", host, Map.of(), null))
                            .status())
                    .as(host)
                    .isEqualTo(200);
        }
    }

    @Test
    void aReasonCannotForgeALineInTheRunPagesLog() {
        String id = given().contentType(ContentType.JSON)
                .body(Map.of(
                        "assets",
                        List.of("test/flaky"),
                        "reason",
                        "x\n20:22:00 ERROR [io.sl.security] admin password reset"))
                .when()
                .post("/api/runs")
                .then()
                .statusCode(201)
                .extract()
                .path("id");
        Runs.await(id);
        given().get("/api/runs/" + id + "/logs")
                .then()
                .statusCode(200)
                .body("[0].message", containsString("x\n20:22:00 ERROR"));
        String html =
                given().get("/runs/" + id).then().statusCode(200).extract().asString();
        String log = html.substring(
                html.indexOf("<pre class=\"log\""), html.indexOf("</pre>", html.indexOf("<pre class=\"log\"")));
        assertThat(log)
                .contains("x\\n20:22:00 ERROR [io.sl.security] admin password reset")
                .doesNotContain("\n20:22:00 ERROR");
    }
}
