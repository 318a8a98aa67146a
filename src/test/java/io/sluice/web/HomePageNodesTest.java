package io.sluice.web;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.junit.QuarkusTest;
import io.sluice.runs.RunOwner;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;

/** The overview's Nodes section: this node, alive and marked as the one answering, and a lost node with its reason. */
@QuarkusTest
class HomePageNodesTest {

    @Inject
    RunOwner owner;

    @Inject
    DataSource dataSource;

    private static String row(String html, String nodeId) {
        Matcher m = Pattern.compile("<tr data-node=\"" + Pattern.quote(nodeId) + "\">(.*?)</tr>", Pattern.DOTALL)
                .matcher(html);
        assertThat(m.find()).as("a row of node %s in %s", nodeId, html).isTrue();
        return m.group(1);
    }

    @Test
    void theOverviewShowsThisNodeAliveAndALostNodeWithWhyItEnded() {
        Instant started = Instant.now().minus(2, ChronoUnit.HOURS).truncatedTo(ChronoUnit.SECONDS);
        Instant ended = started.plus(1, ChronoUnit.HOURS);
        String lostId = UUID.randomUUID().toString();
        // inserted as another process would have: on H2, registering a node settles every other node
        QuarkusTransaction.requiringNew().run(() -> {
            try (Connection c = dataSource.getConnection();
                    PreparedStatement ps = c.prepareStatement("INSERT INTO node (id, name, host, data_dir, pid, "
                            + "version, executes, serves, workers, state, started_at, heartbeat_at, lease_until, "
                            + "ended_at, ended_by, end_reason) VALUES (?, 'night-node', 'host-b', ?, 4242, 'test', "
                            + "TRUE, TRUE, 4, 'LOST', ?, ?, ?, ?, ?, ?)")) {
                ps.setString(1, lostId);
                ps.setString(2, "/srv/sluice-b-" + lostId);
                ps.setObject(3, (started).atOffset(ZoneOffset.UTC));
                ps.setObject(4, (ended.minusSeconds(41)).atOffset(ZoneOffset.UTC));
                ps.setObject(5, (ended.minusSeconds(11)).atOffset(ZoneOffset.UTC));
                ps.setObject(6, (ended).atOffset(ZoneOffset.UTC));
                ps.setString(7, owner.nodeId());
                ps.setString(8, "stopped renewing its lease: silent for 41 s (lease 30 s)");
                ps.executeUpdate();
            } catch (SQLException e) {
                throw new IllegalStateException(e);
            }
        });

        String page = given().get("/").then().statusCode(200).extract().asString();
        String fragment = given().get("/ui/overview/nodes")
                .then()
                .statusCode(200)
                .extract()
                .asString();

        for (String html : new String[] {page, fragment}) {
            String self = row(html, owner.nodeId());
            assertThat(self)
                    .contains("this node")
                    .contains("s-RUNNING")
                    .contains("runs (")
                    .contains("API and pages")
                    .contains(" s ago");
            String other = row(html, lostId);
            assertThat(other)
                    .contains("night-node")
                    .contains("s-LOST")
                    .contains("host-b · pid 4242")
                    .contains("silent for 41 s (lease 30 s)")
                    .doesNotContain("this node")
                    .doesNotContain(" s ago");
        }
        assertThat(fragment).doesNotContain("<html");
    }
}
