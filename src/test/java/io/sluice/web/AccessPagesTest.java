package io.sluice.web;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.not;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.http.ContentType;
import io.restassured.specification.RequestSpecification;
import io.sluice.access.Passwords;
import io.sluice.access.StoredToken;
import io.sluice.access.TokenStore;
import io.sluice.access.User;
import io.sluice.access.UserStore;
import io.sluice.identity.Grant;
import io.sluice.identity.Role;
import io.sluice.testing.AuthOnProfile;
import io.sluice.testing.PageLogin;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;

/**
 * The pages of authentication (on): the user menu, my tokens, the admin's users and tokens page, each change audited;
 * bad input on them is a readable 4xx page and stores nothing; and a caller's pages show no button its roles cannot use
 * (the server refuses anyway).
 */
@QuarkusTest
@TestProfile(AuthOnProfile.class)
class AccessPagesTest {

    @Inject
    UserStore users;

    @Inject
    TokenStore tokens;

    @Inject
    DataSource dataSource;

    private final PageLogin client = PageLogin.from("10.7.");

    private String session(String user, String password) {
        return client.session(user, password);
    }

    private String admin() {
        return session("admin", AuthOnProfile.ADMIN_PASSWORD);
    }

    /** A user of {@code grants}, logged in: their session id. */
    private String userWith(String name, Grant... grants) {
        String password = "pw-" + UUID.randomUUID();
        users.create(new User(name, Passwords.hash(password), List.of(grants), false, Instant.now(), Optional.empty()));
        return session(name, password);
    }

    private static RequestSpecification as(String session) {
        return given().redirects().follow(false).cookie("sluice_session", session);
    }

    private static String unique(String prefix) {
        return prefix + "-" + UUID.randomUUID().toString().substring(0, 8);
    }

    private long count(String sql, Object... params) throws Exception {
        try (Connection c = dataSource.getConnection();
                PreparedStatement s = c.prepareStatement(sql)) {
            for (int i = 0; i < params.length; i++) {
                s.setObject(i + 1, params[i]);
            }
            try (ResultSet r = s.executeQuery()) {
                r.next();
                return r.getLong(1);
            }
        }
    }

    @Test
    void theUserMenuSaysWhoIsLoggedInAndOffersTokensPasswordAndLogout() {
        String viewer = userWith(unique("menu-viewer"), Grant.inGroup(Role.OPERATOR, "finance"));
        String page = as(viewer)
                .accept(ContentType.HTML)
                .get("/runs")
                .then()
                .statusCode(200)
                .extract()
                .asString();
        assertThat(page)
                .contains("id=\"user-menu\"")
                .contains("operator of asset group finance")
                .contains("href=\"/account/tokens\"")
                .contains("href=\"/password\"")
                .contains("action=\"/logout\"")
                .doesNotContain("href=\"/admin/users\"");
        as(admin())
                .accept(ContentType.HTML)
                .get("/runs")
                .then()
                .statusCode(200)
                .body(containsString("admin of every asset group"))
                .body(containsString("href=\"/admin/users\""));
    }

    @Test
    void myTokensPageMakesATokenShowsItsSecretOnceAndRevokesIt() throws Exception {
        String name = unique("ops");
        String session = userWith(name, Grant.everywhere(Role.OPERATOR));
        String made = as(session)
                .contentType(ContentType.URLENC)
                .formParam("name", "nightly")
                .formParam("role", "viewer")
                .formParam("group", "finance")
                .formParam("expires", LocalDate.now(ZoneOffset.UTC).plusDays(10).toString())
                .post("/account/tokens")
                .then()
                .statusCode(201)
                .body(containsString("id=\"token-secret\""))
                .extract()
                .asString();
        String secret = made.replaceAll("(?s).*id=\"token-secret\">([^<]+)<.*", "$1");
        assertThat(secret).startsWith("sluice_");
        given().header("Authorization", "Bearer " + secret)
                .get("/api/runs")
                .then()
                .statusCode(200);

        List<StoredToken> mine = tokens.list(Optional.of(name));
        assertThat(mine).singleElement().satisfies(t -> {
            assertThat(t.name()).isEqualTo("nightly");
            assertThat(t.grants()).containsExactly(Grant.inGroup(Role.VIEWER, "finance"));
        });
        String listed = as(session)
                .get("/account/tokens")
                .then()
                .statusCode(200)
                .extract()
                .asString();
        assertThat(listed).contains("nightly").contains("viewer of finance").doesNotContain(secret);
        assertThat(count("SELECT COUNT(*) FROM audit_event WHERE actor = ? AND action = 'TOKEN_CREATED'", name))
                .isEqualTo(1);

        as(session)
                .post("/account/tokens/" + mine.get(0).id() + "/revoke")
                .then()
                .statusCode(303)
                .header("Location", "/account/tokens?revoked=nightly");
        given().header("Authorization", "Bearer " + secret)
                .get("/api/runs")
                .then()
                .statusCode(401);
        assertThat(count("SELECT COUNT(*) FROM audit_event WHERE actor = ? AND action = 'TOKEN_REVOKED'", name))
                .isEqualTo(1);
        as(session)
                .get("/account/tokens?revoked=nightly")
                .then()
                .body(containsString("id=\"token-revoked\""))
                .body(containsString("revoked"));
    }

    @Test
    void badTokenFormsAreReadable4xxPagesAndStoreNothing() throws Exception {
        String name = unique("bad-tokens");
        String session = userWith(name, Grant.inGroup(Role.OPERATOR, "finance"));
        String past = LocalDate.now(ZoneOffset.UTC).minusDays(1).toString();
        String tooFar = LocalDate.now(ZoneOffset.UTC).plusDays(400).toString();
        List<Map<String, String>> forms = List.of(
                Map.of("name", "", "role", "viewer"),
                Map.of("name", "x", "role", "owner"),
                Map.of("name", "x", "role", ""),
                Map.of("name", "x", "role", "viewer", "expires", past),
                Map.of("name", "x", "role", "viewer", "expires", tooFar),
                Map.of("name", "x", "role", "viewer", "expires", "next tuesday"),
                Map.of("name", "x".repeat(201), "role", "viewer"),
                Map.of("name", "x", "role", "viewer", "group", "g".repeat(201)),
                Map.of("name", "x", "role", "viewer", "group", "no/slash"),
                Map.of("name", "x", "role", "admin"),
                Map.of("name", "x", "role", "operator", "group", "sales"),
                Map.of("name", "x", "role", "operator"));
        for (Map<String, String> form : forms) {
            int status = as(session)
                    .contentType(ContentType.URLENC)
                    .formParams(form)
                    .post("/account/tokens")
                    .then()
                    .contentType(containsString("text/html"))
                    .body(containsString("id=\"token-error\""))
                    .body(not(containsString("Exception")))
                    .extract()
                    .statusCode();
            assertThat(status).as("%s", form).isBetween(400, 499);
        }
        as(session)
                .contentType(ContentType.URLENC)
                .body("name=a&name=b&role=viewer")
                .post("/account/tokens")
                .then()
                .statusCode(422)
                .body(containsString("sent 2 times"));
        as(session).post("/account/tokens/no-such-token/revoke").then().statusCode(404);
        assertThat(tokens.list(Optional.of(name))).isEmpty();
        assertThat(count("SELECT COUNT(*) FROM audit_event WHERE actor = ?", name))
                .isZero();
    }

    @Test
    void theAdminAddsAUserChangesTheirRolesDisablesAndResetsThemAllAudited() throws Exception {
        String admin = admin();
        String name = unique("ann");
        String added = as(admin)
                .contentType(ContentType.URLENC)
                .formParam("name", name)
                .formParam("roles", "operator:finance, viewer")
                .post("/admin/users")
                .then()
                .statusCode(201)
                .body(containsString("id=\"user-password-value\""))
                .extract()
                .asString();
        String password = added.replaceAll("(?s).*id=\"user-password-value\">([^<]+)<.*", "$1");
        User ann = users.find(name).orElseThrow();
        assertThat(ann.grants())
                .containsExactly(Grant.inGroup(Role.OPERATOR, "finance"), Grant.everywhere(Role.VIEWER));
        assertThat(ann.mustChangePassword()).isTrue();
        // the first login goes to the password change
        client.post(name, password, null).then().statusCode(303).header("Location", containsString("/password"));

        as(admin)
                .contentType(ContentType.URLENC)
                .formParam("roles", "operator")
                .post("/admin/users/" + name + "/roles")
                .then()
                .statusCode(303);
        assertThat(users.find(name).orElseThrow().grants()).containsExactly(Grant.everywhere(Role.OPERATOR));
        as(admin).post("/admin/users/" + name + "/disable").then().statusCode(303);
        assertThat(users.find(name).orElseThrow().isDisabled()).isTrue();
        as(admin).post("/admin/users/" + name + "/enable").then().statusCode(303);
        assertThat(users.find(name).orElseThrow().isDisabled()).isFalse();
        as(admin)
                .post("/admin/users/" + name + "/password-reset")
                .then()
                .statusCode(200)
                .body(containsString("id=\"user-password-value\""));
        as(admin)
                .get("/admin/users?changed=" + name)
                .then()
                .statusCode(200)
                .body(containsString("id=\"user-changed\""))
                .body(containsString("id=\"user-" + name + "\""))
                .body(not(containsString(ann.passwordHash())));
        as(admin).get("/admin/users?changed=anything+at+all").then().body(not(containsString("id=\"user-changed\"")));

        for (String action :
                List.of("USER_CREATED", "USER_ROLES_CHANGED", "USER_DISABLED", "USER_ENABLED", "USER_PASSWORD_RESET")) {
            assertThat(count(
                            "SELECT COUNT(*) FROM audit_event WHERE actor = 'admin' AND action = ? AND detail_json LIKE ?",
                            action,
                            "%" + name + "%"))
                    .as(action)
                    .isEqualTo(1);
        }
        assertThat(count("SELECT COUNT(*) FROM audit_event WHERE detail_json LIKE ?", "%" + password + "%"))
                .as("no password in the trail")
                .isZero();
    }

    @Test
    void theAdminRevokesAnyonesToken() throws Exception {
        String name = unique("tok-owner");
        String session = userWith(name, Grant.everywhere(Role.VIEWER));
        as(session)
                .contentType(ContentType.URLENC)
                .formParam("name", "laptop")
                .formParam("role", "viewer")
                .post("/account/tokens")
                .then()
                .statusCode(201);
        StoredToken token = tokens.list(Optional.of(name)).get(0);
        String admin = admin();
        as(admin).get("/admin/users").then().statusCode(200).body(containsString("id=\"token-" + token.id() + "\""));
        as(admin)
                .post("/admin/tokens/" + token.id() + "/revoke")
                .then()
                .statusCode(303)
                .header("Location", containsString("changed=token+laptop+of+" + name));
        assertThat(tokens.find(token.id()).orElseThrow().revoked()).isPresent();
        as(admin).post("/admin/tokens/" + token.id() + "/revoke").then().statusCode(409);
        assertThat(count(
                        "SELECT COUNT(*) FROM audit_event WHERE actor = 'admin' AND action = 'TOKEN_REVOKED' AND detail_json LIKE ?",
                        "%" + token.id() + "%"))
                .isEqualTo(1);
    }

    @Test
    void badUserFormsAreReadable4xxPagesAndStoreNothing() throws Exception {
        String admin = admin();
        String taken = unique("taken");
        userWith(taken, Grant.everywhere(Role.VIEWER));
        long usersBefore = users.all().size();
        long auditBefore = count("SELECT COUNT(*) FROM audit_event WHERE actor = 'admin'");
        List<Map<String, String>> forms = List.of(
                Map.of("name", "", "roles", "viewer"),
                Map.of("name", taken, "roles", "viewer"),
                Map.of("name", unique("x"), "roles", "owner"),
                Map.of("name", unique("x"), "roles", "viewer:no/slash"),
                Map.of("name", "u".repeat(201), "roles", "viewer"),
                Map.of("name", "schedule:nightly", "roles", "viewer"),
                Map.of("name", "tab\tname", "roles", "viewer"));
        for (Map<String, String> form : forms) {
            int status = as(admin)
                    .contentType(ContentType.URLENC)
                    .formParams(form)
                    .post("/admin/users")
                    .then()
                    .contentType(containsString("text/html"))
                    .body(containsString("id=\"user-error\""))
                    .body(not(containsString("Exception")))
                    .extract()
                    .statusCode();
            assertThat(status).as("%s", form).isBetween(400, 499);
        }
        as(admin)
                .contentType(ContentType.URLENC)
                .formParam("roles", "superuser")
                .post("/admin/users/" + taken + "/roles")
                .then()
                .statusCode(422)
                .body(containsString("id=\"user-error\""));
        as(admin)
                .post("/admin/users/nobody-" + UUID.randomUUID() + "/disable")
                .then()
                .statusCode(404);
        // other test classes share this profile's store and leave admins of their own: make admin the last one
        users.all().stream()
                .filter(u -> !u.name().equals("admin") && !u.isDisabled())
                .filter(u -> u.grants().contains(Grant.everywhere(Role.ADMIN)))
                .forEach(u -> users.setDisabled(u.name(), Optional.of(Instant.now())));
        as(admin).post("/admin/users/admin/disable").then().statusCode(409).body(containsString("last enabled admin"));
        assertThat(users.all()).hasSize((int) usersBefore);
        assertThat(users.find(taken).orElseThrow().grants()).containsExactly(Grant.everywhere(Role.VIEWER));
        assertThat(users.find("admin").orElseThrow().isDisabled()).isFalse();
        assertThat(count("SELECT COUNT(*) FROM audit_event WHERE actor = 'admin'"))
                .isEqualTo(auditBefore);
    }

    @Test
    void aViewerSeesNoButtonItCannotUseAndGetsA403PageWhenPostingAnyway() throws Exception {
        String viewer = userWith(unique("vic"), Grant.everywhere(Role.VIEWER));
        String launch =
                as(viewer).get("/launch").then().statusCode(200).extract().asString();
        assertThat(launch)
                .doesNotContain("id=\"launch-button\"")
                .doesNotContain("id=\"backfill-button\"")
                .contains("id=\"preview-button\"")
                .contains("id=\"launch-not-yours\"");
        assertThat(as(viewer).get("/runs").then().extract().asString()).doesNotContain("href=\"/launch");
        assertThat(as(viewer).get("/").then().extract().asString()).doesNotContain("href=\"/launch");
        assertThat(as(viewer)
                        .get("/automation")
                        .then()
                        .statusCode(200)
                        .extract()
                        .asString())
                .doesNotContain("/automation/schedules/")
                .doesNotContain("/automation/sensors/");
        assertThat(as(viewer).get("/pools").then().statusCode(200).extract().asString())
                .doesNotContain("action=\"/pools");
        assertThat(as(viewer)
                        .get("/assets/test/daily")
                        .then()
                        .statusCode(200)
                        .extract()
                        .asString())
                .doesNotContain("id=\"launch-asset\"");
        as(viewer).get("/admin/users").then().statusCode(403).body(containsString("Not allowed"));
        as(viewer)
                .contentType(ContentType.URLENC)
                .formParam("asset", "test/daily")
                .formParam("partitions", "2024-12-02")
                .formParam("as", "run")
                .post("/launch")
                .then()
                .statusCode(403)
                .body(containsString("may not launch test/daily"));

        String admin = admin();
        String adminLaunch =
                as(admin).get("/launch").then().statusCode(200).extract().asString();
        assertThat(adminLaunch).contains("id=\"launch-button\"").contains("<a href=\"/launch\">Launch</a>");
        assertThat(as(admin).get("/pools").then().statusCode(200).extract().asString())
                .contains("action=\"/pools");
        assertThat(as(admin)
                        .get("/assets/test/daily")
                        .then()
                        .statusCode(200)
                        .extract()
                        .asString())
                .contains("id=\"launch-asset\"");
        assertThat(as(admin).get("/automation").then().statusCode(200).extract().asString())
                .contains("action=\"/automation/schedules/");
    }

    @Test
    void anOperatorOfOneGroupSeesLaunchOnlyOnItsGroupsAssets() {
        String operator = userWith(unique("olga"), Grant.inGroup(Role.OPERATOR, "test"));
        assertThat(as(operator)
                        .get("/assets/test/daily")
                        .then()
                        .statusCode(200)
                        .extract()
                        .asString())
                .contains("id=\"launch-asset\"");
        assertThat(as(operator).get("/launch").then().statusCode(200).extract().asString())
                .contains("id=\"launch-button\"");
        assertThat(as(operator).get("/pools").then().statusCode(200).extract().asString())
                .doesNotContain("action=\"/pools");
        assertThat(as(operator)
                        .get("/automation")
                        .then()
                        .statusCode(200)
                        .extract()
                        .asString())
                .as("switching schedules needs the operator role for every group")
                .doesNotContain("action=\"/automation/schedules/");
    }
}
