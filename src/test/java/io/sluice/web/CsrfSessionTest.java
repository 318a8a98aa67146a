package io.sluice.web;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.sluice.testing.AuthOnProfile;
import io.sluice.testing.CsrfForTests;
import io.sluice.testing.PageLogin;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * With authentication on, a cross-site form post that carries the victim's valid session cookie but not the page's
 * anti-forgery token is refused on every mutating page route (found by {@link CsrfTest#mutatingPageRoutes()}), and
 * nothing is stored: what a forged form on another site would send, with or without the anti-forgery cookie.
 */
@QuarkusTest
@TestProfile(AuthOnProfile.class)
class CsrfSessionTest {

    private String adminSession() {
        return new PageLogin("10.5.0.1").session("admin", AuthOnProfile.ADMIN_PASSWORD);
    }

    private static String stored(String session) {
        return given().noFilters()
                        .cookie("sluice_session", session)
                        .get("/api/runs?limit=1")
                        .asString()
                + given().noFilters()
                        .cookie("sluice_session", session)
                        .get("/api/audit?limit=1")
                        .asString();
    }

    @Test
    void aForgedPostWithAValidSessionButNoTokenIsRefusedOnEveryPageRoute() {
        String session = adminSession();
        String before = stored(session);
        List<String> let = new ArrayList<>();
        for (String route : CsrfTest.mutatingPageRoutes()) {
            for (boolean withCsrfCookie : new boolean[] {false, true}) {
                var request = given().noFilters().redirects().follow(false).cookie("sluice_session", session);
                if (withCsrfCookie) {
                    request = request.cookie("sluice-csrf", CsrfForTests.TOKEN);
                }
                Response r = request.contentType(ContentType.URLENC)
                        .body("asset=test%2Fflaky&as=run&reason=forged")
                        .post(route);
                if (r.statusCode() != 403 || !r.asString().contains("anti-forgery")) {
                    let.add(route + (withCsrfCookie ? " (with the csrf cookie)" : "") + " answered " + r.statusCode());
                }
            }
        }
        assertThat(let)
                .as("page routes that let a forged post with a session through")
                .isEmpty();
        assertThat(stored(session)).as("the newest run and audit event").isEqualTo(before);
        // the same session with the page's token is let through: the refusals above were the token's
        given().noFilters()
                .redirects()
                .follow(false)
                .cookie("sluice_session", session)
                .cookie("sluice-csrf", CsrfForTests.TOKEN)
                .contentType(ContentType.URLENC)
                .body("csrf=" + CsrfForTests.TOKEN + "&asset=test%2Fflaky&as=run&reason=mine")
                .post("/launch")
                .then()
                .statusCode(303);
        assertThat(stored(session)).isNotEqualTo(before);
    }
}
