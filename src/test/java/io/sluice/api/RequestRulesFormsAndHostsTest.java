package io.sluice.api;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.not;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import io.restassured.config.EncoderConfig;
import io.restassured.http.ContentType;
import io.sluice.testing.Management;
import io.sluice.testing.RawHttp;
import io.sluice.testing.Runs;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The request rules outside JSON bodies: an actor header, the limit query parameter, the launch form, the host a
 * request is addressed to, and a reason shown in the run page's log.
 */
@QuarkusTest
class RequestRulesFormsAndHostsTest {

    private static final ObjectMapper JSON = new ObjectMapper();

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
            "asset=test/flaky&as=run&reason=al%E2%80%AEice",
            "asset=test/flaky&asset=test/flaky&as=run",
            "asset=test/daily&as=run&partitions=2024-03-01,2024-03-01",
            "asset=test/daily&partitions=2024-03-01...2024-03-05,2024-03-02&as=backfill",
            "asset=test/gated&mode=SINGLE_KEY&as=run&keys=" + "k".repeat(201),
            "asset=test/flaky",
            "asset=test/flaky&as=run&launchedBy=eve"
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
        for (String path : List.of("/api/runs", "/api/audit", "/ui/runs", "/", "/q/openapi")) {
            assertThat(RawHttp.send(port, RawHttp.Request.of("GET", path, "evil.example:" + port, Map.of(), null))
                            .status())
                    .as(path)
                    .isEqualTo(421);
        }
        assertThat(RawHttp.send(port, RawHttp.Request.of("GET", "/api/runs", null, Map.of(), null))
                        .status())
                .isBetween(400, 421);
        int management = Management.port();
        assertThat(RawHttp.send(
                                management,
                                RawHttp.Request.of("GET", "/q/metrics", "evil.example:" + management, Map.of(), null))
                        .status())
                .as("metrics on the management interface")
                .isEqualTo(421);
        assertThat(RawHttp.send(
                                management,
                                RawHttp.Request.of("GET", "/q/health/ready", "evil.example", Map.of(), null))
                        .status())
                .isEqualTo(200);
        assertThat(RawHttp.send(port, RawHttp.Request.of("GET", "/q/health/ready", "localhost", Map.of(), null))
                        .status())
                .as("health is not served on the application's port")
                .isEqualTo(404);
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
