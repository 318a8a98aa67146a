package io.sluice.web;

import static io.restassured.RestAssured.given;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.sluice.catalog.ThousandAssetCatalog;
import io.sluice.testing.Runs;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.function.LongSupplier;
import org.junit.jupiter.api.Test;

/**
 * The lineage graph's data for 1,000 assets, target 300 ms (p50 and p99): half of the synthetic assets have run, so
 * the last-run lookup finds rows. Prints the server's time to build the graph (the page's own method) and the time of
 * {@code GET /ui/lineage.json} and {@code GET /lineage} over HTTP (which adds JSON/HTML writing and the loopback).
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
        report("graph built (server)", () -> {
            long t = System.nanoTime();
            page.graph(Optional.empty());
            return System.nanoTime() - t;
        });
        report("GET /ui/lineage.json", () -> timed("/ui/lineage.json", "application/json"));
        report("GET /lineage (html)", () -> timed("/lineage", "text/html"));
    }

    private static long timed(String path, String accept) {
        long t = System.nanoTime();
        given().accept(accept).get(path).then().statusCode(200).extract().asByteArray();
        return System.nanoTime() - t;
    }

    private static void report(String what, LongSupplier sample) {
        for (int i = 0; i < WARMUP; i++) {
            sample.getAsLong();
        }
        long[] ns = new long[SAMPLES];
        for (int i = 0; i < SAMPLES; i++) {
            ns[i] = sample.getAsLong();
        }
        Arrays.sort(ns);
        double p50 = ns[SAMPLES / 2] / 1e6;
        double p99 = ns[(int) Math.ceil(SAMPLES * 0.99) - 1] / 1e6;
        System.out.printf(
                "LineageBench: %-22s p50 %7.1f ms  p99 %7.1f ms  (target %d ms: %s)%n",
                what, p50, p99, TARGET_MS, p99 <= TARGET_MS ? "met" : "NOT met");
    }
}
