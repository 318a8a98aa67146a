package io.sluice.web;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.endsWith;
import static org.hamcrest.Matchers.not;

import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.restassured.response.ValidatableResponse;
import io.restassured.specification.RequestSpecification;
import io.sluice.access.Passwords;
import io.sluice.access.User;
import io.sluice.access.UserStore;
import io.sluice.alerts.AlertCause;
import io.sluice.alerts.Notification;
import io.sluice.alerts.Throttle;
import io.sluice.alerts.watch.AlertStore;
import io.sluice.identity.Grant;
import io.sluice.identity.Role;
import io.sluice.testing.AuthOnProfile;
import io.sluice.testing.PageLogin;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The alerts page (authentication on): counts, the rules in force and the notifications, newest first, filtered and
 * paged; an operator switches, edits and resets a rule with forms that post and redirect back (checked through the
 * API), a refused edit is the page's message and changes nothing, and a viewer sees no form and is refused a post.
 */
@QuarkusTest
@TestProfile(AuthOnProfile.class)
class AlertsPageTest {

    static final String RULE = "form-adv-failures";

    @Inject
    UserStore users;

    @Inject
    AlertStore store;

    private static final PageLogin CLIENT = PageLogin.from("10.9.");
    private static String operator;
    private static String viewer;

    @BeforeEach
    void logIn() {
        if (operator == null) {
            operator = userWith("alerts-op", Role.OPERATOR);
            viewer = userWith("alerts-viewer", Role.VIEWER);
        }
    }

    @AfterEach
    void resetTheRule() {
        as(operator).delete("/api/alerts/rules/" + RULE + "/edit").then().statusCode(200);
    }

    private String userWith(String prefix, Role role) {
        String name = prefix + "-" + UUID.randomUUID().toString().substring(0, 8);
        String password = "pw-" + UUID.randomUUID();
        users.create(new User(
                name,
                Passwords.hash(password),
                List.of(Grant.everywhere(role)),
                false,
                Instant.now(),
                Optional.empty()));
        return CLIENT.session(name, password);
    }

    private static RequestSpecification as(String session) {
        return given().redirects().follow(false).cookie("sluice_session", session);
    }

    private static ValidatableResponse post(String session, String path, String body) {
        return as(session)
                .contentType(ContentType.URLENC)
                .accept(ContentType.HTML)
                .body(body)
                .post(path)
                .then();
    }

    private static String page(String session, String address) {
        return as(session)
                .accept(ContentType.HTML)
                .get(address)
                .then()
                .statusCode(200)
                .extract()
                .asString();
    }

    private static JsonPath rule() {
        return as(operator)
                .get("/api/alerts/rules")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath()
                .setRootPath("find { it.name == '" + RULE + "' }");
    }

    private void notify(String rule, String asset, Throttle.Kind kind, String detail) {
        Instant now = Instant.now();
        Notification n = new Notification(rule, AlertCause.RUN_FAILED, asset, kind, asset, detail, 0, now);
        QuarkusTransaction.requiringNew().run(() -> store.enqueue("log", n, now));
    }

    @Test
    void thePageShowsTheCountsTheRuleAndTheNotificationsNewestFirst() {
        String tag = UUID.randomUUID().toString().substring(0, 8);
        notify(RULE, "test/landed", Throttle.Kind.FIRING, "first " + tag);
        notify(RULE, "test/landed", Throttle.Kind.RESOLVED, "second " + tag);
        notify("another-rule", "node n1", Throttle.Kind.FIRING, "third " + tag);

        String html = page(viewer, "/alerts");
        assertThat(html)
                .contains("href=\"/alerts\">Alerts</a>")
                .contains("data-count=\"PENDING\"")
                .contains("data-count=\"SENT\"")
                .contains("data-count=\"FAILED\"")
                .contains("data-rule=\"" + RULE + "\"")
                .contains("a run failed")
                .contains("all assets")
                .contains("<span class=\"tag\">log</span>")
                .contains("FIRING")
                .contains("RESOLVED")
                .contains("href=\"/assets/test/landed\"")
                .contains("node n1")
                .contains("hx-get=\"/alerts\"");
        assertThat(html.indexOf("third " + tag)).as("newest first").isLessThan(html.indexOf("second " + tag));
        assertThat(html.indexOf("second " + tag)).isLessThan(html.indexOf("first " + tag));

        String filtered = page(viewer, "/alerts?rule=" + RULE);
        assertThat(filtered).contains("second " + tag).doesNotContain("third " + tag);

        String first = page(viewer, "/alerts?limit=1");
        assertThat(first)
                .contains("third " + tag)
                .doesNotContain("second " + tag)
                .contains("rel=\"next\"");
        String older =
                first.replaceAll("(?s).*href=\"([^\"]*)\" rel=\"next\".*", "$1").replace("&amp;", "&");
        assertThat(older).startsWith("/alerts?").contains("cursor=").contains("limit=1");
        assertThat(page(viewer, older)).contains("second " + tag).doesNotContain("third " + tag);

        as(viewer)
                .accept(ContentType.HTML)
                .get("/alerts?status=LOST")
                .then()
                .statusCode(422)
                .body(containsString("PENDING, SENT or FAILED"));
    }

    @Test
    void anOperatorSwitchesEditsAndResetsTheRule() {
        assertThat(page(operator, "/alerts"))
                .contains("action=\"/alerts/rules/" + RULE + "/switch\"")
                .contains("action=\"/alerts/rules/" + RULE + "/edit\"")
                .contains("name=\"channels\" value=\"log\" checked")
                .doesNotContain("action=\"/alerts/rules/" + RULE + "/reset\"");

        post(operator, "/alerts/rules/" + RULE + "/switch", "enabled=false")
                .statusCode(303)
                .header("Location", endsWith("/alerts?changed=" + RULE));
        assertThat(rule().getBoolean("enabled")).isFalse();
        String html = page(operator, "/alerts?changed=" + RULE);
        assertThat(html)
                .contains("Rule <code>" + RULE + "</code> changed.")
                .contains("edited by alerts-op-")
                .contains("action=\"/alerts/rules/" + RULE + "/reset\"")
                .contains("Switch on");

        post(
                        operator,
                        "/alerts/rules/" + RULE + "/edit",
                        "channelsShown=true&channels=log&windowMinutes=15&assets=test%2Flanded&groups=raw%2C+marts")
                .statusCode(303);
        JsonPath rule = rule();
        assertThat(rule.getLong("windowMinutes")).isEqualTo(15);
        assertThat(rule.getList("assets", String.class)).containsExactly("test/landed");
        assertThat(rule.getList("groups", String.class)).containsExactly("marts", "raw");
        assertThat(rule.getList("channels", String.class)).containsExactly("log");
        assertThat(rule.getBoolean("enabled")).as("the switch stays").isFalse();
        assertThat(page(operator, "/alerts"))
                .contains("test/landed, group marts, group raw")
                .contains("15 min");

        post(operator, "/alerts/rules/" + RULE + "/edit", "assets=&groups=").statusCode(303);
        assertThat(page(operator, "/alerts")).contains("all assets");

        post(operator, "/alerts/rules/" + RULE + "/reset", "").statusCode(303);
        rule = rule();
        assertThat(rule.getBoolean("edited")).isFalse();
        assertThat(rule.getBoolean("enabled")).isTrue();
        assertThat(rule.getLong("windowMinutes")).isEqualTo(60);
    }

    @Test
    void aRefusedEditIsThePagesMessageAndChangesNothing() {
        post(operator, "/alerts/rules/" + RULE + "/edit", "channels=nowhere")
                .statusCode(422)
                .body(containsString("channel nowhere is not configured"))
                .body(containsString("Nothing was changed."))
                .body(containsString("data-rule=\"" + RULE + "\""));
        post(operator, "/alerts/rules/" + RULE + "/edit", "channelsShown=true&windowMinutes=15")
                .statusCode(422)
                .body(containsString("at least one channel"));
        post(operator, "/alerts/rules/" + RULE + "/edit", "channels=log&windowMinutes=soon")
                .statusCode(422)
                .body(containsString("whole number of minutes"));
        post(operator, "/alerts/rules/" + RULE + "/edit", "channels=log&windowMinutes=99999")
                .statusCode(422)
                .body(containsString("0 to 10080 minutes"));
        post(operator, "/alerts/rules/" + RULE + "/edit", "channels=log&assets=no%2Fsuch_asset")
                .statusCode(422)
                .body(containsString("not in the catalog"));
        post(operator, "/alerts/rules/" + RULE + "/switch", "enabled=maybe")
                .statusCode(422)
                .body(containsString("true or false"));
        post(operator, "/alerts/rules/no-such-rule/switch", "enabled=false")
                .statusCode(404)
                .body(containsString("no alert rule is named"));
        assertThat(rule().getBoolean("edited")).isFalse();
    }

    @Test
    void aViewerSeesNoFormAndIsRefusedAPost() {
        String html = page(viewer, "/alerts");
        assertThat(html).contains("data-rule=\"" + RULE + "\"").doesNotContain("action=\"/alerts/rules/");
        post(viewer, "/alerts/rules/" + RULE + "/switch", "enabled=false")
                .statusCode(403)
                .contentType(containsString("text/html"))
                .body(containsString("may not edit alert rules"))
                .body(not(containsString("</code> changed.")));
        post(viewer, "/alerts/rules/" + RULE + "/edit", "channels=log&windowMinutes=5")
                .statusCode(403);
        post(viewer, "/alerts/rules/" + RULE + "/reset", "").statusCode(403);
        assertThat(rule().getBoolean("edited")).isFalse();
        assertThat(rule().getBoolean("enabled")).isTrue();
    }
}
