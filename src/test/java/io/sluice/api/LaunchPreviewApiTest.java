package io.sluice.api;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;

/** {@code POST /api/runs/preview}: the launchpad's dry run in the API, checked as a launch, storing nothing. */
@QuarkusTest
class LaunchPreviewApiTest {

    @Inject
    DataSource dataSource;

    @Test
    void thePreviewAnswersWhatTheLaunchWouldRunAndStoresNothing() throws Exception {
        JsonPath preview = given().contentType(ContentType.JSON)
                .header("X-Sluice-User", "preview-tester")
                .body("{\"assets\":[\"test/daily\"],\"ranges\":[{\"start\":\"2024-03-01\",\"end\":\"2024-03-05\"}],"
                        + "\"partitions\":[\"2024-03-09\"],\"reason\":\"look first\"}")
                .post("/api/runs/preview")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath();
        assertThat(preview.getList("assets")).containsExactly("test/daily");
        assertThat(preview.getString("mode")).isEqualTo("INCREMENTAL");
        assertThat(preview.getList("partitions")).containsExactly("2024-03-01...2024-03-05", "2024-03-09");
        assertThat(preview.getLong("partitionCount")).isEqualTo(6);
        assertThat(preview.getInt("runCount")).isEqualTo(1);
        assertThat(preview.getMap("config")).containsKey("test/daily");
        assertThat(preview.getList("upstream")).isEmpty();

        try (Connection c = dataSource.getConnection();
                PreparedStatement s = c.prepareStatement("SELECT (SELECT COUNT(*) FROM run WHERE launched_by = ?)"
                        + " + (SELECT COUNT(*) FROM audit_event WHERE actor = ?)")) {
            s.setString(1, "preview-tester");
            s.setString(2, "preview-tester");
            try (ResultSet r = s.executeQuery()) {
                r.next();
                assertThat(r.getLong(1)).as("runs and audit events stored").isZero();
            }
        }
    }

    @Test
    void aPreviewIsRefusedAsTheLaunchWouldBe() {
        given().contentType(ContentType.JSON)
                .body("{\"assets\":[\"nope/nope\"]}")
                .post("/api/runs/preview")
                .then()
                .statusCode(404)
                .contentType("application/problem+json")
                .body("detail", containsString("nope/nope"));
        given().contentType(ContentType.JSON)
                .body("{\"assets\":[\"test/daily\"]}")
                .post("/api/runs/preview")
                .then()
                .statusCode(422)
                .contentType("application/problem+json");
        given().contentType(ContentType.JSON)
                .post("/api/runs/preview")
                .then()
                .statusCode(400)
                .contentType("application/problem+json");
    }
}
