package io.sluice.api;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.greaterThanOrEqualTo;
import static org.hamcrest.Matchers.notNullValue;

import io.quarkus.test.junit.QuarkusTest;
import io.sluice.runs.RunOwner;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

/** The nodes of the cluster through the API: this node is listed, alive and itself; an unknown id is a 404 problem. */
@QuarkusTest
class NodesApiTest {

    @Inject
    RunOwner owner;

    @Test
    void thisNodeIsListedFirstRunningAndMarkedSelf() {
        given().when()
                .get("/api/nodes")
                .then()
                .statusCode(200)
                .body("[0].id", equalTo(owner.nodeId()))
                .body("[0].state", equalTo("RUNNING"))
                .body("[0].self", equalTo(true))
                .body("[0].executes", equalTo(true))
                .body("[0].pid", notNullValue())
                .body("[0].runsStarted", greaterThanOrEqualTo(0));
        given().when()
                .get("/api/nodes/" + owner.nodeId())
                .then()
                .statusCode(200)
                .body("name", notNullValue())
                .body("silentSeconds", equalTo(0));
    }

    @Test
    void anUnknownNodeIsANotFoundProblem() {
        given().when()
                .get("/api/nodes/no-such-node")
                .then()
                .statusCode(404)
                .contentType("application/problem+json")
                .body("detail", equalTo("no node has id no-such-node"));
    }
}
