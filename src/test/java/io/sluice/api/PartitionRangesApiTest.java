package io.sluice.api;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import io.sluice.testing.Runs;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/**
 * A run's partitions are ranges everywhere (issue 27, item 11): in its JSON, in its audit events (the API, the page and
 * the CSV), as a backfill's events already were. A run over a year of hours (8,760 partitions, about the 8,766 days of
 * the example's 24-year landing) is measured: the sizes it prints are the figures of docs/api.md. Run it alone with
 * {@code ./mvnw -B -q test -Dtest=PartitionRangesApiTest -Dsurefire.failIfNoSpecifiedTests=false}.
 */
@QuarkusTest
class PartitionRangesApiTest {

    static final DateTimeFormatter HOUR = DateTimeFormatter.ofPattern("yyyy-MM-dd-HH:mm", Locale.ROOT);

    @TestHTTPResource("/")
    URI root;

    @Test
    void aYearOfHoursIsOneRangeInTheRunsJsonItsAuditEventsAndTheCsv() throws Exception {
        List<String> hours = new ArrayList<>();
        for (LocalDateTime h = LocalDateTime.of(2025, 1, 1, 0, 0); h.getYear() == 2025; h = h.plusHours(1)) {
            hours.add("\"" + HOUR.format(h) + "\"");
        }
        String first = "2025-01-01-00:00";
        String last = "2025-12-31-23:00";
        // the first hour fails as configured: the run ends at once and no other hour changes
        // launching 8,760 partitions takes a while on a busy machine: a client that waits for it
        HttpResponse<String> launched = HttpClient.newHttpClient()
                .send(
                        HttpRequest.newBuilder(root.resolve("/api/runs"))
                                .timeout(Duration.ofSeconds(300))
                                .header("Content-Type", "application/json")
                                .POST(HttpRequest.BodyPublishers.ofString("{\"assets\":[\"test/hourly\"],"
                                        + "\"partitions\":[" + String.join(",", hours) + "],\"config\":{\"failAt\":\""
                                        + first + "\"},\"launchedBy\":\"ranges-year\"}"))
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
        assertThat(launched.statusCode()).as(launched.body()).isEqualTo(201);
        String id = JsonPath.from(launched.body()).getString("id");
        Runs.await(id);

        String run =
                given().get("/api/runs/" + id).then().statusCode(200).extract().asString();
        String list = given().get("/api/runs?limit=50")
                .then()
                .statusCode(200)
                .extract()
                .asString();
        String events = given().get("/api/audit?run=" + id)
                .then()
                .statusCode(200)
                .extract()
                .asString();
        String csv = given().get("/audit.csv?target=" + id)
                .then()
                .statusCode(200)
                .extract()
                .asString();
        String page = given().get("/audit?target=" + id)
                .then()
                .statusCode(200)
                .extract()
                .asString();
        long longestRow = csv.lines().mapToLong(String::length).max().orElse(0);
        System.out.printf(
                Locale.ROOT,
                "PartitionRangesApiTest: a run over %,d partitions: GET /api/runs/{id} %,d bytes;"
                        + " GET /api/runs?limit=50 %,d bytes; GET /api/audit?run= %,d bytes (2 events);"
                        + " /audit.csv longest row %,d bytes; /audit page %,d bytes%n",
                hours.size(),
                run.length(),
                list.length(),
                events.length(),
                longestRow,
                page.length());

        JsonPath json = JsonPath.from(run);
        assertThat(json.getList("partitions")).containsExactly(first + "..." + last);
        assertThat(json.getLong("partitionCount")).isEqualTo(8760);
        JsonPath trail = JsonPath.from(events);
        assertThat(trail.getList("action")).contains("RUN_LAUNCHED", "RUN_FINISHED");
        for (int i = 0; i < trail.getList("action").size(); i++) {
            assertThat(trail.getList("[" + i + "].detail.partitions")).containsExactly(first + "..." + last);
            assertThat(trail.getLong("[" + i + "].detail.partitionCount")).isEqualTo(8760);
        }
        assertThat(run.length()).isLessThan(5_000);
        assertThat(longestRow).isLessThan(2_000);
        assertThat(page).contains(first + "..." + last).doesNotContain("2025-06-15-12:00");
    }
}
