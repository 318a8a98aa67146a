package io.sluice.web;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import io.sluice.testing.BenchFigures;
import io.sluice.testing.Runs;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/**
 * The overview ({@code /}) and the asset catalog ({@code /assets}) under load: {@value #CLIENTS} concurrent clients,
 * each reading the page {@value #ROUNDS} times in a row, while a per-day backfill of the example's extract and raw
 * assets runs (issue 27, item 29). Prints p50, p99 and max of each page, the pages' throughput, the backfill's progress
 * before and after and the machine's load. A benchmark, not a test: run it with
 * {@code ./mvnw -B -q test -Dtest=DashboardLoadBench -Dsurefire.failIfNoSpecifiedTests=false}.
 */
@QuarkusTest
class DashboardLoadBench {

    static final int CLIENTS = 50;
    static final int ROUNDS = 4;
    static final int WARMUP = 10;

    /** Every filing day from 2001 to 2024, one run per day: far more than the measurement lasts. */
    static final String BACKFILL = "{\"assets\": [\"extract/form_adv_filings\", \"raw/form_adv_filings\"],"
            + " \"ranges\": [{\"start\": \"2001-01-01\", \"end\": \"2024-12-31\"}], \"partitionsPerRun\": 1,"
            + " \"reason\": \"DashboardLoadBench\"}";

    @TestHTTPResource("/")
    URI root;

    private final HttpClient http = HttpClient.newBuilder()
            .executor(Executors.newFixedThreadPool(8))
            .connectTimeout(Duration.ofSeconds(30))
            .build();

    @Test
    void overviewAndCatalogUnderFiftyClientsDuringABackfill() throws Exception {
        // launching 8,766 runs takes a while on a busy machine: a client that waits for it
        HttpResponse<String> launched = http.send(
                HttpRequest.newBuilder(root.resolve("/api/backfills"))
                        .timeout(Duration.ofSeconds(600))
                        .header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString(BACKFILL))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(launched.statusCode()).as(launched.body()).isEqualTo(201);
        String id = JsonPath.from(launched.body()).getString("backfill.id");
        long deadline = System.nanoTime() + Duration.ofSeconds(120).toNanos();
        while (progress(id).getLong("progress.succeeded") < 200 && System.nanoTime() < deadline) {
            Runs.sleep(200);
        }
        for (int w = 0; w < WARMUP; w++) {
            get("/");
            get("/assets");
        }
        System.out.printf(
                Locale.ROOT, "DashboardLoadBench: load before: %s; backfill %s%n", BenchFigures.uptime(), line(id));
        measure("/", id);
        measure("/assets", id);
        System.out.printf(
                Locale.ROOT, "DashboardLoadBench: load after: %s; backfill %s%n", BenchFigures.uptime(), line(id));
        given().post("/api/backfills/" + id + "/cancel").then().statusCode(200);
    }

    private void measure(String path, String backfill) throws Exception {
        ExecutorService clients = Executors.newFixedThreadPool(CLIENTS);
        List<Future<List<Long>>> futures = new ArrayList<>();
        Map<Integer, Integer> refused = new ConcurrentSkipListMap<>();
        long runsBefore = progress(backfill).getLong("progress.succeeded");
        long start = System.nanoTime();
        for (int c = 0; c < CLIENTS; c++) {
            futures.add(clients.submit(() -> {
                List<Long> times = new ArrayList<>();
                for (int r = 0; r < ROUNDS; r++) {
                    long t = System.nanoTime();
                    int status = status(path);
                    if (status != 200) {
                        refused.merge(status, 1, Integer::sum);
                    }
                    times.add(System.nanoTime() - t);
                }
                return times;
            }));
        }
        List<Long> all = new ArrayList<>();
        for (Future<List<Long>> f : futures) {
            all.addAll(f.get());
        }
        long wall = System.nanoTime() - start;
        long runsDuring = progress(backfill).getLong("progress.succeeded") - runsBefore;
        clients.shutdown();
        Collections.sort(all);
        System.out.printf(
                Locale.ROOT,
                "DashboardLoadBench: GET %s, %d clients x %d: p50 %.0f ms, p99 %.0f ms, max %.0f ms, %d not 200 %s;"
                        + " %.1f pages/s; the backfill meanwhile: %.1f runs/s, now %s%n",
                path,
                CLIENTS,
                ROUNDS,
                BenchFigures.ms(BenchFigures.pct(all, 50)),
                BenchFigures.ms(BenchFigures.pct(all, 99)),
                BenchFigures.ms(all.get(all.size() - 1)),
                refused.values().stream().mapToInt(Integer::intValue).sum(),
                refused,
                all.size() / (wall / 1e9),
                runsDuring / (wall / 1e9),
                line(backfill));
    }

    private void get(String path) throws Exception {
        assertThat(status(path)).as(path).isEqualTo(200);
    }

    /** The status of a GET of the page, its body read and dropped (a timeout counts as 504). */
    private int status(String path) throws Exception {
        try {
            return http.send(
                            HttpRequest.newBuilder(root.resolve(path))
                                    .timeout(Duration.ofSeconds(300))
                                    .GET()
                                    .build(),
                            HttpResponse.BodyHandlers.ofString())
                    .statusCode();
        } catch (java.net.http.HttpTimeoutException e) {
            return 504;
        }
    }

    private static JsonPath progress(String id) {
        return given().get("/api/backfills/" + id)
                .then()
                .statusCode(200)
                .extract()
                .jsonPath();
    }

    private static String line(String id) {
        JsonPath b = progress(id);
        return String.format(
                Locale.ROOT,
                "%s, %d of %d runs succeeded, %d running",
                b.getString("status"),
                b.getLong("progress.succeeded"),
                b.getLong("runCount"),
                b.getLong("progress.running"));
    }
}
