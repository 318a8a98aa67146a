package io.sluice.api;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItems;
import static org.hamcrest.Matchers.nullValue;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.sluice.automation.AutomationStatus;
import io.sluice.automation.AutomationStore;
import io.sluice.automation.Launch;
import io.sluice.automation.TickRecord;
import io.sluice.automation.schedule.ScheduleSwitch;
import io.sluice.automation.schedule.ScheduleTicker;
import io.sluice.runs.RequestRejected;
import io.sluice.runs.RunHistory;
import io.sluice.testing.ScheduleProfile;
import io.sluice.testing.TestSchedules;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The schedules' API: list, show, tick history with paging, start and stop (audited, 404, 409). */
@QuarkusTest
@TestProfile(ScheduleProfile.class)
class ScheduleApiTest {

    @Inject
    ScheduleTicker ticker;

    @Inject
    ScheduleSwitch switches;

    @Inject
    AutomationStore store;

    @Inject
    RunHistory history;

    @AfterEach
    void stopIt() {
        try {
            switches.stop(TestSchedules.YEARLY, "test", null);
        } catch (RequestRejected.Conflict stoppedAlready) {
            // nothing to undo
        }
    }

    @Test
    void theDeclaredSchedulesAreListedStoppedByDefault() {
        given().get("/api/schedules")
                .then()
                .statusCode(200)
                .body("name", hasItems(TestSchedules.DAILY, TestSchedules.CATCHING_UP, TestSchedules.YEARLY));
        given().get("/api/schedules/" + TestSchedules.DAILY)
                .then()
                .statusCode(200)
                .body("cron", equalTo("10 0 * * *"))
                .body("zone", equalTo("UTC"))
                .body("defaultStatus", equalTo("STOPPED"))
                .body("target.assets", equalTo(List.of("test/daily")))
                .body("target.partitions", containsString("daily"));
        given().get("/api/schedules/" + TestSchedules.CATCHING_UP).then().body("misfire", equalTo("CATCH_UP 3"));
    }

    @Test
    void anUnknownScheduleIsANotFoundProblem() {
        for (String path : List.of("", "/ticks", "/start", "/stop")) {
            var request = given().header("X-Sluice-User", "tester");
            (path.startsWith("/s")
                            ? request.post("/api/schedules/no_such_schedule" + path)
                            : request.get("/api/schedules/no_such_schedule" + path))
                    .then()
                    .statusCode(404)
                    .contentType("application/problem+json")
                    .body("detail", containsString("no_such_schedule"));
        }
    }

    @Test
    void startingAndStoppingIsAuditedAndTwiceIsAConflict() {
        String name = TestSchedules.YEARLY;
        JsonPath started = given().header("X-Sluice-User", "schedule-tester")
                .contentType(ContentType.JSON)
                .body("{\"reason\":\"the new year run\"}")
                .post("/api/schedules/" + name + "/start")
                .then()
                .statusCode(200)
                .body("status", equalTo("RUNNING"))
                .extract()
                .jsonPath();
        Instant startedAt = Instant.parse(started.getString("startedAt"));
        assertThat(Instant.parse(started.getString("cursor")))
                .as("ticks before the start are not caught up")
                .isEqualTo(startedAt);
        Instant next = Instant.parse(started.getString("nextTick"));
        assertThat(next).isAfter(startedAt).isBefore(startedAt.plus(Duration.ofDays(367)));
        assertThat(next.toString()).endsWith("-01-01T00:00:00Z");

        given().header("X-Sluice-User", "schedule-tester")
                .post("/api/schedules/" + name + "/start")
                .then()
                .statusCode(409)
                .contentType("application/problem+json")
                .body("detail", containsString("running already"));

        given().header("X-Sluice-User", "schedule-stopper")
                .contentType(ContentType.JSON)
                .body("{\"reason\":\"enough\",\"launchedBy\":\"someone-else\"}")
                .post("/api/schedules/" + name + "/stop")
                .then()
                .statusCode(400)
                .contentType("application/problem+json")
                .body("detail", containsString("'launchedBy' is unknown"));
        given().get("/api/schedules/" + name).then().statusCode(200).body("status", equalTo("RUNNING"));
        given().header("X-Sluice-User", "schedule-stopper")
                .contentType(ContentType.JSON)
                .body("{\"reason\":\"enough\"}")
                .post("/api/schedules/" + name + "/stop")
                .then()
                .statusCode(200)
                .body("status", equalTo("STOPPED"))
                .body("nextTick", nullValue());
        given().post("/api/schedules/" + name + "/stop").then().statusCode(409);

        List<Map<String, Object>> starts = given().get("/api/audit?actor=schedule-tester")
                .then()
                .extract()
                .jsonPath()
                .getList("$");
        assertThat(starts).anySatisfy(e -> {
            assertThat(e.get("action")).isEqualTo("SCHEDULE_STARTED");
            assertThat(e.get("reason")).isEqualTo("the new year run");
        });
        List<Map<String, Object>> stops = given().get("/api/audit?actor=schedule-stopper")
                .then()
                .extract()
                .jsonPath()
                .getList("$");
        assertThat(given().get("/api/audit?actor=someone-else")
                        .then()
                        .extract()
                        .jsonPath()
                        .getList("$"))
                .as("the refused stop changed nothing")
                .isEmpty();
        assertThat(stops).singleElement().satisfies(e -> {
            assertThat(e.get("action")).isEqualTo("SCHEDULE_STOPPED");
            assertThat(e.get("reason")).isEqualTo("enough");
        });
        assertThat(store.find(TickRecord.Source.SCHEDULE, name).orElseThrow().status())
                .as("in the metadata store, so a restart keeps it")
                .isEqualTo(AutomationStatus.STOPPED);
    }

    @Test
    void tickHistoryIsPagedNewestFirstAndNamesWhatItLaunched() {
        String name = TestSchedules.YEARLY;
        Instant startedAt = Instant.parse(given().post("/api/schedules/" + name + "/start")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath()
                .getString("startedAt"));
        // two new years later: SKIP fires the latest tick and records the one before it as missed
        assertThat(ticker.tick(name, startedAt.plus(Duration.ofDays(731)))).hasSize(2);

        JsonPath page = given().get("/api/schedules/" + name + "/ticks?limit=1")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath();
        assertThat(page.getList("$")).hasSize(1);
        assertThat(page.getString("[0].outcome")).isEqualTo("LAUNCHED");
        String runId = page.getString("[0].runIds[0]");
        given().get("/api/runs/" + runId).then().statusCode(200).body("launchedBy", equalTo("schedule:" + name));
        assertThat(history.find(runId).orElseThrow().tags()).containsEntry(Launch.SCHEDULE_TAG, name);
        long id = page.getLong("[0].id");
        JsonPath older = given().get("/api/schedules/" + name + "/ticks?limit=5&before=" + id)
                .then()
                .statusCode(200)
                .extract()
                .jsonPath();
        assertThat(older.getString("[0].outcome")).isEqualTo("SKIPPED");
        assertThat(older.getString("[0].detail")).contains("1 ticks");
        assertThat(older.getLong("[0].id")).isLessThan(id);
        given().get("/api/schedules/" + name)
                .then()
                .body("lastTick.id", equalTo((int) id))
                .body("lastTick.runIds[0]", equalTo(runId));

        given().get("/api/schedules/" + name + "/ticks?limit=0").then().statusCode(422);
        given().get("/api/schedules/" + name + "/ticks?limit=x").then().statusCode(400);
        given().get("/api/schedules/" + name + "/ticks?before=-1").then().statusCode(422);
    }

    @Test
    void aBodyThatIsNotTheShapeIsABadRequest() {
        given().contentType(ContentType.JSON)
                .body("{\"reason\": 3, \"nope\": true}")
                .post("/api/schedules/" + TestSchedules.YEARLY + "/start")
                .then()
                .statusCode(400)
                .contentType("application/problem+json");
        given().get("/api/schedules/" + TestSchedules.YEARLY).then().body("status", equalTo("STOPPED"));
    }
}
