package io.sluice.web;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.junit.QuarkusTest;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** Every script and stylesheet a page names is served by the app itself (WebJars or /static), none from elsewhere. */
@QuarkusTest
class StaticFilesTest {

    private static final Pattern SOURCE = Pattern.compile("<(?:script|link)[^>]*?(?:src|href)=\"([^\"]+)\"");

    @Test
    void thePagesNameOnlyFilesTheAppServes() {
        String html = given().get("/").then().statusCode(200).extract().asString();
        List<String> sources = new ArrayList<>();
        Matcher m = SOURCE.matcher(html);
        while (m.find()) {
            sources.add(m.group(1));
        }
        assertThat(sources).contains("/webjars/htmx.org/2.0.8/dist/htmx.min.js", "/static/sluice.css");
        for (String source : sources) {
            assertThat(source).as("served by the app, not a CDN").startsWith("/");
            given().get(source).then().statusCode(200);
        }
    }

    @Test
    void theLibrariesTheDashboardUsesAreServedFromTheirWebJars() {
        for (String file : List.of(
                "/webjars/htmx-ext-sse/2.2.2/sse.js",
                "/webjars/dagre/0.8.4/dist/dagre.min.js",
                "/webjars/uplot/1.6.30/dist/uPlot.iife.min.js",
                "/webjars/uplot/1.6.30/dist/uPlot.min.css")) {
            given().get(file).then().statusCode(200);
        }
    }
}
