package io.sluice.web;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.not;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.sluice.automation.AutomationStatus;
import io.sluice.automation.AutomationStore;
import io.sluice.automation.TickOutcome;
import io.sluice.automation.TickRecord;
import io.sluice.automation.schedule.ScheduleSwitch;
import io.sluice.automation.schedule.ScheduleTicker;
import io.sluice.runs.RequestRejected;
import io.sluice.testing.ScheduleProfile;
import io.sluice.testing.TestSchedules;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The automation page: schedules with a start/stop toggle, next tick, last ticks linking to their runs. */
@QuarkusTest
@TestProfile(ScheduleProfile.class)
class AutomationPageTest {

    @Inject
    AutomationStore store;

    @Inject
    ScheduleTicker ticker;

    @Inject
    ScheduleSwitch switches;

    @AfterEach
    void stopIt() {
        try {
            switches.stop(TestSchedules.PAGE, "test", null);
        } catch (RequestRejected.Conflict stoppedAlready) {
            // nothing to undo
        }
    }

    @Test
    void theHomePageLinksToTheAutomationPageWhichListsTheSchedules() {
        given().get("/").then().statusCode(200).body(containsString("href=\"/automation\""));
        given().get("/automation")
                .then()
                .statusCode(200)
                .body(containsString("id=\"schedules\""))
                .body(containsString(TestSchedules.DAILY))
                .body(containsString("form_adv_daily"))
                .body(containsString("<code>10 0 * * *</code> in UTC"))
                .body(containsString("id=\"sensors\""))
                .body(containsString("filing_inbox"));
    }

    @Test
    void theToggleStartsAndStopsAndTheTicksLinkToTheirRuns() {
        String name = TestSchedules.PAGE;
        String started = given().header("Sec-Fetch-Site", "same-origin")
                .post("/ui/schedules/" + name + "/start")
                .then()
                .statusCode(200)
                .extract()
                .asString();
        assertThat(started).contains("hx-post=\"/ui/schedules/" + name + "/stop\"");
        assertThat(store.find(TickRecord.Source.SCHEDULE, name).orElseThrow().status())
                .isEqualTo(AutomationStatus.RUNNING);
        given().get("/api/audit?actor=anonymous&action=SCHEDULE_STARTED&limit=1")
                .then()
                .body(containsString("SCHEDULE_STARTED"))
                .body(containsString("started from the automation page"));

        given().post("/ui/schedules/" + name + "/start")
                .then()
                .statusCode(200)
                .body(containsString("class=\"error\""))
                .body(containsString("running already"));

        Instant startedAt = store.find(TickRecord.Source.SCHEDULE, name)
                .orElseThrow()
                .startedAt()
                .orElseThrow();
        String runId = ticker.tick(name, startedAt.plus(Duration.ofDays(366))).stream()
                .map(t -> ((TickOutcome.Launched) t.outcome()).runIds().get(0))
                .findFirst()
                .orElseThrow();
        given().get("/ui/schedules").then().statusCode(200).body(containsString("href=\"/runs/" + runId + "\""));

        String stopped = given().post("/ui/schedules/" + name + "/stop")
                .then()
                .statusCode(200)
                .extract()
                .asString();
        assertThat(stopped).contains("hx-post=\"/ui/schedules/" + name + "/start\"");
        assertThat(store.find(TickRecord.Source.SCHEDULE, name).orElseThrow().status())
                .isEqualTo(AutomationStatus.STOPPED);
    }

    /** The toggle with JavaScript (htmx, /ui/...) and without (a form, /automation/...) records the same actor. */
    @Test
    void theToggleRecordsTheSameActorWithAndWithoutJavaScript() {
        String name = TestSchedules.PAGE;
        given().header("HX-Request", "true")
                .header("X-Sluice-User", "toggle-tester")
                .post("/ui/schedules/" + name + "/start")
                .then()
                .statusCode(200);
        given().redirects()
                .follow(false)
                .header("X-Sluice-User", "toggle-tester")
                .post("/automation/schedules/" + name + "/stop")
                .then()
                .statusCode(303);
        assertThat(given().get("/api/audit?actor=toggle-tester&limit=10")
                        .then()
                        .extract()
                        .jsonPath()
                        .getList("action", String.class))
                .containsExactly("SCHEDULE_STOPPED", "SCHEDULE_STARTED");

        // naming no one, both are anonymous, as the API records a request without the header
        given().redirects()
                .follow(false)
                .post("/automation/schedules/" + name + "/start")
                .then()
                .statusCode(303);
        given().header("HX-Request", "true")
                .post("/ui/schedules/" + name + "/stop")
                .then()
                .statusCode(200);
        for (String action : new String[] {"SCHEDULE_STARTED", "SCHEDULE_STOPPED"}) {
            given().get("/api/audit?action=" + action + "&limit=1")
                    .then()
                    .body("[0].actor", org.hamcrest.Matchers.equalTo("anonymous"))
                    .body("[0].detail.schedule", org.hamcrest.Matchers.equalTo(name));
        }
    }

    @Test
    void aToggleFromAnotherSiteIsRefusedAndChangesNothing() {
        given().header("Sec-Fetch-Site", "cross-site")
                .header("Origin", "https://evil.example")
                .post("/ui/schedules/" + TestSchedules.PAGE + "/start")
                .then()
                .statusCode(403)
                .body(not(containsString("RUNNING")));
        assertThat(store.find(TickRecord.Source.SCHEDULE, TestSchedules.PAGE)
                        .orElseThrow()
                        .status())
                .isEqualTo(AutomationStatus.STOPPED);
    }

    @Test
    void anUnknownScheduleShowsWhyInTheSection() {
        given().post("/ui/schedules/no_such_schedule/start")
                .then()
                .statusCode(200)
                .body(containsString("no schedule is named"));
    }

    @Test
    void withoutJavaScriptTheToggleIsAFormThatPostsAndRedirectsBack() {
        String name = TestSchedules.PAGE;
        String page =
                given().get("/automation").then().statusCode(200).extract().asString();
        assertThat(page)
                .contains(
                        "<form class=\"inline\" method=\"post\" action=\"/automation/schedules/" + name + "/start\">");
        given().redirects()
                .follow(false)
                .header("Sec-Fetch-Site", "same-origin")
                .header("X-Sluice-User", "form-tester")
                .post("/automation/schedules/" + name + "/start")
                .then()
                .statusCode(303)
                .header("Location", containsString("/automation"));
        assertThat(store.find(TickRecord.Source.SCHEDULE, name).orElseThrow().status())
                .isEqualTo(AutomationStatus.RUNNING);
        given().get("/api/audit?actor=form-tester&limit=1").then().body(containsString("SCHEDULE_STARTED"));
        given().get("/automation").then().body(containsString("action=\"/automation/schedules/" + name + "/stop\""));

        // running already: the page says so, and the schedule stays as it is
        given().redirects()
                .follow(false)
                .post("/automation/schedules/" + name + "/start")
                .then()
                .statusCode(409)
                .body(containsString("id=\"automation-error\""))
                .body(containsString("running already"));
        given().redirects()
                .follow(false)
                .post("/automation/schedules/" + name + "/stop")
                .then()
                .statusCode(303);
        assertThat(store.find(TickRecord.Source.SCHEDULE, name).orElseThrow().status())
                .isEqualTo(AutomationStatus.STOPPED);

        given().post("/automation/schedules/no_such_schedule/start")
                .then()
                .statusCode(404)
                .body(containsString("no schedule is named"));
        given().post("/automation/sensors/no_such_sensor/start").then().statusCode(404);
        given().post("/automation/robots/" + name + "/start").then().statusCode(404);
        given().post("/automation/schedules/" + name + "/explode").then().statusCode(404);
        given().header("Sec-Fetch-Site", "cross-site")
                .post("/automation/schedules/" + name + "/start")
                .then()
                .statusCode(403);
        assertThat(store.find(TickRecord.Source.SCHEDULE, name).orElseThrow().status())
                .isEqualTo(AutomationStatus.STOPPED);
    }
}
