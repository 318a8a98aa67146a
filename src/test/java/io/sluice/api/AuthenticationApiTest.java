package io.sluice.api;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.startsWith;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.sluice.access.Passwords;
import io.sluice.access.Secrets;
import io.sluice.access.SessionStore;
import io.sluice.access.StoredSession;
import io.sluice.access.StoredToken;
import io.sluice.access.TokenStore;
import io.sluice.access.User;
import io.sluice.access.UserStore;
import io.sluice.identity.Grant;
import io.sluice.identity.Role;
import io.sluice.testing.AuthOnProfile;
import io.sluice.testing.Management;
import io.sluice.testing.PageLogin;
import jakarta.inject.Inject;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * Authentication on ({@code sluice.auth.enabled=true}): no credentials are a 401 or a redirect to the login page; a
 * session and a bearer token each authenticate; bad passwords are refused and throttled; logout, revoked and expired
 * tokens end access at once; X-Sluice-User can no longer forge the actor; the health probe stays open; and no password,
 * token or session id reaches the log.
 */
@QuarkusTest
@TestProfile(AuthOnProfile.class)
class AuthenticationApiTest {

    /** Every secret the tests used, to be looked for in the log at the end. */
    private static final List<String> SECRETS = new ArrayList<>(List.of(AuthOnProfile.ADMIN_PASSWORD));

    @Inject
    UserStore users;

    @Inject
    SessionStore sessions;

    @Inject
    TokenStore tokens;

    private String user(Role role, boolean mustChange) {
        String name = "u-" + UUID.randomUUID().toString().substring(0, 8);
        String password = "pw-" + UUID.randomUUID();
        SECRETS.add(password);
        users.create(new User(
                name,
                Passwords.hash(password),
                List.of(Grant.everywhere(role)),
                mustChange,
                Instant.now(),
                Optional.empty()));
        return name + "\n" + password;
    }

    /** This test's client address: each test has its own, as the throttle counts failures per address. */
    private final PageLogin client = PageLogin.from("10.9.");

    private Response login(String user, String password) {
        return client.post(user, password, "/runs");
    }

    private String session(String user, String password) {
        Response r = login(user, password);
        r.then().statusCode(303);
        String id = r.getCookie("sluice_session");
        assertThat(id).isNotBlank();
        SECRETS.add(id);
        return id;
    }

    private static String token(String session, String role) {
        String secret = given().cookie("sluice_session", session)
                .contentType(ContentType.JSON)
                .body("{\"name\":\"t-" + UUID.randomUUID() + "\",\"role\":\"" + role + "\"}")
                .post("/api/tokens")
                .then()
                .statusCode(201)
                .extract()
                .path("secret");
        SECRETS.add(secret);
        return secret;
    }

    @Test
    void withoutCredentialsTheApiAnswers401AndPagesGoToTheLoginPage() {
        given().get("/api/runs")
                .then()
                .statusCode(401)
                .header("WWW-Authenticate", startsWith("Bearer"))
                .contentType(Problem.MEDIA_TYPE)
                .body("status", equalTo(401));
        given().redirects()
                .follow(false)
                .accept("text/html")
                .get("/runs?status=FAILED")
                .then()
                .statusCode(303)
                .header("Location", equalTo("/login?next=%2Fruns%3Fstatus%3DFAILED"));
        given().accept("text/html").get("/login").then().statusCode(200).body(containsString("name=\"password\""));
        given().get("/static/sluice.css").then().statusCode(200);
        Management.given().get("/q/health/ready").then().statusCode(200);
        Management.given().get("/q/metrics").then().statusCode(200);
        given().get("/q/openapi").then().statusCode(401);
        given().header("Authorization", "Basic YWRtaW46eA==")
                .get("/api/runs")
                .then()
                .statusCode(401);
    }

    @Test
    void aPageWhoseSessionEndedSendsHtmxAndFormsToTheLoginPageAndChangesNothing() {
        String[] u = user(Role.ADMIN, false).split("\n");
        String admin = token(session(u[0], u[1]), "admin");
        int runs = given().header("Authorization", "Bearer " + admin)
                .get("/api/runs?limit=500")
                .then()
                .extract()
                .jsonPath()
                .getList("id")
                .size();
        // htmx (a poll or a button) after the session ended: a 401 whose HX-Redirect brings the user back afterwards
        given().header("HX-Request", "true")
                .header("HX-Current-URL", "http://localhost/runs?status=FAILED")
                .cookie("sluice_session", "ended-session")
                .contentType("application/x-www-form-urlencoded")
                .body("reason=late")
                .post("/ui/schedules/any/stop")
                .then()
                .statusCode(401)
                .header("HX-Redirect", equalTo("/login?next=%2Fruns%3Fstatus%3DFAILED"))
                .contentType(Problem.MEDIA_TYPE);
        // a page's form posted without JavaScript: to the login page, back to the page it came from
        given().redirects()
                .follow(false)
                .accept("text/html")
                .header("Referer", "http://localhost/launch?asset=test%2Fflaky")
                .contentType("application/x-www-form-urlencoded")
                .body("asset=test%2Fflaky&as=run&reason=late")
                .post("/launch")
                .then()
                .statusCode(303)
                .header("Location", equalTo("/login?next=%2Flaunch%3Fasset%3Dtest%252Fflaky"));
        assertThat(given().header("Authorization", "Bearer " + admin)
                        .get("/api/runs?limit=500")
                        .then()
                        .extract()
                        .jsonPath()
                        .getList("id"))
                .hasSize(runs);
    }

    @Test
    void aSessionWorksOnPagesAndTheApiUntilLogout() {
        String session = session("admin", AuthOnProfile.ADMIN_PASSWORD);
        Response r = login("admin", AuthOnProfile.ADMIN_PASSWORD);
        String cookie = r.getHeader("Set-Cookie");
        assertThat(cookie)
                .contains("HttpOnly")
                .containsIgnoringCase("SameSite=Lax")
                .doesNotContain("Secure");
        assertThat(r.getHeader("Location")).isEqualTo("/runs");
        SECRETS.add(r.getCookie("sluice_session"));

        given().cookie("sluice_session", session).get("/api/runs").then().statusCode(200);
        given().cookie("sluice_session", session)
                .accept("text/html")
                .get("/runs")
                .then()
                .statusCode(200);
        given().redirects()
                .follow(false)
                .cookie("sluice_session", session)
                .post("/logout")
                .then()
                .statusCode(303)
                .header("Set-Cookie", containsString("Max-Age=0"));
        given().cookie("sluice_session", session).get("/api/runs").then().statusCode(401);
        assertThat(sessions.find(Secrets.sha256(session))).isEmpty();
    }

    @Test
    void anIdleOrOldSessionEnds() {
        String[] u = user(Role.VIEWER, false).split("\n");
        String session = session(u[0], u[1]);
        String hash = Secrets.sha256(session);
        sessions.delete(hash);
        Instant longAgo = Instant.now().minus(Duration.ofHours(1));
        sessions.create(new StoredSession(hash, u[0], longAgo, longAgo));
        given().cookie("sluice_session", session)
                .get("/api/runs")
                .then()
                .statusCode(401)
                .body("detail", containsString("expired"));
    }

    @Test
    void aWrongPasswordIsRefusedAndThenThrottledEvenWithTheRightOne() {
        String[] u = user(Role.VIEWER, false).split("\n");
        for (int i = 0; i < 3; i++) {
            login(u[0], "wrong-password-" + i)
                    .then()
                    .statusCode(401)
                    .body(containsString("rong user name or password"));
        }
        Response throttled = login(u[0], u[1]);
        throttled.then().statusCode(429).body(containsString("Too many failed logins"));
        assertThat(Long.parseLong(throttled.getHeader("Retry-After"))).isBetween(1L, 601L);
        assertThat(throttled.getCookie("sluice_session")).isNull();
        String[] other = user(Role.VIEWER, false).split("\n");
        assertThat(login(other[0], other[1]).statusCode())
                .as("the same address is throttled for every user")
                .isEqualTo(429);
        given().redirects()
                .follow(false)
                .header("X-Forwarded-For", "10.8.0.1")
                .contentType(ContentType.URLENC)
                .formParam("user", other[0])
                .formParam("password", other[1])
                .post("/login")
                .then()
                .statusCode(303); // another address may log in another user
    }

    @Test
    void mustChangeSendsEveryPageToThePasswordPageUntilChanged() {
        String[] u = user(Role.OPERATOR, true).split("\n");
        Response r = login(u[0], u[1]);
        r.then().statusCode(303).header("Location", startsWith("/password"));
        String session = r.getCookie("sluice_session");
        SECRETS.add(session);
        given().redirects()
                .follow(false)
                .cookie("sluice_session", session)
                .accept("text/html")
                .get("/runs")
                .then()
                .statusCode(303)
                .header("Location", equalTo("/password"));
        given().cookie("sluice_session", session).get("/api/runs").then().statusCode(403);
        given().cookie("sluice_session", session)
                .accept("text/html")
                .get("/password")
                .then()
                .statusCode(200)
                .body(containsString("choose your own"));
        String fresh = "a-new-password-" + UUID.randomUUID();
        SECRETS.add(fresh);
        given().redirects()
                .follow(false)
                .cookie("sluice_session", session)
                .contentType(ContentType.URLENC)
                .formParam("current", u[1])
                .formParam("password", "short")
                .formParam("repeat", "short")
                .post("/password")
                .then()
                .statusCode(422)
                .body(containsString("at least 12 characters"));
        given().redirects()
                .follow(false)
                .cookie("sluice_session", session)
                .contentType(ContentType.URLENC)
                .formParam("current", u[1])
                .formParam("password", fresh)
                .formParam("repeat", fresh)
                .formParam("next", "/runs")
                .post("/password")
                .then()
                .statusCode(303)
                .header("Location", equalTo("/runs"));
        given().cookie("sluice_session", session).get("/api/runs").then().statusCode(200);
        assertThat(users.find(u[0]).orElseThrow().mustChangePassword()).isFalse();
        login(u[0], fresh).then().statusCode(303).header("Location", equalTo("/runs"));
    }

    @Test
    void aTokenWorksAsBearerIsShownOnceListedWithoutSecretAndRevocable() {
        String session = session("admin", AuthOnProfile.ADMIN_PASSWORD);
        Response created = given().cookie("sluice_session", session)
                .contentType(ContentType.JSON)
                .body("{\"name\":\"ci\",\"role\":\"operator\"}")
                .post("/api/tokens");
        created.then().statusCode(201).body("secret", startsWith("sluice_")).body("token.user", equalTo("admin"));
        String secret = created.path("secret");
        String id = created.path("token.id");
        SECRETS.add(secret);

        given().header("Authorization", "Bearer " + secret)
                .get("/api/runs")
                .then()
                .statusCode(200);
        given().header("Authorization", "Bearer " + secret)
                .get("/api/me")
                .then()
                .statusCode(200)
                .body("name", equalTo("admin"))
                .body("identifiedBy", equalTo("token"))
                .body("authenticated", equalTo(true))
                .body("grants", equalTo(java.util.List.of("operator")));
        given().get("/api/me").then().statusCode(401);
        String listed = given().header("Authorization", "Bearer " + secret)
                .get("/api/tokens")
                .then()
                .statusCode(200)
                .extract()
                .asString();
        assertThat(listed).contains(id).doesNotContain(secret).doesNotContain(Secrets.sha256(secret));
        assertThat(tokens.find(id).orElseThrow().secretHash()).isEqualTo(Secrets.sha256(secret));

        given().header("Authorization", "Bearer " + secret)
                .delete("/api/tokens/" + id)
                .then()
                .statusCode(200)
                .body("revokedAt", org.hamcrest.Matchers.notNullValue());
        given().header("Authorization", "Bearer " + secret)
                .get("/api/runs")
                .then()
                .statusCode(401)
                .body("detail", containsString("revoked"));
        given().header("Authorization", "Bearer sluice_not-a-token")
                .get("/api/runs")
                .then()
                .statusCode(401);
    }

    @Test
    void anExpiredTokenIs401() {
        String secret = "sluice_" + Secrets.random();
        SECRETS.add(secret);
        Instant past = Instant.now().minus(Duration.ofDays(2));
        tokens.create(new StoredToken(
                Secrets.id(),
                Secrets.sha256(secret),
                "admin",
                "expired",
                List.of(Grant.everywhere(Role.ADMIN)),
                past,
                past.plus(Duration.ofDays(1)),
                Optional.empty(),
                Optional.empty()));
        given().header("Authorization", "Bearer " + secret)
                .get("/api/runs")
                .then()
                .statusCode(401)
                .body("detail", containsString("expired"));
    }

    @Test
    void aTokenCannotHoldMoreThanItsMakerAndAViewerMayNotListEveryonesTokens() {
        String[] u = user(Role.VIEWER, false).split("\n");
        String session = session(u[0], u[1]);
        given().cookie("sluice_session", session)
                .contentType(ContentType.JSON)
                .body("{\"name\":\"too-much\",\"role\":\"admin\"}")
                .post("/api/tokens")
                .then()
                .statusCode(422)
                .body("field", equalTo("role"));
        String viewer = token(session, "viewer");
        given().header("Authorization", "Bearer " + viewer)
                .get("/api/tokens?all=true")
                .then()
                .statusCode(403);
        given().header("Authorization", "Bearer " + viewer)
                .contentType(ContentType.JSON)
                .body("{\"name\":\"x\",\"role\":\"viewer\",\"expiresAt\":\"2000-01-01T00:00:00Z\"}")
                .post("/api/tokens")
                .then()
                .statusCode(422)
                .body("field", equalTo("expiresAt"));
    }

    @Test
    void xSluiceUserCanNoLongerForgeTheActor() {
        String session = session("admin", AuthOnProfile.ADMIN_PASSWORD);
        String secret = token(session, "admin");
        given().header("Authorization", "Bearer " + secret)
                .header("X-Sluice-User", "mallory")
                .contentType(ContentType.JSON)
                .body("{\"limit\":3,\"allowUndeclared\":true}")
                .put("/api/pools/forged-pool")
                .then()
                .statusCode(400)
                .body("field", equalTo("X-Sluice-User"));
        given().header("Authorization", "Bearer " + secret)
                .contentType(ContentType.JSON)
                .body("{\"assets\":[\"test/daily\"],\"partitions\":[\"2024-06-01\"],\"launchedBy\":\"mallory\"}")
                .post("/api/runs")
                .then()
                .statusCode(400)
                .body("field", equalTo("launchedBy"));
        given().header("Authorization", "Bearer " + secret)
                .header("X-Sluice-User", "admin")
                .contentType(ContentType.JSON)
                .body("{\"limit\":3,\"allowUndeclared\":true,\"reason\":\"auth test\"}")
                .put("/api/pools/own-pool")
                .then()
                .statusCode(200);
        given().header("Authorization", "Bearer " + secret)
                .queryParam("actor", "admin")
                .get("/api/audit")
                .then()
                .statusCode(200)
                .body(containsString("own-pool"));
    }

    @Test
    void badTokenRequestsAndLoginFormsAreRefusedWithProblemsAndStoreNothing() {
        String session = session("admin", AuthOnProfile.ADMIN_PASSWORD);
        int before = tokens.list(Optional.of("admin")).size();
        List<String> bodies = List.of(
                "",
                "{",
                "[]",
                "null",
                "{\"name\":\"x\"}",
                "{\"role\":\"viewer\"}",
                "{\"name\":\"\",\"role\":\"viewer\"}",
                "{\"name\":\"" + "n".repeat(201) + "\",\"role\":\"viewer\"}",
                "{\"name\":\"a\\u202eb\",\"role\":\"viewer\"}",
                "{\"name\":1,\"role\":\"viewer\"}",
                "{\"name\":\"x\",\"role\":\"boss\"}",
                "{\"name\":\"x\",\"role\":[\"viewer\"]}",
                "{\"name\":\"x\",\"role\":\"viewer\",\"group\":\"a/b\"}",
                "{\"name\":\"x\",\"role\":\"viewer\",\"group\":\"a,b\"}",
                "{\"name\":\"x\",\"role\":\"viewer\",\"expiresAt\":\"soon\"}",
                "{\"name\":\"x\",\"role\":\"viewer\",\"expiresAt\":\"2999-01-01T00:00:00Z\"}",
                "{\"name\":\"x\",\"role\":\"viewer\",\"unknown\":1}");
        for (String body : bodies) {
            Response r = given().cookie("sluice_session", session)
                    .contentType(ContentType.JSON)
                    .body(body)
                    .post("/api/tokens");
            assertThat(r.statusCode())
                    .as("POST /api/tokens %s: %s", body, r.asString())
                    .isBetween(400, 499);
            assertThat(r.contentType()).as(body).startsWith(Problem.MEDIA_TYPE);
            assertThat(r.asString()).as(body).doesNotContain("Exception").doesNotContain("\tat ");
        }
        given().cookie("sluice_session", session)
                .delete("/api/tokens/no-such-id")
                .then()
                .statusCode(404);
        assertThat(tokens.list(Optional.of("admin"))).hasSize(before);

        for (String form :
                List.of("", "user=admin", "password=x", "user=admin&user=admin&password=x", "%zz", "user=\u0000")) {
            Response r = given().redirects()
                    .follow(false)
                    .contentType(ContentType.URLENC)
                    .body(form)
                    .post("/login");
            assertThat(r.statusCode()).as("POST /login %s", form).isBetween(400, 499);
            assertThat(r.contentType()).as(form).startsWith("text/html");
            assertThat(r.getCookie("sluice_session")).as(form).isNull();
            assertThat(r.asString()).as(form).doesNotContain("Exception");
        }
    }

    @Test
    void anAdminManagesUsersAndOthersMayNot() {
        String admin = token(session("admin", AuthOnProfile.ADMIN_PASSWORD), "admin");
        String name = "ann-" + UUID.randomUUID().toString().substring(0, 6);
        Response made = given().header("Authorization", "Bearer " + admin)
                .contentType(ContentType.JSON)
                .body("{\"name\":\"" + name + "\",\"grants\":[\"viewer\",\"operator:finance\"]}")
                .post("/api/users");
        made.then()
                .statusCode(201)
                .body("user.grants", org.hamcrest.Matchers.contains("viewer", "operator:finance"))
                .body("user.mustChangePassword", equalTo(true));
        String password = made.path("password");
        SECRETS.add(password);
        assertThat(made.asString()).doesNotContain("$2");
        given().header("Authorization", "Bearer " + admin)
                .contentType(ContentType.JSON)
                .body("{\"name\":\"" + name + "\",\"grants\":[\"viewer\"]}")
                .post("/api/users")
                .then()
                .statusCode(409);
        given().header("Authorization", "Bearer " + admin)
                .contentType(ContentType.JSON)
                .body("{\"name\":\"x-" + name + "\",\"grants\":[\"boss\"]}")
                .post("/api/users")
                .then()
                .statusCode(422)
                .body("field", equalTo("grants[0]"));

        // the new user logs in, must change the password, and (a viewer) may not manage users
        Response login = login(name, password);
        login.then().statusCode(303).header("Location", startsWith("/password"));
        String session = login.getCookie("sluice_session");
        SECRETS.add(session);
        String fresh = "ann-own-password-" + UUID.randomUUID();
        SECRETS.add(fresh);
        given().redirects()
                .follow(false)
                .cookie("sluice_session", session)
                .contentType(ContentType.URLENC)
                .formParam("current", password)
                .formParam("password", fresh)
                .formParam("repeat", fresh)
                .post("/password")
                .then()
                .statusCode(303);
        given().cookie("sluice_session", session).get("/api/users").then().statusCode(403);
        String viewer = token(session, "viewer");

        given().header("Authorization", "Bearer " + admin)
                .post("/api/users/" + name + "/disable")
                .then()
                .statusCode(200)
                .body("disabledAt", org.hamcrest.Matchers.notNullValue());
        given().cookie("sluice_session", session).get("/api/runs").then().statusCode(401);
        given().header("Authorization", "Bearer " + viewer)
                .get("/api/runs")
                .then()
                .statusCode(401);
        login(name, fresh).then().statusCode(401);
        given().header("Authorization", "Bearer " + admin)
                .post("/api/users/" + name + "/enable")
                .then()
                .statusCode(200);
        given().header("Authorization", "Bearer " + viewer)
                .get("/api/runs")
                .then()
                .statusCode(200);

        Response reset =
                given().header("Authorization", "Bearer " + admin).post("/api/users/" + name + "/password-reset");
        reset.then().statusCode(200).body("user.mustChangePassword", equalTo(true));
        SECRETS.add(reset.path("password"));
        login(name, reset.path("password")).then().statusCode(303).header("Location", startsWith("/password"));

        given().header("Authorization", "Bearer " + admin)
                .contentType(ContentType.JSON)
                .body("{\"grants\":[\"viewer\"]}")
                .put("/api/users/admin/grants")
                .then()
                .statusCode(409)
                .body("detail", containsString("last enabled admin"));
        given().header("Authorization", "Bearer " + admin)
                .post("/api/users/nobody-here/disable")
                .then()
                .statusCode(404);
    }

    @AfterAll
    static void noSecretReachedTheLog() throws IOException {
        Path log = Path.of(AuthOnProfile.LOG_FILE);
        assertThat(log).exists();
        String text = Files.readString(log);
        assertThat(text).as("the server logged the first admin's creation").contains("created the first user, admin");
        for (String secret : SECRETS) {
            assertThat(text).as("the log holds a secret").doesNotContain(secret);
            assertThat(text).doesNotContain(Secrets.sha256(secret));
        }
    }
}
