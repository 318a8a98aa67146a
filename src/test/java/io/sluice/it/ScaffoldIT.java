package io.sluice.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 19's path for a user, end to end: Sluice installed into a fresh local repository, {@code ./sluice new}, the new
 * project built offline with its own tests, its jar started, its two sample assets listed (and not the Form ADV ones)
 * and materialized through the API in each mode; rebuilt with {@code sluice.example.enabled=true} it lists both.
 */
class ScaffoldIT {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final List<String> TERMINAL = List.of("SUCCESS", "FAILURE", "CANCELED");

    @TempDir
    Path work;

    private final HttpClient http = HttpClient.newHttpClient();
    private String base;

    @Test
    void aScaffoldedProjectBuildsTestsRunsAndMaterializesItsAssets() throws Exception {
        ScaffoldedProject project = new ScaffoldedProject(work);
        project.installSluice();
        assertThat(project.scaffold("com.acme.pipes", project.dir, "new.log"))
                .as("sluice new")
                .isZero();
        assertThat(project.scaffold("com.acme.pipes", project.dir, "new-again.log"))
                .as("sluice new into a directory that is not empty")
                .isEqualTo(2);
        assertThat(project.log("new-again.log")).contains("exists and is not empty");

        project.build("build.log");
        assertThat(project.log("build.log")).contains("Tests run: 5, Failures: 0, Errors: 0, Skipped: 0");
        assertThat(project.dir.resolve("target/test-data"))
                .as("the test kit deleted the throwaway data directory of each test application when the tests ended")
                .isEmptyDirectory();

        Process server = started(project, "server.log");
        try {
            assertThat(assetKeys()).containsExactly("sample/customer_scores", "sample/customers");
            materializeInEachMode();
        } finally {
            server.destroy();
            server.waitFor();
        }

        project.build("build-example.log", "-DskipTests", "-Dsluice.example.enabled=true");
        Process withExample = started(project, "server-example.log");
        try {
            assertThat(assetKeys())
                    .contains(
                            "sample/customers",
                            "sample/customer_scores",
                            "raw/form_adv_filings",
                            "quality/form_adv_ownership_scorecard")
                    .hasSize(7); // the two samples and the example's five assets
        } finally {
            withExample.destroy();
            withExample.waitFor();
        }
    }

    private void materializeInEachMode() throws Exception {
        String customers = "{\"assets\":[\"sample/customers\"],\"config\":{\"customers\":30,\"seed\":2}";
        JsonNode first = await(launch(customers + "}"));
        assertThat(first.get("status").asText()).isEqualTo("SUCCESS");
        assertThat(first.get("rowsWritten").asLong()).isEqualTo(30);
        JsonNode full = await(launch(customers + ",\"mode\":\"FULL_REFRESH\"}"));
        assertThat(full.get("status").asText()).isEqualTo("SUCCESS");
        assertThat(full.at("/materializations/0/metadata/rows_staged").asLong()).isEqualTo(30);
        assertThat(full.get("rowsWritten").asLong())
                .as("the same customers again: UPSERT changes nothing")
                .isZero();
        assertThat(post("{\"assets\":[\"sample/customers\"],\"mode\":\"SINGLE_KEY\",\"keys\":[\"1\"]}")
                        .statusCode())
                .as("an asset without keys has no SINGLE_KEY mode")
                .isEqualTo(422);

        JsonNode scores = await(launch("{\"assets\":[\"sample/customer_scores\"],\"mode\":\"FULL_REFRESH\"}"));
        assertThat(scores.get("status").asText()).isEqualTo("SUCCESS");
        assertThat(scores.get("keyCount").asLong()).isEqualTo(30);
        JsonNode unchanged = await(launch("{\"assets\":[\"sample/customer_scores\"]}"));
        assertThat(unchanged.get("keyCount").asLong())
                .as("INCREMENTAL, nothing changed")
                .isZero();
        JsonNode rescored = await(launch(customers.replace("\"seed\":2", "\"seed\":3") + "}"));
        assertThat(rescored.at("/materializations/0/metadata/rows_inserted").asLong())
                .as("another seed changes every score")
                .isEqualTo(30);
        JsonNode changed = await(launch("{\"assets\":[\"sample/customer_scores\"],\"mode\":\"INCREMENTAL\"}"));
        assertThat(changed.get("status").asText()).isEqualTo("SUCCESS");
        assertThat(changed.get("keyCount").asLong())
                .as("INCREMENTAL after customers changed")
                .isEqualTo(30);

        JsonNode single = await(launch(
                "{\"assets\":[\"sample/customer_scores\"],\"mode\":\"SINGLE_KEY\",\"keys\":[\"5\",\"x' OR '1'='1\"]}"));
        assertThat(single.get("status").asText()).isEqualTo("SUCCESS");
        assertThat(single.get("keyCount").asLong()).isEqualTo(2);
        assertThat(single.at("/materializations/0/metadata/skipped_keys").asLong())
                .isEqualTo(1);
        assertThat(get("/api/lake/tables/sample_customer_scores/rows?key=5")).hasSize(1);
        assertThat(get("/api/lake/tables/sample_customer_scores")
                        .get("currentRows")
                        .asLong())
                .as("the odd key selected no other rows")
                .isEqualTo(30);
    }

    private Process started(ScaffoldedProject project, String logName) throws Exception {
        int port = ScaffoldedProject.freePort();
        Process p = project.start(port, logName);
        base = "http://127.0.0.1:" + port;
        Instant deadline = Instant.now().plus(Duration.ofSeconds(120));
        while (Instant.now().isBefore(deadline)) {
            if (!p.isAlive()) {
                throw new AssertionError("the project's Sluice exited early:\n" + project.log(logName));
            }
            try {
                if (send(HttpRequest.newBuilder(project.readiness()).build()).statusCode() == 200) {
                    return p;
                }
            } catch (IOException e) {
                // not listening yet
            }
            Thread.sleep(200);
        }
        p.destroyForcibly().waitFor();
        throw new AssertionError("the project's Sluice did not become ready:\n" + project.log(logName));
    }

    private List<String> assetKeys() throws Exception {
        List<String> keys = new ArrayList<>();
        get("/api/assets").forEach(asset -> keys.add(asset.get("key").asText()));
        return keys;
    }

    private String launch(String body) throws Exception {
        HttpResponse<String> r = post(body);
        assertThat(r.statusCode()).as(body + ": " + r.body()).isEqualTo(201);
        return JSON.readTree(r.body()).get("id").asText();
    }

    private JsonNode await(String id) throws Exception {
        Instant deadline = Instant.now().plus(Duration.ofSeconds(120));
        while (Instant.now().isBefore(deadline)) {
            JsonNode run = get("/api/runs/" + id);
            if (TERMINAL.contains(run.get("status").asText())) {
                return run;
            }
            Thread.sleep(100);
        }
        throw new AssertionError("run " + id + " did not end");
    }

    private HttpResponse<String> post(String body) throws Exception {
        return send(HttpRequest.newBuilder(URI.create(base + "/api/runs"))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body))
                .build());
    }

    private JsonNode get(String path) throws Exception {
        HttpResponse<String> r =
                send(HttpRequest.newBuilder(URI.create(base + path)).build());
        assertThat(r.statusCode()).as(path + ": " + r.body()).isEqualTo(200);
        return JSON.readTree(r.body());
    }

    private HttpResponse<String> send(HttpRequest request) throws Exception {
        return http.send(request, HttpResponse.BodyHandlers.ofString());
    }
}
