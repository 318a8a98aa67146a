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
import io.sluice.testing.AuthOnProfile;
import io.sluice.testing.SignOnProfile;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.junit.jupiter.api.Test;

/**
 * Single sign-on ({@code sluice.auth.oidc.enabled}) against a local OpenID Connect provider in the test JVM
 * ({@link io.sluice.testing.TestIssuer}): the provider's access tokens act with the grants their role claim maps to and
 * are recorded under their user's name; a token with no mapped role reaches nothing; an expired or wrongly signed token is
 * a 401 problem; Sluice's own tokens and password sessions keep working beside it; and the pages sign in through the
 * provider with the authorization code flow.
 */
@QuarkusTest
@TestProfile(SignOnProfile.class)
class AuthSignOnApiTest {

    private static final String LAUNCH = "{\"assets\":[\"test/daily\"],\"partitions\":[\"2024-06-0%d\"]}";

    @ConfigProperty(name = "quarkus.oidc.auth-server-url")
    String issuer;

    /** An access token of the test provider for {@code user} with {@code roles}. */
    private String mint(String user, String roles, String... more) {
        Map<String, String> form = new LinkedHashMap<>(Map.of("user", user, "roles", roles));
        for (int i = 0; i + 1 < more.length; i += 2) {
            form.put(more[i], more[i + 1]);
        }
        return given().baseUri(issuer)
                .port(URI.create(issuer).getPort())
                .basePath("")
                .formParams(form)
                .post("/mint")
                .then()
                .statusCode(200)
                .extract()
                .asString();
    }

    private static Response launch(String bearer, int day) {
        return given().header("Authorization", "Bearer " + bearer)
                .contentType(ContentType.JSON)
                .body(LAUNCH.formatted(day))
                .post("/api/runs");
    }

    @Test
    void anOperatorOfTheProviderLaunchesAndIsRecordedAsItsUser() {
        String olga = mint("olga", "operator");
        launch(olga, 1).then().statusCode(201).body("launchedBy", equalTo("olga"));
        given().header("Authorization", "Bearer " + olga)
                .queryParam("launchedBy", "olga")
                .get("/api/runs")
                .then()
                .statusCode(200)
                .body(containsString("olga"));
        // without preferred_username, the subject names the caller
        launch(mint("quiet", "operator", "no-name", "true"), 2)
                .then()
                .statusCode(201)
                .body("launchedBy", equalTo("sub-quiet"));
    }

    @Test
    void aViewerReadsButMayNotLaunch() {
        String vic = mint("vic", "viewer");
        given().header("Authorization", "Bearer " + vic).get("/api/runs").then().statusCode(200);
        launch(vic, 3)
                .then()
                .statusCode(403)
                .contentType(Problem.MEDIA_TYPE)
                .body("detail", containsString("vic may not launch"));
    }

    @Test
    void aListedRoleNameGivesItsGrantsForItsGroupOnly() {
        String fin = mint("fin", "finance-team");
        launch(fin, 4)
                .then()
                .statusCode(403)
                .body("detail", containsString("test/daily"))
                .body("detail", containsString("operator of finance"));
        given().header("Authorization", "Bearer " + fin).get("/api/runs").then().statusCode(200);
    }

    @Test
    void aUserWithNoMappedRoleReachesNothing() {
        String nora = mint("nora", "staff,admins-of-something-else");
        for (String path : new String[] {"/api/runs", "/api/assets", "/api/audit", "/api/backfills"}) {
            given().header("Authorization", "Bearer " + nora)
                    .get(path)
                    .then()
                    .statusCode(403)
                    .contentType(Problem.MEDIA_TYPE)
                    .body("detail", containsString("nora may not read: that needs the viewer role (it holds no role)"));
        }
        Response page = given().noFilters()
                .header("Authorization", "Bearer " + nora)
                .accept("text/html")
                .get("/runs");
        page.then().statusCode(403).contentType(containsString("text/html")).body(containsString("nora may not read"));
        // its logout form carries the anti-forgery token of the cookie the page sets
        String csrf = page.getCookie("sluice-csrf");
        assertThat(csrf).isNotBlank();
        assertThat(page.asString()).contains("name=\"csrf\" value=\"" + csrf + "\"");
        launch(nora, 5).then().statusCode(403);
    }

    @Test
    void expiredWronglySignedAndMalformedTokensAre401Problems() {
        for (String bad : new String[] {
            mint("olga", "operator", "expires-in", "-600"),
            mint("olga", "operator", "forged", "true"),
            "not-a-jwt",
            "a.b.c"
        }) {
            given().header("Authorization", "Bearer " + bad)
                    .get("/api/runs")
                    .then()
                    .statusCode(401)
                    .header("WWW-Authenticate", startsWith("Bearer"))
                    .contentType(Problem.MEDIA_TYPE)
                    .body("status", equalTo(401))
                    .body("detail", containsString("refused"));
            launch(bad, 6).then().statusCode(401);
        }
        given().get("/api/runs").then().statusCode(401).contentType(Problem.MEDIA_TYPE);
    }

    @Test
    void sluiceOwnSessionsAndTokensKeepWorking() {
        Response login = given().redirects()
                .follow(false)
                .contentType(ContentType.URLENC)
                .formParam("user", "admin")
                .formParam("password", AuthOnProfile.ADMIN_PASSWORD)
                .formParam("next", "/runs")
                .post("/login");
        login.then().statusCode(303);
        String session = login.getCookie("sluice_session");
        given().cookie("sluice_session", session).get("/api/runs").then().statusCode(200);
        String secret = given().cookie("sluice_session", session)
                .contentType(ContentType.JSON)
                .body("{\"name\":\"beside-sso\",\"role\":\"operator\"}")
                .post("/api/tokens")
                .then()
                .statusCode(201)
                .extract()
                .path("secret");
        String id = given().header("Authorization", "Bearer " + secret)
                .get("/api/tokens")
                .then()
                .statusCode(200)
                .extract()
                .path("[0].id");
        launch(secret, 7).then().statusCode(201).body("launchedBy", equalTo("admin"));
        given().cookie("sluice_session", session)
                .delete("/api/tokens/" + id)
                .then()
                .statusCode(200);
        // a refused Sluice token keeps its own reason: it never went to the identity provider
        given().header("Authorization", "Bearer " + secret)
                .get("/api/runs")
                .then()
                .statusCode(401)
                .body("detail", containsString("revoked"));
    }

    @Test
    void aSignedOnUserHasNoSluiceTokens() {
        given().header("Authorization", "Bearer " + mint("olga", "admin"))
                .contentType(ContentType.JSON)
                .body("{\"name\":\"mine\",\"role\":\"viewer\"}")
                .post("/api/tokens")
                .then()
                .statusCode(409)
                .body("detail", containsString("identity provider"));
    }

    @Test
    void thePagesSignInThroughTheProviderWithTheCodeFlow() {
        given().accept("text/html")
                .queryParam("next", "/runs")
                .get("/login")
                .then()
                .statusCode(200)
                .body(containsString("Sign in with Test IdP"))
                .body(containsString("href=\"/login/sso?next=%2Fruns\""));
        Map<String, String> cookies = new HashMap<>();

        // Sluice sends the browser to the provider's authorization endpoint
        Response toProvider =
                given().redirects().follow(false).queryParam("next", "/runs").get("/login/sso");
        toProvider.then().statusCode(302);
        cookies.putAll(toProvider.getCookies());
        String authorize = toProvider.getHeader("Location");
        assertThat(authorize).startsWith(issuer + "/auth?");
        Map<String, String> query = query(URI.create(authorize).getRawQuery());
        assertThat(query).containsEntry("client_id", "sluice").containsEntry("response_type", "code");

        // the provider's login page, posted as the user would; it sends the browser back with a code
        given().redirects().follow(false).get(authorize).then().statusCode(200).body(containsString("<form"));
        Response back = given().baseUri(issuer)
                .port(URI.create(issuer).getPort())
                .basePath("")
                .redirects()
                .follow(false)
                .formParam("redirect_uri", query.get("redirect_uri"))
                .formParam("state", query.get("state"))
                .formParam("nonce", query.getOrDefault("nonce", ""))
                .formParam("username", "pia")
                .formParam("roles", "operator")
                .post("/login");
        back.then().statusCode(302);
        String callback = back.getHeader("Location");
        assertThat(callback).contains("code=");

        // Sluice trades the code for tokens, opens its session and returns to the path that asked
        Response signedOn = given().urlEncodingEnabled(false)
                .redirects()
                .follow(false)
                .cookies(cookies)
                .get(callback);
        assertThat(signedOn.statusCode()).isIn(302, 303);
        cookies.putAll(signedOn.getCookies());
        assertThat(cookies.keySet()).anyMatch(c -> c.startsWith("q_session"));
        String location = signedOn.getHeader("Location");
        while (location.contains("/login/sso")) {
            Response r = given().urlEncodingEnabled(false)
                    .redirects()
                    .follow(false)
                    .cookies(cookies)
                    .get(relative(location));
            assertThat(r.statusCode()).isIn(302, 303);
            cookies.putAll(r.getCookies());
            location = r.getHeader("Location");
        }
        assertThat(relative(location)).isEqualTo("/runs");

        given().cookies(cookies).accept("text/html").get("/runs").then().statusCode(200);
        given().cookies(cookies)
                .contentType(ContentType.JSON)
                .body(LAUNCH.formatted(8))
                .post("/api/runs")
                .then()
                .statusCode(201)
                .body("launchedBy", equalTo("pia"));

        // logging out ends the provider's session in Sluice: the session cookie is removed
        Response out = given().redirects().follow(false).cookies(cookies).post("/logout");
        out.then().statusCode(303);
        assertThat(out.getHeaders().getValues("Set-Cookie"))
                .anyMatch(c -> c.startsWith("q_session") && (c.contains("Max-Age=0") || c.contains("1970")));
    }

    @Test
    void aSignInThatDoesNotCompleteGetsAReadablePageNotAnError() {
        // a callback without the sign-in's state cookie starts the sign-in again
        given().redirects()
                .follow(false)
                .accept("text/html")
                .queryParam("code", "made-up")
                .queryParam("state", "made-up")
                .get("/login/sso")
                .then()
                .statusCode(302)
                .header("Location", startsWith(issuer + "/auth?"));
        // a callback of a real sign-in whose code the provider refuses
        Response toProvider =
                given().redirects().follow(false).queryParam("next", "/runs").get("/login/sso");
        Map<String, String> query =
                query(URI.create(toProvider.getHeader("Location")).getRawQuery());
        given().redirects()
                .follow(false)
                .accept("text/html")
                .cookies(toProvider.getCookies())
                .queryParam("code", "made-up")
                .queryParam("state", query.get("state"))
                .get("/login/sso")
                .then()
                .statusCode(401)
                .contentType(containsString("text/html"))
                .body(containsString("did not complete"))
                .body(containsString("href=\"/login\""));
    }

    private static String relative(String location) {
        URI u = URI.create(location);
        return u.getRawPath() + (u.getRawQuery() == null ? "" : "?" + u.getRawQuery());
    }

    private static Map<String, String> query(String raw) {
        Map<String, String> m = new LinkedHashMap<>();
        for (String pair : raw.split("&")) {
            int eq = pair.indexOf('=');
            m.put(
                    URLDecoder.decode(pair.substring(0, eq), StandardCharsets.UTF_8),
                    URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8));
        }
        return m;
    }
}
