package io.sluice.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The packaged Sluice halted by the test hook {@code sluice.fault.halt-after=lake-commit} right after the lake committed
 * a FULL_REFRESH of {@code transform/form_adv_firm_ownership}, before the metadata store heard of it; restarted without
 * the hook, the store and the lake agree: the run is SUCCESS with its materialization, the asset's last
 * materialization is that run, the audit says it was recovered, and the watermark moved (an INCREMENTAL run next finds
 * nothing to do). On H2 and on PostgreSQL with the DuckDB lake the materialization is recorded from the lake's write log
 * (marked recovered); on PostgreSQL with the PostgreSQL lake in the store's database, the publish stored it in its own
 * transaction, so it is the run's own (not marked recovered).
 */
class PublishCrashIT {

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
                                id, b -> !"RUNNING".equals(b.at("/status").asText()), Duration.ofSeconds(120))
                        .at("/status")
                        .asText())
                .isEqualTo("COMPLETED");
    }

    private String runOwnership(String mode) throws Exception {
        return server.post(
                        "/api/runs",
                        "{\"assets\": [\"" + OWNERSHIP + "\"], \"mode\": \"" + mode + "\", \"reason\": \"crash test\"}",
                        201)
                .at("/id")
                .asText();
    }

    @ParameterizedTest(name = "on {0}")
    @ValueSource(strings = {"h2", "pg", "pglake"})
    void aPublishCommittedInTheLakeBeforeTheProcessHaltedIsRecordedAtTheNextStart(String engine) throws Exception {
        server = new SluiceServer(engine, data);
        server.start("setup.log");
        land("2001-01-01", "2001-12-31");
        String previous = runOwnership("FULL_REFRESH");
        assertThat(server.awaitRun(previous, Duration.ofSeconds(120))
                        .at("/status")
                        .asText())
                .isEqualTo("SUCCESS");
        land("2002-01-01", "2002-12-31"); // new filings: the next full refresh moves the watermark
        server.kill();

        Process halting = server.start("halted.log", Map.of("SLUICE_FAULT_HALT_AFTER", "lake-commit"));
        String crashed = null;
        try {
            HttpResponse<String> launched = server.postRaw(
                    "/api/runs",
                    "{\"assets\": [\"" + OWNERSHIP + "\"], \"mode\": \"FULL_REFRESH\", "
                            + "\"reason\": \"crash test\"}");
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
        assertThat(crashed).isNotEqualTo(previous);
        assertThat(server.get("/api/lake/tables/form_adv_firm_ownership")
                        .at("/lastWrite/runId")
                        .asText())
                .as("the lake's write log names the run")
                .isEqualTo(crashed);

        JsonNode run = server.get("/api/runs/" + crashed);
        assertThat(run.at("/status").asText()).as(run.toString()).isEqualTo("SUCCESS");
        assertThat(run.at("/steps/0/status").asText()).isEqualTo("SUCCESS");
        assertThat(run.at("/materializations")).singleElement().satisfies(m -> {
            assertThat(m.at("/metadata/recovered").asBoolean())
                    .as("recorded from the write log, not in the publish's transaction")
                    .isEqualTo(!engine.equals("pglake"));
            assertThat(m.at("/rowsWritten").asLong()).isPositive();
        });
        assertThat(server.get("/api/assets/" + OWNERSHIP)
                        .at("/lastMaterialization/runId")
                        .asText())
                .isEqualTo(crashed);
        List<JsonNode> recovered = new ArrayList<>();
        server.get("/api/audit?run=" + crashed).forEach(e -> {
            if (e.get("action").asText().equals("RUN_RECOVERED")) {
                recovered.add(e);
            }
        });
        assertThat(recovered).singleElement().satisfies(e -> {
            assertThat(e.at("/detail/status").asText()).isEqualTo("SUCCESS");
            assertThat(e.at("/detail/recovered").asBoolean()).isTrue();
        });

        String incremental = runOwnership("INCREMENTAL");
        JsonNode next = server.awaitRun(incremental, Duration.ofSeconds(120));
        assertThat(next.at("/status").asText()).isEqualTo("SUCCESS");
        assertThat(next.at("/keyCount").asLong())
                .as("the recovered watermark: nothing changed since the full refresh")
                .isZero();
    }
}
