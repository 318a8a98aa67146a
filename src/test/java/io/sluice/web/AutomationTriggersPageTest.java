package io.sluice.web;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.sluice.automation.AutomationStore;
import io.sluice.automation.TickOutcome;
import io.sluice.automation.TickRecord;
import io.sluice.automation.trigger.TriggerProfile;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The automation page's triggers: each automated asset's policy, and what its last evaluations launched or why they held. */
@QuarkusTest
@TestProfile(TriggerProfile.class)
class AutomationTriggersPageTest {

    @Inject
    AutomationStore store;

    private void record(String asset, Instant at, TickOutcome outcome) {
        QuarkusTransaction.requiringNew()
                .run(() -> store.record(new TickRecord(TickRecord.Source.TRIGGER, asset, at, at, outcome)));
    }

    @Test
    void eachAutomatedAssetShowsItsPolicyAndItsLastEvaluations() {
        Instant at = Instant.parse("2031-05-06T07:08:09Z");
        record("test/rollup_summary", at, new TickOutcome.Skipped("waiting for <the 09:00 tick>"));
        record(
                "test/rollup_summary",
                at.plusSeconds(60),
                new TickOutcome.Launched(List.of("run-from-a-trigger"), List.of("backfill-from-a-trigger")));
        String page =
                given().get("/automation").then().statusCode(200).extract().asString();
        assertThat(page).contains("id=\"triggers\"").contains("data-asset=\"test/daily_rollup\"");
        String row = page.substring(page.indexOf("data-asset=\"test/rollup_summary\""));
        row = row.substring(0, row.indexOf("</tr>"));
        assertThat(row)
                .contains("0 9 * * *")
                .contains(">SKIPPED</span>")
                .doesNotContain("HELD")
                .contains("waiting for &lt;the 09:00 tick&gt;")
                .contains("href=\"/runs/run-from-a-trigger\"")
                .contains("href=\"/backfills/backfill-from-a-trigger\"");
        // newest first
        assertThat(row.indexOf("run-from-a-trigger")).isLessThan(row.indexOf("waiting for"));
        // one word for one state: as the tick records store it, in the API and on the overview
        assertThat(given().get("/api/automation")
                        .then()
                        .statusCode(200)
                        .extract()
                        .jsonPath()
                        .getList("assets.find { it.asset == 'test/rollup_summary' }.evaluations.outcome"))
                .contains("SKIPPED")
                .doesNotContain("HELD");
        assertThat(given().get("/").then().statusCode(200).extract().asString()).doesNotContain("HELD");
    }
}
