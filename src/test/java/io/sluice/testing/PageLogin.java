package io.sluice.testing;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import io.restassured.http.ContentType;
import io.restassured.response.Response;

/**
 * Logging in through the login form, as a browser does, from one client address (the login throttle counts per address,
 * so each test class uses its own).
 */
public record PageLogin(String address) {

    /** A client at a random address in {@code prefix}, e.g. {@code "10.7."}. */
    public static PageLogin from(String prefix) {
        return new PageLogin(prefix + (int) (Math.random() * 250) + "." + (int) (Math.random() * 250));
    }

    /** The answer to posting the login form, redirects not followed. */
    public Response post(String user, String password, String next) {
        var request = given().redirects()
                .follow(false)
                .header("X-Forwarded-For", address)
                .contentType(ContentType.URLENC)
                .formParam("user", user)
                .formParam("password", password);
        return (next == null ? request : request.formParam("next", next)).post("/login");
    }

    /** Logs {@code user} in: the session id of their new session (the login must succeed). */
    public String session(String user, String password) {
        Response r = post(user, password, null);
        r.then().statusCode(303);
        String id = r.getCookie("sluice_session");
        assertThat(id).as("the session cookie of %s", user).isNotBlank();
        return id;
    }
}
