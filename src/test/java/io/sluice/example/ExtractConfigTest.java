package io.sluice.example;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.sluice.catalog.AssetCatalog;
import io.sluice.catalog.AssetKey;
import io.sluice.catalog.AssetSpec;
import io.sluice.runs.RequestRejected;
import io.sluice.runs.launch.ConfigBinder;
import jakarta.inject.Inject;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The example extract's {@code through}: a day from 1900-01-01 to 9999-12-31, refused naming the field otherwise. */
@QuarkusTest
class ExtractConfigTest {

    private static final String EXTRACT = "extract/form_adv_filings";

    @Inject
    ConfigBinder binder;

    @Inject
    AssetCatalog catalog;

    @Inject
    ObjectMapper mapper;

    private static int count(String path) {
        return given().get(path + "?limit=500")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath()
                .getList("$")
                .size();
    }

    @ParameterizedTest
    @ValueSource(strings = {"0000-01-01", "1899-12-31", "-0001-01-01", "+10000-01-01"})
    void anAbsurdThroughDayIsAProblemNamingTheFieldThatStoresNothing(String through) {
        int runs = count("/api/runs");
        int backfills = count("/api/backfills");
        String config = "\"config\":{\"through\":\"" + through + "\"}";
        given().contentType(ContentType.JSON)
                .body("{\"assets\":[\"" + EXTRACT + "\"],\"partitions\":[\"2001-01-01\"]," + config + "}")
                .when()
                .post("/api/runs")
                .then()
                .statusCode(422)
                .contentType("application/problem+json")
                .body("field", equalTo("config.through"))
                .body("detail", containsString("1900-01-01"))
                .body("detail", containsString("9999-12-31"));
        given().contentType(ContentType.JSON)
                .body("{\"assets\":[\"" + EXTRACT + "\"],\"partitions\":[\"2001-01-01\"]," + config + "}")
                .when()
                .post("/api/backfills/preview")
                .then()
                .statusCode(422)
                .body("field", equalTo("config.through"));
        given().contentType(ContentType.JSON)
                .body("{\"assets\":[\"" + EXTRACT + "\",\"raw/form_adv_filings\"],\"partitions\":[\"2001-01-01\"],"
                        + "\"config\":{\"" + EXTRACT + "\":{\"through\":\"" + through + "\"}}}")
                .when()
                .post("/api/runs")
                .then()
                .statusCode(422)
                .body("field", equalTo("config." + EXTRACT + ".through"));
        for (String as : List.of("run", "backfill")) {
            given().contentType(ContentType.URLENC)
                    .formParam("asset", EXTRACT)
                    .formParam("partitions", "2001-01-01")
                    .formParam("config", "{\"through\": \"" + through + "\"}")
                    .formParam("as", as)
                    .when()
                    .post("/ui/launch")
                    .then()
                    .statusCode(200)
                    .body(containsString("Not launched"))
                    .body(containsString("data-field=\"config.through\""))
                    .body(containsString("1900-01-01"));
        }
        assertThat(count("/api/runs")).isEqualTo(runs);
        assertThat(count("/api/backfills")).isEqualTo(backfills);
    }

    /**
     * The declared maximum of {@code firms} is what completes on the default machine (2 cores, 24 GiB, the lake's default
     * bounds): 250,000 firms, about 20 million rows per table, ran in minutes within the memory limit; 1,000,000 (the old
     * maximum) grew the server by 15 GB without the bounds, and with them spills for over half an hour.
     */
    @Test
    void firmsAreBoundedToWhatTheDefaultMachineCompletes() throws Exception {
        AssetSpec<?> spec = catalog.find(AssetKey.parse(EXTRACT)).orElseThrow().spec();
        assertThat(given().get("/api/assets/" + EXTRACT)
                        .then()
                        .statusCode(200)
                        .extract()
                        .jsonPath()
                        .getInt("configSchema.properties.firms.maximum"))
                .isEqualTo(250_000);
        assertThat(binder.merge(spec, mapper.readTree("{\"firms\":250000}"), "config")
                        .get("firms")
                        .asInt())
                .isEqualTo(250_000);
        int runs = count("/api/runs");
        for (int firms : List.of(250_001, 1_000_000)) {
            given().contentType(ContentType.JSON)
                    .body("{\"assets\":[\"" + EXTRACT + "\"],\"partitions\":[\"2001-01-01\"],\"config\":{\"firms\":"
                            + firms + "}}")
                    .when()
                    .post("/api/runs")
                    .then()
                    .statusCode(422)
                    .contentType("application/problem+json")
                    .body("field", equalTo("config.firms"))
                    .body("detail", containsString("250000"));
        }
        assertThat(count("/api/runs")).isEqualTo(runs);
    }

    @Test
    void theBoundsThemselvesAndNoDayAtAllAreAccepted() throws Exception {
        AssetSpec<?> spec = catalog.find(AssetKey.parse(EXTRACT)).orElseThrow().spec();
        for (String through : List.of("1900-01-01", "2025-03-31", "9999-12-31")) {
            assertThat(binder.merge(spec, mapper.readTree("{\"through\":\"" + through + "\"}"), "config")
                            .get("through")
                            .asText())
                    .isEqualTo(through);
        }
        assertThat(binder.merge(spec, mapper.readTree("{\"through\":null}"), "config")
                        .get("through")
                        .isNull())
                .isTrue();
        assertThatThrownBy(() -> binder.merge(spec, mapper.readTree("{\"through\":\"1899-12-31\"}"), "config"))
                .isInstanceOfSatisfying(
                        RequestRejected.class, e -> assertThat(e.field()).isEqualTo("config.through"));
        assertThat(given().get("/api/assets/" + EXTRACT)
                        .then()
                        .statusCode(200)
                        .extract()
                        .jsonPath()
                        .getString("configSchema.properties.through.formatMinimum"))
                .isEqualTo("1900-01-01");
    }
}
