package io.sluice.freshness;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.startsWith;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import io.sluice.catalog.AssetKey;
import io.sluice.testing.Runs;
import io.sluice.testing.SettableClock;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The example's raw filings must have each filing day by 06:00 UTC the next morning: the evaluation on a settable
 * clock records each transition once and fires {@link FreshnessChanged} once for it, and the API shows the state.
 */
@QuarkusTest
class FreshnessServiceTest {

    private static final AssetKey RAW = AssetKey.parse("raw/form_adv_filings");
    private static final String DAY = "2025-06-15";
    private static final Instant DEADLINE = Instant.parse("2025-06-16T06:00:00Z");

    @Inject
    FreshnessService service;

    @Inject
    FreshnessEvents events;

    @Inject
    FreshnessStore store;

    private final SettableClock clock = new SettableClock();

    @Test
    void aLatePartitionIsStaleSinceItsDeadlineAndFreshOnceMaterializedEachTransitionOnce() {
        // the seven days before have landed: within the look-back, only DAY can be late
        JsonPath before = Runs.launchAndAwait("{\"assets\":[\"extract/form_adv_filings\",\"raw/form_adv_filings\"],"
                + "\"partitions\":[\"2025-06-08\",\"2025-06-09\",\"2025-06-10\",\"2025-06-11\",\"2025-06-12\",\"2025-06-13\","
                + "\"2025-06-14\"]}");
        assertThat(before.getString("status")).as(before.getString("error")).isEqualTo("SUCCESS");
        events.clear();

        clock.set(DEADLINE.minus(Duration.ofHours(2)));
        assertThat(service.evaluate(clock.instant()))
                .extracting(FreshnessChanged::partition, FreshnessChanged::from, FreshnessChanged::to)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple(
                                Optional.empty(), FreshnessState.FRESH, FreshnessState.WARNING),
                        org.assertj.core.groups.Tuple.tuple(
                                Optional.of(DAY), FreshnessState.FRESH, FreshnessState.WARNING));

        clock.set(DEADLINE);
        List<FreshnessChanged> late = service.evaluate(clock.instant());
        assertThat(late)
                .extracting(FreshnessChanged::partition, FreshnessChanged::from, FreshnessChanged::to)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple(
                                Optional.empty(), FreshnessState.WARNING, FreshnessState.STALE),
                        org.assertj.core.groups.Tuple.tuple(
                                Optional.of(DAY), FreshnessState.WARNING, FreshnessState.STALE));
        assertThat(late).allSatisfy(c -> assertThat(c.since()).isEqualTo(DEADLINE));
        assertThat(late.get(0).asset()).isEqualTo(RAW);

        clock.advance(Duration.ofMinutes(5));
        assertThat(service.evaluate(clock.instant())).isEmpty(); // recorded once: evaluating again changes nothing

        given().when()
                .get("/api/assets/raw/form_adv_filings")
                .then()
                .statusCode(200)
                .body("freshness.state", equalTo("STALE"))
                .body("freshness.since", equalTo(DEADLINE.toString()))
                .body("freshness.policy", startsWith("the partition of each day exists by 06:00"))
                .body("freshness.latePartitions", contains(DAY))
                .body("freshness.lateCount", equalTo(1));
        given().when()
                .get("/api/assets")
                .then()
                .statusCode(200)
                .body("find { it.key == 'raw/form_adv_filings' }.freshness.state", equalTo("STALE"))
                .body("find { it.key == 'extract/form_adv_filings' }.freshness", equalTo(null));

        // the pages: a badge in the catalog, a line on the asset page, a class on the lineage node
        given().when()
                .get("/assets")
                .then()
                .statusCode(200)
                .body(containsString("<span class=\"status freshness s-FAILURE\""));
        given().when()
                .get("/assets/raw/form_adv_filings")
                .then()
                .statusCode(200)
                .body(containsString("id=\"freshness\""))
                .body(containsString("<code>" + DAY + "</code>"));
        given().when()
                .get("/ui/lineage.json")
                .then()
                .statusCode(200)
                .body("nodes.find { it.key == 'raw/form_adv_filings' }.freshness", equalTo("stale"))
                .body("nodes.find { it.key == 'extract/form_adv_filings' }.freshness", equalTo(""));

        Instant landing = Instant.now();
        JsonPath day = Runs.launchAndAwait("{\"assets\":[\"extract/form_adv_filings\",\"raw/form_adv_filings\"],"
                + "\"partitions\":[\"" + DAY + "\"]}");
        assertThat(day.getString("status")).as(day.getString("error")).isEqualTo("SUCCESS");
        clock.advance(Duration.ofMinutes(5));
        List<FreshnessChanged> fresh = service.evaluate(clock.instant());
        assertThat(fresh)
                .extracting(FreshnessChanged::partition, FreshnessChanged::from, FreshnessChanged::to)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple(
                                Optional.empty(), FreshnessState.STALE, FreshnessState.FRESH),
                        org.assertj.core.groups.Tuple.tuple(
                                Optional.of(DAY), FreshnessState.STALE, FreshnessState.FRESH));
        assertThat(fresh).allSatisfy(c -> assertThat(c.since()).isAfterOrEqualTo(landing.minusSeconds(1)));
        assertThat(service.evaluate(clock.instant())).isEmpty();

        // every transition observed once, in order
        assertThat(events.seen())
                .extracting(FreshnessChanged::to)
                .containsExactly(
                        FreshnessState.WARNING,
                        FreshnessState.WARNING,
                        FreshnessState.STALE,
                        FreshnessState.STALE,
                        FreshnessState.FRESH,
                        FreshnessState.FRESH);
        given().when()
                .get("/api/assets/raw/form_adv_filings")
                .then()
                .statusCode(200)
                .body("freshness.state", equalTo("FRESH"))
                .body("freshness.lateCount", equalTo(0));
    }
}
