package io.sluice.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Wake-ups across nodes, with packaged nodes on one embedded PostgreSQL (as {@link LakeGuardIT}): node a executes runs,
 * node b only queues them (SLUICE_RUNS_EXECUTE=false). Both poll the queue only every 10 minutes
 * (SLUICE_CLUSTER_POLL_FALLBACK), so a run launched through b starts on a well within that only because b's
 * {@code NOTIFY} woke a's dispatcher. The bound of 20 s is a correctness bound (far under the fallback), not a speed
 * target; the figures are printed. About 1 to 2 minutes.
 */
class ClusterWakeUpIT {

    /** Far longer than the test: no fallback poll of a's dispatcher happens while it runs. */
    private static final String FALLBACK = "600s";

    private static final Duration BOUND = Duration.ofSeconds(20);

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
    void aRunLaunchedThroughOneNodeStartsOnAnotherAtOnce() throws Exception {
        cluster = new LocalCluster(data);
        SluiceServer a = cluster.start("a", fallback(Map.of()));
        SluiceServer b = cluster.start("b", fallback(Map.of("SLUICE_RUNS_EXECUTE", "false")));

        for (int i = 1; i <= 3; i++) {
            JsonNode launched =
                    b.post("/api/runs", "{\"assets\": [\"bench/noop\"], \"reason\": \"wake-up test " + i + "\"}", 201);
            JsonNode run = a.awaitRun(launched.at("/id").asText(), Duration.ofSeconds(90));
            assertThat(run.at("/status").asText()).as(run.toString()).isEqualTo("SUCCESS");
            Duration waited = Duration.between(
                    Instant.parse(run.at("/createdAt").asText()),
                    Instant.parse(run.at("/startedAt").asText()));
            System.out.printf(
                    "ClusterWakeUpIT: run %d launched through b started on a after %d ms (poll fallback %s)%n",
                    i, waited.toMillis(), FALLBACK);
            assertThat(waited)
                    .as("queued on b, started on a (only NOTIFY wakes a before its fallback poll): " + run)
                    .isLessThan(BOUND);
            Thread.sleep(2_000); // a is idle again between launches
        }
    }

    private static Map<String, String> fallback(Map<String, String> more) {
        Map<String, String> env = new HashMap<>(more);
        env.put("SLUICE_CLUSTER_POLL_FALLBACK", FALLBACK);
        return env;
    }
}
