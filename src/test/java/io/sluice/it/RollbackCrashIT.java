package io.sluice.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The packaged Sluice halted by the test hook {@code sluice.fault.halt-after=lake-commit} right after the lake committed
 * a rollback of {@code transform/form_adv_firm_ownership} (undoing its INCREMENTAL run), before the metadata store heard
 * of it; restarted without the hook, the store and the lake agree (issue 27, item 4): the rollback run is SUCCESS with its
 * materialization marked recovered, and the watermark went back with the data, so the next INCREMENTAL run recomputes
 * the keys the undone run had processed. On H2 and on PostgreSQL.
 */
class RollbackCrashIT {

    private static final String OWNERSHIP = "transform/form_adv_firm_ownership";

    @TempDir
    Path data;

    private SluiceServer server;

    @AfterEach
    void stop() throws Exception {
        if (server != null) {
            server.close();
        }
    }

    private void land(String start, String end) throws Exception {
        String id = server.post(
                        "/api/backfills",
                        "{\"assets\": [\"extract/form_adv_filings\", \"raw/form_adv_filings\"], "
                                + "\"ranges\": [{\"start\": \"" + start + "\", \"end\": \"" + end
                                + "\"}], \"singleRun\": true, "
                                + "\"config\": {\"extract/form_adv_filings\": {\"firms\": 100}}, \"reason\": \"filings\"}",
                        201)
                .at("/backfill/id")
                .asText();
        assertThat(server.awaitBackfill(
                                id, b -> !"RUNNING".equals(b.at("/status").asText()), Duration.ofSeconds(180))
                        .at("/status")
                        .asText())
                .isEqualTo("COMPLETED");
    }

    private JsonNode runOwnership(String mode) throws Exception {
        String id = server.post(
                        "/api/runs",
                        "{\"assets\": [\"" + OWNERSHIP + "\"], \"mode\": \"" + mode + "\", \"reason\": \"crash test\"}",
                        201)
                .at("/id")
                .asText();
        JsonNode run = server.awaitRun(id, Duration.ofSeconds(180));
        assertThat(run.at("/status").asText()).as(run.toString()).isEqualTo("SUCCESS");
        return run;
    }

    @ParameterizedTest(name = "on {0}")
    @ValueSource(strings = {"h2", "pg"})
    void aRollbackCommittedInTheLakeBeforeTheProcessHaltedIsRecordedWithItsWatermark(String engine) throws Exception {
        server = new SluiceServer(engine, data);
        server.start("setup.log");
        land("2001-01-01", "2001-12-31");
        runOwnership("FULL_REFRESH");
        land("2002-01-01", "2002-12-31");
        JsonNode undone = runOwnership("INCREMENTAL");
        long keys = undone.at("/keyCount").asLong();
        assertThat(keys).as("the new filings changed some firms").isPositive();
        server.kill();

        Process halting = server.start("halted.log", Map.of("SLUICE_FAULT_HALT_AFTER", "lake-commit"));
        String crashed = null;
        try {
            HttpResponse<String> launched = server.postRaw(
                    "/api/assets/" + OWNERSHIP + "/rollback",
                    "{\"beforeRun\": \"" + undone.at("/id").asText() + "\", \"reason\": \"crash test\"}");
            assertThat(launched.statusCode()).as(launched.body()).isEqualTo(201);
            crashed = SluiceServer.JSON.readTree(launched.body()).at("/id").asText();
        } catch (IOException e) {
            // the process halted before it answered; the run is found below
        }
        assertThat(halting.waitFor(120, TimeUnit.SECONDS))
                .as("Sluice halted at the fault point")
                .isTrue();
        assertThat(halting.exitValue()).isEqualTo(86);
        assertThat(Files.readString(server.log("halted.log")))
                .contains("sluice.fault.halt-after=lake-commit: halting after the lake committed run");

        server.start("restarted.log");
        if (crashed == null) {
            crashed = server.get("/api/runs?asset=" + OWNERSHIP + "&limit=1")
                    .get(0)
                    .at("/id")
                    .asText();
        }
        assertThat(server.get("/api/lake/tables/form_adv_firm_ownership")
                        .at("/lastWrite/runId")
                        .asText())
                .as("the lake's write log names the rollback")
                .isEqualTo(crashed);
        JsonNode rollback = server.get("/api/runs/" + crashed);
        assertThat(rollback.at("/kind").asText()).isEqualTo("ROLLBACK");
        assertThat(rollback.at("/status").asText()).as(rollback.toString()).isEqualTo("SUCCESS");
        assertThat(rollback.at("/materializations")).singleElement().satisfies(m -> {
            assertThat(m.at("/metadata/recovered").asBoolean()).isTrue();
            assertThat(m.at("/metadata/watermarks_restored").asInt()).isEqualTo(1);
        });

        JsonNode again = runOwnership("INCREMENTAL");
        assertThat(again.at("/keyCount").asLong())
                .as("the recovered rollback set the watermark back: the undone run's keys are recomputed")
                .isEqualTo(keys);
    }
}
