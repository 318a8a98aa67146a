package io.sluice.api;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItems;
import static org.hamcrest.Matchers.hasKey;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.http.ContentType;
import io.sluice.automation.AutomationStatus;
import io.sluice.automation.SensorResult;
import io.sluice.automation.sensor.SensorService;
import io.sluice.automation.sensor.SensorTestProfile;
import io.sluice.automation.sensor.SensorTicker;
import io.sluice.automation.sensor.TestSensors;
import io.sluice.example.InboxSensor;
import jakarta.inject.Inject;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code /api/sensors}: list, one, tick history in pages, start and stop (audited), problems for bad input. */
@QuarkusTest
@TestProfile(SensorTestProfile.class)
class SensorApiTest {

    private static final String NAME = TestSensors.Alpha.NAME;

    @Inject
    TestSensors.Alpha sensor;

    @Inject
    SensorTicker ticker;

    @Inject
    SensorService sensors;

    @Test
    void theDeclaredSensorsAreListedWithTheirIntervalAndStatus() {
        given().get("/api/sensors")
                .then()
                .statusCode(200)
                .body("name", hasItems(NAME, TestSensors.Running.NAME, InboxSensor.NAME));
        given().get("/api/sensors/" + InboxSensor.NAME)
                .then()
                .statusCode(200)
                .body("defaultStatus", equalTo("RUNNING"))
                .body("interval", equalTo("PT24H"))
                .body("intervalSeconds", equalTo(86_400));
    }

    @Test
    void startAndStopChangeTheStatusAndAreAudited() {
        TestSensors.ensure(sensors, NAME, AutomationStatus.STOPPED);
        given().header("X-Sluice-User", "sensor-operator")
                .contentType(ContentType.JSON)
                .body("{\"reason\":\"watch the inbox\"}")
                .post("/api/sensors/" + NAME + "/start")
                .then()
                .statusCode(200)
                .body("status", equalTo("RUNNING"))
                .body("nextTick", notNullValue())
                .body("startedAt", notNullValue());
        given().header("X-Sluice-User", "sensor-operator")
                .post("/api/sensors/" + NAME + "/stop")
                .then()
                .statusCode(200)
                .body("status", equalTo("STOPPED"))
                .body("nextTick", nullValue());
        given().get("/api/sensors/" + NAME).then().statusCode(200).body("status", equalTo("STOPPED"));

        List<String> actions = given().get("/api/audit?actor=sensor-operator&limit=2")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath()
                .getList("action");
        assertThat(actions).containsExactly("SENSOR_STOPPED", "SENSOR_STARTED");
        assertThat(given().get("/api/audit?actor=sensor-operator&limit=2")
                        .then()
                        .extract()
                        .jsonPath()
                        .getString("[1].reason"))
                .isEqualTo("watch the inbox");
        assertThat(given().get("/api/audit?actor=sensor-operator&limit=1")
                        .then()
                        .extract()
                        .jsonPath()
                        .getString("[0].detail.sensor"))
                .isEqualTo(NAME);
    }

    @Test
    void startingARunningSensorOrStoppingAStoppedOneIsAConflictAndAuditsNothing() {
        TestSensors.ensure(sensors, NAME, AutomationStatus.RUNNING);
        String updated = given().get("/api/sensors/" + NAME).then().extract().path("updatedAt");
        given().header("X-Sluice-User", "twice-operator")
                .post("/api/sensors/" + NAME + "/start")
                .then()
                .statusCode(409)
                .contentType(Problem.MEDIA_TYPE)
                .body("detail", containsString("running already"));
        given().get("/api/sensors/" + NAME)
                .then()
                .body("status", equalTo("RUNNING"))
                .body("updatedAt", equalTo(updated));

        given().header("X-Sluice-User", "twice-operator")
                .post("/api/sensors/" + NAME + "/stop")
                .then()
                .statusCode(200);
        given().header("X-Sluice-User", "twice-operator")
                .post("/api/sensors/" + NAME + "/stop")
                .then()
                .statusCode(409)
                .contentType(Problem.MEDIA_TYPE)
                .body("detail", containsString("stopped already"));
        given().get("/api/sensors/" + NAME).then().body("status", equalTo("STOPPED"));

        assertThat(given().get("/api/audit?actor=twice-operator")
                        .then()
                        .extract()
                        .jsonPath()
                        .getList("action"))
                .as("only the stop that changed something is audited")
                .containsExactly("SENSOR_STOPPED");
    }

    @Test
    void anActorInTheBodyIsAnUnknownFieldAndChangesNothing() {
        String before = given().get("/api/sensors/" + NAME).then().extract().path("status");
        String to = "RUNNING".equals(before) ? "stop" : "start";
        for (String field : List.of("actor", "launchedBy")) {
            given().header("X-Sluice-User", "header-user")
                    .contentType(ContentType.JSON)
                    .body("{\"reason\":\"why\",\"" + field + "\":\"body-user\"}")
                    .post("/api/sensors/" + NAME + "/" + to)
                    .then()
                    .statusCode(400)
                    .contentType(Problem.MEDIA_TYPE)
                    .body("detail", containsString("'" + field + "' is unknown"));
        }
        given().get("/api/sensors/" + NAME).then().statusCode(200).body("status", equalTo(before));
        assertThat(given().get("/api/audit?actor=body-user")
                        .then()
                        .extract()
                        .jsonPath()
                        .getList("$"))
                .isEmpty();
        assertThat(given().get("/api/audit?actor=header-user")
                        .then()
                        .extract()
                        .jsonPath()
                        .getList("$"))
                .isEmpty();
    }

    @Test
    void ticksAreReadNewestFirstInPages() {
        TestSensors.ensure(sensors, NAME, AutomationStatus.RUNNING);
        // counts its ticks in its cursor (from 0 if another test left a cursor that is not a number)
        sensor.script((context, cursor) -> {
            int n = cursor.filter(c -> c.matches("\\d+")).map(Integer::parseInt).orElse(0);
            return SensorResult.skip("page " + n).withCursor(String.valueOf(n + 1));
        });
        for (int i = 0; i < 3; i++) {
            ticker.tickNow(NAME);
        }
        List<Integer> ids = given().get("/api/sensors/" + NAME + "/ticks?limit=2")
                .then()
                .statusCode(200)
                .body("outcome", hasItems("SKIPPED"))
                .extract()
                .jsonPath()
                .getList("id");
        assertThat(ids).hasSize(2);
        assertThat(ids.get(0)).isGreaterThan(ids.get(1));
        int cursor = Integer.parseInt(
                given().get("/api/sensors/" + NAME).then().extract().jsonPath().getString("cursor"));
        given().get("/api/sensors/" + NAME + "/ticks?limit=1&before=" + ids.get(1))
                .then()
                .statusCode(200)
                .body("[0].detail", equalTo("page " + (cursor - 3)))
                .body("[0]", not(hasKey("cursor"))); // the cursor is the sensor's, kept once, not copied per tick
        given().get("/api/sensors/" + NAME)
                .then()
                .body("lastTick.id", equalTo(ids.get(0)))
                .body("lastTick.detail", equalTo("page " + (cursor - 1)));
    }

    @Test
    void anUnknownSensorIsA404Problem() {
        for (String path : List.of("/api/sensors/nope", "/api/sensors/nope/ticks")) {
            given().get(path)
                    .then()
                    .statusCode(404)
                    .contentType(Problem.MEDIA_TYPE)
                    .body("detail", containsString("no sensor is named 'nope'"));
        }
        given().post("/api/sensors/nope/start").then().statusCode(404).contentType(Problem.MEDIA_TYPE);
        given().post("/api/sensors/nope/stop").then().statusCode(404).contentType(Problem.MEDIA_TYPE);
    }

    @Test
    void badInputIsAProblem() {
        given().get("/api/sensors/" + NAME + "/ticks?limit=0")
                .then()
                .statusCode(422)
                .contentType(Problem.MEDIA_TYPE);
        given().get("/api/sensors/" + NAME + "/ticks?limit=501")
                .then()
                .statusCode(422)
                .contentType(Problem.MEDIA_TYPE)
                .body("detail", containsString("500"));
        given().get("/api/sensors/" + NAME + "/ticks?limit=ten")
                .then()
                .statusCode(400)
                .contentType(Problem.MEDIA_TYPE);
        given().get("/api/sensors/" + NAME + "/ticks?before=x")
                .then()
                .statusCode(400)
                .contentType(Problem.MEDIA_TYPE);
        given().contentType(ContentType.JSON)
                .body("{\"reason\":42}")
                .post("/api/sensors/" + NAME + "/start")
                .then()
                .statusCode(400)
                .contentType(Problem.MEDIA_TYPE);
        given().contentType(ContentType.JSON)
                .body("{\"reason\":\"" + "x".repeat(2001) + "\"}")
                .post("/api/sensors/" + NAME + "/stop")
                .then()
                .statusCode(422)
                .contentType(Problem.MEDIA_TYPE);
    }
}
