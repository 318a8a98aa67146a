package io.sluice.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.CookieManager;
import java.net.HttpCookie;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * A browser's session against the packaged Sluice with authentication on, as a user would have it: the login page sets
 * the anti-forgery cookie, the login form sends it back in its {@code csrf} field, and the session cookie then carries
 * every request (with the token in {@code X-CSRF-Token} on API changes, as the pages' htmx does).
 */
final class Login {

    private final String base;
    private final CookieManager cookies = new CookieManager();
    private final HttpClient http;

    Login(String base) {
        this.base = base;
        this.http = HttpClient.newBuilder().cookieHandler(cookies).build();
    }

    /** Opens the login page and posts the form; returns the answer (303 to where the user goes next when it worked). */
    HttpResponse<String> logIn(String user, String password) throws Exception {
        HttpResponse<String> page =
                send(HttpRequest.newBuilder(URI.create(base + "/login")).build());
        assertThat(page.statusCode()).as("/login: " + page.body()).isEqualTo(200);
        return form("/login", Map.of("user", user, "password", password, "next", "/"));
    }

    /** Posts a page form with the anti-forgery token, as the browser's form would. */
    HttpResponse<String> form(String path, Map<String, String> fields) throws Exception {
        Map<String, String> all = new LinkedHashMap<>(fields);
        all.put("csrf", csrf());
        String body = all.entrySet().stream()
                .map(e -> encode(e.getKey()) + "=" + encode(e.getValue()))
                .collect(Collectors.joining("&"));
        return send(HttpRequest.newBuilder(URI.create(base + path))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(body))
                .build());
    }

    /** An API call with the session's cookies, as the pages make it. */
    HttpResponse<String> api(String method, String path, String json) throws Exception {
        return send(HttpRequest.newBuilder(URI.create(base + path))
                .header("Content-Type", "application/json")
                .header("X-CSRF-Token", csrf())
                .method(
                        method,
                        json == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(json))
                .build());
    }

    /** A personal API token of this session's user, made through {@code POST /api/tokens}: its secret. */
    String token(String name, String role) throws Exception {
        HttpResponse<String> made =
                api("POST", "/api/tokens", "{\"name\": \"" + name + "\", \"role\": \"" + role + "\"}");
        assertThat(made.statusCode()).as("POST /api/tokens: " + made.body()).isEqualTo(201);
        JsonNode token = SluiceServer.JSON.readTree(made.body());
        return token.get("secret").asText();
    }

    private String csrf() {
        return cookies.getCookieStore().getCookies().stream()
                .filter(c -> c.getName().equals("sluice-csrf"))
                .map(HttpCookie::getValue)
                .findFirst()
                .orElseThrow(() -> new AssertionError("no anti-forgery cookie: open a page first"));
    }

    private HttpResponse<String> send(HttpRequest request) throws Exception {
        return http.send(request, HttpResponse.BodyHandlers.ofString());
    }

    private static String encode(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }
}
