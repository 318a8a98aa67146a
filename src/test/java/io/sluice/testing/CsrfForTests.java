package io.sluice.testing;

import io.quarkus.test.junit.callback.QuarkusTestBeforeEachCallback;
import io.quarkus.test.junit.callback.QuarkusTestMethodContext;
import io.restassured.RestAssured;
import io.restassured.filter.Filter;
import io.restassured.filter.FilterContext;
import io.restassured.response.Response;
import io.restassured.specification.FilterableRequestSpecification;
import io.restassured.specification.FilterableResponseSpecification;

/**
 * Every RestAssured request of the tests carries an anti-forgery cookie and the matching token, as a page's form does,
 * so that tests of what a form post does need not fetch the page first. Tests of the guard itself send requests without
 * them ({@code given().noFilters()}, or {@link RawHttp}); {@link #TOKEN} and {@link #headers()} serve raw requests.
 */
public class CsrfForTests implements QuarkusTestBeforeEachCallback {

    /** A token of the shape Sluice issues. */
    public static final String TOKEN = "testtokentesttokentesttokentesttokentesttok";

    private static final Filter FILTER = new Filter() {
        @Override
        public Response filter(
                FilterableRequestSpecification request, FilterableResponseSpecification response, FilterContext ctx) {
            if (!request.getHeaders().hasHeaderWithName("X-CSRF-Token")) {
                request.header("X-CSRF-Token", TOKEN);
            }
            if (!request.getCookies().hasCookieWithName("sluice-csrf")) {
                request.cookie("sluice-csrf", TOKEN);
            }
            return ctx.next(request, response);
        }
    };

    /** The headers a raw request needs to pass the guard. */
    public static java.util.Map<String, String> headers() {
        return java.util.Map.of("Cookie", "sluice-csrf=" + TOKEN, "X-CSRF-Token", TOKEN);
    }

    @Override
    public void beforeEach(QuarkusTestMethodContext context) {
        if (!RestAssured.filters().contains(FILTER)) {
            RestAssured.filters(FILTER);
        }
    }
}
