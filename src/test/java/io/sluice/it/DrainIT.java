package io.sluice.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * SIGTERM drains the packaged Sluice (H2, one node; drain grace 2 s, drain stop 10 s): a long run still computing after
 * the grace is handed back to the queue under its id (QUEUED, not STARTED or FAILURE), the process exits 0 within the
 * drain's bound, its node row is STOPPED ("stopped (SIGTERM)"); the next start runs the run again and it ends SUCCESS
 * once.
 */
class DrainIT {

    private static final Map<String, String> DRAIN =
            Map.of("SLUICE_CLUSTER_DRAIN_GRACE", "2s", "SLUICE_CLUSTER_DRAIN_STOP", "10s");

    @TempDir
    Path data;

    private SluiceServer server;

    @AfterEach
    void stop() throws Exception {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void sigtermHandsALongRunBackAndTheNextStartRunsItOnce() throws Exception {
        server = new SluiceServer("h2", data);
        // a partition that takes 10 minutes: it is running when the grace ends, whatever the machine's pace
        Map<String, String> slow = new HashMap<>(DRAIN);
        slow.put("SLUICE_BENCH_SLEEP_MS", "600000");
        server.start("first.log", slow);
        String node = server.get("/api/nodes").get(0).at("/id").asText();
        String request = "{\"assets\": [\"bench/noop_pooled_daily\"], "
                + "\"ranges\": [{\"start\": \"2001-01-01\", \"end\": \"2001-01-01\"}], \"reason\": \"drain test\"}";
        String backfill =
                server.post("/api/backfills", request, 201).at("/backfill/id").asText();
        String run = server.await(
                        "/api/runs?backfill=" + backfill,
                        runs -> runs.size() == 1
                                && runs.get(0).at("/status").asText().equals("STARTED"),
                        Duration.ofSeconds(60))
                .get(0)
                .at("/id")
                .asText();

        int status = server.terminate(Duration.ofSeconds(2 + 10 + 60));

        String log = Files.readString(server.log("first.log"));
        assertThat(status).as("exit status after SIGTERM:\n" + log).isZero();
        assertThat(log).contains("node " + node + " stops: draining first").contains("drained and stopped");
        assertThat(log.indexOf("drained and stopped"))
                .as("the drain is over before Quarkus stops the rest (run executor, cancel watch, Quartz)")
                .isLessThan(log.indexOf("sluice stopped in"));

        // a node that executes nothing shows the run as the drain left it
        server.start("look.log", Map.of("SLUICE_RUNS_EXECUTE", "false"));
        JsonNode queued = server.get("/api/runs/" + run);
        assertThat(queued.at("/status").asText()).as(queued.toString()).isEqualTo("QUEUED");
        assertThat(queued.at("/startedAt").isNull() || queued.at("/startedAt").isMissingNode())
                .isTrue();
        assertThat(server.terminate(Duration.ofSeconds(60))).isZero();

        server.start("second.log", DRAIN);
        JsonNode nodes = server.get("/api/nodes/" + node);
        assertThat(nodes.at("/state").asText()).isEqualTo("STOPPED");
        assertThat(nodes.at("/endReason").asText()).isEqualTo("stopped (SIGTERM)");
        JsonNode audit = server.get("/api/audit?run=" + run);
        assertThat(audit.findValuesAsText("action")).contains("RUN_HANDED_BACK");
        JsonNode ended = server.awaitRun(run, Duration.ofSeconds(600));
        assertThat(ended.at("/status").asText()).as(ended.toString()).isEqualTo("SUCCESS");
        assertThat(server.runsOfBackfill(backfill)).as("one run, the same one").isEqualTo(Map.of("SUCCESS", 1));
        assertThat(server.get("/api/audit?run=" + run).findValuesAsText("action"))
                .as("start-up recovery did not touch the handed-back run")
                .doesNotContain("RUN_RECOVERED", "RUN_TAKEN_OVER");
    }
}
