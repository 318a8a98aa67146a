package io.sluice.web;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.sluice.testing.CsrfForTests;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * A form post another site makes with the operator's cookies but without the page's anti-forgery token is refused on
 * every mutating page route, found by reflection so that a new route is covered without being listed here.
 */
@QuarkusTest
class CsrfTest {

    private static final String OTHER = "othertokenothertokenothertokenothertokenoth";

    /** Every POST, PUT and DELETE route of the pages, with its path parameters filled in. */
    static List<String> mutatingPageRoutes() {
        TreeSet<String> routes = new TreeSet<>();
        for (JavaClass c : new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("io.sluice.web")) {
            Class<?> type = c.reflect();
            Path root = type.getAnnotation(Path.class);
            for (Method m : type.getDeclaredMethods()) {
                if (!m.isAnnotationPresent(POST.class)
                        && !m.isAnnotationPresent(PUT.class)
                        && !m.isAnnotationPresent(DELETE.class)) {
                    continue;
                }
                Path sub = m.getAnnotation(Path.class);
                String path = "/" + (root == null ? "" : root.value()) + "/" + (sub == null ? "" : sub.value());
                routes.add(
                        path.replaceAll("\\{[^}]*}", "x").replaceAll("/+", "/").replaceAll("(.)/$", "$1"));
            }
        }
        return new ArrayList<>(routes);
    }

    @Test
    void theSweepFindsThePagesForms() {
        assertThat(mutatingPageRoutes()).contains("/launch", "/ui/launch", "/runs/x/cancel", "/pools/x/limit");
        assertThat(mutatingPageRoutes()).hasSizeGreaterThan(12);
    }

    @Test
    void aPostWithTheCookieButWithoutTheTokenIsRefusedOnEveryPageRoute() {
        List<String> let = new ArrayList<>();
        for (String route : mutatingPageRoutes()) {
            Response r = given().noFilters()
                    .cookie("sluice-csrf", CsrfForTests.TOKEN)
                    .contentType(ContentType.URLENC)
                    .body("reason=forged")
                    .post(route);
            if (r.statusCode() != 403 || !r.asString().contains("anti-forgery")) {
                let.add(route + " answered " + r.statusCode());
            }
        }
        assertThat(let).as("routes that let a post without the token through").isEmpty();
    }

    @Test
    void aTokenOfAnotherCookieOrNoCookieAtAllIsRefused() {
        for (String route : List.of("/ui/launch", "/runs/x/cancel")) {
            given().noFilters()
                    .cookie("sluice-csrf", CsrfForTests.TOKEN)
                    .header("X-CSRF-Token", OTHER)
                    .post(route)
                    .then()
                    .statusCode(403);
            given().noFilters()
                    .contentType(ContentType.URLENC)
                    .body("csrf=" + CsrfForTests.TOKEN + "&asset=test/flaky")
                    .post(route)
                    .then()
                    .statusCode(403);
        }
    }

    @Test
    void aForgedLaunchFormStoresNothingAndTheRightTokenLaunches() {
        int before = runCount();
        given().noFilters()
                .cookie("sluice-csrf", CsrfForTests.TOKEN)
                .contentType(ContentType.URLENC)
                .header("X-Sluice-User", "csrf-tester")
                .body("asset=test/flaky&as=run&reason=forged")
                .post("/launch")
                .then()
                .statusCode(403);
        assertThat(runCount()).isEqualTo(before);
        // the token in the form's field, as a page without JavaScript sends it
        given().noFilters()
                .cookie("sluice-csrf", CsrfForTests.TOKEN)
                .contentType(ContentType.URLENC)
                .header("X-Sluice-User", "csrf-tester")
                .body("asset=test/flaky&as=run&csrf=" + CsrfForTests.TOKEN + "&reason=mine")
                .redirects()
                .follow(false)
                .post("/launch")
                .then()
                .log()
                .ifValidationFails()
                .statusCode(303);
        assertThat(runCount()).isEqualTo(before + 1);
    }

    @Test
    void aPageSetsTheCookieAndPutsTheSameTokenInItsForms() {
        Response page = given().noFilters().get("/launch");
        String cookie = page.getCookie("sluice-csrf");
        assertThat(cookie).hasSize(43);
        // attribute names are case-insensitive (RFC 6265 5.2); Vert.x writes HTTPOnly
        assertThat(page.getHeader("Set-Cookie"))
                .containsIgnoringCase("HttpOnly")
                .contains("SameSite=Strict");
        assertThat(page.asString())
                .contains("<meta name=\"csrf-token\" content=\"" + cookie + "\">")
                .contains("name=\"csrf\" value=\"" + cookie + "\"");
        // a browser that has the cookie keeps its token
        Response again = given().noFilters().cookie("sluice-csrf", cookie).get("/launch");
        assertThat(again.getHeader("Set-Cookie")).isNull();
        assertThat(again.asString()).contains("name=\"csrf\" value=\"" + cookie + "\"");
    }

    @Test
    void theApiNeedsTheTokenOnlyFromABrowserThatSendsItsCookies() {
        String launch = "{\"assets\":[\"test/flaky\"]}";
        given().noFilters()
                .contentType(ContentType.JSON)
                .body(launch)
                .post("/api/runs")
                .then()
                .statusCode(201);
        given().noFilters()
                .cookie("sluice-csrf", CsrfForTests.TOKEN)
                .contentType(ContentType.JSON)
                .body(launch)
                .post("/api/runs")
                .then()
                .statusCode(403);
        given().noFilters()
                .cookie("sluice-csrf", CsrfForTests.TOKEN)
                .header("X-CSRF-Token", CsrfForTests.TOKEN)
                .contentType(ContentType.JSON)
                .body(launch)
                .post("/api/runs")
                .then()
                .statusCode(201);
    }

    private static int runCount() {
        return given().get("/api/runs?launchedBy=csrf-tester&limit=500")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath()
                .getList("id")
                .size();
    }
}
