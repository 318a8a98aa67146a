package io.sluice.runs;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarkus.test.junit.QuarkusTest;
import io.sluice.catalog.AssetKey;
import io.sluice.runs.launch.ValidatedLaunch;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** The launchpad's dry run: what a launch would run, checked as a launch is, and nothing stored. */
@QuarkusTest
class RunPreviewTest {

    @Inject
    RunService runs;

    private static int storedWith(String reason) {
        return given().get("/api/runs?limit=500").then().statusCode(200).extract().jsonPath().getList("reason").stream()
                .filter(reason::equals)
                .toList()
                .size();
    }

    @Test
    void aPreviewOrdersTheAssetsMergesTheDefaultsAndStoresNothing() {
        String reason = "preview " + UUID.randomUUID();
        ValidatedLaunch preview = runs.preview(new RunRequest(
                List.of("test/after_flaky", "test/flaky"),
                MaterializationMode.FULL_REFRESH,
                List.of(),
                List.of(),
                Map.of("test/flaky", Map.of("attempts", 3)),
                reason,
                "alice"));
        assertThat(preview.assets()).containsExactly(AssetKey.parse("test/flaky"), AssetKey.parse("test/after_flaky"));
        assertThat(preview.mode()).isEqualTo(MaterializationMode.FULL_REFRESH);
        assertThat(preview.configByAsset().get("test/flaky").get("attempts").asInt())
                .isEqualTo(3);
        assertThat(preview.configByAsset().get("test/flaky").get("fail").asBoolean())
                .as("a field left out takes the declared default")
                .isFalse();
        assertThat(storedWith(reason)).isZero();
    }

    @Test
    void aPreviewRefusesWhatALaunchRefusesNamingTheField() {
        String reason = "preview refused " + UUID.randomUUID();
        assertThatThrownBy(() -> runs.preview(new RunRequest(
                        List.of("test/flaky"),
                        MaterializationMode.INCREMENTAL,
                        List.of(),
                        List.of(),
                        Map.of("attempts", 11),
                        reason,
                        "alice")))
                .isInstanceOfSatisfying(
                        RequestRejected.class, e -> assertThat(e.field()).isEqualTo("config.attempts"));
        assertThatThrownBy(() -> runs.preview(new RunRequest(
                        List.of("test/daily"),
                        MaterializationMode.SINGLE_KEY,
                        List.of(),
                        List.of("2024-02-01"),
                        Map.of(),
                        reason,
                        "alice")))
                .isInstanceOf(RequestRejected.class)
                .hasMessageContaining("SINGLE_KEY");
        assertThat(storedWith(reason)).isZero();
    }
}
