package io.sluice.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The README's first command on a fresh data directory, with the product's defaults: authentication is on, the first
 * start prints the admin's password once, that password logs in and must be changed first, a token made then is what
 * the API takes, and neither the password nor the token is ever written to the log.
 */
class FirstStartIT {

    private static final Pattern PRINTED =
            Pattern.compile("Sluice created the first user: admin, with the password\\R\\R {4}(\\S+)\\R");

    private final HttpClient http = HttpClient.newHttpClient();

    @TempDir
    Path data;

    @Test
    void theFirstStartPrintsTheAdminPasswordOnceAndTheApiNeedsAToken() throws Exception {
        try (SluiceServer sluice = new SluiceServer("h2", data)) {
            sluice.start("first.log", Map.of("SLUICE_AUTH_ENABLED", ""));
            String log = Files.readString(sluice.log("first.log"));
            Matcher printed = PRINTED.matcher(log);
            assertThat(printed.find()).as("the printed password in:\n" + log).isTrue();
            String password = printed.group(1);

            HttpResponse<String> anonymous = get(sluice.base() + "/api/runs", null);
            assertThat(anonymous.statusCode()).isEqualTo(401);
            assertThat(anonymous.headers().firstValue("Content-Type"))
                    .hasValueSatisfying(t -> assertThat(t).startsWith("application/problem+json"));
            HttpResponse<String> page = send(HttpRequest.newBuilder(URI.create(sluice.base() + "/runs"))
                    .header("Accept", "text/html")
                    .build());
            assertThat(page.statusCode())
                    .as("a browser is sent to the login page")
                    .isEqualTo(303);
            assertThat(page.headers().firstValue("Location"))
                    .hasValueSatisfying(l -> assertThat(l).contains("/login"));

            Login browser = new Login(sluice.base());
            assertThat(browser.logIn("admin", "wrong-" + password).statusCode()).isEqualTo(401);
            HttpResponse<String> in = browser.logIn("admin", password);
            assertThat(in.statusCode()).isEqualTo(303);
            assertThat(in.headers().firstValue("Location"))
                    .hasValueSatisfying(l -> assertThat(l).contains("/password"));
            String chosen = "a much longer pass phrase " + password;
            HttpResponse<String> changed = browser.form(
                    "/password", Map.of("current", password, "password", chosen, "repeat", chosen, "next", "/"));
            assertThat(changed.statusCode()).as(changed.body()).isEqualTo(303);
            String token = browser.token("ci", "operator");

            HttpResponse<String> launched = send(HttpRequest.newBuilder(URI.create(sluice.base() + "/api/runs"))
                    .header("Authorization", "Bearer " + token)
                    .header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString(
                            "{\"assets\": [\"extract/form_adv_filings\"], \"ranges\": [{\"start\": \"2001-01-02\","
                                    + " \"end\": \"2001-01-02\"}]}"))
                    .build());
            assertThat(launched.statusCode()).as(launched.body()).isEqualTo(201);
            JsonNode run = SluiceServer.JSON.readTree(launched.body());
            HttpResponse<String> read =
                    get(sluice.base() + "/api/runs/" + run.get("id").asText(), token);
            assertThat(read.statusCode()).isEqualTo(200);
            assertThat(SluiceServer.JSON.readTree(read.body()).get("launchedBy").asText())
                    .isEqualTo("admin");
            assertThat(get(sluice.base() + "/api/runs", "not-a-token").statusCode())
                    .isEqualTo(401);

            sluice.kill();
            sluice.start("second.log", Map.of("SLUICE_AUTH_ENABLED", ""));
            String second = Files.readString(sluice.log("second.log"));
            assertThat(second).doesNotContain("Sluice created the first user");
            Login again = new Login(sluice.base());
            assertThat(again.logIn("admin", password).statusCode())
                    .as("the printed password no longer works")
                    .isEqualTo(401);
            assertThat(again.logIn("admin", chosen).statusCode()).isEqualTo(303);
            assertThat(get(sluice.base() + "/api/runs", token).statusCode()).isEqualTo(200);
            String both = log + second + Files.readString(sluice.log("second.log"));
            assertThat(both.split(Pattern.quote(password), -1))
                    .as("the printed password appears once, where it was printed")
                    .hasSize(2);
            assertThat(both).doesNotContain(token).doesNotContain(chosen);
        }
    }

    private HttpResponse<String> get(String url, String token) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(url));
        if (token != null) {
            b.header("Authorization", "Bearer " + token);
        }
        return send(b.build());
    }

    private HttpResponse<String> send(HttpRequest request) throws Exception {
        return http.send(request, HttpResponse.BodyHandlers.ofString());
    }
}
