package io.sluice.api;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.hamcrest.Matchers.equalTo;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.sluice.catalog.Asset;
import io.sluice.catalog.AssetCatalog;
import io.sluice.catalog.ConfigSchema;
import io.sluice.runs.MaterializationMode;
import io.sluice.runs.RequestRejected;
import io.sluice.runs.RunRequest;
import io.sluice.runs.launch.LaunchValidator;
import io.sluice.testing.ConfigRulesAssets;
import io.sluice.testing.Runs;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A run's config: with one asset it is given alone or keyed by the asset's key, as a run answers it, so a run's
 * config can be sent back as it is; the config schema's {@code required} lists exactly what a launch must give.
 */
@QuarkusTest
class RunConfigApiTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Inject
    AssetCatalog catalog;

    @Inject
    LaunchValidator validator;

    @Test
    void aRunsConfigIsAnsweredKeyedByAssetAndASecondLaunchTakesItAsItIs() throws Exception {
        JsonPath first = Runs.launchAndAwait("{\"assets\":[\"test/checked\"],\"config\":{\"rows\":2}}");
        Map<String, Object> echoed = first.getMap("config");
        assertThat(echoed)
                .containsOnlyKeys("test/checked")
                .containsEntry("test/checked", Map.of("rows", 2, "nullName", false, "value", "v1"));

        String again = given().contentType(ContentType.JSON)
                .body(Map.of("assets", List.of("test/checked"), "config", echoed, "reason", "the same again"))
                .post("/api/runs")
                .then()
                .statusCode(201)
                .extract()
                .asString();
        JsonNode second = JSON.readTree(again);
        assertThat(JSON.convertValue(second.get("config"), Map.class)).isEqualTo(echoed);
        Runs.await(second.get("id").asText());

        given().contentType(ContentType.JSON)
                .body("{\"assets\":[\"test/checked\"],\"config\":{\"test/flaky\":{\"fail\":true}}}")
                .post("/api/runs")
                .then()
                .statusCode(422)
                .body("field", equalTo("config.test/flaky"));
        given().contentType(ContentType.JSON)
                .body("{\"assets\":[\"test/checked\"],\"config\":{\"test/checked\":{\"rows\":\"2\"}}}")
                .post("/api/runs")
                .then()
                .statusCode(400)
                .body("field", equalTo("config.test/checked.rows"));
        given().contentType(ContentType.JSON)
                .body("{\"assets\":[\"test/checked\"],\"config\":{\"rows\":2,\"test/checked\":{}}}")
                .post("/api/runs")
                .then()
                .statusCode(400)
                .body("field", equalTo("config.test/checked"));
    }

    @Test
    void theConfigSchemaRequiresExactlyWhatALaunchMustGive() {
        int withConfig = 0;
        for (Asset<?> asset : catalog.all()) {
            var spec = asset.spec();
            @SuppressWarnings("unchecked")
            List<String> required = (List<String>)
                    ConfigSchema.of(spec.configType(), spec.defaultConfig()).getOrDefault("required", List.of());
            RunRequest empty = new RunRequest(
                    List.of(spec.key().toString()), MaterializationMode.INCREMENTAL, null, null, Map.of(), null, null);
            RunRequest emptyKeyed = new RunRequest(
                    List.of(spec.key().toString()),
                    MaterializationMode.INCREMENTAL,
                    null,
                    null,
                    Map.of(spec.key().toString(), Map.of()),
                    null,
                    null);
            for (RunRequest request : List.of(empty, emptyKeyed)) {
                if (required.isEmpty()) {
                    validator.validateExceptPartitions(request); // no config given: the defaults do
                } else {
                    RequestRejected refused = catchThrowableOfType(
                            RequestRejected.class, () -> validator.validateExceptPartitions(request));
                    assertThat(refused)
                            .as("%s without %s", spec.key(), required)
                            .isNotNull();
                    assertThat(refused.getMessage()).as(spec.key().toString()).contains(required);
                }
            }
            withConfig += spec.configType().getRecordComponents().length > 0 ? 1 : 0;
        }
        assertThat(withConfig).as("assets with a run config").isGreaterThan(5);

        JsonPath asset = given().get("/api/assets/" + ConfigRulesAssets.KEY)
                .then()
                .statusCode(200)
                .extract()
                .jsonPath();
        assertThat(asset.getList("configSchema.required"))
                .as("the properties with a default are not required")
                .containsExactly("region");
        given().contentType(ContentType.JSON)
                .body("{\"assets\":[\"" + ConfigRulesAssets.KEY + "\"]}")
                .post("/api/runs")
                .then()
                .statusCode(422)
                .body("field", equalTo("config.region"));
        JsonPath run =
                Runs.launchAndAwait("{\"assets\":[\"" + ConfigRulesAssets.KEY + "\"],\"config\":{\"region\":\"eu\"}}");
        assertThat(run.getString("status")).isEqualTo("SUCCESS");
        assertThat(run.getString("config.'test/config_rules'.through")).isEqualTo("2024-01-01");
    }
}
