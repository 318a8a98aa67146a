package io.sluice.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 27, item 27: an eager transform run killed with SIGKILL is recorded FAILURE at the next start, and the trigger
 * launches it again after its backoff (attempt 2), which brings the firm tables up to date: nothing is left pending. The
 * packaged Sluice with triggers on; one key per batch ({@code SLUICE_RUNS_BATCH_SIZE=1}) so that the transforms take
 * long enough to be killed while they run.
 */
class TriggerCrashIT {

    private static final String IDENTITY = "transform/form_adv_firm_identity";
    private static final Map<String, String> ENV = Map.of(
            "SLUICE_AUTOMATION_TRIGGERS_ENABLED", "true",
            "SLUICE_AUTOMATION_TRIGGERS_RETRY_BACKOFF", "2s",
            "SLUICE_RUNS_BATCH_SIZE", "1");

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
    void anEagerRunKilledWithSigkillIsLaunchedAgainAfterTheRestartAndLeavesNothingPending() throws Exception {
        server = new SluiceServer("h2", data);
        server.start("first.log", ENV);
        String landed = server.post(
                        "/api/runs",
                        "{\"assets\":[\"extract/form_adv_filings\",\"raw/form_adv_filings\"],"
                                + "\"partitions\":" + month(2012, 1) + ","
                                + "\"config\":{\"extract/form_adv_filings\":{\"firms\":2000}},\"reason\":\"a year\"}",
                        201)
                .at("/id")
                .asText();
        assertThat(server.awaitRun(landed, Duration.ofSeconds(180))
                        .at("/status")
                        .asText())
                .isEqualTo("SUCCESS");

        JsonNode transform = server.await(
                        "/api/runs?asset=" + IDENTITY + "&status=STARTED",
                        runs -> runs.size() == 1
                                && runs.get(0).at("/launchedBy").asText().equals("trigger"),
                        Duration.ofSeconds(120))
                .get(0);
        String killed = transform.at("/id").asText();
        Thread.sleep(500); // in the middle of its batches
        assertThat(server.get("/api/runs/" + killed).at("/status").asText())
                .as("the eager run still runs when Sluice is killed")
                .isEqualTo("STARTED");
        server.kill();

        server.start("second.log", ENV);
        assertThat(server.get("/api/runs/" + killed).at("/status").asText()).isEqualTo("FAILURE");
        JsonNode retry = server
                .await("/api/runs?asset=" + IDENTITY, runs -> attempt2(runs) != null, Duration.ofSeconds(120))
                .findValuesAsText("id")
                .stream()
                .map(id -> {
                    try {
                        return server.get("/api/runs/" + id);
                    } catch (Exception e) {
                        throw new IllegalStateException(e);
                    }
                })
                .filter(r -> "2".equals(r.at("/tags/sluice~1trigger-attempt").asText()))
                .findFirst()
                .orElseThrow();
        assertThat(retry.at("/launchedBy").asText()).isEqualTo("trigger");
        assertThat(retry.at("/reason").asText()).contains("attempt 2 of 3");
        JsonNode ended = server.awaitRun(retry.at("/id").asText(), Duration.ofSeconds(300));
        assertThat(ended.at("/status").asText()).isEqualTo("SUCCESS");
        assertThat(ended.at("/keyCount").asLong())
                .as("the keys the killed run left pending")
                .isPositive();

        List<String> history = new ArrayList<>();
        server.get("/api/automation?asset=" + IDENTITY + "&limit=20")
                .at("/assets/0/evaluations")
                .forEach(e -> history.add(
                        e.at("/outcome").asText() + " " + e.at("/reason").asText()));
        assertThat(history)
                .as(
                        "tick history shows the retry: its wait (when the restart took less than the backoff) or its launch")
                .anySatisfy(h -> assertThat(h).contains("run " + killed + " failed", "attempt"))
                .anySatisfy(h -> assertThat(h).startsWith("LAUNCHED").contains("attempt 2 of 3"));

        // nothing is left pending: an incremental run of the transforms resolves no key
        String check = server.post(
                        "/api/runs",
                        "{\"assets\":[\"" + IDENTITY + "\",\"transform/form_adv_firm_ownership\"],"
                                + "\"reason\":\"anything left?\"}",
                        201)
                .at("/id")
                .asText();
        JsonNode after = server.awaitRun(check, Duration.ofSeconds(120));
        assertThat(after.at("/status").asText()).isEqualTo("SUCCESS");
        assertThat(after.at("/keyCount").asLong())
                .as("keys still pending after the retry")
                .isZero();
    }

    /** The days of a month as a JSON array of partition keys. */
    private static String month(int year, int month) {
        List<String> days = new ArrayList<>();
        for (LocalDate d = LocalDate.of(year, month, 1); d.getMonthValue() == month; d = d.plusDays(1)) {
            days.add("\"" + d + "\"");
        }
        return "[" + String.join(",", days) + "]";
    }

    /** The run of attempt 2 among {@code runs}, if there is one. */
    private static JsonNode attempt2(JsonNode runs) {
        for (JsonNode run : runs) {
            if ("2".equals(run.at("/tags/sluice~1trigger-attempt").asText())) {
                return run;
            }
        }
        return null;
    }
}
