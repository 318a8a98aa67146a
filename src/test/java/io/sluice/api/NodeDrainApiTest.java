package io.sluice.api;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.sluice.runs.RunOwner;
import io.sluice.testing.LongStatementAssets;
import io.sluice.testing.Management;
import io.sluice.testing.Runs;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import javax.sql.DataSource;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * Draining this node and resuming it through the API (H2, one node; the test profile's drain grace is 1 s): a running
 * run is stopped and handed back to the queue under its id, the node is not ready and claims nothing until it is
 * resumed; an unknown node is a 404 problem and an ended one a 409 problem.
 */
@QuarkusTest
@TestProfile(NodeDrainApiTest.Drains.class)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class NodeDrainApiTest {

    /** An application start of its own: the node drains, and no other test's node should. */
    public static class Drains implements QuarkusTestProfile {}

    @Inject
    RunOwner owner;

    @Inject
    DataSource dataSource;

    private static JsonPath run(String id) {
        return given().get("/api/runs/" + id).then().statusCode(200).extract().jsonPath();
    }

    private static String awaitStatus(String id, String status) {
        Instant deadline = Instant.now().plus(Duration.ofSeconds(60));
        String now = run(id).getString("status");
        while (!now.equals(status) && Instant.now().isBefore(deadline)) {
            Runs.sleep(100);
            now = run(id).getString("status");
        }
        return now;
    }

    @Test
    @Order(1)
    void aDrainHandsARunningRunBackAndAResumeClaimsAgain() throws Exception {
        LongStatementAssets.entered = new CountDownLatch(1);
        String id = Runs.launch("{\"assets\":[\"test/long_write\",\"test/after_long_write\"],"
                + "\"config\":{\"test/long_write\":{\"slow\":true}}}");
        assertThat(LongStatementAssets.entered.await(30, TimeUnit.SECONDS)).isTrue();

        given().contentType(ContentType.JSON)
                .body("{\"reason\":\"maintenance\"}")
                .post("/api/nodes/" + owner.nodeId() + "/drain")
                .then()
                .statusCode(200)
                .body("state", equalTo("DRAINING"));
        Management.given()
                .get("/q/health/ready")
                .then()
                .statusCode(503)
                .body("checks.find { it.name == 'node' }.data.state", equalTo("DRAINING"));

        assertThat(awaitStatus(id, "QUEUED")).as("handed back to the queue").isEqualTo("QUEUED");
        JsonPath queued = run(id);
        assertThat(queued.getList("steps.status", String.class)).containsExactly("QUEUED", "QUEUED");
        assertThat(queued.getString("startedAt")).isNull();
        List<String> actions = given().get("/api/audit").jsonPath().getList("action", String.class);
        assertThat(actions).contains("NODE_DRAIN_REQUESTED", "RUN_HANDED_BACK");
        assertThat(given().get("/api/runs/" + id + "/logs").asString())
                .contains("handed back to the queue by node " + owner.nodeId());

        // a drained node claims nothing: a run launched now stays queued
        String waiting = Runs.launch("{\"assets\":[\"test/long_write\"]}");
        Runs.sleep(1500);
        assertThat(run(waiting).getString("status")).isEqualTo("QUEUED");

        // the endless run is not wanted again: cancel it while queued, then resume
        given().contentType(ContentType.JSON)
                .post("/api/runs/" + id + "/cancel")
                .then()
                .statusCode(200);
        given().post("/api/nodes/" + owner.nodeId() + "/resume")
                .then()
                .statusCode(200)
                .body("state", equalTo("RUNNING"));
        assertThat(Runs.await(waiting).getString("status")).isEqualTo("SUCCESS");
        assertThat(run(id).getString("status")).isEqualTo("CANCELED");
        Management.given().get("/q/health/ready").then().statusCode(200);
        assertThat(given().get("/api/audit").jsonPath().getList("action", String.class))
                .contains("NODE_RESUMED");
    }

    @Test
    @Order(2)
    void anUnknownNodeIsANotFoundProblem() {
        for (String action : List.of("drain", "resume")) {
            given().post("/api/nodes/no-such-node/" + action)
                    .then()
                    .statusCode(404)
                    .contentType("application/problem+json")
                    .body("detail", equalTo("no node has id no-such-node"));
        }
    }

    @Test
    @Order(3)
    void anEndedNodeIsAConflictProblemAndStaysEnded() throws Exception {
        String id = UUID.randomUUID().toString();
        try (Connection c = dataSource.getConnection();
                PreparedStatement ps = c.prepareStatement("INSERT INTO node (id, name, host, data_dir, pid, version, "
                        + "executes, serves, workers, state, started_at, heartbeat_at, lease_until, ended_at) VALUES "
                        + "(?, 'gone', 'host-gone', '/srv', 7, 'test', TRUE, TRUE, 4, 'STOPPED', ?, ?, ?, ?)")) {
            ps.setString(1, id);
            for (int i = 2; i <= 5; i++) {
                ps.setObject(i, Instant.now().atOffset(ZoneOffset.UTC));
            }
            ps.executeUpdate();
        }
        for (String action : List.of("drain", "resume")) {
            given().post("/api/nodes/" + id + "/" + action)
                    .then()
                    .statusCode(409)
                    .contentType("application/problem+json")
                    .body(
                            "detail",
                            equalTo("node gone is STOPPED: only a RUNNING or DRAINING node can be drained or resumed"));
        }
        given().get("/api/nodes/" + id).then().statusCode(200).body("state", equalTo("STOPPED"));
        assertThat(given().get("/api/audit").jsonPath().getList("action", String.class))
                .filteredOn(a -> a.equals("NODE_DRAIN_REQUESTED"))
                .hasSize(1);
    }

    @Test
    @Order(4)
    void theNodeListsAsRunningAfterItsResume() {
        given().get("/api/nodes").then().statusCode(200).body("state", hasItem("RUNNING"));
    }
}
