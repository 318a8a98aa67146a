package io.sluice.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The README's {@code ./mvnw quarkus:dev} in a project made by {@code ./sluice new}: dev mode starts (quarkus-qute's
 * template debugger, which this Quarkus version's dev mode asks for, is not served: Sluice leaves it out), an edit of an
 * asset's source is seen on the next request (its description in the API) and the edited compute runs (the rows of a
 * run launched after the edit).
 */
class ScaffoldDevModeIT {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration START_LIMIT = Duration.ofMinutes(10);
    private static final Duration RESCAN = Duration.ofMillis(2500);

    @TempDir
    Path work;

    private final HttpClient http =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
    private String base;

    @Test
    void devModeStartsAndAnEditedAssetIsReloadedOnTheNextRequest() throws Exception {
        ScaffoldedProject project = new ScaffoldedProject(work);
        project.installSluice();
        assertThat(project.scaffold("com.acme.live", project.dir, "new.log"))
                .as("sluice new")
                .isZero();
        int port = ScaffoldedProject.freePort();
        base = "http://127.0.0.1:" + port;
        Process dev = project.startDevMode(port, "dev.log");
        try {
            awaitReady(dev, project);
            assertThat(get("/api/assets/sample/customers").get("description").asText())
                    .isEqualTo("Sample: generated customers with a score, merged by customer id");

            Path source = project.dir.resolve("src/main/java/com/acme/live/Customers.java");
            String text = Files.readString(source);
            String edited = text.replace(
                            "\"Sample: generated customers with a score, merged by customer id\"",
                            "\"Edited in dev mode\"")
                    .replace("'customer ' || i AS name", "'edited ' || i AS name");
            assertThat(edited)
                    .as("the template still has the lines this test edits")
                    .isNotEqualTo(text);
            Files.writeString(source, edited);
            // dev mode looks for changed sources on a request, at most every 2 s (Quarkus' hot replacement interval)
            Thread.sleep(RESCAN.toMillis());

            assertThat(get("/api/assets/sample/customers").get("description").asText())
                    .as("the next request after the edit; dev mode said:\n%s", tail(project.log("dev.log")))
                    .isEqualTo("Edited in dev mode");
            JsonNode run = awaitRun(launch("{\"assets\":[\"sample/customers\"],\"config\":{\"customers\":3}}"));
            assertThat(run.get("status").asText()).as(run.toString()).isEqualTo("SUCCESS");
            assertThat(get("/api/lake/tables/sample_customers/rows?key=2")
                            .path(0)
                            .path("name")
                            .asText())
                    .as("the edited compute wrote the rows")
                    .isEqualTo("edited 2");
        } finally {
            ScaffoldedProject.stop(dev);
        }
        assertThat(project.log("dev.log")).doesNotContain("qute-debug");
    }

    private void awaitReady(Process dev, ScaffoldedProject project) throws Exception {
        Instant deadline = Instant.now().plus(START_LIMIT);
        while (Instant.now().isBefore(deadline)) {
            if (!dev.isAlive()) {
                throw new AssertionError("dev mode exited:\n" + tail(project.log("dev.log")));
            }
            try {
                if (send(HttpRequest.newBuilder(project.readiness()).build()).statusCode() == 200) {
                    return;
                }
            } catch (IOException e) {
                // not listening yet
            }
            Thread.sleep(500);
        }
        throw new AssertionError(
                "dev mode did not become ready in " + START_LIMIT + ":\n" + tail(project.log("dev.log")));
    }

    private String launch(String body) throws Exception {
        HttpResponse<String> r = send(HttpRequest.newBuilder(URI.create(base + "/api/runs"))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body))
                .build());
        assertThat(r.statusCode()).as(r.body()).isEqualTo(201);
        return JSON.readTree(r.body()).get("id").asText();
    }

    private JsonNode awaitRun(String id) throws Exception {
        Instant deadline = Instant.now().plus(Duration.ofMinutes(2));
        while (Instant.now().isBefore(deadline)) {
            JsonNode run = get("/api/runs/" + id);
            if (run.get("endedAt") != null) {
                return run;
            }
            Thread.sleep(200);
        }
        throw new AssertionError("run " + id + " did not end");
    }

    private JsonNode get(String path) throws Exception {
        HttpResponse<String> r = send(HttpRequest.newBuilder(URI.create(base + path))
                .timeout(Duration.ofMinutes(5))
                .build());
        assertThat(r.statusCode()).as(path + ": " + r.body()).isEqualTo(200);
        return JSON.readTree(r.body());
    }

    private HttpResponse<String> send(HttpRequest request) throws Exception {
        return http.send(request, HttpResponse.BodyHandlers.ofString());
    }

    private static String tail(String text) {
        return text.length() <= 6000 ? text : text.substring(text.length() - 6000);
    }
}
