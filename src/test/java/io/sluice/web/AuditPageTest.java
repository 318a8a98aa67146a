package io.sluice.web;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.not;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.sluice.testing.Runs;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** The audit log page and its CSV export: filters in the query string, keyset pages, RFC 4180 quoting. */
@QuarkusTest
class AuditPageTest {

    private static String launch(String actor, String reason) {
        String id = given().contentType(ContentType.JSON)
                .header("X-Sluice-User", actor)
                .body("{\"assets\":[\"test/flaky\"],\"reason\":\"" + reason + "\"}")
                .post("/api/runs")
                .then()
                .statusCode(201)
                .extract()
                .path("id");
        Runs.await(id);
        return id;
    }

    @Test
    void filtersByActorActionAndTargetAndPagesByKeyset() {
        String actor = "auditor-" + UUID.randomUUID().toString().substring(0, 8);
        String one = launch(actor, "first look");
        String two = launch(actor, "second look");
        String three = launch(actor, "third look");

        String page = given().get("/audit?actor=" + actor + "&action=RUN_LAUNCHED")
                .then()
                .statusCode(200)
                .contentType(ContentType.HTML)
                .extract()
                .asString();
        assertThat(page).contains("third look", "second look", "first look").doesNotContain("RUN_FINISHED</span>");
        assertThat(page.indexOf("third look")).as("newest first").isLessThan(page.indexOf("first look"));
        assertThat(page).contains("value=\"" + actor + "\"").contains("<option value=\"RUN_LAUNCHED\" selected>");

        given().get("/audit?target=" + two)
                .then()
                .statusCode(200)
                .body(containsString("second look"))
                .body(not(containsString("third look")))
                .body(containsString("RUN_FINISHED"));
        given().get("/audit?target=test/flaky&actor=" + actor)
                .then()
                .statusCode(200)
                .body(containsString("first look"));

        // keyset pages of one event: the next link carries the cursor and the filters
        String first = given().get("/audit?actor=" + actor + "&action=RUN_LAUNCHED&limit=1")
                .then()
                .statusCode(200)
                .extract()
                .asString();
        assertThat(first).contains("third look").doesNotContain("second look");
        String next = link(first, "rel=\"next\"");
        assertThat(next).contains("actor=" + actor).contains("cursor=");
        String second = given().get(next).then().statusCode(200).extract().asString();
        assertThat(second).contains("second look").doesNotContain("third look").contains("Newest");
        String third = given().get(link(second, "rel=\"next\""))
                .then()
                .statusCode(200)
                .extract()
                .asString();
        assertThat(third).contains("first look").doesNotContain("rel=\"next\"");
        assertThat(List.of(one, three)).allSatisfy(id -> assertThat(page).contains(id));
    }

    @Test
    void theCsvExportStreamsTheSameFiltersQuotedAsRfc4180() {
        String actor = "exporter-" + UUID.randomUUID().toString().substring(0, 8);
        launch(actor, "a, \\\"quoted\\\"\\nreason");
        launch(actor, "plain");
        Response csv = given().get("/audit.csv?actor=" + actor + "&action=RUN_LAUNCHED");
        csv.then()
                .statusCode(200)
                .contentType(containsString("text/csv"))
                .header("Content-Disposition", containsString("attachment"));
        String body = csv.asString();
        assertThat(body).startsWith(AuditCsv.HEADER);
        List<String> records = Arrays.asList(body.split("\r\n"));
        assertThat(records).hasSize(3);
        assertThat(records.get(1)).contains(actor).contains(",plain,");
        assertThat(records.get(2)).contains(",\"a, \"\"quoted\"\"\nreason\",");
        assertThat(body).doesNotContain("RUN_FINISHED");

        String page = given().get("/audit?actor=" + actor).then().extract().asString();
        assertThat(page).contains("href=\"/audit.csv?actor=" + actor + "\"");
    }

    @Test
    void badFiltersAreMessagesBesideTheFormAndTheExportRefusesThemToo() {
        given().get("/audit?from=2025-02-01T00:00:00Z&to=2025-01-01T00:00:00Z")
                .then()
                .statusCode(400)
                .contentType(ContentType.HTML)
                .body(containsString("id=\"audit-error\""))
                .body(containsString("from must be before to"));
        given().get("/audit?action=EXPLODED").then().statusCode(400).body(containsString("action must be one of"));
        given().get("/audit?cursor=abc")
                .then()
                .statusCode(400)
                .body(containsString("cursor is not a position in the audit list"));
        given().get("/audit?actor=%3Cb%3Ebold%3C/b%3E").then().statusCode(200).body(not(containsString("<b>bold</b>")));
        given().get("/audit.csv?from=nope")
                .then()
                .statusCode(400)
                .contentType(containsString("text/plain"))
                .body(containsString("from must be a day (2026-12-02) or a time"));
    }

    private static String link(String html, String marker) {
        int at = html.indexOf(marker);
        assertThat(at).as("link " + marker).isPositive();
        int href = html.lastIndexOf("href=\"", at) + 6;
        return html.substring(href, html.indexOf('"', href)).replace("&amp;", "&");
    }
}
