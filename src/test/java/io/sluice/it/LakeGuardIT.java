package io.sluice.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
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

    private EmbeddedPostgres postgres;
    private final List<SluiceServer> nodes = new ArrayList<>();

    @AfterEach
    void stop() throws Exception {
        for (SluiceServer node : nodes) {
            node.close();
        }
        if (postgres != null) {
            postgres.close();
        }
    }

    @Test
    void aSecondLakeIsRefusedAndANodeWithoutRunsServesTheCluster() throws Exception {
        postgres = EmbeddedPostgres.builder().start();
        SluiceServer a = node("a");
        a.start("a.log", env("a", Map.of()));

        SluiceServer b = node("b");
        int status = b.startRefused("b-lake.log", env("b", Map.of()));
        List<String> lines = Files.readAllLines(b.log("b-lake.log")).stream()
                .filter(l -> !l.isBlank())
                .toList();
        String last = lines.get(lines.size() - 1);
        assertThat(status).as(String.join("\n", lines)).isEqualTo(1);
        assertThat(last)
                .startsWith("Sluice cannot start: node a (")
                .contains(data.resolve("a").toString())
                .contains("this node's lake file " + data.resolve("b").resolve("lake.duckdb"))
                .contains("SLUICE_RUNS_EXECUTE=false");

        b.start("b-serve.log", env("b", Map.of("SLUICE_RUNS_EXECUTE", "false")));
        JsonNode launched = b.post("/api/runs", "{\"assets\": [\"bench/noop\"], \"reason\": \"lake guard test\"}", 201);
        JsonNode run = a.awaitRun(launched.at("/id").asText(), Duration.ofSeconds(90));
        assertThat(run.at("/status").asText()).as(run.toString()).isEqualTo("SUCCESS");

        a.kill();
        a.start("a-again.log", env("a", Map.of()));
        assertThat(a.management("/q/health/ready").toString()).contains("postgresql");
    }

    private SluiceServer node(String name) throws Exception {
        // "h2" only tells SluiceServer not to start a PostgreSQL of its own: the environment selects PostgreSQL
        SluiceServer node = new SluiceServer("h2", Files.createDirectories(data.resolve(name)));
        nodes.add(node);
        return node;
    }

    private Map<String, String> env(String name, Map<String, String> more) {
        Map<String, String> env = new HashMap<>(Map.of(
                "QUARKUS_PROFILE", "prod,pg",
                "SLUICE_PG_URL", postgres.getJdbcUrl("postgres", "postgres"),
                "SLUICE_PG_USER", "postgres",
                "SLUICE_PG_PASSWORD", "postgres",
                "SLUICE_NODE_NAME", name));
        env.putAll(more);
        return env;
    }
}
