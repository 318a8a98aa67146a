package io.sluice.web;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.not;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.sluice.automation.sensor.SensorTestProfile;
import io.sluice.automation.sensor.TestSensors;
import io.sluice.example.InboxSensor;
import org.junit.jupiter.api.Test;

/** The sensors section: each sensor with its toggle; the toggle starts and stops it, never from another site. */
@QuarkusTest
@TestProfile(SensorTestProfile.class)
class SensorPanelTest {

    private static final String NAME = TestSensors.Alpha.NAME;

    @Test
    void theSectionListsTheSensorsWithAToggleThatStartsAndStops() {
        given().post("/ui/sensors/" + NAME + "/stop").then().statusCode(200);
        given().get("/ui/sensors")
                .then()
                .statusCode(200)
                .contentType(containsString("text/html"))
                .body(containsString("<code>" + InboxSensor.NAME + "</code>"))
                .body(containsString("hx-post=\"/ui/sensors/" + NAME + "/start\""));

        given().header("Sec-Fetch-Site", "same-origin")
                .header("X-Sluice-User", "sensor-panel-tester")
                .post("/ui/sensors/" + NAME + "/start")
                .then()
                .statusCode(200)
                .body(containsString("hx-post=\"/ui/sensors/" + NAME + "/stop\""))
                .body(not(containsString("hx-post=\"/ui/sensors/" + NAME + "/start\"")));
        given().get("/api/sensors/" + NAME).then().body("status", equalTo("RUNNING"));
        given().get("/api/audit?actor=sensor-panel-tester&limit=1")
                .then()
                .body("[0].action", equalTo("SENSOR_STARTED"));
    }

    @Test
    void stoppingAStoppedSensorSaysSoAndAuditsNothing() {
        given().post("/ui/sensors/" + NAME + "/stop").then().statusCode(200);
        int audited = given().get("/api/audit?actor=sensor-panel-stopper&limit=500")
                .then()
                .extract()
                .jsonPath()
                .getList("$")
                .size();

        given().header("Sec-Fetch-Site", "same-origin")
                .header("X-Sluice-User", "sensor-panel-stopper")
                .post("/ui/sensors/" + NAME + "/stop")
                .then()
                .statusCode(200)
                .body(containsString("role=\"alert\""))
                .body(containsString("is stopped already"))
                .body(containsString("hx-post=\"/ui/sensors/" + NAME + "/start\""));
        given().get("/api/sensors/" + NAME).then().body("status", equalTo("STOPPED"));
        given().get("/api/audit?actor=sensor-panel-stopper&limit=500").then().body("size()", equalTo(audited));
    }

    @Test
    void aToggleFromAnotherSiteIsRefusedAndChangesNothing() {
        given().post("/ui/sensors/" + NAME + "/stop").then().statusCode(200);
        given().header("Sec-Fetch-Site", "cross-site")
                .post("/ui/sensors/" + NAME + "/start")
                .then()
                .statusCode(403)
                .contentType("application/problem+json");
        given().get("/api/sensors/" + NAME).then().body("status", equalTo("STOPPED"));
    }

    @Test
    void anUnknownSensorOrActionIsNotFound() {
        given().post("/ui/sensors/nope/start").then().statusCode(404);
        given().post("/ui/sensors/" + NAME + "/explode").then().statusCode(404);
    }
}
