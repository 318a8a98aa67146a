package io.sluice.testing;

import static io.restassured.RestAssured.given;

import io.restassured.response.ExtractableResponse;
import io.restassured.response.Response;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Reads an API list whole, page by page, by following its Link headers (rel="next"). */
public final class Lists {

    private Lists() {}

    /** Every item of the list at {@code path} and the pages after it. */
    public static List<Map<String, Object>> all(String path) {
        List<Map<String, Object>> items = new ArrayList<>();
        for (String next = path; next != null; ) {
            ExtractableResponse<Response> page =
                    given().get(next).then().statusCode(200).extract();
            items.addAll(page.jsonPath().getList("$"));
            next = next(page.header("Link"));
        }
        return items;
    }

    /** The address a Link header names as the next page, or null. */
    public static String next(String link) {
        return link == null ? null : link.replaceAll("^<(.*)>; rel=\"next\"$", "$1");
    }
}
