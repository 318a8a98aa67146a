package io.sluice.web;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import io.quarkus.test.junit.QuarkusMock;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.sluice.app.RunCommands;
import io.sluice.identity.Caller;
import io.sluice.identity.Grant;
import io.sluice.identity.RequestCaller;
import io.sluice.identity.Role;
import io.sluice.pools.PoolService;
import io.sluice.runs.MaterializationMode;
import io.sluice.runs.Run;
import io.sluice.runs.RunRequest;
import io.sluice.testing.Runs;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.List;
import java.util.Map;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;

/**
 * A caller whose roles do not allow a page's action gets a readable 403 (a page for a form post, the message in the
 * answer htmx swaps in, a problem body from the API) and nothing is stored; what it may read (a preview) it gets.
 */
@QuarkusTest
class NotAllowedPageTest {

    static final String NAME = "vera-pages";

    @Inject
    RunCommands runs;

    @Inject
    DataSource dataSource;

    @Inject
    PoolService pools;

    /** The request's caller, whatever the request says: a viewer. */
    static class Viewer extends RequestCaller {
        static final Caller VERA = new Caller(NAME, Caller.Identified.CLAIMED, List.of(Grant.everywhere(Role.VIEWER)));

        @Override
        public void resolve(String field, String given) {}

        @Override
        public Caller get() {
            return VERA;
        }

        @Override
        public Caller get(String launchedBy) {
            return VERA;
        }
    }

    @Test
    void aViewerGetsA403PageAndNothingIsStored() throws Exception {
        Run run = runs.launch(
                Caller.claimed("test", "page-admin"),
                new RunRequest(
                        List.of("test/daily"),
                        MaterializationMode.INCREMENTAL,
                        List.of(),
                        List.of("2024-12-01"),
                        Map.of(),
                        null,
                        null));
        Runs.await(run.id());
        Integer slowLimit = pools.limits().get("slow");
        QuarkusMock.installMockForType(new Viewer(), RequestCaller.class);

        given().accept(ContentType.HTML)
                .redirects()
                .follow(false)
                .formParam("scope", "ALL")
                .post("/runs/" + run.id() + "/reexecute")
                .then()
                .statusCode(403)
                .contentType(containsString("text/html"))
                .body(containsString(NAME + " may not launch test/daily"));
        // a form it may not send is refused as such, before what is missing from it is said
        given().accept(ContentType.HTML)
                .redirects()
                .follow(false)
                .formParam("reason", "no scope")
                .post("/runs/" + run.id() + "/reexecute")
                .then()
                .statusCode(403)
                .body(containsString(NAME + " may not launch test/daily"));
        given().accept(ContentType.HTML)
                .redirects()
                .follow(false)
                .formParam("reason", "no key")
                .post("/partitions/test_regions/remove")
                .then()
                .statusCode(403)
                .body(containsString(NAME + " may not"));
        given().accept(ContentType.HTML)
                .redirects()
                .follow(false)
                .post("/runs/" + run.id() + "/cancel")
                .then()
                .statusCode(403)
                .contentType(containsString("text/html"))
                .body(containsString("Not allowed"))
                .body(containsString(NAME + " may not cancel, pause or resume"));
        given().header("HX-Request", "true")
                .post("/runs/" + run.id() + "/cancel")
                .then()
                .statusCode(403)
                .contentType("application/problem+json")
                .body("status", equalTo(403));
        given().accept(ContentType.HTML)
                .redirects()
                .follow(false)
                .formParam("limit", "3")
                .post("/pools/slow/limit")
                .then()
                .statusCode(403)
                .body(containsString(NAME + " may not set pool limits"));
        given().accept(ContentType.HTML)
                .redirects()
                .follow(false)
                .formParam("asset", "test/daily")
                .formParam("partitions", "2024-12-02")
                .formParam("as", "run")
                .post("/launch")
                .then()
                .statusCode(403)
                .body(containsString(NAME + " may not launch test/daily"));
        given().formParam("asset", "test/daily")
                .formParam("partitions", "2024-12-02")
                .formParam("as", "preview")
                .post("/ui/launch")
                .then()
                .statusCode(200)
                .body(containsString("2024-12-02"));
        given().contentType(ContentType.JSON)
                .body("{\"assets\":[\"test/daily\"],\"partitions\":[\"2024-12-02\"]}")
                .post("/api/runs")
                .then()
                .statusCode(403)
                .contentType("application/problem+json")
                .body("detail", containsString(NAME + " may not launch test/daily"));
        given().contentType(ContentType.JSON)
                .body("{\"assets\":[\"test/daily\"],\"partitions\":[\"2024-12-02\"]}")
                .post("/api/runs/preview")
                .then()
                .statusCode(200)
                .body("partitions", equalTo(List.of("2024-12-02")));

        try (Connection c = dataSource.getConnection();
                PreparedStatement s = c.prepareStatement("SELECT (SELECT COUNT(*) FROM run WHERE launched_by = ?)"
                        + " + (SELECT COUNT(*) FROM audit_event WHERE actor = ?)")) {
            s.setString(1, NAME);
            s.setString(2, NAME);
            try (ResultSet r = s.executeQuery()) {
                r.next();
                assertThat(r.getLong(1)).as("runs and audit events stored").isZero();
            }
        }
        assertThat(pools.limits().get("slow")).as("the pool's limit").isEqualTo(slowLimit);
    }
}
