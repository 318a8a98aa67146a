package io.sluice.alerts.watch;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.path.json.JsonPath;
import io.sluice.alerts.WebhookPayload;
import io.sluice.catalog.AssetKey;
import io.sluice.freshness.FreshnessState;
import io.sluice.freshness.FreshnessStore;
import io.sluice.testing.AlertingProfile;
import io.sluice.testing.Runs;
import io.sluice.testing.SmtpReceiver;
import jakarta.inject.Inject;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Alerting end to end: incidents in the store, a round, the outbox, a delivery to a receiver in this JVM (a signed
 * webhook and a Slack channel). Each rule type fires exactly once per incident, a duplicate within the window is
 * suppressed and counted into the next notification, the cause clearing sends a resolved one, and a failed delivery is
 * retried, never duplicated.
 */
@QuarkusTest
@TestProfile(AlertingProfile.class)
class AlertingTest {

    /** What the receiver got: the path, the signature header and the body. */
    record Received(String path, String signature, String delivery, String body) {
        JsonPath json() {
            return new JsonPath(body);
        }
    }

    static HttpServer receiver;
    static SmtpReceiver smtp;
    static final List<Received> received = new CopyOnWriteArrayList<>();
    static volatile int status = 200;

    @Inject
    AlertRound round;

    @Inject
    AlertDelivery delivery;

    @Inject
    DataSource data;

    @Inject
    FreshnessStore freshness;

    @BeforeAll
    static void listen() throws IOException {
        receiver = HttpServer.create(new InetSocketAddress("127.0.0.1", AlertingProfile.PORT), 0);
        receiver.createContext("/", exchange -> {
            String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            received.add(new Received(
                    exchange.getRequestURI().getPath(),
                    exchange.getRequestHeaders().getFirst(WebhookPayload.SIGNATURE_HEADER),
                    exchange.getRequestHeaders().getFirst("X-Sluice-Delivery"),
                    body));
            exchange.sendResponseHeaders(status, -1);
            exchange.close();
        });
        receiver.start();
        smtp = new SmtpReceiver(AlertingProfile.SMTP_PORT);
    }

    @AfterAll
    static void stop() {
        receiver.stop(0);
        try {
            smtp.close();
        } catch (IOException e) {
            // the test is over
        }
    }

    @BeforeEach
    void settle() {
        status = 200;
        roundAndDeliver();
        received.clear();
        smtp.messages().clear();
    }

    /** The mails whose text names {@code what}, quoted-printable soft breaks undone. */
    static List<String> mails(String what) {
        return smtp.messages().stream()
                .map(m -> m.replace("=\n", ""))
                .filter(m -> m.contains(what))
                .toList();
    }

    void roundAndDeliver() {
        round.round(Instant.now());
        delivery.deliverDue();
    }

    List<JsonPath> hooks(String scope) {
        return received.stream()
                .filter(r -> r.path().equals("/hook"))
                .map(Received::json)
                .filter(j -> scope.equals(j.getString("asset")))
                .toList();
    }

    static List<String> kinds(List<JsonPath> messages) {
        return messages.stream()
                .map(j -> j.getString("cause") + " " + j.getString("status") + " " + j.getLong("suppressed"))
                .toList();
    }

    @Test
    void aFailedRunNotifiesOnceTheSecondIsSuppressedAndTheSuccessResolvesWithTheCount() {
        Runs.launchAndAwait("{\"assets\":[\"test/flaky\"],\"config\":{\"fail\":true}}");
        roundAndDeliver();
        Runs.launchAndAwait("{\"assets\":[\"test/flaky\"],\"config\":{\"fail\":true}}");
        roundAndDeliver();
        roundAndDeliver();
        assertThat(kinds(hooks("test/flaky"))).containsExactly("RUN_FAILED FIRING 0");
        List<Received> slack =
                received.stream().filter(r -> r.path().equals("/slack")).toList();
        assertThat(slack).hasSize(1);
        assertThat(slack.get(0).json().getString("text"))
                .contains("FIRING test/flaky")
                .contains("flaky asset failed as configured");

        Received hook = received.stream()
                .filter(r -> r.path().equals("/hook"))
                .findFirst()
                .orElseThrow();
        assertThat(hook.signature()).matches("t=\\d+,v1=[0-9a-f]{64}");
        String t = hook.signature().substring(2, hook.signature().indexOf(','));
        assertThat(hook.signature()).endsWith("v1=" + hmac(AlertingProfile.SECRET, t + "." + hook.body()));
        assertThat(hook.delivery()).isEqualTo(hook.json().getString("id"));

        Runs.launchAndAwait("{\"assets\":[\"test/flaky\"]}");
        roundAndDeliver();
        roundAndDeliver();
        assertThat(kinds(hooks("test/flaky"))).containsExactly("RUN_FAILED FIRING 0", "RUN_FAILED RESOLVED 1");
        assertThat(hooks("test/flaky").get(1).getString("text")).contains("1 more incident was suppressed");

        JsonPath list = given().get("/api/alerts?rule=t-failures&limit=10")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath();
        assertThat(list.getList("delivery", String.class)).containsOnly("SENT");
        assertThat(list.getList("kind", String.class)).contains("FIRING", "RESOLVED");
    }

    @Test
    void everyOtherCauseFiresOncePerIncidentAndResolvesWhenItClears() throws SQLException {
        Instant now = Instant.now();
        String id = UUID.randomUUID().toString().substring(0, 8);
        String done = "alerttest/done_" + id;
        String broken = "alerttest/broken_" + id;
        String checked = "alerttest/checked_" + id;
        String slow = "alerttest/slow_" + id;
        String late = "alerttest/late_" + id;
        String schedule = "sched_" + id;
        String node = "n-" + id;
        String run = UUID.randomUUID().toString();
        String slowRun = UUID.randomUUID().toString();
        try (Connection c = data.getConnection()) {
            backfill(c, done, "COMPLETED", now.minusSeconds(2));
            backfill(c, broken, "FAILED", now.minusSeconds(2));
            run(c, run, checked, "SUCCESS", now.minusSeconds(60), now.minusSeconds(3));
            check(c, run, checked, "not_null", "ERROR", false, now.minusSeconds(3));
            check(c, run, checked, "in_range", "WARN", false, now.minusSeconds(3));
            check(
                    c,
                    run,
                    "transform/form_adv_firm_ownership",
                    "owner_count_stable",
                    "WARN",
                    false,
                    now.minusSeconds(3));
            tick(c, schedule, "FAILED", now.minusSeconds(2));
            execute(
                    c,
                    "INSERT INTO audit_event (ts, actor, action, reason, detail_json) VALUES (?, 'system', "
                            + "'NODE_LOST', ?, '{}')",
                    ts(now.minusSeconds(2)),
                    "node " + node + " (host, pid 1) stopped");
            run(c, slowRun, slow, "STARTED", now.minus(Duration.ofMinutes(31)), null);
        }
        AssetKey lateKey = AssetKey.parse(late);
        freshness.transition(
                lateKey,
                FreshnessStore.ASSET,
                Optional.empty(),
                FreshnessState.STALE,
                now.minusSeconds(2),
                "filing day not in by 06:00",
                now);

        roundAndDeliver();
        roundAndDeliver();
        assertThat(kinds(hooks(done))).containsExactly("BACKFILL_FINISHED FIRING 0");
        assertThat(kinds(hooks(broken))).containsExactly("BACKFILL_FAILED FIRING 0");
        assertThat(kinds(hooks(checked)))
                .containsExactlyInAnyOrder("BLOCKING_CHECK_FAILED FIRING 0", "WARNING_CHECK_FAILED FIRING 0");
        assertThat(kinds(hooks("transform/form_adv_firm_ownership"))).contains("ROW_COUNT_ANOMALY FIRING 0");
        assertThat(kinds(hooks("schedule " + schedule))).containsExactly("TICK_FAILED FIRING 0");
        assertThat(kinds(hooks("node " + node))).containsExactly("NODE_LOST FIRING 0");
        assertThat(kinds(hooks(slow))).containsExactly("RUN_TOO_LONG FIRING 0");
        assertThat(kinds(hooks(late))).containsExactly("FRESHNESS_VIOLATED FIRING 0");
        assertThat(mails("node " + node + " (host, pid 1) stopped"))
                .as("the e-mail channel: one mail to both recipients")
                .hasSize(1)
                .allSatisfy(m -> assertThat(m).contains("ops@example.com").contains("oncall@example.com"));

        Instant later = Instant.now();
        try (Connection c = data.getConnection()) {
            String again = UUID.randomUUID().toString();
            run(c, again, checked, "SUCCESS", later.minusSeconds(1), later);
            check(c, again, checked, "not_null", "ERROR", true, later);
            check(c, again, checked, "in_range", "WARN", true, later);
            tick(c, schedule, "LAUNCHED", later);
            execute(c, "UPDATE run SET status = 'SUCCESS', ended_at = ? WHERE id = ?", ts(later), slowRun);
            execute(c, "UPDATE run_step SET status = 'SUCCESS', ended_at = ? WHERE run_id = ?", ts(later), slowRun);
        }
        freshness.transition(
                lateKey,
                FreshnessStore.ASSET,
                Optional.of(FreshnessState.STALE),
                FreshnessState.FRESH,
                later,
                "in",
                later);
        roundAndDeliver();
        roundAndDeliver();
        assertThat(kinds(hooks(checked)))
                .containsExactlyInAnyOrder(
                        "BLOCKING_CHECK_FAILED FIRING 0",
                        "WARNING_CHECK_FAILED FIRING 0",
                        "BLOCKING_CHECK_FAILED RESOLVED 0",
                        "WARNING_CHECK_FAILED RESOLVED 0");
        assertThat(kinds(hooks("schedule " + schedule)))
                .containsExactly("TICK_FAILED FIRING 0", "TICK_FAILED RESOLVED 0");
        assertThat(kinds(hooks(slow))).containsExactly("RUN_TOO_LONG FIRING 0", "RUN_TOO_LONG RESOLVED 0");
        assertThat(kinds(hooks(late))).containsExactly("FRESHNESS_VIOLATED FIRING 0", "FRESHNESS_VIOLATED RESOLVED 0");
        assertThat(kinds(hooks(done))).as("a one-off is not resolved").hasSize(1);
    }

    @Test
    void aFailedDeliveryIsRetriedAfterItsBackoffAndARefusedOneIsGivenUp() throws SQLException {
        String schedule = "retry_" + UUID.randomUUID().toString().substring(0, 8);
        status = 503;
        try (Connection c = data.getConnection()) {
            tick(c, schedule, "FAILED", Instant.now().minusSeconds(1));
        }
        roundAndDeliver();
        delivery.deliverDue();
        assertThat(hooks("schedule " + schedule))
                .as("one attempt, the next not due yet")
                .hasSize(1);
        JsonPath pending = given().get("/api/alerts?rule=t-ops&status=PENDING")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath();
        assertThat(pending.getList("attempts", Integer.class)).contains(1);
        assertThat(pending.getList("lastError", String.class))
                .anySatisfy(e -> assertThat(e)
                        .contains("channel hook")
                        .contains("HTTP 503")
                        .doesNotContain("127.0.0.1"));

        status = 200;
        try (Connection c = data.getConnection()) {
            execute(c, "UPDATE alert_outbox SET next_attempt_at = ? WHERE status = 'PENDING'", ts(Instant.now()));
        }
        delivery.deliverDue();
        delivery.deliverDue();
        assertThat(hooks("schedule " + schedule)).hasSize(2);
        assertThat(given().get("/api/alerts?rule=t-ops&status=PENDING")
                        .jsonPath()
                        .getList("$"))
                .isEmpty();

        String refused = "refused_" + UUID.randomUUID().toString().substring(0, 8);
        status = 400;
        try (Connection c = data.getConnection()) {
            tick(c, refused, "FAILED", Instant.now().minusSeconds(1));
        }
        roundAndDeliver();
        try (Connection c = data.getConnection()) {
            execute(c, "UPDATE alert_outbox SET next_attempt_at = ? WHERE status = 'PENDING'", ts(Instant.now()));
        }
        delivery.deliverDue();
        assertThat(hooks("schedule " + refused)).hasSize(1);
        assertThat(given().get("/api/alerts?rule=t-ops&status=FAILED")
                        .jsonPath()
                        .getList("lastError", String.class))
                .anySatisfy(e -> assertThat(e).contains("HTTP 400").contains("not sent again"));
    }

    static void backfill(Connection c, String asset, String status, Instant ended) throws SQLException {
        execute(
                c,
                "INSERT INTO backfill (id, status, assets, mode, request_json, launched_by, created_at, ended_at, "
                        + "partition_count, run_count, max_concurrent) VALUES (?, ?, ?, 'INCREMENTAL', '{}', 'test', ?, ?, 3, 3, 1)",
                UUID.randomUUID().toString(),
                status,
                asset,
                ts(ended.minusSeconds(5)),
                ts(ended));
    }

    static void run(Connection c, String id, String asset, String status, Instant started, Instant ended)
            throws SQLException {
        execute(
                c,
                "INSERT INTO run (id, status, mode, assets, keys_json, partitions_json, config_json, launched_by, "
                        + "created_at, started_at, ended_at) VALUES (?, ?, 'INCREMENTAL', ?, '[]', '[]', '{}', 'test', ?, ?, ?)",
                id,
                status,
                asset,
                ts(started),
                ts(started),
                ended == null ? null : ts(ended));
        execute(
                c,
                "INSERT INTO run_step (run_id, step_index, asset_key, status, started_at, ended_at) "
                        + "VALUES (?, 0, ?, ?, ?, ?)",
                id,
                asset,
                status,
                ts(started),
                ended == null ? null : ts(ended));
    }

    static void check(Connection c, String run, String asset, String name, String severity, boolean passed, Instant at)
            throws SQLException {
        execute(
                c,
                "INSERT INTO check_result (run_id, asset_key, partition_key, check_name, severity, passed, message, "
                        + "sample_json, ts) VALUES (?, ?, '', ?, ?, ?, ?, '[]', ?)",
                run,
                asset,
                name,
                severity,
                passed,
                passed ? "ok" : "3 rows out of bounds",
                ts(at));
    }

    static void tick(Connection c, String name, String outcome, Instant at) throws SQLException {
        execute(
                c,
                "INSERT INTO automation_tick (kind, name, tick_at, evaluated_at, outcome, detail) "
                        + "VALUES ('SCHEDULE', ?, ?, ?, ?, ?)",
                name,
                ts(at),
                ts(at),
                outcome,
                "FAILED".equals(outcome) ? "the target asset is not in the catalog" : null);
    }

    static void execute(Connection c, String sql, Object... values) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            for (int i = 0; i < values.length; i++) {
                ps.setObject(i + 1, values[i]);
            }
            ps.executeUpdate();
        }
    }

    static Object ts(Instant at) {
        return at.atOffset(ZoneOffset.UTC);
    }

    static String hmac(String secret, String message) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            return HexFormat.of().formatHex(mac.doFinal(message.getBytes(StandardCharsets.UTF_8)));
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    static List<String> copy(List<String> l) {
        return new ArrayList<>(l);
    }
}
