package io.sluice.api;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import io.restassured.http.ContentType;
import io.sluice.testing.RawHttp;
import io.sluice.testing.Runs;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Hundreds of bad requests, generated from a table of endpoints and bad inputs ({@link BadRequests}), sent as bytes:
 * none gets a 5xx or a 2xx, every refusal is an RFC 9457 problem (status, title, detail) in a user's words, with no Java
 * class and no stack trace (the launch form answers what it cannot launch in the form, as htmx swaps it in), and the
 * metadata store and the lake are as they were: runs, backfills, the audit trail, partition statuses, keys of dynamic
 * partitions, pool limits and the lake's tables.
 */
@QuarkusTest
class BadRequestSweepTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void hundredsOfBadRequestsAreRefusedWithProblemsAndChangeNothing() throws Exception {
        BadRequests.Fixture fixture = fixture();
        List<BadRequests.Case> cases = BadRequests.cases(fixture, RestAssured.port);
        assertThat(cases).as("bad requests in the sweep").hasSizeGreaterThanOrEqualTo(300);
        assertThat(cases.stream().map(BadRequests.Case::endpoint).distinct().count())
                .as("endpoints swept")
                .isGreaterThanOrEqualTo(30);
        String before = quiet();

        List<String> failures = new ArrayList<>();
        for (BadRequests.Case c : cases) {
            try {
                check(c, RawHttp.send(RestAssured.port, c.request()));
            } catch (AssertionError | IOException e) {
                failures.add(c + ": " + e.getMessage());
            }
        }
        assertThat(failures).as("of %d bad requests", cases.size()).isEmpty();
        assertThat(snapshot())
                .as("the metadata store and the lake after the sweep")
                .isEqualTo(before);
    }

    private static void check(BadRequests.Case c, RawHttp.Answer answer) throws IOException {
        if (c.formRefusal()) {
            assertThat(answer.status()).as("status").isEqualTo(200);
            assertThat(answer.body())
                    .contains("Not launched")
                    .doesNotContain("Launched run")
                    .doesNotContain("\tat ");
            return;
        }
        assertThat(answer.status()).as("status, answer %s", answer.body()).isBetween(400, 499);
        if (c.page()) {
            assertThat(answer.header("Content-Type")).as("content type").startsWith("text/html");
            assertThat(answer.body())
                    .as("a page saying why")
                    .contains("Nothing was launched")
                    .doesNotContain("\tat ")
                    .doesNotContain("Exception");
            assertThat(answer.status()).as("status for %s", c).isEqualTo(c.status());
            return;
        }
        assertThat(answer.header("Content-Type")).as("content type").startsWith("application/problem+json");
        JsonNode problem = JSON.readTree(answer.body());
        assertThat(problem.path("status").asInt()).as("problem status").isEqualTo(answer.status());
        assertThat(problem.path("title").asText()).as("problem title").isNotBlank();
        String detail = problem.path("detail").asText();
        assertThat(detail)
                .as("problem detail")
                .isNotBlank()
                .doesNotMatch(RequestRulesTest.LIBRARY_WORDS)
                .doesNotContain("\tat ")
                .doesNotContain("\n");
        if (c.status() != 0) {
            assertThat(answer.status()).as("status for %s: %s", c, detail).isEqualTo(c.status());
        }
    }

    /** A run, a backfill and a lake table for the bad requests to name (keys and pools they name need not exist: each is refused first). */
    private static BadRequests.Fixture fixture() {
        String run = Runs.launchAndAwait(
                        "{\"assets\":[\"test/daily\"],\"partitions\":[\"2024-06-01\"],\"reason\":\"sweep\"}")
                .getString("id");
        Runs.launchAndAwait("{\"assets\":[\"test/checked\"],\"reason\":\"sweep\"}");
        String backfill = given().contentType(ContentType.JSON)
                .body("{\"assets\":[\"test/daily\"],\"partitions\":[\"2024-06-02\",\"2024-06-03\"]}")
                .when()
                .post("/api/backfills")
                .then()
                .statusCode(201)
                .extract()
                .path("backfill.id");
        Instant deadline = Instant.now().plus(Duration.ofSeconds(60));
        while (!"COMPLETED"
                .equals(given().get("/api/backfills/" + backfill)
                        .then()
                        .extract()
                        .path("status"))) {
            assertThat(Instant.now()).as("backfill " + backfill + " completes").isBefore(deadline);
            Runs.sleep(50);
        }
        return new BadRequests.Fixture(run, backfill);
    }

    /** The snapshot once nothing changes any more (runs of earlier tests may still be ending). */
    private static String quiet() {
        Instant deadline = Instant.now().plus(Duration.ofSeconds(120));
        String last = snapshot();
        while (true) {
            Runs.sleep(1_000);
            String now = snapshot();
            boolean started = !given().get("/api/runs?status=STARTED&limit=1")
                    .then()
                    .extract()
                    .jsonPath()
                    .getList("$")
                    .isEmpty();
            if (now.equals(last) && !started) {
                return now;
            }
            assertThat(Instant.now()).as("the store settles before the sweep").isBefore(deadline);
            last = now;
        }
    }

    /** What the metadata store and the lake hold, read through the API. */
    private static String snapshot() {
        Map<String, Object> all = new LinkedHashMap<>();
        all.put("runs", pages("/api/runs?limit=500"));
        List<JsonNode> backfills = pages("/api/backfills?limit=500");
        backfills.forEach(b -> ((ObjectNode) b.path("progress"))
                .remove(List.of(
                        "runsPerSecond",
                        "partitionsPerSecond",
                        "activeSeconds",
                        "pausedSeconds",
                        "eta"))); // computed from the clock
        all.put("backfills", backfills);
        all.put("audit", pages("/api/audit?limit=500"));
        for (JsonNode name : tree("/api/partitions")) {
            all.put("keys " + name.asText(), tree("/api/partitions/" + name.asText() + "/keys"));
        }
        for (JsonNode asset : tree("/api/assets")) {
            if (!"unpartitioned".equals(asset.path("partitions").path("type").asText("unpartitioned"))) {
                String key = asset.path("key").asText();
                all.put("partitions " + key, tree("/api/assets/" + key + "/partitions"));
            }
        }
        all.put("pools", tree("/api/pools"));
        all.put("lake", tree("/api/lake/tables"));
        try {
            return JSON.writerWithDefaultPrettyPrinter().writeValueAsString(all);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Every item of a list, following its Link headers from {@code path}. */
    private static List<JsonNode> pages(String path) {
        List<JsonNode> all = new ArrayList<>();
        for (String next = path; next != null; ) {
            var answer = given().get(next).then().statusCode(200).extract();
            try {
                JSON.readTree(answer.asByteArray()).forEach(all::add);
            } catch (IOException e) {
                throw new IllegalStateException(next, e);
            }
            String link = answer.header("Link");
            next = link == null ? null : link.replaceAll("^<(.*)>; rel=\"next\"$", "$1");
        }
        return all;
    }

    private static JsonNode tree(String path) {
        try {
            return JSON.readTree(
                    given().get(path).then().statusCode(200).extract().asByteArray());
        } catch (IOException e) {
            throw new IllegalStateException(path, e);
        }
    }

    static byte[] utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
