package io.sluice.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.sluice.catalog.AssetKey;
import io.sluice.partitions.PartitionSpace;
import io.sluice.runs.AssetService;
import io.sluice.runs.AssetState;
import io.sluice.runs.Materialization;
import io.sluice.runs.RunEventLog;
import io.sluice.testing.AssetPageBenchAssets;
import io.sluice.testing.AssetPageBenchProfile;
import jakarta.inject.Inject;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Instant;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The asset page of an asset with 100,000 partitions, half of them materialized in scattered ranges (and some failed),
 * rendered by the server: p50 and p99 over {@value #REQUESTS} requests after {@value #WARMUP} of warm-up, against a
 * target of 150 ms. A benchmark, not a test: run it with
 * {@code ./mvnw -B -q test -Dtest=AssetPageBench -Dsurefire.failIfNoSpecifiedTests=false}.
 */
@QuarkusTest
@TestProfile(AssetPageBenchProfile.class)
class AssetPageBench {

    static final int WARMUP = 20;
    static final int REQUESTS = 50;
    static final long TARGET_MS = 150;

    @Inject
    AssetState state;

    @Inject
    RunEventLog events;

    @Inject
    AssetService assets;

    @Inject
    InstantSource clock;

    @TestHTTPResource("/assets/" + AssetPageBenchAssets.Hourly100k.KEY)
    URI page;

    @Test
    void assetPageWithOneHundredThousandPartitions() throws Exception {
        AssetKey key = AssetKey.parse(AssetPageBenchAssets.Hourly100k.KEY);
        PartitionSpace space = assets.get(key).spec().partitions().at(clock.instant());
        Random random = new Random(20_000);
        List<String> materialized = new ArrayList<>();
        List<String> failed = new ArrayList<>();
        long i = 0;
        boolean on = random.nextBoolean();
        while (i < space.size()) {
            int length = 1 + random.nextInt(40);
            for (long j = i; j < Math.min(space.size(), i + length); j++) {
                if (on) {
                    materialized.add(space.keyAt(j));
                } else if (random.nextInt(50) == 0) {
                    failed.add(space.keyAt(j));
                }
            }
            i += length;
            on = !on;
        }
        Instant now = clock.instant();
        String runId = "01900000-0000-7000-8000-000000000001";
        long seeding = System.nanoTime();
        for (int from = 0; from < materialized.size(); from += 5000) {
            state.recordPartitionOutcome(
                    key,
                    materialized.subList(from, Math.min(materialized.size(), from + 5000)),
                    "MATERIALIZED",
                    runId,
                    now);
        }
        state.recordPartitionOutcome(key, failed, "FAILED", runId, now);
        for (int m = 0; m < 60; m++) {
            events.recordMaterialization(new Materialization(
                    runId, key, materialized.get(m * 100), now.plusSeconds(m), 1000 + m * 37L, 0, 1, 12, "{}"));
        }
        System.out.printf(
                Locale.ROOT,
                "AssetPageBench: %,d partitions, %,d materialized, %,d failed, seeded in %d ms%n",
                space.size(),
                materialized.size(),
                failed.size(),
                (System.nanoTime() - seeding) / 1_000_000);

        HttpClient http = HttpClient.newHttpClient();
        HttpRequest get = HttpRequest.newBuilder(page).GET().build();
        String body = "";
        for (int w = 0; w < WARMUP; w++) {
            body = http.send(get, HttpResponse.BodyHandlers.ofString()).body();
        }
        assertThat(body)
                .contains("id=\"health-bar\"")
                .contains(String.format(Locale.ROOT, "%,d / %,d materialized", materialized.size(), space.size()));
        long segments = body.split("class=\"h-seg ", -1).length - 1;
        long[] ms = new long[REQUESTS];
        for (int r = 0; r < REQUESTS; r++) {
            long t = System.nanoTime();
            HttpResponse<String> response = http.send(get, HttpResponse.BodyHandlers.ofString());
            ms[r] = (System.nanoTime() - t) / 1_000;
            assertThat(response.statusCode()).isEqualTo(200);
        }
        Arrays.sort(ms);
        double p50 = ms[REQUESTS / 2] / 1000.0;
        double p99 = ms[(int) Math.ceil(REQUESTS * 0.99) - 1] / 1000.0;
        System.out.printf(
                Locale.ROOT,
                "AssetPageBench: GET /assets/%s (%,d bytes, %d bar segments) over %d requests: p50 %.1f ms, p99 %.1f ms,"
                        + " max %.1f ms (target %d ms: %s)%n",
                AssetPageBenchAssets.Hourly100k.KEY,
                body.length(),
                segments,
                REQUESTS,
                p50,
                p99,
                ms[REQUESTS - 1] / 1000.0,
                TARGET_MS,
                p99 <= TARGET_MS ? "met" : "NOT met");
    }
}
