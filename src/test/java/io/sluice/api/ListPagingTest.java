package io.sluice.api;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.sluice.app.Cursor;
import io.sluice.testing.Backfills;
import io.sluice.testing.Runs;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * One listing path (issue 28, item 1): runs, audit events and backfills are read by keyset through the API (following
 * the Link header) and through the pages (following their Older link) alike; a walk in small pages sees every item once
 * and in order, even when items are added between two pages; a cursor no list gave is a 400 problem, and offset is
 * gone.
 */
@QuarkusTest
class ListPagingTest {

    private static final Pattern LINK = Pattern.compile("^<([^>]+)>; rel=\"next\"$");
    private static final Pattern OLDER = Pattern.compile("<a [^>]*href=\"([^\"]+)\"[^>]*rel=\"next\"");

    private final String user = "paging-" + UUID.randomUUID().toString().substring(0, 8);

    /** Follows the API's Link headers from {@code first}, calling {@code between} after each page; every id read. */
    private static List<String> walkApi(String first, String idPath, Runnable between, List<String> links) {
        List<String> ids = new ArrayList<>();
        String next = first;
        while (next != null) {
            Response r = given().get(next);
            r.then().statusCode(200);
            ids.addAll(r.jsonPath().getList(idPath, String.class));
            String link = r.header("Link");
            if (link == null) {
                next = null;
            } else {
                Matcher m = LINK.matcher(link);
                assertThat(m.matches()).as(link).isTrue();
                next = m.group(1);
                links.add(next);
            }
            between.run();
        }
        return ids;
    }

    /** Follows a page's Older link from {@code first}; every {@code data-kind} id of the pages' rows. */
    private static List<String> walkPage(String first, String kind, Runnable between) {
        Pattern row = Pattern.compile("data-" + kind + "=\"([^\"]+)\"");
        List<String> ids = new ArrayList<>();
        String next = first;
        while (next != null) {
            String html = given().get(next).then().statusCode(200).extract().asString();
            Matcher m = row.matcher(html);
            while (m.find()) {
                ids.add(m.group(1));
            }
            Matcher older = OLDER.matcher(html);
            next = older.find() ? older.group(1).replace("&amp;", "&") : null;
            between.run();
        }
        return ids;
    }

    private static List<String> all(String path, String idPath) {
        return given().get(path).then().statusCode(200).extract().jsonPath().getList(idPath, String.class);
    }

    private String launchRun(int n) {
        return Runs.launch("{\"assets\":[\"test/checked\"],\"launchedBy\":\"" + user + "\",\"config\":{\"value\":\"p"
                + n + "\"}}");
    }

    @Test
    void theRunsListIsWalkedOnceInOrderThroughTheApiAndThePage() {
        List<String> launched = new ArrayList<>();
        for (int i = 0; i < 7; i++) {
            launched.add(launchRun(i));
        }
        List<String> expected = all("/api/runs?launchedBy=" + user + "&limit=500", "id");
        assertThat(expected).containsExactlyInAnyOrderElementsOf(launched);

        int[] added = {0};
        List<String> links = new ArrayList<>();
        List<String> walked =
                walkApi("/api/runs?launchedBy=" + user + "&limit=3", "id", () -> launchRun(100 + added[0]++), links);
        assertThat(walked).containsExactlyElementsOf(expected);
        assertThat(links)
                .hasSize(2)
                .allSatisfy(l -> assertThat(l)
                        .contains("launchedBy=" + user)
                        .contains("limit=3")
                        .contains("cursor="));

        // the page: the same runs for the same filter, and the same walk
        List<String> now = all("/api/runs?launchedBy=" + user + "&limit=500", "id");
        assertThat(now).hasSize(7 + added[0]);
        assertThat(walkPage("/runs?launchedBy=" + user + "&limit=500", "run", () -> {}))
                .containsExactlyElementsOf(now);
        List<String> paged = walkPage("/runs?launchedBy=" + user + "&limit=4", "run", () -> launchRun(200));
        assertThat(paged).containsExactlyElementsOf(now);
    }

    private void poolChange(String pool, int limit) {
        given().contentType(ContentType.JSON)
                .header("X-Sluice-User", user)
                .body("{\"limit\":" + limit + ",\"reason\":\"paging\",\"allowUndeclared\":true}")
                .put("/api/pools/" + pool)
                .then()
                .statusCode(200);
    }

    @Test
    void theAuditTrailIsWalkedOnceInOrderThroughTheApiAndThePage() {
        String pool = "paging_" + UUID.randomUUID().toString().substring(0, 8);
        for (int i = 1; i <= 8; i++) {
            poolChange(pool, i);
        }
        List<String> expected = all("/api/audit?actor=" + user + "&limit=500", "id");
        assertThat(expected).hasSize(8);

        int[] added = {0};
        List<String> links = new ArrayList<>();
        List<String> walked =
                walkApi("/api/audit?actor=" + user + "&limit=3", "id", () -> poolChange(pool, 20 + added[0]++), links);
        assertThat(walked).containsExactlyElementsOf(expected);
        assertThat(links).hasSize(2).allSatisfy(l -> assertThat(l).contains("actor=" + user));

        List<String> now = all("/api/audit?actor=" + user + "&limit=500", "id");
        assertThat(now).hasSize(8 + added[0]);
        assertThat(walkPage("/audit?actor=" + user + "&limit=500", "event", () -> {}))
                .containsExactlyElementsOf(now);
        assertThat(walkPage("/audit?actor=" + user + "&limit=3", "event", () -> poolChange(pool, 99)))
                .containsExactlyElementsOf(now);
    }

    private static String launchBackfill(int day) {
        return Backfills.launch("{\"assets\":[\"test/daily\"],\"ranges\":[{\"start\":\"2024-09-" + day + "\",\"end\":"
                + "\"2024-09-" + day + "\"}],\"reason\":\"paging\"}");
    }

    @Test
    void theBackfillsListIsWalkedOnceInOrderThroughTheApiAndThePage() {
        List<String> launched = new ArrayList<>();
        for (int day = 10; day < 15; day++) {
            launched.add(launchBackfill(day));
        }
        List<String> expected = all("/api/backfills?limit=500", "id");
        assertThat(expected).containsAll(launched);

        int[] added = {0};
        List<String> walked =
                walkApi("/api/backfills?limit=2", "id", () -> launchBackfill(20 + added[0]++ % 8), new ArrayList<>());
        assertThat(walked).containsExactlyElementsOf(expected);

        List<String> now = all("/api/backfills?limit=500", "id");
        assertThat(walkPage("/backfills?limit=500", "backfill", () -> {})).containsExactlyElementsOf(now);
        assertThat(walkPage("/backfills?limit=3", "backfill", () -> launchBackfill(28)))
                .containsExactlyElementsOf(now);
    }

    private static String base64(String text) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(text.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void aCursorNoListGaveIsA400ProblemAndOffsetIsGone() {
        String auditCursor = Cursor.at("audit", 5).encode();
        String runsCursor = Cursor.at("runs", Instant.EPOCH, "r-1").encode();
        for (String path : List.of(
                "/api/runs?cursor=%25%25",
                "/api/runs?cursor=" + auditCursor,
                "/api/runs?cursor=" + base64("runs\nyesterday\nr-1"),
                "/api/audit?cursor=" + runsCursor,
                "/api/audit?cursor=" + base64("audit\nx"),
                "/api/backfills?cursor=" + runsCursor,
                "/api/backfills?cursor=" + base64("backfills\n2026-01-01T00:00:00Z\n'; drop"))) {
            given().get(path)
                    .then()
                    .statusCode(400)
                    .contentType("application/problem+json")
                    .body("field", equalTo("cursor"))
                    .body("detail", containsString("Link header"));
        }
        for (String page : List.of("/runs?cursor=" + auditCursor, "/audit?cursor=zz!", "/backfills?cursor=x")) {
            given().get(page).then().statusCode(400).body(containsString("cursor is not a position"));
        }
        for (String path : List.of("/api/runs?offset=10", "/api/audit?offset=0", "/api/backfills?offset=1")) {
            given().get(path)
                    .then()
                    .statusCode(400)
                    .contentType("application/problem+json")
                    .body("field", equalTo("offset"))
                    .body("detail", containsString("paged by cursor"));
        }
        given().get("/api/backfills?after=abc").then().statusCode(400).body("field", equalTo("after"));
    }
}
