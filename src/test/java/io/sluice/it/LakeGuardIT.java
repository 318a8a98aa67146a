package io.sluice.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One lake per cluster, with packaged nodes on one embedded PostgreSQL (as {@link ScheduleClusterIT}): node a executes
 * runs with its lake and binds the cluster to it; node b, with a lake file of its own, is refused at start (exit status
 * 1, its last line says why and what to do); started without executing runs it serves, and a run launched through it
 * runs on a. A SIGKILLed a starts again at once at its place. About 2 to 3 minutes.
 */
class LakeGuardIT {

    @TempDir
    Path data;

    private LocalCluster cluster;

    @AfterEach
    void stop() throws Exception {
        if (cluster != null) {
            cluster.close();
        }
    }

    @Test
    void aSecondLakeIsRefusedAndANodeWithoutRunsServesTheCluster() throws Exception {
        cluster = new LocalCluster(data);
        SluiceServer a = cluster.start("a", Map.of());

        SluiceServer b = cluster.node("b");
        int status = b.startRefused("b-lake.log", cluster.env("b", Map.of()));
        List<String> lines = Files.readAllLines(b.log("b-lake.log")).stream()
                .filter(l -> !l.isBlank())
                .toList();
        String last = lines.get(lines.size() - 1);
        assertThat(status).as(String.join("\n", lines)).isEqualTo(1);
        assertThat(last)
                .startsWith("Sluice cannot start: node a (")
                .contains(data.resolve("a").toString())
                .contains("this node's lake file " + data.resolve("b").resolve("lake.duckdb"))
                .contains("SLUICE_LAKE_ENABLED=false")
                .contains("SLUICE_RUNS_EXECUTE=false");

        b.start("b-serve.log", cluster.env("b", Map.of("SLUICE_RUNS_EXECUTE", "false")));
        JsonNode launched = b.post("/api/runs", "{\"assets\": [\"bench/noop\"], \"reason\": \"lake guard test\"}", 201);
        JsonNode run = a.awaitRun(launched.at("/id").asText(), Duration.ofSeconds(90));
        assertThat(run.at("/status").asText()).as(run.toString()).isEqualTo("SUCCESS");

        a.kill();
        a.start("a-again.log", cluster.env("a", Map.of()));
        assertThat(a.management("/q/health/ready").toString()).contains("postgresql");
    }
}
