package io.sluice.web;

import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.sluice.backfill.Backfill;
import io.sluice.backfill.BackfillRuns;
import io.sluice.backfill.BackfillStatus;
import io.sluice.backfill.BackfillStore;
import io.sluice.catalog.AssetCatalog;
import io.sluice.catalog.AssetKey;
import io.sluice.runs.MaterializationMode;
import io.sluice.runs.RunIds;
import io.sluice.testing.AssetPageBenchAssets;
import io.sluice.testing.BenchFigures;
import jakarta.inject.Inject;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.time.Instant;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;

/**
 * The backfill page of a backfill of 100,000 partitions (bench/hourly_100k, one run each, stored but never executed; 60%
 * of them succeeded with every 997th failed, 100 running, the rest queued), rendered by the server: the first page of
 * its partition table, a deep page (after the 90,000th partition), a deep page filtered by status, its progress in the
 * API and the backfills list. p50 and p99 over {@value #TIMED} GETs after {@value #WARMUP} of warm-up, on loopback
 * with a java.net.http client that only reads the body. Prints figures, asserts nothing about time. Not part of the
 * suite; run it with {@code ./mvnw -B -q test -Dtest=BackfillPageBench -Dsurefire.failIfNoSpecifiedTests=false}.
 */
@QuarkusTest
@TestProfile(BackfillPageBenchProfile.class)
class BackfillPageBench {

    static final int WARMUP = 15;
    static final int TIMED = 60;

    @Inject
    DataSource dataSource;

    @Inject
    BackfillStore store;

    @Inject
    BackfillRuns runs;

    @Inject
    AssetCatalog catalog;

    @Inject
    InstantSource clock;

    @TestHTTPResource("/")
    URI root;

    private final HttpClient http = HttpClient.newHttpClient();

    /** What happens before each timed request (nothing, or a run of the backfill moves). */
    private Runnable moving = () -> {};

    @Test
    void backfillPageAt100kPartitions() throws Exception {
        System.out.println("BackfillPageBench: " + BenchFigures.uptime());
        String id = load();
        statuses(id);
        measure("first page", "/backfills/" + id, "data-partition=");
        // every request after a run moved, as while it runs: its runs are read again when the last read is old enough
        try (Connection c = dataSource.getConnection()) {
            String last = id.substring(0, 27) + "-" + String.format(Locale.ROOT, "%08d", 99_999);
            try (PreparedStatement move = c.prepareStatement("UPDATE run SET status = CASE WHEN status = 'QUEUED'"
                    + " THEN 'STARTED' ELSE 'QUEUED' END WHERE id = ?")) {
                move.setString(1, last);
                moving = () -> {
                    try {
                        move.executeUpdate();
                    } catch (java.sql.SQLException e) {
                        throw new IllegalStateException(e);
                    }
                };
                measure("deep page, a run moved before each", "/backfills/" + id + "?after=90000", "data-partition=");
            } finally {
                moving = () -> {};
            }
        }
        measure("deep page (after the 90,000th)", "/backfills/" + id + "?after=90000", "data-partition=");
        measure("deep page, the live part", "/backfills/" + id + "/live?after=90000", "data-partition=");
        measure("first page, status=FAILED", "/backfills/" + id + "?status=FAILED", "data-partition=");
        measure("deep page, status=FAILED", "/backfills/" + id + "?status=FAILED&after=50000", "data-partition=");
        measure("deep page, status=SUCCEEDED", "/backfills/" + id + "?status=SUCCEEDED&after=50000", "data-partition=");
        measure("GET /api/backfills/{id}", "/api/backfills/" + id, "\"partitions\"");
        // what a page reads again once its runs moved (BackfillStandings: at most every 10 times this)
        List<Long> reads = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            long start = System.nanoTime();
            int spans = runs.standing(id).spans().size();
            if (i >= 2) {
                reads.add(System.nanoTime() - start);
            }
            if (spans < 100) {
                throw new AssertionError("only " + spans + " spans");
            }
        }
        reads.sort(null);
        System.out.printf(
                Locale.ROOT,
                "BackfillPageBench: %-34s p50 %7.1f ms  max %7.1f ms%n",
                "standing read (all 100,000 runs)",
                BenchFigures.ms(BenchFigures.pct(reads, 50)),
                BenchFigures.ms(reads.get(reads.size() - 1)));
        measure("/backfills (list)", "/backfills", "data-backfill=");
    }

    /**
     * The backfill and its 100,000 runs of one partition each, stored as a launch stores them (the backfill row, the
     * runs with their step, where each run sits), one {@code INSERT ... SELECT} per table: a launch of 100,000 runs
     * through the service outlasts the transaction timeout on a busy 2-core machine, and the page's reads are what is
     * measured.
     */
    private String load() throws Exception {
        long start = System.nanoTime();
        int n = AssetPageBenchAssets.Hourly100k.PARTITIONS;
        String asset = AssetPageBenchAssets.Hourly100k.KEY;
        Instant now = clock.instant();
        String id = RunIds.next(now);
        store.create(new Backfill(
                id,
                BackfillStatus.RUNNING,
                List.of(AssetKey.parse(asset)),
                MaterializationMode.FULL_REFRESH,
                "{}",
                "bench",
                "bench",
                now,
                null,
                n,
                n,
                0,
                null));
        String first = catalog.find(AssetKey.parse(asset))
                .orElseThrow()
                .spec()
                .partitions()
                .at(now)
                .keyAt(0);
        String key = "FORMATDATETIME(DATEADD(HOUR, X, PARSEDATETIME(?, 'yyyy-MM-dd-HH:mm')), 'yyyy-MM-dd-HH:mm')";
        String runId = "? || '-' || LPAD(CAST(X AS VARCHAR), 8, '0')";
        try (Connection c = dataSource.getConnection()) {
            try (PreparedStatement runs = c.prepareStatement("INSERT INTO run (id, status, mode, assets, keys_json,"
                    + " partitions_json, config_json, reason, launched_by, created_at, kind, group_id, tags_json, seq)"
                    + " SELECT " + runId + ", 'QUEUED', 'FULL_REFRESH', ?, '[]', '[\"' || " + key + " || '\"]', '{}',"
                    + " 'bench', 'bench', ?, 'MATERIALIZE', ?, ?, X FROM SYSTEM_RANGE(0, ?)")) {
                runs.setString(1, id.substring(0, 27));
                runs.setString(2, asset);
                runs.setString(3, first);
                runs.setObject(4, now.atOffset(java.time.ZoneOffset.UTC));
                runs.setString(5, id);
                runs.setString(6, "{\"sluice/backfill\":\"" + id + "\"}");
                runs.setLong(7, n - 1);
                runs.executeUpdate();
            }
            try (PreparedStatement steps = c.prepareStatement("INSERT INTO run_step (run_id, step_index, asset_key,"
                    + " status) SELECT id, 0, assets, 'QUEUED' FROM run WHERE group_id = ?")) {
                steps.setString(1, id);
                steps.executeUpdate();
            }
            try (PreparedStatement spans = c.prepareStatement("INSERT INTO backfill_run (run_id, backfill_id,"
                    + " first_position, partition_count, first_key, last_key) SELECT " + runId + ", ?, X, 1, "
                    + key + ", " + key + " FROM SYSTEM_RANGE(0, ?)")) {
                spans.setString(1, id.substring(0, 27));
                spans.setString(2, id);
                spans.setString(3, first);
                spans.setString(4, first);
                spans.setLong(5, n - 1);
                spans.executeUpdate();
            }
        }
        System.out.printf(
                Locale.ROOT,
                "BackfillPageBench: stored a backfill of %,d runs in %,.0f ms (set-based INSERT ... SELECT)%n",
                n,
                BenchFigures.ms(System.nanoTime() - start));
        return id;
    }

    /** 60% succeeded (every 997th failed), 100 running, the rest queued: set-based, by position. */
    private void statuses(String id) throws Exception {
        try (Connection c = dataSource.getConnection()) {
            update(c, id, "SUCCESS", "b.first_position < 60000 AND MOD(b.first_position, 997) <> 0");
            update(c, id, "FAILURE", "b.first_position < 60000 AND MOD(b.first_position, 997) = 0");
            update(c, id, "STARTED", "b.first_position >= 60000 AND b.first_position < 60100");
        }
    }

    private static void update(Connection c, String id, String status, String where) throws Exception {
        try (PreparedStatement u = c.prepareStatement("UPDATE run SET status = ?, started_at = created_at,"
                + " ended_at = CASE WHEN ? = 'STARTED' THEN NULL ELSE created_at END"
                + " WHERE id IN (SELECT b.run_id FROM backfill_run b WHERE b.backfill_id = ? AND " + where + ")")) {
            u.setString(1, status);
            u.setString(2, status);
            u.setString(3, id);
            u.executeUpdate();
        }
    }

    private void measure(String what, String path, String expected) {
        for (int i = 0; i < WARMUP; i++) {
            moving.run();
            get(path, expected);
        }
        List<Long> nanos = new ArrayList<>();
        int bytes = 0;
        for (int i = 0; i < TIMED; i++) {
            moving.run();
            long start = System.nanoTime();
            bytes = get(path, expected);
            nanos.add(System.nanoTime() - start);
        }
        nanos.sort(null);
        System.out.printf(
                Locale.ROOT,
                "BackfillPageBench: %-34s p50 %7.1f ms  p99 %7.1f ms  (%,d bytes)%n",
                what,
                BenchFigures.ms(BenchFigures.pct(nanos, 50)),
                BenchFigures.ms(BenchFigures.pct(nanos, 99)),
                bytes);
    }

    private int get(String path, String expected) {
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
        if (response.statusCode() != 200 || !response.body().contains(expected)) {
            throw new AssertionError(path + ": " + response.statusCode());
        }
        return response.body().length();
    }
}
