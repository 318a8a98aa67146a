package io.sluice.api;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.sluice.lake.Lake;
import io.sluice.lake.LakeTables;
import io.sluice.testing.NoLakeProfile;
import io.sluice.testing.Runs;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import java.lang.reflect.Constructor;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * On a node started without the lake, every route of every API resource and page that reads the lake (found by
 * reflection: its class takes {@link Lake} or {@link LakeTables}) answers as listed here, with a reason: a 503 problem
 * (API) or a 503 page (browser) saying the lake is elsewhere where it must read the lake, the usual answer where it
 * does not, and never a 500. A new lake-reading route fails {@link #everyLakeReadingRouteIsListed} until it is listed.
 */
@QuarkusTest
@TestProfile(NoLakeProfile.class)
class NoLakeRoutesTest {

    /** How a route is called here, what it must answer, and why. */
    private record Call(String method, String path, String body, int status, String says, String why) {}

    private static String run;

    /** A run of an asset with a table (queued: this node executes none), launched once. */
    private static synchronized String aRun() {
        if (run == null) {
            run = Runs.launch(
                    "{\"assets\": [\"test/landed\"], \"config\": {\"load\": \"N1\"}, \"reason\": \"no lake\"}");
        }
        return run;
    }

    private static final String API = "This node runs without the lake";
    private static final String PAGE = "The lake is not on this node";

    private static Map<String, Call> calls() {
        String run = aRun();
        Map<String, Call> calls = new LinkedHashMap<>();
        add(calls, "GET /api/lake/tables", "GET", "/api/lake/tables", null, 503, API, "lists the lake's tables");
        add(calls, "GET /api/lake/tables/x", "GET", "/api/lake/tables/test_landed", null, 503, API, "a table's info");
        add(calls, "GET /api/lake/tables/x/rows", "GET", "/api/lake/tables/test_landed/rows", null, 503, API, "rows");
        add(
                calls,
                "GET /api/lake/tables/x/changes",
                "GET",
                "/api/lake/tables/test_landed/changes?run=" + run,
                null,
                503,
                API,
                "what a run changed");
        add(calls, "GET /api/assets", "GET", "/api/assets", null, 200, "test/landed", "the catalog, from the store");
        add(calls, "GET /api/assets/x", "GET", "/api/assets/test/landed", null, 200, "test/landed", "from the store");
        add(calls, "GET /api/assets/x/keys", "GET", "/api/assets/test/landed/keys", null, 422, "", "not keyed");
        add(
                calls,
                "GET /api/assets/x/partitions",
                "GET",
                "/api/assets/test/daily/partitions",
                null,
                200,
                "",
                "partition statuses, from the store");
        add(
                calls,
                "GET /api/assets/x/rollback",
                "GET",
                "/api/assets/test/landed/rollback?toSystemTime=2024-01-01T00:00:00Z",
                null,
                503,
                API,
                "a rollback preview reads the lake");
        add(
                calls,
                "POST /api/assets/x/rollback",
                "POST",
                "/api/assets/test/landed/rollback",
                "{\"toSystemTime\": \"2024-01-01T00:00:00Z\", \"reason\": \"no lake\"}",
                503,
                API,
                "a rollback is checked against the lake before it is stored");
        add(calls, "GET /data", "GET", "/data", null, 503, PAGE, "the data page lists the lake's tables");
        add(calls, "GET /data/x", "GET", "/data/test_landed", null, 503, PAGE, "the table browser");
        add(
                calls,
                "GET /data/x/rollback",
                "GET",
                "/data/test_landed/rollback?toRun=" + run,
                null,
                503,
                PAGE,
                "the rollback form previews from the lake");
        add(
                calls,
                "POST /data/x/rollback",
                "POST",
                "/data/test_landed/rollback",
                "toRun=" + run + "&reason=no+lake",
                503,
                PAGE,
                "a rollback reads the lake");
        add(calls, "GET /assets/x", "GET", "/assets/test/landed", null, 200, "runs without the lake", "says so");
        add(calls, "GET /", "GET", "/", null, 200, "Sluice", "the overview shows without row counts");
        add(calls, "GET /ui/runs", "GET", "/ui/runs", null, 200, "", "the runs fragment reads the store");
        add(
                calls,
                "GET /ui/overview/automation",
                "GET",
                "/ui/overview/automation",
                null,
                200,
                "",
                "the automation fragment reads the store");
        add(
                calls,
                "GET /ui/overview/nodes",
                "GET",
                "/ui/overview/nodes",
                null,
                200,
                "",
                "the nodes fragment reads the store");
        return calls;
    }

    private static void add(
            Map<String, Call> calls,
            String route,
            String method,
            String path,
            String body,
            int status,
            String says,
            String why) {
        calls.put(route, new Call(method, path, body, status, says, why));
    }

    /** Every route of the API resources and pages whose class takes the lake's ports, as {@code GET /data/x}. */
    static List<String> lakeReadingRoutes() {
        TreeSet<String> routes = new TreeSet<>();
        for (JavaClass c : new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("io.sluice.api", "io.sluice.web")) {
            Class<?> type = c.reflect();
            Path root = type.getAnnotation(Path.class);
            if (root == null || !readsTheLake(type)) {
                continue;
            }
            for (Method m : type.getDeclaredMethods()) {
                String verb = m.isAnnotationPresent(GET.class)
                        ? "GET"
                        : m.isAnnotationPresent(POST.class)
                                ? "POST"
                                : m.isAnnotationPresent(PUT.class)
                                        ? "PUT"
                                        : m.isAnnotationPresent(DELETE.class) ? "DELETE" : null;
                if (verb == null) {
                    continue;
                }
                Path sub = m.getAnnotation(Path.class);
                String path = "/" + root.value() + "/" + (sub == null ? "" : sub.value());
                routes.add(verb + " "
                        + path.replaceAll("\\{[^}]*}", "x")
                                .replaceAll("/+", "/")
                                .replaceAll("(.)/$", "$1"));
            }
        }
        return new ArrayList<>(routes);
    }

    private static boolean readsTheLake(Class<?> type) {
        for (Constructor<?> k : type.getDeclaredConstructors()) {
            if (Arrays.stream(k.getParameterTypes()).anyMatch(p -> p == Lake.class || p == LakeTables.class)) {
                return true;
            }
        }
        return false;
    }

    @Test
    void everyLakeReadingRouteIsListed() {
        assertThat(lakeReadingRoutes()).as("found by reflection").contains("GET /api/lake/tables", "GET /data");
        assertThat(new TreeSet<>(calls().keySet())).isEqualTo(new TreeSet<>(lakeReadingRoutes()));
    }

    @Test
    void everyRouteAnswersWithoutTheLakeAsListedAndNeverA500() {
        List<String> wrong = new ArrayList<>();
        for (Map.Entry<String, Call> e : calls().entrySet()) {
            Call c = e.getValue();
            boolean page = !c.path().startsWith("/api/");
            var request = given().accept(page ? "text/html" : "application/json");
            if (c.body() != null) {
                request = request.contentType(page ? ContentType.URLENC : ContentType.JSON)
                        .body(c.body());
            }
            Response r = c.method().equals("POST") ? request.post(c.path()) : request.get(c.path());
            String body = r.asString();
            if (r.statusCode() != c.status() || !body.contains(c.says()) || body.contains("\tat ")) {
                wrong.add(e.getKey() + " (" + c.why() + "): " + r.statusCode() + " "
                        + body.substring(0, Math.min(300, body.length())));
            }
            if (c.status() == 503 && !page) {
                assertThat(r.contentType()).as(e.getKey()).startsWith("application/problem+json");
                assertThat(r.jsonPath().getInt("status")).isEqualTo(503);
            }
            if (c.status() == 503 && page) {
                assertThat(r.contentType()).as(e.getKey()).startsWith("text/html");
            }
        }
        assertThat(wrong).isEmpty();
    }
}
