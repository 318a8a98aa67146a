package io.sluice.testing;

import static io.restassured.RestAssured.given;

import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.function.Predicate;

/** Launching backfills over the REST API and waiting for them, as a user would with curl. */
public final class Backfills {

    private Backfills() {}

    /** Launches a backfill ({@code POST /api/backfills}, 201) and returns its id. */
    public static String launch(String body) {
        return given().contentType(ContentType.JSON)
                .body(body)
                .when()
                .post("/api/backfills")
                .then()
                .statusCode(201)
                .extract()
                .path("backfill.id");
    }

    /** Waits (bounded) until the backfill satisfies {@code done} and returns it. */
    public static JsonPath await(String id, Predicate<JsonPath> done) {
        Instant deadline = Instant.now().plus(Duration.ofSeconds(60));
        while (Instant.now().isBefore(deadline)) {
            JsonPath b = given().get("/api/backfills/" + id)
                    .then()
                    .statusCode(200)
                    .extract()
                    .jsonPath();
            if (done.test(b)) {
                return b;
            }
            Runs.sleep(50);
        }
        throw new AssertionError("backfill " + id + " did not get there within 60 s");
    }

    /** Ended: completed, failed or canceled, with nothing queued or running. */
    public static boolean ended(JsonPath b) {
        return List.of("COMPLETED", "FAILED", "CANCELED").contains(b.getString("status"))
                && b.getLong("progress.queued") + b.getLong("progress.running") == 0;
    }

    public static JsonPath launchAndAwait(String body) {
        return await(launch(body), Backfills::ended);
    }
}
