package io.sluice.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Starts the packaged Sluice as a separate process, kills it with SIGKILL, starts it again on the same data directory
 * and checks what the restart made of the work in progress, on the embedded default (H2) and on PostgreSQL (embedded,
 * started here; only Sluice is killed, PostgreSQL keeps running, as a production database would). If PostgreSQL cannot
 * start, the test fails.
 */
class CrashRecoveryIT {

    private static final int PARTITIONS = 2_000;

    @TempDir
    Path data;

    private SluiceServer server;

    @AfterEach
    void stop() throws Exception {
        if (server != null) {
            server.close();
        }
    }

    /**
     * Killed in the middle of a backfill: it completes with every partition materialized by exactly one successful run.
     * 2,000 partitions keep the backfill running for seconds (a noop runs at some 250 a second), so the kill lands in
     * the middle even when a poll is slow; with 400 it once ended between two polls.
     */
    @ParameterizedTest(name = "on {0}")
    @ValueSource(strings = {"h2", "pg"})
    void aBackfillKilledWithSigkillCompletesAfterARestartWithEveryPartitionOnce(String engine) throws Exception {
        server = new SluiceServer(engine, data);
        server.start("first.log");
        JsonNode launched = server.post(
                "/api/backfills",
                "{\"assets\":[\"bench/noop_daily\"],\"ranges\":[{\"start\":\"2000-01-01\",\"end\":\"2005-06-22\"}],"
                        + "\"reason\":\"crash test\"}",
                201);
        String id = launched.at("/backfill/id").asText();
        assertThat(launched.at("/plan/partitionCount").asLong()).isEqualTo(PARTITIONS);
        JsonNode midway =
                server.awaitBackfill(id, b -> b.at("/progress/succeeded").asLong() >= 20, Duration.ofSeconds(60));
        // runs are claimed in groups: "in the middle" is work still queued or claimed (STARTED), not only queued
        assertThat(midway.at("/progress/queued").asLong()
                        + midway.at("/progress/running").asLong())
                .as("killed in the middle: " + midway)
                .isPositive();
        server.kill();

        server.start("second.log");
        JsonNode done =
                server.awaitBackfill(id, b -> !"RUNNING".equals(b.at("/status").asText()), Duration.ofSeconds(240));
        assertThat(done.at("/status").asText()).isEqualTo("COMPLETED");

        Map<String, Integer> successes = new HashMap<>();
        server.all("/api/runs?asset=bench/noop_daily&status=SUCCESS&limit=500")
                .forEach(run -> run.get("partitions").forEach(p -> successes.merge(p.asText(), 1, Integer::sum)));
        assertThat(successes).hasSize(PARTITIONS);
        assertThat(successes.values())
                .as("every partition materialized by exactly one successful run")
                .containsOnly(1);
        assertThat(server.get("/api/assets/bench/noop_daily/partitions")
                        .at("/counts/MATERIALIZED")
                        .asLong())
                .isEqualTo(PARTITIONS);

        List<JsonNode> events = new ArrayList<>();
        events.addAll(server.all("/api/audit?backfill=" + id + "&limit=500"));
        assertThat(events).extracting(e -> e.get("action").asText()).contains("BACKFILL_LAUNCHED", "BACKFILL_FINISHED");
        // a run whose every step was stored as succeeded before the kill (only its end was not) ends SUCCESS, without a
        // retry. On PostgreSQL the lease watch may take over some of the killed process's runs (it was declared LOST at
        // the restart) while start-up recovery ends the others: each run is ended by one of the two
        long failed = events.stream()
                .filter(e -> List.of("RUN_RECOVERED", "RUN_TAKEN_OVER")
                        .contains(e.get("action").asText()))
                .filter(e -> e.at("/detail/status").asText().equals("FAILURE"))
                .count();
        long retried = events.stream()
                .filter(e -> e.get("action").asText().equals("RUN_LAUNCHED"))
                .count();
        assertThat(retried).as("each run that died unfinished is retried once").isEqualTo(failed);
    }

    /**
     * A single-run backfill canceled while its run computes, then killed: after the restart the backfill is CANCELED, its
     * run too, no attempt of it is queued, and its partitions can be launched again. (Before, recovery queued an attempt
     * that nothing would ever start, since its backfill had ended, and it held every partition: later launches were 409s.)
     */
    @ParameterizedTest(name = "on {0}")
    @ValueSource(strings = {"h2", "pg"})
    void aBackfillCanceledAndThenKilledLeavesNothingQueuedAndItsPartitionsFree(String engine) throws Exception {
        server = new SluiceServer(engine, data);
        server.start("first.log");
        String body = "{\"assets\": [\"extract/form_adv_filings\", \"raw/form_adv_filings\"], "
                + "\"ranges\": [{\"start\": \"2001-01-01\", \"end\": \"2024-12-31\"}], \"singleRun\": true, "
                + "\"config\": {\"extract/form_adv_filings\": {\"firms\": 400}}, \"reason\": \"crash test\"}";
        String id = server.post("/api/backfills", body, 201).at("/backfill/id").asText();
        String run = server.await(
                        "/api/runs?backfill=" + id,
                        runs -> runs.size() == 1
                                && runs.get(0).at("/status").asText().equals("STARTED"),
                        Duration.ofSeconds(60))
                .get(0)
                .at("/id")
                .asText();
        assertThat(server.post("/api/backfills/" + id + "/cancel", "{\"reason\": \"wrong range\"}", 200)
                        .at("/status")
                        .asText())
                .isEqualTo("CANCELED");
        JsonNode beforeKill = server.get("/api/runs/" + run);
        assertThat(beforeKill.at("/status").asText())
                .as("the run still computes when Sluice is killed: " + beforeKill)
                .isEqualTo("STARTED");
        assertThat(beforeKill.at("/cancelRequested").asBoolean()).isTrue();
        server.kill();

        server.start("second.log");
        assertThat(server.get("/api/backfills/" + id).at("/status").asText()).isEqualTo("CANCELED");
        assertThat(server.runsOfBackfill(id))
                .as("the runs of the canceled backfill")
                .isEqualTo(Map.of("CANCELED", 1));
        assertThat(server.get("/api/runs/" + run).at("/status").asText()).isEqualTo("CANCELED");
        JsonNode progress = server.get("/api/backfills/" + id).at("/progress");
        assertThat(progress.at("/queued").asLong() + progress.at("/running").asLong())
                .isZero();
        assertThat(server.get("/api/assets/raw/form_adv_filings/partitions")
                        .at("/counts/IN_PROGRESS")
                        .asLong())
                .isZero();

        String again = server.post("/api/backfills", body.replace("crash test", "the same days again"), 201)
                .at("/backfill/id")
                .asText();
        assertThat(server.awaitBackfill(
                                again, b -> !"RUNNING".equals(b.at("/status").asText()), Duration.ofSeconds(120))
                        .at("/status")
                        .asText())
                .isEqualTo("COMPLETED");
        List<String> recovered = new ArrayList<>();
        server.get("/api/audit?run=" + run)
                .forEach(e -> recovered.add(
                        e.get("action").asText() + " " + e.at("/detail/status").asText()));
        assertThat(recovered).contains("RUN_RECOVERED CANCELED");
    }
}
