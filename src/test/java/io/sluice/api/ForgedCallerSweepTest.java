package io.sluice.api;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.sluice.testing.Lists;
import io.sluice.testing.Runs;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * No request may act as Sluice's own automation: a request naming a schedule, a sensor, a trigger, the system or the
 * pages' old name in {@code X-Sluice-User} (or in a launch body's launchedBy) is refused with a 400 on every mutating
 * route of the API (read from the OpenAPI document, so a new route is swept too) and on every form post of the pages,
 * and nothing is stored under that name.
 */
@QuarkusTest
class ForgedCallerSweepTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String REASON = "forged-caller-sweep";

    /** Reserved names as a forger would send them; the first four no automation of the tests records. */
    private static final List<String> FORGED =
            List.of("schedule:forged", "Sensor:forged", " SYSTEM ", "web-ui", "trigger", "sluice", "schedule");

    private static final Set<String> NEVER_RECORDED = Set.of("schedule:forged", "Sensor:forged", " SYSTEM ", "web-ui");

    private static String run;
    private static String backfill;
    private static String table;

    /** A run, a backfill and a lake table for the routes to name, made once (the app runs only once a test does). */
    private static void fixture() {
        if (table != null) {
            return;
        }
        run = Runs.launchAndAwait(
                        "{\"assets\":[\"test/daily\"],\"partitions\":[\"2024-05-01\"],\"reason\":\"forged fixture\"}")
                .getString("id");
        backfill = given().contentType(ContentType.JSON)
                .body("{\"assets\":[\"test/daily\"],\"partitions\":[\"2024-05-02\"]}")
                .post("/api/backfills")
                .then()
                .statusCode(201)
                .extract()
                .path("backfill.id");
        Runs.launchAndAwait("{\"assets\":[\"test/landed\"],\"reason\":\"forged fixture\"}");
        table = "test_landed";
        given().get("/api/lake/tables/" + table).then().statusCode(200);
    }

    @Test
    void everyMutatingApiRouteRefusesAReservedNameBeforeItRuns() throws IOException {
        fixture();
        List<String[]> routes = mutatingApiRoutes();
        assertThat(routes).as("mutating routes of the API").hasSizeGreaterThanOrEqualTo(18);
        List<String> failures = new ArrayList<>();
        for (String[] route : routes) {
            for (String name : FORGED) {
                Response answer = given().header("X-Sluice-User", name)
                        .contentType(ContentType.JSON)
                        .body("{\"reason\":\"" + REASON + "\"}")
                        .request(route[0], route[1]);
                String body = answer.asString();
                if (answer.statusCode() != 400
                        || !answer.contentType().startsWith(Problem.MEDIA_TYPE)
                        || !"X-Sluice-User"
                                .equals(JSON.readTree(body).path("field").asText())
                        || !body.contains("reserved for Sluice's own automation")) {
                    failures.add(route[0] + " " + route[1] + " as " + name + ": " + answer.statusCode() + " " + body);
                }
            }
        }
        assertThat(failures).isEmpty();
        nothingRecordedAsForged();
    }

    @Test
    void aLaunchBodyMayNotNameAServiceEither() {
        fixture();
        Map<String, String> launches = Map.of(
                "/api/runs", "{\"assets\":[\"test/flaky\"],\"reason\":\"" + REASON + "\",\"launchedBy\":\"%s\"}",
                "/api/backfills",
                        "{\"assets\":[\"test/daily\"],\"partitions\":[\"2024-05-03\"],\"reason\":\"" + REASON
                                + "\",\"launchedBy\":\"%s\"}",
                "/api/assets/test/daily/rollback",
                        "{\"toRun\":\"" + run + "\",\"reason\":\"" + REASON + "\",\"launchedBy\":\"%s\"}");
        for (Map.Entry<String, String> launch : launches.entrySet()) {
            for (String name : FORGED) {
                given().contentType(ContentType.JSON)
                        .body(String.format(launch.getValue(), name))
                        .post(launch.getKey())
                        .then()
                        .statusCode(400)
                        .contentType(Problem.MEDIA_TYPE)
                        .body("field", org.hamcrest.Matchers.equalTo("launchedBy"))
                        .body("detail", org.hamcrest.Matchers.containsString("reserved"));
            }
        }
        nothingRecordedAsForged();
    }

    @Test
    void everyFormPostOfThePagesRefusesAReservedNameWithAReadableAnswer() {
        fixture();
        String form = "application/x-www-form-urlencoded";
        // path, body, the status it answers with
        Object[][] posts = {
            {"/launch", "asset=test/flaky&as=run&reason=" + REASON, 400},
            {"/launch", "asset=test/daily&partitions=2024-05-04&as=backfill&reason=" + REASON, 400},
            {"/ui/launch", "asset=test/flaky&as=run&reason=" + REASON, 200}, // htmx swaps the refusal into the form
            {"/automation/schedules/nope/start", "", 400},
            {"/automation/sensors/nope/stop", "", 400},
            {"/ui/schedules/nope/start", "", 200}, // htmx: the section shows why
            {"/ui/sensors/nope/start", "", 400},
            {"/backfills/" + backfill + "/pause", "reason=" + REASON, 400},
            {"/backfills/" + backfill + "/cancel", "confirm=yes&reason=" + REASON, 400},
            {"/ui/backfills/" + backfill + "/pause", "", 400},
            {"/partitions/nope/add", "keys=forged&reason=" + REASON, 400},
            {"/partitions/nope/remove", "key=forged&confirm=yes&reason=" + REASON, 400},
            {"/pools/forged_pool/limit", "limit=3&allowUndeclared=true&reason=" + REASON, 400},
            {"/pools", "name=forged_pool&limit=3&reason=" + REASON, 400},
            {"/pools/forged_pool/remove", "", 400},
            {"/runs/" + run + "/cancel", "", 400},
            {"/runs/" + run + "/reexecute", "scope=ALL&reason=" + REASON, 400},
            {"/data/" + table + "/rollback", "toRun=" + run + "&reason=" + REASON, 400},
            {"/account/tokens", "name=forged&role=viewer", 400},
            {"/account/tokens/nope/revoke", "", 400},
            {"/admin/users", "name=forged&roles=viewer", 400},
            {"/admin/users/admin/roles", "roles=viewer", 400},
            {"/admin/users/admin/disable", "", 400},
            {"/admin/users/admin/enable", "", 400},
            {"/admin/users/admin/password-reset", "", 400},
            {"/admin/tokens/nope/revoke", "", 400}
        };
        List<String> failures = new ArrayList<>();
        for (Object[] post : posts) {
            for (String name : FORGED) {
                Response answer = given().redirects()
                        .follow(false)
                        .header("X-Sluice-User", name)
                        .contentType(form)
                        .body((String) post[1])
                        .post((String) post[0]);
                String body = answer.asString();
                if (answer.statusCode() != (Integer) post[2]
                        || !body.contains("reserved for Sluice")
                        || body.contains("\tat ")) {
                    failures.add("POST " + post[0] + " as " + name + ": " + answer.statusCode() + " " + body);
                }
            }
        }
        assertThat(failures).isEmpty();
        nothingRecordedAsForged();
    }

    /** The API's POST, PUT, PATCH and DELETE routes, with every path parameter filled in. */
    private static List<String[]> mutatingApiRoutes() throws IOException {
        JsonNode paths = JSON.readTree(given().accept("application/json")
                        .get("/q/openapi?format=json")
                        .then()
                        .statusCode(200)
                        .extract()
                        .asString())
                .path("paths");
        List<String[]> routes = new ArrayList<>();
        for (Iterator<String> it = paths.fieldNames(); it.hasNext(); ) {
            String path = it.next();
            if (!path.startsWith("/api/")) {
                continue;
            }
            for (String method : new String[] {"post", "put", "patch", "delete"}) {
                if (paths.path(path).has(method)) {
                    routes.add(new String[] {method.toUpperCase(Locale.ROOT), filled(path)});
                }
            }
        }
        return routes;
    }

    private static String filled(String path) {
        return path.replace("{key}", "test/daily")
                .replace("{id}", path.startsWith("/api/backfills") ? backfill : run)
                .replace("{table}", table)
                .replaceAll("\\{[^}]+}", "nope");
    }

    /** No run, backfill or audit event carries a forged name or the sweep's reason. */
    private static void nothingRecordedAsForged() {
        List<Map<String, Object>> audit = Lists.all("/api/audit?limit=500");
        assertThat(audit)
                .as("audit events of the sweep")
                .noneMatch(e -> REASON.equals(e.get("reason")) || NEVER_RECORDED.contains(e.get("actor")));
        List<Map<String, Object>> runs = given().get("/api/runs?limit=500")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath()
                .getList("$");
        assertThat(runs)
                .as("runs of the sweep")
                .noneMatch(r -> REASON.equals(r.get("reason")) || NEVER_RECORDED.contains(r.get("launchedBy")));
        List<Map<String, Object>> backfills = given().get("/api/backfills?limit=500")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath()
                .getList("$");
        assertThat(backfills)
                .as("backfills of the sweep")
                .noneMatch(b -> REASON.equals(b.get("reason")) || NEVER_RECORDED.contains(b.get("launchedBy")));
    }
}
