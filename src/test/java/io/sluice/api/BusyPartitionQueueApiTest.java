package io.sluice.api;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.path.json.JsonPath;
import io.sluice.testing.QueueBusyPartitionProfile;
import io.sluice.testing.Runs;
import io.sluice.testing.TestAssets;
import java.time.Instant;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** With sluice.runs.busy-partition=queue, a second launch of a busy asset partition is stored and runs after the first. */
@QuarkusTest
@TestProfile(QueueBusyPartitionProfile.class)
class BusyPartitionQueueApiTest {

    @Test
    void aSecondLaunchOfABusyPartitionWaitsAndStartsAfterTheFirstEnds() throws Exception {
        TestAssets.Gated.reset(true);
        String first = Runs.launch("{\"assets\":[\"test/gated\"],\"mode\":\"FULL_REFRESH\"}");
        assertThat(TestAssets.Gated.entered.await(30, TimeUnit.SECONDS)).as("the first run is in its first batch").isTrue();
        String second = Runs.launch("{\"assets\":[\"test/gated\"],\"mode\":\"FULL_REFRESH\"}");

        JsonPath waiting = given().get("/api/runs/" + second).then().statusCode(200).extract().jsonPath();
        assertThat(waiting.getString("status")).as("stored, not refused, and not started while the first holds the asset").isEqualTo("QUEUED");
        assertThat(given().get("/api/runs/" + second + "/logs").then().statusCode(200).extract().jsonPath().getList("message", String.class))
                .anySatisfy(line -> assertThat(line).contains("queued behind run " + first));

        TestAssets.Gated.gate.countDown();
        JsonPath a = Runs.await(first);
        JsonPath b = Runs.await(second);
        assertThat(a.getString("status")).isEqualTo("SUCCESS");
        assertThat(b.getString("status")).isEqualTo("SUCCESS");
        assertThat(Instant.parse(b.getString("startedAt"))).as("the second started once the first had ended")
                .isAfterOrEqualTo(Instant.parse(a.getString("endedAt")));
    }
}
