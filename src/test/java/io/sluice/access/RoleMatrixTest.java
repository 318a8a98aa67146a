package io.sluice.access;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import io.sluice.identity.Action;
import io.sluice.identity.Grant;
import io.sluice.identity.Role;
import io.sluice.testing.AuthOnProfile;
import io.sluice.testing.CsrfForTests;
import io.sluice.testing.PageLogin;
import jakarta.inject.Inject;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import java.io.IOException;
import java.lang.reflect.Method;
import java.net.HttpURLConnection;
import java.net.URL;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeSet;
import java.util.UUID;
import java.util.function.Supplier;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.Test;

/**
 * Every route of the API and the pages (found by reflection over the JAX-RS resources of {@code io.sluice.api},
 * {@code io.sluice.web} and {@code io.sluice.mcp}, plus the {@code /q} tools and the static files), asked by every kind of caller: no credentials,
 * a bad token, an expired token, a revoked token, a viewer, an operator, an admin, an operator of the tested assets'
 * group only, an operator of another group, and a viewer's page session. Each route has a rule in {@link #RULES}: open
 * to all, any authenticated user (one's own tokens and password), or an {@link Action}, whose least role and scoping
 * say who may. A route without a rule, or a rule without a route, fails the test.
 */
@QuarkusTest
@TestProfile(AuthOnProfile.class)
class RoleMatrixTest {

    /** The group of the tested assets ({@code test/...}) and one that holds none of them. */
    private static final String GROUP = "test";

    private static final String OTHER_GROUP = "finance";

    /** What a route needs. */
    record Need(String kind, Action action) {
        static final Need PUBLIC = new Need("public", null);
        static final Need SELF = new Need("self", null);

        static Need of(Action action) {
            return new Need("action", action);
        }

        @Override
        public String toString() {
            return action == null ? kind : action.name();
        }
    }

    /** Who asks. */
    record Credential(String name, Role role, Optional<String> group, String bearer, String session) {

        boolean authenticated() {
            return role != null;
        }

        /** Whether this caller may do what {@code need} says. */
        boolean may(Need need) {
            if (need == Need.PUBLIC) {
                return true;
            }
            if (!authenticated()) {
                return false;
            }
            if (need == Need.SELF) {
                return true;
            }
            Action a = need.action();
            if (!role.covers(a.needs())) {
                return false;
            }
            // READ: any grant; a scoped action: a grant of the touched asset's group (all samples touch group test);
            // any other: a grant for every group
            return a == Action.READ
                    || group.isEmpty()
                    || a.scoped() && group.get().equals(GROUP);
        }
    }

    /** One request of a route: its path with parameters filled in, and a body. */
    record Sample(Need need, String path, Supplier<String> body, ContentType type, Supplier<Object> stored) {}

    /** A route as its resource declares it: method and path template (parameter regexes left out). */
    record Route(String method, String path, String produces) implements Comparable<Route> {
        @Override
        public int compareTo(Route o) {
            return Comparator.comparing(Route::path)
                    .thenComparing(Route::method)
                    .compare(this, o);
        }

        String key() {
            return method + " " + path;
        }
    }

    private static final Need READ = Need.of(Action.READ);

    /**
     * The rule of every route. Add a route's rule here when adding the route: {@code PUBLIC} (no login), {@code SELF}
     * (any authenticated user, acting on their own tokens or password), else the {@link Action} the route's command
     * requires.
     */
    static final Map<String, Need> RULES = new LinkedHashMap<>();

    static {
        // the API
        rule("GET /api/assets", READ);
        rule("GET /api/assets/{key}", READ);
        rule("GET /api/assets/{key}/keys", READ);
        rule("GET /api/assets/{key}/partitions", READ);
        rule("GET /api/assets/{key}/rollback", READ);
        rule("POST /api/assets/{key}/rollback", Need.of(Action.ROLLBACK));
        rule("GET /api/audit", READ);
        rule("GET /api/automation", READ);
        rule("GET /api/backfills", READ);
        rule("POST /api/backfills", Need.of(Action.LAUNCH));
        rule("POST /api/backfills/preview", READ);
        rule("GET /api/backfills/{id}", READ);
        rule("POST /api/backfills/{id}/cancel", Need.of(Action.STEER));
        rule("POST /api/backfills/{id}/pause", Need.of(Action.STEER));
        rule("POST /api/backfills/{id}/resume", Need.of(Action.STEER));
        rule("POST /api/backfills/{id}/retry-failed", Need.of(Action.LAUNCH));
        rule("GET /api/alerts", READ);
        rule("GET /api/alerts/channels", READ);
        rule("GET /api/alerts/rules", READ);
        rule("PUT /api/alerts/rules/{name}", Need.of(Action.EDIT_ALERT_RULES));
        rule("DELETE /api/alerts/rules/{name}/edit", Need.of(Action.EDIT_ALERT_RULES));
        rule("GET /api/lake/tables", READ);
        rule("GET /api/lake/tables/{name}", READ);
        rule("GET /api/lake/tables/{name}/changes", READ);
        rule("GET /api/lake/tables/{name}/rows", READ);
        rule("GET /api/nodes", READ);
        rule("GET /api/nodes/{id}", READ);
        rule("POST /api/nodes/{id}/drain", Need.of(Action.MANAGE_NODES));
        rule("POST /api/nodes/{id}/resume", Need.of(Action.MANAGE_NODES));
        rule("GET /api/partitions", READ);
        rule("GET /api/partitions/{name}/keys", READ);
        rule("POST /api/partitions/{name}/keys", Need.of(Action.ADD_PARTITIONS));
        rule("DELETE /api/partitions/{name}/keys", Need.of(Action.REMOVE_PARTITIONS));
        rule("GET /api/pools", READ);
        rule("PUT /api/pools/{name}", Need.of(Action.SET_POOL_LIMITS));
        rule("DELETE /api/pools/{name}", Need.of(Action.SET_POOL_LIMITS));
        rule("GET /api/runs", READ);
        rule("POST /api/runs", Need.of(Action.LAUNCH));
        rule("POST /api/runs/preview", READ);
        rule("GET /api/runs/{id}", READ);
        rule("POST /api/runs/{id}/cancel", Need.of(Action.STEER));
        rule("GET /api/runs/{id}/checks", READ);
        rule("GET /api/runs/{id}/logs", READ);
        rule("POST /api/runs/{id}/reexecute", Need.of(Action.LAUNCH));
        rule("GET /api/schedules", READ);
        rule("GET /api/schedules/{name}", READ);
        rule("POST /api/schedules/{name}/start", Need.of(Action.SWITCH_AUTOMATION));
        rule("POST /api/schedules/{name}/stop", Need.of(Action.SWITCH_AUTOMATION));
        rule("GET /api/schedules/{name}/ticks", READ);
        rule("GET /api/sensors", READ);
        rule("GET /api/sensors/{name}", READ);
        rule("POST /api/sensors/{name}/start", Need.of(Action.SWITCH_AUTOMATION));
        rule("POST /api/sensors/{name}/stop", Need.of(Action.SWITCH_AUTOMATION));
        rule("GET /api/sensors/{name}/ticks", READ);
        rule("GET /api/me", Need.SELF);
        rule("POST /mcp", READ);
        rule("GET /mcp", READ);
        rule("DELETE /mcp", READ);
        rule("GET /api/tokens", Need.SELF);
        rule("POST /api/tokens", Need.SELF);
        rule("DELETE /api/tokens/{id}", Need.SELF);
        rule("GET /api/users", Need.of(Action.MANAGE_ACCESS));
        rule("POST /api/users", Need.of(Action.MANAGE_ACCESS));
        rule("POST /api/users/{name}/disable", Need.of(Action.MANAGE_ACCESS));
        rule("POST /api/users/{name}/enable", Need.of(Action.MANAGE_ACCESS));
        rule("PUT /api/users/{name}/grants", Need.of(Action.MANAGE_ACCESS));
        rule("POST /api/users/{name}/password-reset", Need.of(Action.MANAGE_ACCESS));
        rule("GET /account/tokens", Need.SELF);
        rule("POST /account/tokens", Need.SELF);
        rule("POST /account/tokens/{id}/revoke", Need.SELF);
        rule("GET /admin/users", Need.of(Action.MANAGE_ACCESS));
        rule("POST /admin/users", Need.of(Action.MANAGE_ACCESS));
        rule("POST /admin/users/{name}/roles", Need.of(Action.MANAGE_ACCESS));
        rule("POST /admin/users/{name}/disable", Need.of(Action.MANAGE_ACCESS));
        rule("POST /admin/users/{name}/enable", Need.of(Action.MANAGE_ACCESS));
        rule("POST /admin/users/{name}/password-reset", Need.of(Action.MANAGE_ACCESS));
        rule("POST /admin/tokens/{id}/revoke", Need.of(Action.MANAGE_ACCESS));
        // the pages, their fragments, the stream and the export
        rule("GET /", READ);
        rule("GET /alerts", READ);
        rule("POST /alerts/rules/{name}/edit", Need.of(Action.EDIT_ALERT_RULES));
        rule("POST /alerts/rules/{name}/reset", Need.of(Action.EDIT_ALERT_RULES));
        rule("POST /alerts/rules/{name}/switch", Need.of(Action.EDIT_ALERT_RULES));
        rule("GET /assets", READ);
        rule("GET /assets/{key}", READ);
        rule("GET /audit", READ);
        rule("GET /audit.csv", READ);
        rule("GET /automation", READ);
        rule("POST /automation/{kind}/{name}/{action}", Need.of(Action.SWITCH_AUTOMATION));
        rule("GET /backfills", READ);
        rule("GET /backfills/{id}", READ);
        rule("POST /backfills/{id}/{action}", Need.of(Action.STEER));
        rule("GET /backfills/{id}/live", READ);
        rule("GET /data", READ);
        rule("GET /data/{table}", READ);
        rule("GET /data/{table}/rollback", READ);
        rule("POST /data/{table}/rollback", Need.of(Action.ROLLBACK));
        rule("GET /launch", READ);
        rule("POST /launch", Need.of(Action.LAUNCH));
        rule("GET /lineage", READ);
        rule("GET /login", Need.PUBLIC);
        rule("POST /login", Need.PUBLIC);
        rule("GET /login/sso", Need.PUBLIC);
        rule("POST /logout", Need.SELF);
        rule("GET /partitions", READ);
        rule("POST /partitions/{name}/add", Need.of(Action.ADD_PARTITIONS));
        rule("POST /partitions/{name}/remove", Need.of(Action.REMOVE_PARTITIONS));
        rule("GET /password", Need.SELF);
        rule("POST /password", Need.SELF);
        rule("GET /pools", READ);
        rule("POST /pools", Need.of(Action.SET_POOL_LIMITS));
        rule("POST /pools/{name}/limit", Need.of(Action.SET_POOL_LIMITS));
        rule("POST /pools/{name}/remove", Need.of(Action.SET_POOL_LIMITS));
        rule("GET /runs", READ);
        rule("GET /runs/{id}", READ);
        rule("POST /runs/{id}/cancel", Need.of(Action.STEER));
        rule("GET /runs/{id}/live", READ);
        rule("GET /runs/{id}/log/stream", READ);
        rule("POST /runs/{id}/reexecute", Need.of(Action.LAUNCH));
        rule("GET /ui/backfills", READ);
        rule("POST /ui/backfills/{id}/{action}", Need.of(Action.STEER));
        rule("GET /ui/keys", READ);
        rule("POST /ui/launch", Need.of(Action.LAUNCH));
        rule("GET /ui/lineage.json", READ);
        rule("GET /ui/overview/automation", READ);
        rule("GET /ui/overview/nodes", READ);
        rule("GET /ui/runs", READ);
        rule("GET /ui/schedules", READ);
        rule("POST /ui/schedules/{name}/start", Need.of(Action.SWITCH_AUTOMATION));
        rule("POST /ui/schedules/{name}/stop", Need.of(Action.SWITCH_AUTOMATION));
        rule("GET /ui/sensors", READ);
        rule("POST /ui/sensors/{name}/{action}", Need.of(Action.SWITCH_AUTOMATION));
    }

    /** Routes outside the JAX-RS resources: the {@code /q} tools on the main port and the static files. */
    static final Map<String, Need> OTHER_ROUTES = Map.of(
            "GET /q/openapi",
            READ,
            "GET /q/swagger-ui/",
            READ,
            "GET /static/sluice.css",
            Need.PUBLIC,
            "GET /favicon.ico",
            Need.PUBLIC);

    private static void rule(String route, Need need) {
        if (RULES.put(route, need) != null) {
            throw new IllegalStateException("two rules for " + route);
        }
    }

    /** Every route of the API and the pages, by reflection over their JAX-RS resources. */
    static List<Route> routes() {
        TreeSet<Route> routes = new TreeSet<>();
        for (Class<?> type : classes("io.sluice.api", "io.sluice.web", "io.sluice.mcp")) {
            Path root = type.getAnnotation(Path.class);
            Produces classProduces = type.getAnnotation(Produces.class);
            for (Method m : type.getDeclaredMethods()) {
                String method = m.isAnnotationPresent(GET.class)
                        ? "GET"
                        : m.isAnnotationPresent(POST.class)
                                ? "POST"
                                : m.isAnnotationPresent(PUT.class)
                                        ? "PUT"
                                        : m.isAnnotationPresent(DELETE.class) ? "DELETE" : null;
                if (method == null) {
                    continue;
                }
                Path sub = m.getAnnotation(Path.class);
                String path = "/" + (root == null ? "" : root.value()) + "/" + (sub == null ? "" : sub.value());
                path = path.replaceAll("\\{\\s*(\\w+)\\s*:[^/}]*(?:/[^/}]*)*}", "{$1}")
                        .replaceAll("/+", "/")
                        .replaceAll("(.)/$", "$1");
                Produces p = m.isAnnotationPresent(Produces.class) ? m.getAnnotation(Produces.class) : classProduces;
                routes.add(new Route(method, path, p == null ? "*/*" : p.value()[0]));
            }
        }
        return new ArrayList<>(routes);
    }

    /** The classes of the application's packages, read from the compiled classes' directory. */
    private static List<Class<?>> classes(String... packages) {
        List<Class<?>> found = new ArrayList<>();
        for (String p : packages) {
            java.nio.file.Path dir = java.nio.file.Path.of("target/classes", p.split("\\."));
            try (var files = java.nio.file.Files.list(dir)) {
                for (java.nio.file.Path f :
                        files.filter(f -> f.toString().endsWith(".class")).toList()) {
                    String name = f.getFileName().toString();
                    found.add(Class.forName(
                            p + "." + name.substring(0, name.length() - ".class".length()),
                            false,
                            Thread.currentThread().getContextClassLoader()));
                }
            } catch (IOException | ClassNotFoundException e) {
                throw new IllegalStateException("cannot read the classes of " + p, e);
            }
        }
        assertThat(found).as("classes of %s", List.of(packages)).isNotEmpty();
        return found;
    }

    @Test
    void everyRouteHasARuleAndEveryRuleARoute() {
        List<String> found = routes().stream().map(Route::key).toList();
        assertThat(found).as("the sweep finds the routes").hasSizeGreaterThan(90);
        SoftAssertions rules = new SoftAssertions();
        rules.assertThat(found.stream().filter(r -> !RULES.containsKey(r)).toList())
                .as("routes without a rule: add each to RoleMatrixTest.RULES with what it needs (PUBLIC, SELF or the"
                        + " Action its command requires)")
                .isEmpty();
        rules.assertThat(RULES.keySet().stream().filter(r -> !found.contains(r)).toList())
                .as("rules of routes that no longer exist: remove them from RoleMatrixTest.RULES")
                .isEmpty();
        rules.assertAll();
    }

    // ---- the callers and the entities the samples name ----

    @Inject
    UserStore users;

    @Inject
    TokenStore tokenStore;

    @Inject
    Tokens tokens;

    @TestHTTPResource("/")
    URL base;

    private final PageLogin client = PageLogin.from("10.7.");
    private String admin;
    private String run;
    private String landedRun;
    private String backfill;
    private String table;
    private String sensor;

    private String user(String name, List<Grant> grants, String password) {
        users.create(new User(name, Passwords.hash(password), grants, false, Instant.now(), Optional.empty()));
        return name;
    }

    private String token(String user, List<Grant> grants) {
        return tokens.issue(user, "matrix", grants, Instant.now().plus(Duration.ofDays(1)))
                .secret();
    }

    private String login(String user, String password) {
        return client.session(user, password);
    }

    private RequestSpecification asAdmin() {
        return given().header("Authorization", "Bearer " + admin);
    }

    private String newest(String list) {
        List<String> ids = asAdmin()
                .get(list + (list.contains("?") ? "&" : "?") + "limit=1")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath()
                .getList("id", String.class);
        return ids.isEmpty() ? "" : ids.get(0);
    }

    private String launch(String asset) {
        return asAdmin()
                .contentType(ContentType.JSON)
                .body("{\"assets\":[\"" + asset + "\"]}")
                .post("/api/runs")
                .then()
                .statusCode(201)
                .extract()
                .path("id");
    }

    private void awaitEnded(String id) {
        Instant deadline = Instant.now().plus(Duration.ofSeconds(60));
        while (Instant.now().isBefore(deadline)) {
            String status = asAdmin().get("/api/runs/" + id).then().extract().path("status");
            if (List.of("SUCCESS", "FAILURE", "CANCELED", "SKIPPED").contains(status)) {
                return;
            }
            try {
                Thread.sleep(50); // a setup run of the lake table, not a timed assertion
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    private List<Credential> callers() {
        String suffix = UUID.randomUUID().toString().substring(0, 6);
        String viewerPassword = "viewer-password-" + UUID.randomUUID();
        String viewer = user("mx-viewer-" + suffix, List.of(Grant.everywhere(Role.VIEWER)), viewerPassword);
        String operator = user("mx-operator-" + suffix, List.of(Grant.everywhere(Role.OPERATOR)), "pw-" + suffix);
        String groupOperator =
                user("mx-tester-" + suffix, List.of(Grant.inGroup(Role.OPERATOR, GROUP)), "pw-" + UUID.randomUUID());
        String otherOperator = user(
                "mx-finance-" + suffix, List.of(Grant.inGroup(Role.OPERATOR, OTHER_GROUP)), "pw-" + UUID.randomUUID());

        String adminSession = login("admin", AuthOnProfile.ADMIN_PASSWORD);
        admin = given().cookie("sluice_session", adminSession)
                .contentType(ContentType.JSON)
                .body("{\"name\":\"matrix-admin\",\"role\":\"admin\"}")
                .post("/api/tokens")
                .then()
                .statusCode(201)
                .extract()
                .path("secret");
        Response revocable = asAdmin()
                .contentType(ContentType.JSON)
                .body("{\"name\":\"matrix-revoked\",\"role\":\"admin\"}")
                .post("/api/tokens");
        revocable.then().statusCode(201);
        asAdmin().delete("/api/tokens/" + revocable.path("token.id")).then().statusCode(200);
        String expired = "sluice_" + Secrets.random();
        Instant past = Instant.now().minus(Duration.ofDays(2));
        tokenStore.create(new StoredToken(
                Secrets.id(),
                Secrets.sha256(expired),
                "admin",
                "matrix-expired",
                List.of(Grant.everywhere(Role.ADMIN)),
                past,
                past.plus(Duration.ofDays(1)),
                Optional.empty(),
                Optional.empty()));

        return List.of(
                new Credential("none", null, Optional.empty(), null, null),
                new Credential("garbage", null, Optional.empty(), "garbage", null),
                new Credential("expired", null, Optional.empty(), expired, null),
                new Credential("revoked", null, Optional.empty(), revocable.path("secret"), null),
                new Credential(
                        "viewer",
                        Role.VIEWER,
                        Optional.empty(),
                        token(viewer, List.of(Grant.everywhere(Role.VIEWER))),
                        null),
                new Credential(
                        "operator",
                        Role.OPERATOR,
                        Optional.empty(),
                        token(operator, List.of(Grant.everywhere(Role.OPERATOR))),
                        null),
                new Credential("admin", Role.ADMIN, Optional.empty(), admin, null),
                new Credential(
                        "op:" + GROUP,
                        Role.OPERATOR,
                        Optional.of(GROUP),
                        token(groupOperator, List.of(Grant.inGroup(Role.OPERATOR, GROUP))),
                        null),
                new Credential(
                        "op:" + OTHER_GROUP,
                        Role.OPERATOR,
                        Optional.of(OTHER_GROUP),
                        token(otherOperator, List.of(Grant.inGroup(Role.OPERATOR, OTHER_GROUP))),
                        null),
                new Credential("viewer-page", Role.VIEWER, Optional.empty(), null, login(viewer, viewerPassword)));
    }

    /** The entities the samples name, made as an admin, so that each check is reached rather than a 404. */
    private void entities() {
        landedRun = launch("test/landed");
        awaitEnded(landedRun);
        run = launch("test/flaky");
        awaitEnded(run);
        backfill = asAdmin()
                .contentType(ContentType.JSON)
                .body("{\"assets\":[\"test/daily\"],\"partitions\":[\"2024-02-01\",\"2024-02-02\"]}")
                .post("/api/backfills")
                .then()
                .statusCode(201)
                .extract()
                .path("backfill.id");
        table = asAdmin()
                .get("/api/lake/tables")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath()
                .getList("findAll { it.asset == 'test/landed' }.name", String.class)
                .stream()
                .findFirst()
                .orElseThrow(() -> new AssertionError("no lake table of test/landed"));
        sensor =
                asAdmin()
                        .get("/api/sensors")
                        .then()
                        .statusCode(200)
                        .extract()
                        .jsonPath()
                        .getList("name", String.class)
                        .stream()
                        .findFirst()
                        .orElseThrow(() -> new AssertionError("no sensor"));
    }

    /** The id of a fresh token of admin's, for a revoke route to aim at. */
    private static String adminTokenId(Tokens tokens, String name) {
        return tokens.issue("admin", name, List.of(), Instant.now().plus(Duration.ofDays(1)))
                .token()
                .id();
    }

    private static Supplier<String> fixed(String body) {
        return () -> body;
    }

    private static Supplier<String> none() {
        return () -> null;
    }

    private static Supplier<String> unique(String format) {
        return () -> format.formatted(UUID.randomUUID().toString().substring(0, 8));
    }

    /** A request for each route, with real entities in its path; mutating ones use throwaway entities. */
    private Map<String, Sample> samples() {
        Map<String, Sample> s = new LinkedHashMap<>();
        ContentType json = ContentType.JSON;
        ContentType form = ContentType.URLENC;
        Supplier<Object> runsStored = () -> newest("/api/runs");
        Supplier<Object> backfillsStored = () -> newest("/api/backfills");
        Supplier<Object> poolsStored = () -> asAdmin().get("/api/pools").asString();
        Supplier<Object> usersStored =
                () -> asAdmin().get("/api/users").jsonPath().getList("name").size();
        String launchBody = "{\"assets\":[\"test/flaky\"],\"reason\":\"matrix\"}";
        String backfillBody = "{\"assets\":[\"test/daily\"],\"partitions\":[\"2024-03-01\"],\"reason\":\"matrix\"}";
        String node = asAdmin().get("/api/nodes").jsonPath().getString("[0].id");
        RULES.forEach((route, need) -> {
            String method = route.substring(0, route.indexOf(' '));
            String path = route.substring(route.indexOf(' ') + 1)
                    .replace("/api/assets/{key}/rollback", "/api/assets/test/landed/rollback")
                    .replace("{key}", "test/flaky")
                    .replace("/runs/{id}", "/runs/" + run)
                    .replace("/backfills/{id}", "/backfills/" + backfill)
                    .replace("/api/lake/tables/{name}", "/api/lake/tables/" + table)
                    .replace("{table}", table)
                    .replace("/alerts/rules/{name}", "/alerts/rules/form-adv-failures")
                    .replace("/partitions/{name}", "/partitions/test_regions")
                    .replace("/pools/{name}", "/pools/matrix-pool")
                    .replace("/nodes/{id}", "/nodes/" + node)
                    .replace("/schedules/{name}", "/schedules/test_yearly")
                    .replace("/sensors/{name}", "/sensors/" + sensor)
                    .replace("/automation/{kind}/{name}/{action}", "/automation/schedules/test_yearly/stop")
                    .replace("/sensors/" + sensor + "/{action}", "/sensors/" + sensor + "/stop")
                    .replace("/{action}", "/pause")
                    .replace("/users/{name}", "/users/mx-target");
            s.put(route, new Sample(need, path, none(), null, null));
        });
        filled = s;
        // a node that is not stored: the matrix must not drain the node that answers it
        s.put(
                "POST /api/nodes/{id}/drain",
                sample("POST /api/nodes/{id}/drain", "/api/nodes/matrix-no-node/drain", none(), null, null));
        s.put(
                "POST /api/nodes/{id}/resume",
                sample("POST /api/nodes/{id}/resume", "/api/nodes/matrix-no-node/resume", none(), null, null));
        s.put(
                "POST /api/assets/{key}/rollback",
                sample(
                        "POST /api/assets/{key}/rollback",
                        "/api/assets/test/landed/rollback",
                        fixed("{\"toRun\":\"" + landedRun + "\",\"reason\":\"matrix\"}"),
                        json,
                        runsStored));
        s.put("POST /api/backfills", sample("POST /api/backfills", null, fixed(backfillBody), json, backfillsStored));
        s.put(
                "POST /api/backfills/preview",
                sample("POST /api/backfills/preview", null, fixed(backfillBody), json, null));
        s.put(
                "POST /api/partitions/{name}/keys",
                sample("POST /api/partitions/{name}/keys", null, fixed("{\"keys\":[\"matrix-region\"]}"), json, null));
        s.put(
                "DELETE /api/partitions/{name}/keys",
                sample(
                        "DELETE /api/partitions/{name}/keys",
                        null,
                        fixed("{\"keys\":[\"matrix-region\"]}"),
                        json,
                        null));
        s.put(
                "PUT /api/pools/{name}",
                sample(
                        "PUT /api/pools/{name}",
                        null,
                        fixed("{\"limit\":2,\"allowUndeclared\":true,\"reason\":\"matrix\"}"),
                        json,
                        poolsStored));
        s.put(
                "PUT /api/alerts/rules/{name}",
                sample("PUT /api/alerts/rules/{name}", null, fixed("{\"enabled\":true}"), json, null));
        s.put(
                "POST /alerts/rules/{name}/switch",
                sample("POST /alerts/rules/{name}/switch", null, fixed("enabled=true"), form, null));
        s.put(
                "POST /alerts/rules/{name}/edit",
                sample("POST /alerts/rules/{name}/edit", null, fixed("windowMinutes=60"), form, null));
        s.put("POST /api/runs", sample("POST /api/runs", null, fixed(launchBody), json, runsStored));
        s.put("POST /api/runs/preview", sample("POST /api/runs/preview", null, fixed(launchBody), json, null));
        s.put("POST /api/runs/{id}/reexecute", sample("POST /api/runs/{id}/reexecute", null, none(), null, runsStored));
        s.put(
                "POST /api/tokens",
                sample("POST /api/tokens", null, unique("{\"name\":\"matrix-%s\",\"role\":\"viewer\"}"), json, null));
        s.put(
                "DELETE /api/tokens/{id}",
                sample(
                        "DELETE /api/tokens/{id}",
                        "/api/tokens/"
                                + tokens.issue(
                                                "admin",
                                                "matrix-target",
                                                List.of(),
                                                Instant.now().plus(Duration.ofDays(1)))
                                        .token()
                                        .id(),
                        none(),
                        null,
                        null));
        s.put(
                "POST /api/users",
                sample(
                        "POST /api/users",
                        null,
                        unique("{\"name\":\"mx-new-%s\",\"grants\":[\"viewer\"]}"),
                        json,
                        usersStored));
        s.put(
                "POST /account/tokens",
                sample("POST /account/tokens", null, unique("name=matrix-page-%s&role=viewer"), form, null));
        s.put(
                "POST /account/tokens/{id}/revoke",
                sample(
                        "POST /account/tokens/{id}/revoke",
                        "/account/tokens/" + adminTokenId(tokens, "matrix-page-target") + "/revoke",
                        none(),
                        form,
                        null));
        s.put(
                "POST /admin/tokens/{id}/revoke",
                sample(
                        "POST /admin/tokens/{id}/revoke",
                        "/admin/tokens/" + adminTokenId(tokens, "matrix-admin-target") + "/revoke",
                        none(),
                        form,
                        null));
        s.put(
                "POST /admin/users",
                sample("POST /admin/users", null, unique("name=mx-page-%s&roles=viewer"), form, usersStored));
        s.put(
                "POST /admin/users/{name}/roles",
                sample("POST /admin/users/{name}/roles", null, fixed("roles=viewer"), form, null));
        s.put(
                "PUT /api/users/{name}/grants",
                sample("PUT /api/users/{name}/grants", null, fixed("{\"grants\":[\"viewer\"]}"), json, null));
        s.put(
                "POST /automation/{kind}/{name}/{action}",
                sample("POST /automation/{kind}/{name}/{action}", null, fixed("reason=matrix"), form, null));
        s.put(
                "POST /data/{table}/rollback",
                sample(
                        "POST /data/{table}/rollback",
                        null,
                        fixed("toRun=" + landedRun + "&reason=matrix"),
                        form,
                        runsStored));
        s.put("POST /launch", sample("POST /launch", null, fixed("asset=test/flaky&as=run"), form, runsStored));
        s.put("POST /ui/launch", sample("POST /ui/launch", null, fixed("asset=test/flaky&as=run"), form, runsStored));
        s.put(
                "POST /partitions/{name}/add",
                sample("POST /partitions/{name}/add", null, fixed("keys=matrix-page-region"), form, null));
        s.put(
                "POST /partitions/{name}/remove",
                sample(
                        "POST /partitions/{name}/remove",
                        null,
                        fixed("key=matrix-page-region&confirm=yes"),
                        form,
                        null));
        s.put("POST /pools", sample("POST /pools", null, fixed("name=matrix-page-pool&limit=3"), form, poolsStored));
        s.put("POST /pools/{name}/limit", sample("POST /pools/{name}/limit", null, fixed("limit=4"), form, null));
        s.put(
                "POST /runs/{id}/reexecute",
                sample("POST /runs/{id}/reexecute", null, fixed("scope=ALL"), form, runsStored));
        s.put("POST /password", sample("POST /password", null, fixed("current=wrong"), form, null));
        s.put("POST /login", sample("POST /login", null, fixed("user=nobody"), form, null));
        return s;
    }

    private Map<String, Sample> filled;

    /** The sample of {@code route} with a body; its path as {@link #samples} filled it in unless given. */
    private Sample sample(String route, String path, Supplier<String> body, ContentType type, Supplier<Object> stored) {
        return new Sample(
                RULES.get(route), path != null ? path : filled.get(route).path(), body, type, stored);
    }

    /** One row of the matrix: what was expected and what came back. */
    record Cell(String route, String caller, String expected, int status, String problem) {}

    @Test
    void everyRouteAnswersEveryCallerAsItsRuleSays() throws IOException {
        List<Credential> callers = callers();
        users.create(new User(
                "mx-target",
                Passwords.hash("target-password-" + UUID.randomUUID()),
                List.of(Grant.everywhere(Role.VIEWER)),
                false,
                Instant.now(),
                Optional.empty()));
        entities();
        Map<String, Sample> all = samples();

        Map<String, Route> found = new LinkedHashMap<>();
        routes().forEach(r -> found.put(r.key(), r));
        OTHER_ROUTES.forEach((route, need) -> {
            String[] parts = route.split(" ");
            found.put(route, new Route(parts[0], parts[1], "text/html"));
            all.put(route, new Sample(need, parts[1], none(), null, null));
        });
        // logging out ends the page session: last
        List<String> order = new ArrayList<>(found.keySet());
        order.remove("POST /logout");
        order.add("POST /logout");

        List<Cell> wrong = new ArrayList<>();
        int asked = 0;
        for (String key : order) {
            Route route = found.get(key);
            Sample sample = all.get(key);
            if (sample == null) {
                continue; // a route without a rule: everyRouteHasARuleAndEveryRuleARoute says so
            }
            for (Credential c : callers) {
                boolean allowed = c.may(sample.need());
                Object before =
                        !allowed && sample.stored() != null ? sample.stored().get() : null;
                Answer answer = ask(route, sample, c);
                asked++;
                String expected = expected(route, sample, c);
                if (!answer.matches(expected)) {
                    wrong.add(new Cell(key, c.name(), expected, answer.status(), answer.detail()));
                } else if (expected.equals("403")
                        && !route.path().startsWith("/api")
                        && !route.method().equals("GET")
                        && !String.valueOf(answer.contentType()).startsWith("text/html")) {
                    // a page's form or button: a readable page (or the form's own message) saying why
                    wrong.add(new Cell(key, c.name(), "403 page", answer.status(), answer.contentType()));
                }
                if (before != null && !Objects.equals(before, sample.stored().get())) {
                    wrong.add(new Cell(key, c.name(), "nothing stored", answer.status(), "but it stored something"));
                }
            }
        }
        assertThat(asked).isGreaterThan(900);
        assertThat(wrong).as(() -> matrix(wrong)).isEmpty();
    }

    /** What {@code c} should get: "allowed" (any status but 401, 403 and 5xx), "401", "403", or "login" (303). */
    private static String expected(Route route, Sample sample, Credential c) {
        if (c.may(sample.need())) {
            return "allowed";
        }
        if (!c.authenticated()) {
            // a browser asking for a page, or posting a page's form, is sent to the login page
            boolean page = !route.path().startsWith("/api") && route.produces().startsWith("text/html");
            return page ? "login" : "401";
        }
        return "403";
    }

    record Answer(int status, String location, String contentType, String detail) {
        boolean matches(String expected) {
            return switch (expected) {
                case "allowed" -> status != 401 && status != 403 && status < 500;
                case "login" -> status == 303 && location != null && location.startsWith("/login?next=");
                case "401" ->
                    status == 401 && contentType != null && contentType.startsWith("application/problem+json");
                case "403" -> status == 403;
                default -> false;
            };
        }
    }

    private Answer ask(Route route, Sample sample, Credential c) throws IOException {
        if (route.produces().equals("text/event-stream")) {
            return stream(sample, c);
        }
        RequestSpecification r = given().redirects().follow(false).accept(route.produces());
        if (c.bearer() != null) {
            r.header("Authorization", "Bearer " + c.bearer());
        }
        if (c.session() != null) {
            r.cookie("sluice_session", c.session());
        }
        String body = sample.body().get();
        if (body != null) {
            r.contentType(sample.type()).body(body);
        } else if (sample.type() != null) {
            r.contentType(sample.type());
        }
        Response answer = r.request(route.method(), sample.path());
        String text = answer.asString();
        return new Answer(
                answer.statusCode(),
                answer.getHeader("Location"),
                answer.getContentType(),
                text.substring(0, Math.min(160, text.length())).replaceAll("\\s+", " "));
    }

    /** A stream: only its status and headers, then the connection is closed. */
    private Answer stream(Sample sample, Credential c) throws IOException {
        HttpURLConnection connection = (HttpURLConnection) new URL(base, sample.path()).openConnection();
        connection.setInstanceFollowRedirects(false);
        connection.setConnectTimeout(5000);
        connection.setReadTimeout(10000);
        connection.setRequestProperty("Accept", "text/event-stream");
        if (c.bearer() != null) {
            connection.setRequestProperty("Authorization", "Bearer " + c.bearer());
        }
        if (c.session() != null) {
            connection.setRequestProperty(
                    "Cookie", "sluice_session=" + c.session() + "; sluice-csrf=" + CsrfForTests.TOKEN);
        }
        try {
            return new Answer(
                    connection.getResponseCode(),
                    connection.getHeaderField("Location"),
                    connection.getContentType(),
                    "");
        } finally {
            connection.disconnect();
        }
    }

    private static String matrix(List<Cell> wrong) {
        StringBuilder b = new StringBuilder(
                "routes that answered a caller otherwise than their rule says (" + wrong.size() + "):\n");
        b.append(String.format("%-48s %-12s %-14s %s%n", "route", "caller", "expected", "got"));
        for (Cell c : wrong) {
            b.append(String.format(
                    "%-48s %-12s %-14s %d %s%n", c.route(), c.caller(), c.expected(), c.status(), c.problem()));
        }
        return b.toString();
    }
}
