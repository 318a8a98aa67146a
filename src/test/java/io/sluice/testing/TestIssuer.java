package io.sluice.testing;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Base64;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import org.jose4j.jwk.JsonWebKey;
import org.jose4j.jwk.RsaJsonWebKey;
import org.jose4j.jwk.RsaJwkGenerator;
import org.jose4j.jws.AlgorithmIdentifiers;
import org.jose4j.jws.JsonWebSignature;
import org.jose4j.jwt.JwtClaims;
import org.jose4j.lang.JoseException;

/**
 * A small OpenID Connect identity provider in the test JVM (a JDK HTTP server on a free loopback port), enough for
 * quarkus-oidc: discovery ({@code /.well-known/openid-configuration}), the signing key ({@code /jwks}), an authorization
 * endpoint that shows a login form ({@code /auth}, posted to {@code /login}, which sends the browser back with a code),
 * and a token endpoint that trades the code for an ID token and an access token (RS256, signed with a fresh test key).
 * For the API tests, {@code POST /mint} signs an access token for {@code user} with {@code roles} (comma-separated),
 * expiring in {@code expires-in} seconds (negative: already expired), signed with another key under the same key id when
 * {@code forged=true}.
 */
public class TestIssuer implements QuarkusTestResourceLifecycleManager {

    public static final String CLIENT_ID = "sluice";
    public static final String CLIENT_SECRET = "test-client-secret";

    private HttpServer server;
    private String issuer;
    private RsaJsonWebKey key;
    private RsaJsonWebKey forger;
    private final Map<String, Map<String, String>> codes = new ConcurrentHashMap<>();

    @Override
    public Map<String, String> start() {
        try {
            key = RsaJwkGenerator.generateJwk(2048);
            key.setKeyId("test-key");
            forger = RsaJwkGenerator.generateJwk(2048);
            forger.setKeyId("test-key");
            server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        } catch (JoseException | IOException e) {
            throw new IllegalStateException("the test issuer did not start: " + e.getMessage(), e);
        }
        issuer = "http://127.0.0.1:" + server.getAddress().getPort() + "/realms/test";
        server.createContext("/realms/test/", this::handle);
        server.start();
        return Map.of(
                "quarkus.oidc.auth-server-url", issuer,
                "quarkus.oidc.client-id", CLIENT_ID,
                "quarkus.oidc.credentials.secret", CLIENT_SECRET);
    }

    @Override
    public void stop() {
        if (server != null) {
            server.stop(0);
        }
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            String path = exchange.getRequestURI().getPath().substring("/realms/test".length());
            Map<String, String> params =
                    new HashMap<>(form(exchange.getRequestURI().getRawQuery()));
            if ("POST".equals(exchange.getRequestMethod())) {
                try (InputStream in = exchange.getRequestBody()) {
                    params.putAll(form(new String(in.readAllBytes(), StandardCharsets.UTF_8)));
                }
            }
            switch (path) {
                case "/.well-known/openid-configuration" -> json(exchange, 200, discovery());
                case "/jwks" ->
                    json(exchange, 200, "{\"keys\":[" + key.toJson(JsonWebKey.OutputControlLevel.PUBLIC_ONLY) + "]}");
                case "/auth" -> html(exchange, loginForm(params));
                case "/login" -> login(exchange, params);
                case "/token" -> token(exchange, params);
                case "/mint" ->
                    text(exchange, sign(claims(params), "true".equals(params.get("forged")) ? forger : key));
                default -> text(exchange, 404, "no such endpoint: " + path);
            }
        } catch (JoseException | RuntimeException e) {
            text(exchange, 500, String.valueOf(e));
        }
    }

    private String discovery() {
        return "{\"issuer\":\"" + issuer + "\",\"authorization_endpoint\":\"" + issuer + "/auth\",\"token_endpoint\":\""
                + issuer + "/token\",\"jwks_uri\":\"" + issuer + "/jwks\",\"response_types_supported\":[\"code\"],"
                + "\"subject_types_supported\":[\"public\"],\"id_token_signing_alg_values_supported\":[\"RS256\"],"
                + "\"token_endpoint_auth_methods_supported\":[\"client_secret_basic\",\"client_secret_post\"]}";
    }

    /** The provider's login page: who signs in, and their roles (a real provider knows them; here the test says). */
    private static String loginForm(Map<String, String> p) {
        StringBuilder b = new StringBuilder("<html><body><form method=\"post\" action=\"login\">");
        for (String hidden : List.of("redirect_uri", "state", "nonce", "client_id")) {
            b.append("<input type=\"hidden\" name=\"")
                    .append(hidden)
                    .append("\" value=\"")
                    .append(p.getOrDefault(hidden, ""))
                    .append("\">");
        }
        return b.append("<input name=\"username\"><input name=\"roles\"></form></body></html>")
                .toString();
    }

    private void login(HttpExchange exchange, Map<String, String> p) throws IOException {
        String code = UUID.randomUUID().toString();
        codes.put(code, p);
        String to = p.get("redirect_uri") + (p.get("redirect_uri").contains("?") ? "&" : "?") + "code=" + code
                + "&state=" + URLEncoder.encode(p.getOrDefault("state", ""), StandardCharsets.UTF_8);
        exchange.getResponseHeaders().add("Location", to);
        exchange.sendResponseHeaders(302, -1);
    }

    private void token(HttpExchange exchange, Map<String, String> p) throws IOException, JoseException {
        String basic = exchange.getRequestHeaders().getFirst("Authorization");
        String expected = "Basic "
                + Base64.getEncoder()
                        .encodeToString((CLIENT_ID + ":" + CLIENT_SECRET).getBytes(StandardCharsets.UTF_8));
        boolean client = expected.equals(basic)
                || CLIENT_ID.equals(p.get("client_id")) && CLIENT_SECRET.equals(p.get("client_secret"));
        Map<String, String> login = codes.remove(p.getOrDefault("code", ""));
        if (!client || login == null || !"authorization_code".equals(p.get("grant_type"))) {
            json(exchange, 400, "{\"error\":\"invalid_grant\"}");
            return;
        }
        Map<String, String> who = new HashMap<>(login);
        who.put("user", login.get("username"));
        JwtClaims id = claims(who);
        id.setAudience(CLIENT_ID);
        if (login.get("nonce") != null && !login.get("nonce").isEmpty()) {
            id.setClaim("nonce", login.get("nonce"));
        }
        json(
                exchange,
                200,
                "{\"access_token\":\"" + sign(claims(who), key) + "\",\"id_token\":\"" + sign(id, key)
                        + "\",\"token_type\":\"Bearer\",\"expires_in\":300}");
    }

    private JwtClaims claims(Map<String, String> p) {
        JwtClaims c = new JwtClaims();
        c.setIssuer(issuer);
        String user = p.getOrDefault("user", "someone");
        c.setSubject("sub-" + user);
        if (!"true".equals(p.get("no-name"))) {
            c.setClaim("preferred_username", user);
        }
        c.setClaim("azp", CLIENT_ID);
        String roles = p.getOrDefault("roles", "");
        c.setStringListClaim(
                "roles",
                roles.isBlank()
                        ? List.of()
                        : Arrays.stream(roles.split(",")).map(String::strip).toList());
        long now = System.currentTimeMillis() / 1000;
        long expiresIn = Long.parseLong(p.getOrDefault("expires-in", "300"));
        c.setClaim("iat", Math.min(now, now + expiresIn - 60));
        c.setClaim("exp", now + expiresIn);
        c.setGeneratedJwtId();
        return c;
    }

    private static String sign(JwtClaims claims, RsaJsonWebKey key) throws JoseException {
        JsonWebSignature jws = new JsonWebSignature();
        jws.setPayload(claims.toJson());
        jws.setKey(key.getPrivateKey());
        jws.setKeyIdHeaderValue(key.getKeyId());
        jws.setAlgorithmHeaderValue(AlgorithmIdentifiers.RSA_USING_SHA256);
        return jws.getCompactSerialization();
    }

    private static Map<String, String> form(String raw) {
        Map<String, String> m = new LinkedHashMap<>();
        if (raw == null || raw.isEmpty()) {
            return m;
        }
        for (String pair : raw.split("&")) {
            int eq = pair.indexOf('=');
            String k = URLDecoder.decode(eq < 0 ? pair : pair.substring(0, eq), StandardCharsets.UTF_8);
            String v = eq < 0 ? "" : URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8);
            m.put(k, v);
        }
        return m;
    }

    private static void json(HttpExchange exchange, int status, String body) throws IOException {
        send(exchange, status, "application/json", body);
    }

    private static void html(HttpExchange exchange, String body) throws IOException {
        send(exchange, 200, "text/html; charset=utf-8", body);
    }

    private static void text(HttpExchange exchange, String body) throws IOException {
        send(exchange, 200, "text/plain", body);
    }

    private static void text(HttpExchange exchange, int status, String body) throws IOException {
        send(exchange, status, "text/plain", body);
    }

    private static void send(HttpExchange exchange, int status, String type, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().add("Content-Type", type);
        exchange.getResponseHeaders().add("Cache-Control", "no-store");
        exchange.sendResponseHeaders(status, bytes.length);
        exchange.getResponseBody().write(bytes);
    }
}
