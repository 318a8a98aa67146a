package io.sluice.web;

import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.sluice.catalog.ThousandAssetCatalog;
import io.sluice.runs.AssetService;
import io.sluice.testing.Runs;
import jakarta.inject.Inject;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.LongSupplier;
import org.junit.jupiter.api.Test;

/**
 * The lineage graph's data for 1,000 assets, target 300 ms (p50 and p99): half of the synthetic assets have run, so
 * the last-run lookup finds rows. Prints the time of the last-run lookup (one query for every asset), the server's time
 * to build the graph (the page's own method) and the time of {@code GET /ui/lineage.json} and {@code GET /lineage} over
 * HTTP (which adds JSON/HTML writing and the loopback; the client is java.net.http, which only collects the bytes).
 * Run: {@code ./mvnw -B -q test -Dtest=LineageBench -Dsurefire.failIfNoSpecifiedTests=false}.
 */
@QuarkusTest
@TestProfile(LineageBenchProfile.class)
class LineageBench {

    static final int TARGET_MS = 300;
    static final int WARMUP = 15;
    static final int SAMPLES = 60;

    @Inject
    LineagePage page;

    @Inject
    AssetService assetService;

    @TestHTTPResource("/")
    URI root;

    private final HttpClient http = HttpClient.newHttpClient();

    @Test
    void lineageOfAThousandAssets() {
        // 50 runs of 10 synthetic assets each: 500 assets with a last run
        List<String> ids = new ArrayList<>();
        for (int r = 0; r < 50; r++) {
            StringBuilder assets = new StringBuilder();
            for (int a = 0; a < 10; a++) {
                assets.append(a == 0 ? "" : ",")
                        .append('"')
                        .append(ThousandAssetCatalog.key(r * 20 + a))
                        .append('"');
            }
            ids.add(Runs.launch("{\"assets\":[" + assets + "],\"reason\":\"lineage bench\"}"));
        }
        ids.forEach(Runs::await);
        int nodes = page.graph(Optional.empty()).nodes().size();
        System.out.printf("%nLineageBench: %d assets in the graph, %d runs stored%n", nodes, ids.size());
        Map<String, LongSupplier> samples = new LinkedHashMap<>();
        samples.put("last step per asset", () -> {
            long t = System.nanoTime();
            assetService.lastSteps();
            return System.nanoTime() - t;
        });
        samples.put("graph built (server)", () -> {
            long t = System.nanoTime();
            page.graph(Optional.empty());
            return System.nanoTime() - t;
        });
        samples.put("GET /ui/lineage.json", () -> timed("/ui/lineage.json", "application/json"));
        samples.put("GET /lineage (html)", () -> timed("/lineage", "text/html"));
        // every measurement warmed up first, then taken in turns, so that a burst of load elsewhere hits all alike
        for (int i = 0; i < WARMUP; i++) {
            samples.values().forEach(LongSupplier::getAsLong);
        }
        Map<String, long[]> ns = new LinkedHashMap<>();
        samples.keySet().forEach(what -> ns.put(what, new long[SAMPLES]));
        for (int i = 0; i < SAMPLES; i++) {
            for (var sample : samples.entrySet()) {
                ns.get(sample.getKey())[i] = sample.getValue().getAsLong();
            }
        }
        ns.forEach(LineageBench::report);
    }

    /** A GET on java.net.http, whose reading of the body costs little next to RestAssured's (which parses HTML). */
    private long timed(String path, String accept) {
        HttpRequest get = HttpRequest.newBuilder(root.resolve(path))
                .header("Accept", accept)
                .GET()
                .build();
        long t = System.nanoTime();
        HttpResponse<byte[]> response;
        try {
            response = http.send(get, HttpResponse.BodyHandlers.ofByteArray());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
        long ns = System.nanoTime() - t;
        if (response.statusCode() != 200) {
            throw new AssertionError("GET " + path + ": " + response.statusCode());
        }
        return ns;
    }

    private static void report(String what, long[] ns) {
        Arrays.sort(ns);
        double p50 = ns[SAMPLES / 2] / 1e6;
        double p99 = ns[(int) Math.ceil(SAMPLES * 0.99) - 1] / 1e6;
        System.out.printf(
                "LineageBench: %-22s p50 %7.1f ms  p99 %7.1f ms  (target %d ms: %s)%n",
                what, p50, p99, TARGET_MS, p99 <= TARGET_MS ? "met" : "NOT met");
    }
}
