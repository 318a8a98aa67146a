package io.sluice.testing;

import static io.restassured.RestAssured.given;

import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/** Launching runs over the REST API and waiting for them, as a user would with curl. */
public final class Runs {

    private Runs() {}

    public static String launch(String body) {
        return given().contentType(ContentType.JSON)
                .body(body)
                .when()
                .post("/api/runs")
                .then()
                .statusCode(201)
                .extract()
                .path("id");
    }

    /** Waits (bounded) until the run is terminal and returns it. */
    public static JsonPath await(String id) {
        Instant deadline = Instant.now().plus(Duration.ofSeconds(60));
        while (Instant.now().isBefore(deadline)) {
            JsonPath run = given().when()
                    .get("/api/runs/" + id)
                    .then()
                    .statusCode(200)
                    .extract()
                    .jsonPath();
            if (List.of("SUCCESS", "FAILURE", "CANCELED").contains(run.getString("status"))) {
                return run;
            }
            sleep(50);
        }
        throw new AssertionError("run " + id + " did not finish within 60 s");
    }

    public static JsonPath launchAndAwait(String body) {
        return await(launch(body));
    }

    public static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }
}
