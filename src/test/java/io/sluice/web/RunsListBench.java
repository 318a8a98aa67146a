package io.sluice.web;

import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;

/**
 * The runs list at 100,000 runs: a page in at most 100 ms (first page, a deep page by cursor, a filtered page), as the
 * time of a GET of the page on loopback (java.net.http, which only reads the body). Not part of the suite; run it with
 * {@code ./mvnw -B -q test -Dtest=RunsListBench -Dsurefire.failIfNoSpecifiedTests=false}.
 */
@QuarkusTest
class RunsListBench {

    static final int RUNS = 100_000;
    static final int WARMUP = 30;
    static final int TIMED = 200;
    static final double TARGET_MS = 100;

    @Inject
    DataSource dataSource;

    @TestHTTPResource("/")
    URI root;

    private final HttpClient http = HttpClient.newHttpClient();

    @Test
    void runsListAt100kRuns() throws Exception {
        long loaded = load();
        String deep = cursorOf(RUNS / 10); // the 90,000th newest run
        measure("first page", "/runs");
        measure("deep page (before the 90,000th run)", "/runs?cursor=" + deep);
        measure("first page, status=FAILURE", "/runs?status=FAILURE");
        measure("deep page, status=FAILURE", "/runs?status=FAILURE&cursor=" + deep);
        measure("first page, asset filter", "/runs?asset=bench/asset");
        System.out.printf(
                Locale.ROOT, "RunsListBench: %,d runs loaded in %,d ms (set-based INSERT ... SELECT)%n", RUNS, loaded);
    }

    /** 100,000 ended runs with one step each, one INSERT ... SELECT per table (H2's SYSTEM_RANGE). */
    private long load() throws Exception {
        long start = System.nanoTime();
        try (Connection c = dataSource.getConnection();
                Statement s = c.createStatement()) {
            s.executeUpdate(
                    "INSERT INTO run (id, status, mode, assets, keys_json, partitions_json, config_json, reason,"
                            + " launched_by, created_at, started_at, ended_at, rows_written, kind, seq)"
                            + " SELECT 'bench-run-' || LPAD(CAST(X AS VARCHAR), 12, '0'),"
                            + " CASE WHEN MOD(X, 10) = 0 THEN 'FAILURE' ELSE 'SUCCESS' END, 'INCREMENTAL', 'bench/asset',"
                            + " '[]', '[]', '{}', 'bench', CASE WHEN MOD(X, 3) = 0 THEN 'schedule:daily' ELSE 'alice' END,"
                            + " DATEADD(SECOND, X, TIMESTAMP WITH TIME ZONE '2020-01-01 00:00:00+00'),"
                            + " DATEADD(SECOND, X, TIMESTAMP WITH TIME ZONE '2020-01-01 00:00:00+00'),"
                            + " DATEADD(SECOND, X + 1, TIMESTAMP WITH TIME ZONE '2020-01-01 00:00:00+00'), X, 'MATERIALIZE', X"
                            + " FROM SYSTEM_RANGE(1, " + RUNS + ")");
            s.executeUpdate(
                    "INSERT INTO run_step (run_id, step_index, asset_key, status, started_at, ended_at)"
                            + " SELECT id, 0, 'bench/asset', status, started_at, ended_at FROM run WHERE id LIKE 'bench-run-%'");
        }
        return (System.nanoTime() - start) / 1_000_000;
    }

    private String cursorOf(int x) throws Exception {
        try (Connection c = dataSource.getConnection();
                PreparedStatement s = c.prepareStatement("SELECT created_at, id FROM run WHERE id = ?")) {
            s.setString(1, String.format(Locale.ROOT, "bench-run-%012d", x));
            try (ResultSet r = s.executeQuery()) {
                r.next();
                return io.sluice.app.Cursor.at(
                                "runs",
                                r.getObject(1, java.time.OffsetDateTime.class).toInstant(),
                                r.getString(2))
                        .encode();
            }
        }
    }

    private void measure(String what, String path) {
        for (int i = 0; i < WARMUP; i++) {
            get(path);
        }
        List<Long> micros = new ArrayList<>();
        for (int i = 0; i < TIMED; i++) {
            long start = System.nanoTime();
            get(path);
            micros.add((System.nanoTime() - start) / 1_000);
        }
        long[] sorted = micros.stream().mapToLong(Long::longValue).sorted().toArray();
        double p50 = sorted[sorted.length / 2] / 1000.0;
        double p99 = sorted[(int) Math.ceil(sorted.length * 0.99) - 1] / 1000.0;
        System.out.printf(
                Locale.ROOT,
                "RunsListBench: %-40s p50 %6.1f ms  p99 %6.1f ms  max %6.1f ms  (target %.0f ms: %s)%n",
                what,
                p50,
                p99,
                Arrays.stream(sorted).max().orElse(0) / 1000.0,
                TARGET_MS,
                p99 <= TARGET_MS ? "met" : "MISSED");
    }

    /** A GET on java.net.http: RestAssured parses an HTML body (tagsoup) and prints it again, on the same 2 cores. */
    private void get(String path) {
        HttpResponse<String> response;
        try {
            response = http.send(
                    HttpRequest.newBuilder(root.resolve(path)).GET().build(), HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
        if (response.statusCode() != 200) {
            throw new AssertionError(path + ": " + response.statusCode());
        }
        String body = response.body();
        if (!body.contains("data-run=\"bench-run-")) {
            throw new AssertionError(path + " lists no bench run");
        }
    }
}
